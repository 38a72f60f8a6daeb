package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func fieldErr(t *testing.T, err error, field, msg string) {
	t.Helper()
	var e *domain.Error
	if err == nil {
		t.Fatalf("no error, want %s: %q", field, msg)
	}
	if !asError(err, &e) || e.Code != domain.EInvalid || e.Fields[field] != msg {
		t.Fatalf("error %#v, want %s: %q", err, field, msg)
	}
}

func TestForum_ValidateNewTopic(t *testing.T) {
	t.Parallel()
	long := "<p>" + strings.Repeat("a", 20) + "</p>"
	t.Run("OK", func(t *testing.T) {
		nt := domain.NewTopic{CategoryID: 1, Title: "  Best   tomatoes  ", Content: " <p>Which <b>tomatoes</b> do well outdoors?</p> "}
		text, err := domain.ValidateNewTopic(&nt)
		if err != nil {
			t.Fatal(err)
		}
		if nt.Title != "Best tomatoes" || text != "Which tomatoes do well outdoors?" {
			t.Fatalf("title %q text %q", nt.Title, text)
		}
	})
	cases := []struct {
		name, field, msg string
		nt               domain.NewTopic
	}{
		{"ErrTitleTooShort", "title", domain.MsgTopicTitleTooShort, domain.NewTopic{CategoryID: 1, Title: " abcd ", Content: long}},
		{"ErrTitleTooLong", "title", domain.MsgTopicTitleTooLong, domain.NewTopic{CategoryID: 1, Title: strings.Repeat("x", 101), Content: long}},
		{"ErrContentTooShort", "content", domain.MsgTopicContentTooShort, domain.NewTopic{CategoryID: 1, Title: "Hello there", Content: "<p><b>short</b> text</p>" + strings.Repeat("<p></p>", 10)}},
		{"ErrContentTooLong", "content", domain.MsgTopicContentTooLong, domain.NewTopic{CategoryID: 1, Title: "Hello there", Content: strings.Repeat("b", 5001)}},
		{"ErrMarkupTooLong", "content", domain.MsgTopicContentTooLong, domain.NewTopic{CategoryID: 1, Title: "Hello there", Content: long + strings.Repeat("<b></b>", 4000)}},
		{"ErrCategoryMissing", "categoryId", domain.MsgTopicCategoryRequired, domain.NewTopic{Title: "Hello there", Content: long}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			nt := c.nt
			_, err := domain.ValidateNewTopic(&nt)
			fieldErr(t, err, c.field, c.msg)
		})
	}
	t.Run("Boundaries", func(t *testing.T) {
		nt := domain.NewTopic{CategoryID: 1, Title: strings.Repeat("é", 100), Content: strings.Repeat("ü", 5000)}
		if _, err := domain.ValidateNewTopic(&nt); err != nil {
			t.Fatal(err)
		}
		nt = domain.NewTopic{CategoryID: 1, Title: "12345", Content: strings.Repeat("z", 20)}
		if _, err := domain.ValidateNewTopic(&nt); err != nil {
			t.Fatal(err)
		}
	})
}

func TestForum_ValidateReply(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "   ", "<p> </p>", "<p><br></p>"} {
		c := in
		_, err := domain.ValidateReply(&c)
		fieldErr(t, err, "content", domain.MsgReplyEmpty)
	}
	c := "  <p>Thanks!</p> "
	text, err := domain.ValidateReply(&c)
	if err != nil || text != "Thanks!" || c != "<p>Thanks!</p>" {
		t.Fatalf("%q %q %v", c, text, err)
	}
	c = strings.Repeat("x", 5001)
	_, err = domain.ValidateReply(&c)
	fieldErr(t, err, "content", domain.MsgTopicContentTooLong)
}

func TestForum_CheckCanReply(t *testing.T) {
	t.Parallel()
	if err := domain.CheckCanReply(&domain.ForumTopic{}); err != nil {
		t.Fatal(err)
	}
	err := domain.CheckCanReply(&domain.ForumTopic{Locked: true})
	if domain.ErrorCode(err) != domain.EConflict || err.Error() != domain.MsgTopicLocked {
		t.Fatalf("%v", err)
	}
}

func TestForum_CheckCanEditPost(t *testing.T) {
	t.Parallel()
	author := int64(7)
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	p := &domain.ForumPost{AuthorID: &author, CreatedAt: at}
	if err := domain.CheckCanEditPost(p, &domain.User{ID: 7}, at.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := domain.CheckCanEditPost(p, &domain.User{ID: 7}, at.Add(24*time.Hour+time.Second)); err == nil || err.Error() != domain.MsgForumEditWindow {
		t.Fatalf("late edit: %v", err)
	}
	if err := domain.CheckCanEditPost(p, &domain.User{ID: 8, Role: domain.RoleSuperadmin}, at); err == nil || err.Error() != domain.MsgForumEditOwnOnly {
		t.Fatalf("other's edit: %v", err)
	}
	if err := domain.CheckCanEditPost(&domain.ForumPost{CreatedAt: at}, &domain.User{ID: 7}, at); domain.ErrorCode(err) != domain.EForbidden {
		t.Fatalf("deleted author: %v", err)
	}
	edited := domain.ForumPost{CreatedAt: at, UpdatedAt: at}
	if edited.Edited() {
		t.Fatal("unchanged post reported edited")
	}
	edited.UpdatedAt = at.Add(time.Minute)
	if !edited.Edited() {
		t.Fatal("changed post not edited")
	}
}

func TestForum_Slug(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"Fruit & Veg":             "fruit-veg",
		"  Houseplants  ":         "houseplants",
		"Café Plants":             "cafe-plants",
		"Q&A -- Pests!":           "q-a-pests",
		"100% Organic":            "100-organic",
		"日本":                      "",
		"Große Bäume":             "grosse-baume",
		strings.Repeat("ab ", 80): strings.Repeat("ab-", 33) + "a", // cut to 100 characters
	}
	for in, want := range cases {
		if got := domain.ForumSlug(in); got != want {
			t.Errorf("ForumSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestForum_SlugFollowsName(t *testing.T) {
	t.Parallel()
	if !domain.SlugFollowsName(true, "", "custom", "Old") {
		t.Fatal("creating: slug should follow")
	}
	if !domain.SlugFollowsName(false, "veg", "veg", "Vegetables") {
		t.Fatal("unchanged slug should follow")
	}
	if !domain.SlugFollowsName(false, "veg", "vegetables", "Vegetables") {
		t.Fatal("slug equal to derived slug should follow")
	}
	if domain.SlugFollowsName(false, "veg", "my-veg", "Vegetables") {
		t.Fatal("hand-edited slug must not follow")
	}
	if domain.DefaultForumSortOrder(3) != 4 {
		t.Fatal("default sort order is count + 1")
	}
}

func TestForum_ValidateCategory(t *testing.T) {
	t.Parallel()
	c := domain.ForumCategory{Name: "  Fruit   trees ", Description: " x "}
	if err := domain.ValidateForumCategory(&c); err != nil {
		t.Fatal(err)
	}
	if c.Name != "Fruit trees" || c.Slug != "fruit-trees" || c.Description != "x" {
		t.Fatalf("%+v", c)
	}
	cases := []struct {
		name, field, msg string
		c                domain.ForumCategory
	}{
		{"ErrNameMissing", "name", domain.MsgForumCategoryNameMissing, domain.ForumCategory{Name: "  ", Slug: "x"}},
		{"ErrSlugUnderivable", "slug", domain.MsgForumSlugRequired, domain.ForumCategory{Name: "日本"}},
		{"ErrSlugFormat", "slug", domain.MsgForumSlugFormat, domain.ForumCategory{Name: "Veg", Slug: "Veg Stuff"}},
		{"ErrSlugHyphens", "slug", domain.MsgForumSlugFormat, domain.ForumCategory{Name: "Veg", Slug: "-veg"}},
		{"ErrSortOrder", "sortOrder", domain.MsgForumSortOrder, domain.ForumCategory{Name: "Veg", SortOrder: -1}},
		{"ErrNameTooLong", "name", domain.MsgForumCategoryNameTooLong, domain.ForumCategory{Name: strings.Repeat("n", 101)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			fieldErr(t, domain.ValidateForumCategory(&c), tc.field, tc.msg)
		})
	}
}

func TestForum_CheckCanDeleteCategory(t *testing.T) {
	t.Parallel()
	if err := domain.CheckCanDeleteCategory(&domain.ForumCategory{}); err != nil {
		t.Fatal(err)
	}
	err := domain.CheckCanDeleteCategory(&domain.ForumCategory{TopicsCount: 3})
	if domain.ErrorCode(err) != domain.EConflict || err.Error() != "This category has 3 topics and cannot be deleted" {
		t.Fatalf("%v", err)
	}
	if domain.ForumCategoryHasTopics(1) != "This category has 1 topic and cannot be deleted" {
		t.Fatal(domain.ForumCategoryHasTopics(1))
	}
}

func TestForum_MoveCategory(t *testing.T) {
	t.Parallel()
	mk := func() []*domain.ForumCategory {
		// Ties and gaps, as hand edits leave them.
		return []*domain.ForumCategory{{ID: 1, Name: "B", SortOrder: 5}, {ID: 2, Name: "A", SortOrder: 5}, {ID: 3, Name: "C", SortOrder: 9}}
	}
	order := func(cs []*domain.ForumCategory) string {
		var b strings.Builder
		for _, c := range cs {
			b.WriteString(c.Name)
		}
		return b.String()
	}
	all := mk()
	changed, err := domain.MoveForumCategory(all, 1, "up")
	if err != nil || order(all) != "BAC" || all[0].SortOrder != 1 || all[1].SortOrder != 2 || all[2].SortOrder != 3 || len(changed) != 3 {
		t.Fatalf("up: %s %v %d", order(all), err, len(changed))
	}
	all = mk()
	if _, err := domain.MoveForumCategory(all, 2, "DOWN"); err != nil || order(all) != "BAC" {
		t.Fatalf("down: %s %v", order(all), err)
	}
	all = []*domain.ForumCategory{{ID: 1, Name: "A", SortOrder: 1}, {ID: 2, Name: "B", SortOrder: 2}}
	if changed, err := domain.MoveForumCategory(all, 1, "up"); err != nil || len(changed) != 0 || order(all) != "AB" {
		t.Fatalf("first up: %v %d", err, len(changed))
	}
	if changed, err := domain.MoveForumCategory(all, 2, "down"); err != nil || len(changed) != 0 {
		t.Fatalf("last down: %v %d", err, len(changed))
	}
	if _, err := domain.MoveForumCategory(all, 1, "left"); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("bad direction: %v", err)
	}
	if _, err := domain.MoveForumCategory(all, 9, "up"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("missing: %v", err)
	}
}

func TestForum_Visibility(t *testing.T) {
	t.Parallel()
	author := int64(5)
	visitor := domain.ForumViewer{}
	other := domain.ForumViewerOf(&domain.Principal{User: &domain.User{ID: 6, Role: domain.RoleAdmin}})
	self := domain.ForumViewerOf(&domain.Principal{User: &domain.User{ID: 5}})
	super := domain.ForumViewerOf(&domain.Principal{User: &domain.User{ID: 1, Role: domain.RoleSuperadmin}})
	for _, v := range []domain.ForumViewer{visitor, other, self, super} {
		if !v.CanSee(&author, false) {
			t.Fatalf("%+v cannot see published content", v)
		}
	}
	if visitor.CanSee(&author, true) || other.CanSee(&author, true) || visitor.CanSee(nil, true) {
		t.Fatal("content under review leaked")
	}
	if !self.CanSee(&author, true) || !super.CanSee(nil, true) {
		t.Fatal("author or superadmin cannot see content under review")
	}
	if domain.RequireForumModerator(nil) == nil || domain.ErrorCode(domain.RequireForumModerator(&domain.Principal{User: &domain.User{Role: domain.RoleAdmin}})) != domain.EForbidden {
		t.Fatal("only superadmins moderate")
	}
}

func TestForum_Report(t *testing.T) {
	t.Parallel()
	author := int64(5)
	p := &domain.ForumPost{AuthorID: &author}
	if _, err := domain.NewForumReport(p, &domain.User{ID: 5}, "spam"); err == nil || err.Error() != domain.MsgForumReportOwn {
		t.Fatalf("own: %v", err)
	}
	_, err := domain.NewForumReport(p, &domain.User{ID: 6}, "  ")
	fieldErr(t, err, "reason", domain.MsgForumReportReason)
	_, err = domain.NewForumReport(p, &domain.User{ID: 6}, strings.Repeat("r", 501))
	fieldErr(t, err, "reason", domain.MsgForumReportReasonTooLong)
	if r, err := domain.NewForumReport(p, &domain.User{ID: 6}, " Spam link "); err != nil || r != "Spam link" {
		t.Fatalf("%q %v", r, err)
	}
}

func TestForum_SearchTerms(t *testing.T) {
	t.Parallel()
	got, err := domain.ForumSearchTerms(` pH "soil" OR soil's n*; DROP`)
	if err != nil || strings.Join(got, ",") != "ph,soil,or,s,n,drop" {
		t.Fatalf("%q %v", got, err)
	}
	_, err = domain.ForumSearchTerms(" ?! ")
	fieldErr(t, err, "q", domain.MsgForumSearchEmpty)
	_, err = domain.ForumSearchTerms(strings.Repeat("a", 101))
	fieldErr(t, err, "q", domain.MsgForumSearchTooLong)
	many, _ := domain.ForumSearchTerms("a b c d e f g h i j")
	if len(many) != domain.MaxForumSearchTerms {
		t.Fatalf("%d terms", len(many))
	}
	if h := domain.HighlightSnippet("<b>" + domain.SnippetOpen + "tom" + domain.SnippetClose + "atoes"); h != "&lt;b&gt;<mark>tom</mark>atoes" {
		t.Fatal(h)
	}
}

func TestForum_HTMLTextAndMentions(t *testing.T) {
	t.Parallel()
	if got := domain.HTMLText("<p>Sow&nbsp;<b>thinly</b></p><ul><li>one</li><li>two\x01</li></ul>"); got != "Sow thinly one two" {
		t.Fatalf("%q", got)
	}
	got := domain.ForumMentions("Thanks @Alice and @bob_2. Mail me@example.org, @al, @alice again, (@carol)", 10)
	if strings.Join(got, ",") != "alice,bob_2,carol" {
		t.Fatalf("%q", got)
	}
	if len(domain.ForumMentions("@aaa @bbb @ccc", 2)) != 2 {
		t.Fatal("max not applied")
	}
}

func TestForum_Notifications(t *testing.T) {
	t.Parallel()
	topic := &domain.ForumTopic{ID: 9, Title: "Tomatoes"}
	post := &domain.ForumPost{ID: 4, ContentText: "Try Sungold"}
	n := domain.ForumReplyNotification(3, topic, post, "bob")
	if err := domain.ValidateNotification(n); err != nil || n.Kind != domain.KindForumReply || n.Data["url"] != "/community/forum/topic/9" || *n.TargetID != 3 {
		t.Fatalf("%+v %v", n, err)
	}
	m := domain.ForumModerationNotification(3, "post", "Tomatoes", 9, domain.ModerationRemoved, "Off topic")
	if err := domain.ValidateNotification(m); err != nil || !strings.Contains(m.Content, "Reason: Off topic") || m.Title != "Your post was removed" {
		t.Fatalf("%+v %v", m, err)
	}
	if w, err := domain.ParseWatchLevel(" Muted "); err != nil || w != domain.WatchMuted {
		t.Fatal(w, err)
	}
	if _, err := domain.ParseWatchLevel("loud"); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatal(err)
	}
}
