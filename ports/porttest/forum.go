package porttest

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// ForumStoreFactory returns a fresh, empty, migrated store for one test: the account store (to
// make users) and the forum store, usually one value.
type ForumStoreFactory func(t *testing.T) (Store, ports.ForumStore)

// RunForumStore runs the forum storage contract against stores made by newStore. Every test is
// parallel and gets its own store.
func RunForumStore(t *testing.T, newStore ForumStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, f ports.ForumStore){
		"Categories/CreateReadUpdate":      testForumCategories,
		"Categories/PagedInOrder":          testForumCategoryPages,
		"Categories/Reorder":               testForumReorder,
		"Categories/DeleteGuard":           testForumCategoryDelete,
		"Categories/LastActivity":          testForumCategoryActivity,
		"Categories/SeedOnce":              testForumSeedOnce,
		"Categories/SeedKeepsOwn":          testForumSeedKeepsOwn,
		"Topics/CreateAndCount":            testForumTopicCreate,
		"Topics/ListOrdersAndVisibility":   testForumTopicLists,
		"Topics/LatestKeysetPages":         testForumLatestPages,
		"Topics/UpdateAndDelete":           testForumTopicUpdateDelete,
		"Posts/CountersOnWriteAndDelete":   testForumPostCounters,
		"Posts/LockedTopicVeto":            testForumPostVeto,
		"Posts/ConcurrentRepliesCounted":   testForumConcurrentReplies,
		"Posts/PagesAndVisibility":         testForumPostPages,
		"Posts/EditAndReview":              testForumPostUpdate,
		"Likes/Toggle":                     testForumLikes,
		"Likes/ConcurrentTogglesCounted":   testForumConcurrentLikes,
		"Reports/OnceQueueAndClear":        testForumReports,
		"Views/OncePerViewer":              testForumViews,
		"Notify/ParticipantsWatchesClaims": testForumNotify,
		"Notify/ClaimUnderRace":            testForumClaimRace,
		"Search/PrefixSnippetsVisibility":  testForumSearch,
		"Search/FollowsEditsAndDeletes":    testForumSearchUpdates,
		"Search/RanksNewestThenOlder":      testForumSearchRanked,
		"Users/DeletedAuthorKeepsContent":  testForumDeletedAuthor,
		"Prune/VisitorViewsAndClaims":      testForumPrune,
		"Categories/ReviewCountKept":       testForumReviewCount,
		"Notify/ForgottenWithTheirPost":    testForumNotificationsForgotten,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, f := newStore(t)
			fn(t, s, f)
		})
	}
}

var (
	visitor = domain.ForumViewer{}
	super   = domain.ForumViewer{UserID: 999999, Superadmin: true}
)

func forumUser(t *testing.T, s Store) *domain.User {
	t.Helper()
	u := newUser(uniq("gardener"))
	must(t, s.CreateUser(context.Background(), u))
	return u
}

func forumCategory(t *testing.T, f ports.ForumStore, name string, order int) *domain.ForumCategory {
	t.Helper()
	c := &domain.ForumCategory{Name: name, Slug: domain.ForumSlug(name), Description: "About " + name, SortOrder: order, CreatedAt: base}
	must(t, f.CreateForumCategory(context.Background(), c))
	return c
}

func forumTopic(t *testing.T, f ports.ForumStore, cat int64, author *domain.User, title, body string, at time.Time) *domain.ForumTopic {
	t.Helper()
	tp := &domain.ForumTopic{CategoryID: cat, Title: title, Content: "<p>" + body + "</p>", ContentText: body, CreatedAt: at}
	if author != nil {
		tp.AuthorID = &author.ID
	}
	must(t, f.CreateForumTopic(context.Background(), tp))
	return tp
}

func forumReply(t *testing.T, f ports.ForumStore, topic int64, author *domain.User, body string, at time.Time) *domain.ForumPost {
	t.Helper()
	p := &domain.ForumPost{TopicID: topic, AuthorID: &author.ID, Content: "<p>" + body + "</p>", ContentText: body, CreatedAt: at}
	_, err := f.CreateForumPost(context.Background(), p, func(*domain.ForumTopic) error { return nil })
	must(t, err)
	return p
}

func page(limit int, cursor string) domain.PageRequest {
	return domain.PageRequest{Limit: limit, Cursor: cursor}
}

func topicTitles(list []*domain.ForumTopic) string {
	out := make([]string, len(list))
	for i, t := range list {
		out[i] = t.Title
	}
	return strings.Join(out, ",")
}

func reloadTopic(t *testing.T, f ports.ForumStore, id int64) *domain.ForumTopic {
	t.Helper()
	tp, err := f.ForumTopicByID(context.Background(), id, super)
	must(t, err)
	return tp
}

func reloadCategory(t *testing.T, f ports.ForumStore, id int64) *domain.ForumCategory {
	t.Helper()
	c, err := f.ForumCategoryByID(context.Background(), id)
	must(t, err)
	return c
}

func testForumCategories(t *testing.T, _ Store, f ports.ForumStore) {
	ctx := context.Background()
	c := forumCategory(t, f, "Fruit Trees", 1)
	if c.ID == 0 {
		t.Fatal("no id")
	}
	got, err := f.ForumCategoryBySlug(ctx, "fruit-trees")
	must(t, err)
	if got.ID != c.ID || got.Name != "Fruit Trees" || got.Description != "About Fruit Trees" || got.SortOrder != 1 || !got.CreatedAt.Equal(base) {
		t.Fatalf("%+v", got)
	}
	_, err = f.ForumCategoryBySlug(ctx, "nope")
	mustCode(t, err, domain.ENotFound)
	_, err = f.ForumCategoryByID(ctx, c.ID+100)
	mustCode(t, err, domain.ENotFound)
	mustCode(t, f.CreateForumCategory(ctx, &domain.ForumCategory{Name: "Other", Slug: "fruit-trees", CreatedAt: base}), domain.EConflict)
	other := forumCategory(t, f, "Herbs", 2)
	_, err = f.UpdateForumCategory(ctx, other.ID, func(x *domain.ForumCategory) error { x.Slug = "fruit-trees"; return nil })
	mustCode(t, err, domain.EConflict)
	up, err := f.UpdateForumCategory(ctx, other.ID, func(x *domain.ForumCategory) error {
		x.Name, x.Slug, x.Description, x.SortOrder = "Herbs & Spices", "herbs-spices", "New", 7
		return nil
	})
	must(t, err)
	if got := reloadCategory(t, f, other.ID); got.Name != up.Name || got.Slug != "herbs-spices" || got.SortOrder != 7 || got.Description != "New" {
		t.Fatalf("%+v", got)
	}
	veto := domain.Errorf(domain.EInvalid, "no")
	if _, err := f.UpdateForumCategory(ctx, other.ID, func(x *domain.ForumCategory) error { x.Name = "Changed"; return veto }); err != veto {
		t.Fatalf("veto: %v", err)
	}
	if reloadCategory(t, f, other.ID).Name != "Herbs & Spices" {
		t.Fatal("vetoed update saved")
	}
	n, err := f.CountForumCategories(ctx)
	if err != nil || n != 2 {
		t.Fatalf("count %d %v", n, err)
	}
}

func testForumCategoryPages(t *testing.T, _ Store, f ports.ForumStore) {
	ctx := context.Background()
	forumCategory(t, f, "C", 2)
	forumCategory(t, f, "B", 1)
	forumCategory(t, f, "A", 2)
	p1, err := f.ListForumCategories(ctx, page(2, ""))
	must(t, err)
	if len(p1.Items) != 2 || p1.Items[0].Name != "B" || p1.Items[1].Name != "A" || p1.NextCursor == "" {
		t.Fatalf("page 1: %+v", p1)
	}
	p2, err := f.ListForumCategories(ctx, page(2, p1.NextCursor))
	must(t, err)
	if len(p2.Items) != 1 || p2.Items[0].Name != "C" || p2.NextCursor != "" {
		t.Fatalf("page 2: %+v", p2)
	}
	_, err = f.ListForumCategories(ctx, page(2, "garbage!"))
	mustCode(t, err, domain.EInvalid)
}

func testForumReorder(t *testing.T, _ Store, f ports.ForumStore) {
	ctx := context.Background()
	a := forumCategory(t, f, "A", 1)
	forumCategory(t, f, "B", 2)
	c := forumCategory(t, f, "C", 3)
	move := func(id int64, dir string) {
		t.Helper()
		must(t, f.ReorderForumCategories(ctx, func(all []*domain.ForumCategory) ([]*domain.ForumCategory, error) {
			return domain.MoveForumCategory(all, id, dir)
		}))
	}
	names := func() string {
		p, err := f.ListForumCategories(ctx, page(10, ""))
		must(t, err)
		var b strings.Builder
		for _, x := range p.Items {
			b.WriteString(x.Name)
		}
		return b.String()
	}
	move(c.ID, "up")
	if got := names(); got != "ACB" {
		t.Fatalf("after C up: %s", got)
	}
	move(a.ID, "down")
	if got := names(); got != "CAB" {
		t.Fatalf("after A down: %s", got)
	}
	// Concurrent moves must each apply to the order the previous one left.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			must(t, f.ReorderForumCategories(ctx, func(all []*domain.ForumCategory) ([]*domain.ForumCategory, error) {
				return domain.MoveForumCategory(all, c.ID, "down")
			}))
		}()
	}
	wg.Wait()
	if got := names(); got != "ABC" {
		t.Fatalf("after concurrent moves: %s", got)
	}
}

func testForumCategoryDelete(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Veg", 1)
	tp := forumTopic(t, f, c.ID, u, "Beans", "Runner beans on a wigwam", base)
	err := f.DeleteForumCategory(ctx, c.ID, domain.CheckCanDeleteCategory)
	mustCode(t, err, domain.EConflict)
	if err.Error() != "This category has 1 topic and cannot be deleted" {
		t.Fatal(err)
	}
	_, err = f.DeleteForumTopic(ctx, tp.ID)
	must(t, err)
	if n := reloadCategory(t, f, c.ID).TopicsCount; n != 0 {
		t.Fatalf("topicsCount %d after delete", n)
	}
	must(t, f.DeleteForumCategory(ctx, c.ID, domain.CheckCanDeleteCategory))
	mustCode(t, f.DeleteForumCategory(ctx, c.ID, domain.CheckCanDeleteCategory), domain.ENotFound)
}

func testForumTopicCreate(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Roses", 1)
	tp := forumTopic(t, f, c.ID, u, "Black spot", "Leaves have black spots", base)
	if tp.ID == 0 || tp.CategorySlug != "roses" || tp.CategoryName != "Roses" || tp.Username != u.Username || !tp.LastActivityAt.Equal(base) {
		t.Fatalf("%+v", tp)
	}
	got, err := f.ForumTopicByID(ctx, tp.ID, domain.ForumViewer{UserID: u.ID})
	must(t, err)
	if got.Title != "Black spot" || got.Content != "<p>Leaves have black spots</p>" || got.ContentText != "Leaves have black spots" ||
		*got.AuthorID != u.ID || got.Username != u.Username || got.PostCount != 0 || got.Watch != domain.WatchNormal || !got.CreatedAt.Equal(base) {
		t.Fatalf("%+v", got)
	}
	if n := reloadCategory(t, f, c.ID).TopicsCount; n != 1 {
		t.Fatalf("topicsCount %d", n)
	}
	err = f.CreateForumTopic(ctx, &domain.ForumTopic{CategoryID: c.ID + 50, Title: "x", Content: "x", ContentText: "x", AuthorID: &u.ID, CreatedAt: base})
	mustCode(t, err, domain.ENotFound)
	_, err = f.ForumTopicByID(ctx, tp.ID+50, visitor)
	mustCode(t, err, domain.ENotFound)
}

func testForumTopicLists(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	author, other := forumUser(t, s), forumUser(t, s)
	c1, c2 := forumCategory(t, f, "One", 1), forumCategory(t, f, "Two", 2)
	old := forumTopic(t, f, c1.ID, author, "Old", "old body", base)
	mid := forumTopic(t, f, c1.ID, author, "Mid", "mid body", base.Add(time.Hour))
	newest := forumTopic(t, f, c2.ID, author, "New", "new body", base.Add(2*time.Hour))
	hidden := forumTopic(t, f, c1.ID, author, "Hidden", "hidden body", base.Add(3*time.Hour))
	_, err := f.UpdateForumTopic(ctx, hidden.ID, func(x *domain.ForumTopic) error { x.InReview = true; return nil })
	must(t, err)
	_, err = f.UpdateForumTopic(ctx, old.ID, func(x *domain.ForumTopic) error { x.Pinned = true; return nil })
	must(t, err)
	// A reply makes Mid the most recently active topic.
	forumReply(t, f, mid.ID, other, "reply", base.Add(4*time.Hour))
	for i := 0; i < 3; i++ {
		_, err := f.RecordForumView(ctx, newest.ID, fmt.Sprintf("u:%d", i), base)
		must(t, err)
	}
	_, err = f.RecordForumView(ctx, old.ID, "u:1", base)
	must(t, err)
	list := func(q ports.ForumTopicQuery) string {
		p, err := f.ListForumTopics(ctx, q, page(50, ""))
		must(t, err)
		return topicTitles(p.Items)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: visitor}); got != "Mid,New,Old" {
		t.Fatalf("latest for visitor: %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: domain.ForumViewer{UserID: other.ID}}); got != "Mid,New,Old" {
		t.Fatalf("latest for another user: %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: domain.ForumViewer{UserID: author.ID}}); got != "Mid,Hidden,New,Old" {
		t.Fatalf("latest for the author: %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: super}); got != "Mid,Hidden,New,Old" {
		t.Fatalf("latest for a superadmin: %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortPopular, Viewer: visitor}); got != "New,Old,Mid" {
		t.Fatalf("popular: %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortCategory, CategoryID: c1.ID, Viewer: visitor}); got != "Old,Mid" {
		t.Fatalf("category (pinned first): %s", got)
	}
	if got := list(ports.ForumTopicQuery{Sort: ports.ForumSortCategory, CategoryID: c2.ID, Viewer: visitor}); got != "New" {
		t.Fatalf("category two: %s", got)
	}
	p, err := f.ListForumTopics(ctx, ports.ForumTopicQuery{Sort: ports.ForumSortPopular, Viewer: visitor}, page(2, ""))
	must(t, err)
	p2, err := f.ListForumTopics(ctx, ports.ForumTopicQuery{Sort: ports.ForumSortPopular, Viewer: visitor}, page(2, p.NextCursor))
	must(t, err)
	if topicTitles(p.Items) != "New,Old" || topicTitles(p2.Items) != "Mid" || p2.NextCursor != "" {
		t.Fatalf("popular pages: %s / %s", topicTitles(p.Items), topicTitles(p2.Items))
	}
}

func testForumLatestPages(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Pages", 1)
	// Two topics share an instant: the id breaks the tie without skipping or repeating.
	for i, at := range []time.Time{base, base.Add(time.Minute), base.Add(time.Minute), base.Add(2 * time.Minute), base.Add(3 * time.Minute)} {
		forumTopic(t, f, c.ID, u, fmt.Sprintf("T%d", i), "body", at)
	}
	var seen []string
	cursor := ""
	for pages := 0; ; pages++ {
		p, err := f.ListForumTopics(ctx, ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: visitor}, page(2, cursor))
		must(t, err)
		seen = append(seen, topicTitles(p.Items))
		if p.NextCursor == "" {
			break
		}
		if pages > 5 {
			t.Fatal("endless pages")
		}
		cursor = p.NextCursor
	}
	if got := strings.Join(seen, "|"); got != "T4,T3|T2,T1|T0" {
		t.Fatalf("pages %s", got)
	}
}

func testForumTopicUpdateDelete(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u, liker := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Misc", 1)
	tp := forumTopic(t, f, c.ID, u, "Greenhouse", "Heating a greenhouse", base)
	up, err := f.UpdateForumTopic(ctx, tp.ID, func(x *domain.ForumTopic) error { x.Pinned, x.Locked = true, true; return nil })
	must(t, err)
	if got := reloadTopic(t, f, tp.ID); !got.Pinned || !got.Locked || got.InReview || !up.Locked {
		t.Fatalf("%+v", got)
	}
	_, err = f.UpdateForumTopic(ctx, tp.ID+9, func(*domain.ForumTopic) error { return nil })
	mustCode(t, err, domain.ENotFound)
	p := forumReply(t, f, tp.ID, liker, "Use a paraffin heater", base.Add(time.Minute))
	_, _, err = f.ToggleForumLike(ctx, p.ID, u.ID, base)
	must(t, err)
	must(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p.ID, ReporterID: u.ID, Reason: "spam", CreatedAt: base}))
	must(t, f.SetForumWatch(ctx, liker.ID, tp.ID, domain.WatchWatching))
	gone, err := f.DeleteForumTopic(ctx, tp.ID)
	must(t, err)
	if gone.ID != tp.ID || gone.Title != "Greenhouse" {
		t.Fatalf("%+v", gone)
	}
	_, err = f.ForumTopicByID(ctx, tp.ID, super)
	mustCode(t, err, domain.ENotFound)
	_, err = f.ForumPostByID(ctx, p.ID, super)
	mustCode(t, err, domain.ENotFound)
	q, err := f.ListReportedPosts(ctx, page(10, ""))
	must(t, err)
	if len(q.Items) != 0 {
		t.Fatal("reports of a deleted topic still queued")
	}
	_, err = f.DeleteForumTopic(ctx, tp.ID)
	mustCode(t, err, domain.ENotFound)
	if n := reloadCategory(t, f, c.ID).TopicsCount; n != 0 {
		t.Fatalf("topicsCount %d", n)
	}
}

func testForumPostCounters(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u, v := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Count", 1)
	tp := forumTopic(t, f, c.ID, u, "Counting", "Counting replies", base)
	p1 := forumReply(t, f, tp.ID, v, "first", base.Add(time.Minute))
	p2 := forumReply(t, f, tp.ID, u, "second", base.Add(2*time.Minute))
	got := reloadTopic(t, f, tp.ID)
	if got.PostCount != 2 || !got.LastActivityAt.Equal(base.Add(2*time.Minute)) {
		t.Fatalf("after replies: %d %v", got.PostCount, got.LastActivityAt)
	}
	if p1.ID == 0 || p1.Username != v.Username || !p1.UpdatedAt.Equal(p1.CreatedAt) {
		t.Fatalf("%+v", p1)
	}
	_, err := f.DeleteForumPost(ctx, p2.ID)
	must(t, err)
	got = reloadTopic(t, f, tp.ID)
	if got.PostCount != 1 || !got.LastActivityAt.Equal(base.Add(time.Minute)) {
		t.Fatalf("after deleting the newest: %d %v", got.PostCount, got.LastActivityAt)
	}
	_, err = f.DeleteForumPost(ctx, p1.ID)
	must(t, err)
	got = reloadTopic(t, f, tp.ID)
	if got.PostCount != 0 || !got.LastActivityAt.Equal(base) {
		t.Fatalf("after deleting every reply: %d %v", got.PostCount, got.LastActivityAt)
	}
	_, err = f.DeleteForumPost(ctx, p1.ID)
	mustCode(t, err, domain.ENotFound)
	_, err = f.CreateForumPost(ctx, &domain.ForumPost{TopicID: tp.ID + 40, AuthorID: &u.ID, Content: "x", ContentText: "x", CreatedAt: base},
		func(*domain.ForumTopic) error { return nil })
	mustCode(t, err, domain.ENotFound)
}

func testForumPostVeto(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Locks", 1)
	tp := forumTopic(t, f, c.ID, u, "Locked", "Locked topic here", base)
	_, err := f.UpdateForumTopic(ctx, tp.ID, func(x *domain.ForumTopic) error { x.Locked = true; return nil })
	must(t, err)
	_, err = f.CreateForumPost(ctx, &domain.ForumPost{TopicID: tp.ID, AuthorID: &u.ID, Content: "x", ContentText: "x", CreatedAt: base}, domain.CheckCanReply)
	mustCode(t, err, domain.EConflict)
	got := reloadTopic(t, f, tp.ID)
	if got.PostCount != 0 {
		t.Fatal("vetoed reply counted")
	}
	list, err := f.ListForumPosts(ctx, tp.ID, super, page(10, ""))
	must(t, err)
	if len(list.Items) != 0 {
		t.Fatal("vetoed reply stored")
	}
}

func testForumConcurrentReplies(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Busy", 1)
	tp := forumTopic(t, f, c.ID, u, "Busy topic", "Everyone replies at once", base)
	const n = 12
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			p := &domain.ForumPost{TopicID: tp.ID, AuthorID: &u.ID, Content: "r", ContentText: "r", CreatedAt: base.Add(time.Duration(i+1) * time.Second)}
			_, err := f.CreateForumPost(ctx, p, domain.CheckCanReply)
			errs <- err
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
	got := reloadTopic(t, f, tp.ID)
	if got.PostCount != n || !got.LastActivityAt.Equal(base.Add(n*time.Second)) {
		t.Fatalf("after %d concurrent replies: postCount %d, lastActivityAt %v", n, got.PostCount, got.LastActivityAt)
	}
	// Concurrent deletes of every reply bring the counter back to zero.
	list, err := f.ListForumPosts(ctx, tp.ID, super, page(50, ""))
	must(t, err)
	var dw sync.WaitGroup
	for _, p := range list.Items {
		dw.Add(1)
		go func(id int64) {
			defer dw.Done()
			_, err := f.DeleteForumPost(ctx, id)
			if err != nil {
				t.Error(err)
			}
		}(p.ID)
	}
	dw.Wait()
	if got := reloadTopic(t, f, tp.ID); got.PostCount != 0 || !got.LastActivityAt.Equal(base) {
		t.Fatalf("after concurrent deletes: %d %v", got.PostCount, got.LastActivityAt)
	}
}

func testForumPostPages(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	author, other := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Replies", 1)
	tp := forumTopic(t, f, c.ID, author, "Replies", "Replies in order", base)
	var ids []int64
	for i := 0; i < 5; i++ {
		ids = append(ids, forumReply(t, f, tp.ID, author, fmt.Sprintf("r%d", i), base.Add(time.Minute)).ID)
	}
	_, err := f.UpdateForumPost(ctx, ids[2], func(p *domain.ForumPost) error { p.InReview = true; return nil })
	must(t, err)
	read := func(v domain.ForumViewer) string {
		var out []string
		cursor := ""
		for {
			p, err := f.ListForumPosts(ctx, tp.ID, v, page(2, cursor))
			must(t, err)
			for _, x := range p.Items {
				out = append(out, x.ContentText)
			}
			if p.NextCursor == "" {
				return strings.Join(out, ",")
			}
			cursor = p.NextCursor
		}
	}
	if got := read(visitor); got != "r0,r1,r3,r4" {
		t.Fatalf("visitor: %s", got)
	}
	if got := read(domain.ForumViewer{UserID: other.ID}); got != "r0,r1,r3,r4" {
		t.Fatalf("other: %s", got)
	}
	if got := read(domain.ForumViewer{UserID: author.ID}); got != "r0,r1,r2,r3,r4" {
		t.Fatalf("author: %s", got)
	}
	if got := read(super); got != "r0,r1,r2,r3,r4" {
		t.Fatalf("superadmin: %s", got)
	}
}

func testForumPostUpdate(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Edits", 1)
	tp := forumTopic(t, f, c.ID, u, "Edits", "Edits here", base)
	p := forumReply(t, f, tp.ID, u, "before", base)
	later := base.Add(10 * time.Minute)
	_, err := f.UpdateForumPost(ctx, p.ID, func(x *domain.ForumPost) error {
		x.Content, x.ContentText, x.UpdatedAt = "<p>after</p>", "after", later
		return nil
	})
	must(t, err)
	got, err := f.ForumPostByID(ctx, p.ID, visitor)
	must(t, err)
	if got.Content != "<p>after</p>" || !got.UpdatedAt.Equal(later) || !got.CreatedAt.Equal(base) || !got.Edited() {
		t.Fatalf("%+v", got)
	}
	_, err = f.UpdateForumPost(ctx, p.ID+9, func(*domain.ForumPost) error { return nil })
	mustCode(t, err, domain.ENotFound)

	// PostCount is what every reader sees: a reply under review leaves it, a cleared one comes back.
	q := forumReply(t, f, tp.ID, u, "second", base.Add(time.Minute))
	if got := reloadTopic(t, f, tp.ID).PostCount; got != 2 {
		t.Fatalf("postCount %d, want 2", got)
	}
	review := func(id int64, on bool) {
		t.Helper()
		_, err := f.UpdateForumPost(ctx, id, func(x *domain.ForumPost) error { x.InReview = on; return nil })
		must(t, err)
	}
	review(q.ID, true)
	review(q.ID, true) // no change, no count
	if got := reloadTopic(t, f, tp.ID).PostCount; got != 1 {
		t.Fatalf("postCount under review %d, want 1", got)
	}
	review(q.ID, false)
	if got := reloadTopic(t, f, tp.ID).PostCount; got != 2 {
		t.Fatalf("postCount after clearing %d, want 2", got)
	}
	review(q.ID, true)
	_, err = f.DeleteForumPost(ctx, q.ID)
	must(t, err)
	if got := reloadTopic(t, f, tp.ID).PostCount; got != 1 {
		t.Fatalf("postCount after deleting a reply under review %d, want 1", got)
	}
}

func testForumLikes(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Likes", 1)
	tp := forumTopic(t, f, c.ID, a, "Likes", "Likes here", base)
	p := forumReply(t, f, tp.ID, a, "like me", base)
	liked, n, err := f.ToggleForumLike(ctx, p.ID, b.ID, base)
	if err != nil || !liked || n != 1 {
		t.Fatalf("like: %v %d %v", liked, n, err)
	}
	got, err := f.ForumPostByID(ctx, p.ID, domain.ForumViewer{UserID: b.ID})
	must(t, err)
	if !got.Liked || got.Likes != 1 {
		t.Fatalf("%+v", got)
	}
	got, _ = f.ForumPostByID(ctx, p.ID, domain.ForumViewer{UserID: a.ID})
	if got.Liked {
		t.Fatal("another user's like shown as the viewer's")
	}
	liked, n, err = f.ToggleForumLike(ctx, p.ID, b.ID, base)
	if err != nil || liked || n != 0 {
		t.Fatalf("unlike: %v %d %v", liked, n, err)
	}
	_, _, err = f.ToggleForumLike(ctx, p.ID+9, b.ID, base)
	mustCode(t, err, domain.ENotFound)
}

func testForumConcurrentLikes(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a := forumUser(t, s)
	c := forumCategory(t, f, "Many likes", 1)
	tp := forumTopic(t, f, c.ID, a, "Likes", "Likes here", base)
	p := forumReply(t, f, tp.ID, a, "like me", base)
	users := make([]*domain.User, 8)
	for i := range users {
		users[i] = forumUser(t, s)
	}
	var wg sync.WaitGroup
	for _, u := range users {
		wg.Add(1)
		go func(id int64) {
			defer wg.Done()
			if _, _, err := f.ToggleForumLike(ctx, p.ID, id, base); err != nil {
				t.Error(err)
			}
		}(u.ID)
	}
	wg.Wait()
	got, err := f.ForumPostByID(ctx, p.ID, visitor)
	must(t, err)
	if got.Likes != len(users) {
		t.Fatalf("likes %d, want %d", got.Likes, len(users))
	}
}

func testForumReports(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b, c2 := forumUser(t, s), forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Reports", 1)
	tp := forumTopic(t, f, c.ID, a, "Reported topic", "Reports here", base)
	p1 := forumReply(t, f, tp.ID, a, "bad one", base)
	p2 := forumReply(t, f, tp.ID, a, "bad two", base)
	must(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p1.ID, ReporterID: b.ID, Reason: "spam", CreatedAt: base}))
	must(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p1.ID, ReporterID: c2.ID, Reason: "rude", CreatedAt: base.Add(time.Minute)}))
	must(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p2.ID, ReporterID: b.ID, Reason: "off topic", CreatedAt: base.Add(2 * time.Minute)}))
	err := f.CreateForumReport(ctx, &domain.ForumReport{PostID: p1.ID, ReporterID: b.ID, Reason: "again", CreatedAt: base})
	mustCode(t, err, domain.EConflict)
	if err.Error() != domain.MsgForumReportTwice {
		t.Fatal(err)
	}
	mustCode(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p2.ID + 50, ReporterID: b.ID, Reason: "x", CreatedAt: base}), domain.ENotFound)
	got, _ := f.ForumPostByID(ctx, p1.ID, domain.ForumViewer{UserID: b.ID})
	if !got.Reported {
		t.Fatal("reporter does not see their report")
	}
	q, err := f.ListReportedPosts(ctx, page(1, ""))
	must(t, err)
	if len(q.Items) != 1 || q.Items[0].Post.ID != p2.ID || q.Items[0].TopicTitle != "Reported topic" || q.NextCursor == "" {
		t.Fatalf("queue page 1: %+v", q)
	}
	q2, err := f.ListReportedPosts(ctx, page(1, q.NextCursor))
	must(t, err)
	if len(q2.Items) != 1 || q2.Items[0].Post.ID != p1.ID || len(q2.Items[0].Reports) != 2 || q2.Items[0].Reports[0].Reason != "spam" ||
		q2.Items[0].Reports[1].Reporter != c2.Username || !q2.Items[0].LastReportedAt.Equal(base.Add(time.Minute)) {
		t.Fatalf("queue page 2: %+v", q2.Items)
	}
	n, err := f.ClearForumReports(ctx, p1.ID, base.Add(time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("clear: %d %v", n, err)
	}
	q, _ = f.ListReportedPosts(ctx, page(10, ""))
	if len(q.Items) != 1 || q.Items[0].Post.ID != p2.ID {
		t.Fatalf("queue after clear: %+v", q.Items)
	}
	// Reported once means once: a cleared report still blocks a second one.
	mustCode(t, f.CreateForumReport(ctx, &domain.ForumReport{PostID: p1.ID, ReporterID: b.ID, Reason: "x", CreatedAt: base}), domain.EConflict)
	_, err = f.DeleteForumPost(ctx, p2.ID)
	must(t, err)
	q, _ = f.ListReportedPosts(ctx, page(10, ""))
	if len(q.Items) != 0 {
		t.Fatal("deleted post still queued")
	}
}

func testForumViews(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	c := forumCategory(t, f, "Views", 1)
	tp := forumTopic(t, f, c.ID, u, "Views", "Views here", base)
	for i := 0; i < 5; i++ {
		counted, err := f.RecordForumView(ctx, tp.ID, "u:1", base)
		must(t, err)
		if counted != (i == 0) {
			t.Fatalf("view %d counted=%v", i, counted)
		}
	}
	_, err := f.RecordForumView(ctx, tp.ID, "a:abc:2026-03-14", base)
	must(t, err)
	if got := reloadTopic(t, f, tp.ID).ViewCount; got != 2 {
		t.Fatalf("viewCount %d", got)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.RecordForumView(ctx, tp.ID, "u:2", base); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := reloadTopic(t, f, tp.ID).ViewCount; got != 3 {
		t.Fatalf("viewCount after concurrent reloads %d", got)
	}
	_, err = f.RecordForumView(ctx, tp.ID+9, "u:1", base)
	mustCode(t, err, domain.ENotFound)
}

func testForumNotify(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b, w := forumUser(t, s), forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Notify", 1)
	tp := forumTopic(t, f, c.ID, a, "Notify", "Notify here", base)
	forumReply(t, f, tp.ID, b, "one", base)
	forumReply(t, f, tp.ID, b, "two", base)
	forumReply(t, f, tp.ID, a, "three", base)
	ids, err := f.ForumParticipants(ctx, tp.ID)
	must(t, err)
	if len(ids) != 2 || ids[0] != a.ID || ids[1] != b.ID {
		t.Fatalf("participants %v", ids)
	}
	must(t, f.SetForumWatch(ctx, w.ID, tp.ID, domain.WatchWatching))
	must(t, f.SetForumWatch(ctx, b.ID, tp.ID, domain.WatchWatching))
	must(t, f.SetForumWatch(ctx, b.ID, tp.ID, domain.WatchMuted))
	watches, err := f.ForumWatches(ctx, tp.ID)
	must(t, err)
	if len(watches) != 2 || watches[w.ID] != domain.WatchWatching || watches[b.ID] != domain.WatchMuted {
		t.Fatalf("watches %v", watches)
	}
	got, _ := f.ForumTopicByID(ctx, tp.ID, domain.ForumViewer{UserID: b.ID})
	if got.Watch != domain.WatchMuted {
		t.Fatalf("viewer's level %q", got.Watch)
	}
	mustCode(t, f.SetForumWatch(ctx, w.ID, tp.ID+9, domain.WatchMuted), domain.ENotFound)
	claim := func(at time.Time) bool {
		ok, err := f.ClaimForumNotification(ctx, a.ID, tp.ID, domain.KindForumReply, at, time.Hour)
		must(t, err)
		return ok
	}
	if !claim(base) || claim(base.Add(59*time.Minute)) || !claim(base.Add(time.Hour)) || claim(base.Add(90*time.Minute)) {
		t.Fatal("claims do not follow the one-per-hour window")
	}
	if ok, _ := f.ClaimForumNotification(ctx, a.ID, tp.ID, domain.KindForumMention, base.Add(90*time.Minute), time.Hour); !ok {
		t.Fatal("another kind shares the reply window")
	}
}

func testForumClaimRace(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a := forumUser(t, s)
	c := forumCategory(t, f, "Race", 1)
	tp := forumTopic(t, f, c.ID, a, "Race", "Race here", base)
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := f.ClaimForumNotification(ctx, a.ID, tp.ID, domain.KindForumReply, base, time.Hour)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				won++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d concurrent claims won, want 1", won)
	}
}

func hitKeys(p domain.Page[*domain.ForumSearchHit]) string {
	out := make([]string, len(p.Items))
	for i, h := range p.Items {
		if h.PostID != nil {
			out[i] = fmt.Sprintf("p%d", *h.PostID)
		} else {
			out[i] = fmt.Sprintf("t%d", h.TopicID)
		}
	}
	return strings.Join(out, ",")
}

func testForumSearch(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Search", 1)
	t1 := forumTopic(t, f, c.ID, a, "Soil pH for blueberries", "Blueberries want acidic soil, around pH 5.", base)
	t2 := forumTopic(t, f, c.ID, a, "Tomato blight", "My tomatoes have blight on the leaves.", base.Add(time.Minute))
	p1 := forumReply(t, f, t2.ID, b, "Remove affected leaves and water the soil, not the foliage.", base.Add(2*time.Minute))
	hidden := forumReply(t, f, t1.ID, b, "Secret soil recipe under review", base.Add(3*time.Minute))
	_, err := f.UpdateForumPost(ctx, hidden.ID, func(p *domain.ForumPost) error { p.InReview = true; return nil })
	must(t, err)
	search := func(q string, v domain.ForumViewer) domain.Page[*domain.ForumSearchHit] {
		t.Helper()
		terms, err := domain.ForumSearchTerms(q)
		must(t, err)
		p, err := f.SearchForum(ctx, terms, v, page(20, ""))
		must(t, err)
		return p
	}
	// A two-letter term, matched as a prefix of a word ("ph").
	r := search("ph", visitor)
	if hitKeys(r) != fmt.Sprintf("t%d", t1.ID) {
		t.Fatalf("ph: %s", hitKeys(r))
	}
	if !strings.Contains(r.Items[0].Snippet, domain.SnippetOpen) || r.Items[0].Title != "Soil pH for blueberries" || r.Items[0].Username != a.Username {
		t.Fatalf("ph hit: %+v", r.Items[0])
	}
	if h := domain.HighlightSnippet(r.Items[0].Snippet); !strings.Contains(strings.ToLower(h), "<mark>ph</mark>") {
		t.Fatalf("highlight %q", h)
	}
	// Prefixes of longer words; replies are found and named by their topic.
	r = search("tomat", visitor)
	if hitKeys(r) != fmt.Sprintf("t%d", t2.ID) {
		t.Fatalf("tomat: %s", hitKeys(r))
	}
	r = search("foliage", visitor)
	if hitKeys(r) != fmt.Sprintf("p%d", p1.ID) || r.Items[0].TopicID != t2.ID || r.Items[0].Title != "Tomato blight" || r.Items[0].Username != b.Username {
		t.Fatalf("foliage: %s %+v", hitKeys(r), r.Items)
	}
	// Every term must match.
	r = search("soil blueberries", visitor)
	if hitKeys(r) != fmt.Sprintf("t%d", t1.ID) {
		t.Fatalf("soil blueberries: %s", hitKeys(r))
	}
	// Content under review: withheld from visitors, shown to its author and superadmins.
	if r := search("secret", visitor); len(r.Items) != 0 {
		t.Fatal("reply under review found by a visitor")
	}
	if r := search("secret", domain.ForumViewer{UserID: b.ID}); hitKeys(r) != fmt.Sprintf("p%d", hidden.ID) {
		t.Fatalf("author: %s", hitKeys(r))
	}
	if r := search("secret", super); len(r.Items) != 1 {
		t.Fatal("superadmin cannot find reply under review")
	}
	_, err = f.UpdateForumTopic(ctx, t2.ID, func(x *domain.ForumTopic) error { x.InReview = true; return nil })
	must(t, err)
	if r := search("foliage", visitor); len(r.Items) != 0 {
		t.Fatal("reply of a topic under review found by a visitor")
	}
	// Paging through "soil": three documents contain it for a superadmin.
	terms, _ := domain.ForumSearchTerms("soil")
	p, err := f.SearchForum(ctx, terms, super, page(2, ""))
	must(t, err)
	p2, err := f.SearchForum(ctx, terms, super, page(2, p.NextCursor))
	must(t, err)
	if len(p.Items) != 2 || len(p2.Items) != 1 || p2.NextCursor != "" {
		t.Fatalf("soil pages %d + %d", len(p.Items), len(p2.Items))
	}
	// Query syntax is not passed through.
	_, err = f.SearchForum(ctx, []string{`soil" OR "x`}, visitor, page(5, ""))
	mustCode(t, err, domain.EInvalid)
}

// testForumSearchRanked: the newest domain.ForumSearchRanked matches come first, best match
// first (a title match before body matches, more matches before fewer); every older match
// follows, newest first; pages cross the bound without losing or repeating a hit, and each hit
// has its own snippet. "Newest" is the search key: a topic's id * 2, a reply's id * 2 + 1.
func testForumSearchRanked(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Ranked", 1)
	n := domain.ForumSearchRanked
	keyOf := func(topic *domain.ForumTopic, post *domain.ForumPost) int64 {
		if post != nil {
			return post.ID*2 + 1
		}
		return topic.ID * 2
	}
	// Oldest: a title match that, among the newest, would be ranked first.
	old := forumTopic(t, f, c.ID, a, "Compost tea recipe", "Steep it for a day.", base)
	host := forumTopic(t, f, c.ID, a, "Garden diary", "Nothing to see.", base)
	docs := []int64{keyOf(old, nil)} // the visible matches' keys
	hidden := forumReply(t, f, host.ID, b, "Compost secret under review", base)
	_, err := f.UpdateForumPost(ctx, hidden.ID, func(p *domain.ForumPost) error { p.InReview = true; return nil })
	must(t, err)
	var best *domain.ForumTopic
	var twice *domain.ForumPost
	for i := 0; i < n+10; i++ {
		at := base.Add(time.Duration(i+1) * time.Minute)
		switch {
		case i == n/2:
			best = forumTopic(t, f, c.ID, b, "Compost bins compared", "Which compost bin works best?", at)
			docs = append(docs, keyOf(best, nil))
		case i == n/3:
			twice = forumReply(t, f, host.ID, b, fmt.Sprintf("Note %d: compost, more compost.", i), at)
			docs = append(docs, keyOf(nil, twice))
		case i%2 == 0:
			docs = append(docs, keyOf(nil, forumReply(t, f, host.ID, b, fmt.Sprintf("Note %d: turned the compost.", i), at)))
		default:
			docs = append(docs, keyOf(forumTopic(t, f, c.ID, a, fmt.Sprintf("Week %d", i), fmt.Sprintf("Week %d: the compost is warm.", i), at), nil))
		}
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i] > docs[j] })
	terms, _ := domain.ForumSearchTerms("compo")
	var got []*domain.ForumSearchHit
	cursor := ""
	for pages := 0; ; pages++ {
		p, err := f.SearchForum(ctx, terms, visitor, page(45, cursor))
		must(t, err)
		got = append(got, p.Items...)
		if p.NextCursor == "" {
			break
		}
		if pages > len(docs) {
			t.Fatal("paging does not end")
		}
		cursor = p.NextCursor
	}
	if len(got) != len(docs) {
		t.Fatalf("%d hits over the pages, want %d (every visible match once)", len(got), len(docs))
	}
	key := func(h *domain.ForumSearchHit) int64 {
		if h.PostID != nil {
			return *h.PostID*2 + 1
		}
		return h.TopicID * 2
	}
	seen := map[int64]bool{}
	for _, h := range got {
		if seen[key(h)] {
			t.Fatalf("hit %d twice", key(h))
		}
		seen[key(h)] = true
		// The body's snippet, with its match marked (the oldest topic matches by its title alone).
		if h.TopicID != old.ID && !strings.Contains(strings.ToLower(h.Snippet), domain.SnippetOpen+"compost"+domain.SnippetClose) {
			t.Fatalf("%d: snippet %q does not mark the match", key(h), h.Snippet)
		}
	}
	// The best of the newest: the title match first, and the reply saying it twice before the
	// other replies.
	if key(got[0]) != keyOf(best, nil) {
		t.Fatalf("first hit %d, want the title match %d", key(got[0]), keyOf(best, nil))
	}
	for _, h := range got[:n] {
		if key(h) == keyOf(nil, twice) {
			break
		}
		if h.PostID != nil {
			t.Fatalf("reply %d ranked before the reply with two matches", key(h))
		}
	}
	// The newest n are the ranked ones; the rest follow newest first, the old title match last.
	newest := map[int64]bool{}
	for _, d := range docs[:n] {
		newest[d] = true
	}
	for i, h := range got[:n] {
		if !newest[key(h)] {
			t.Fatalf("hit %d (%d) is not among the newest %d matches", i, key(h), n)
		}
	}
	for i, h := range got[n:] {
		if key(h) != docs[n+i] {
			t.Fatalf("hit %d: %d, want %d (older matches newest first)", n+i, key(h), docs[n+i])
		}
	}
	if last := got[len(got)-1]; last.TopicID != old.ID || last.PostID != nil || last.Title != "Compost tea recipe" {
		t.Fatalf("last hit %+v, want the oldest topic", last)
	}
	// Its author also finds the reply under review: one more hit.
	p, err := f.SearchForum(ctx, terms, domain.ForumViewer{UserID: b.ID}, page(200, domain.OffsetCursor(n)))
	must(t, err)
	if len(p.Items) != len(docs)-n+1 {
		t.Fatalf("the author's older hits: %d, want %d", len(p.Items), len(docs)-n+1)
	}
}

func testForumSearchUpdates(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a := forumUser(t, s)
	c := forumCategory(t, f, "Updates", 1)
	tp := forumTopic(t, f, c.ID, a, "Compost", "Turning compost weekly", base)
	p := forumReply(t, f, tp.ID, a, "Add cardboard", base)
	count := func(q string) int {
		t.Helper()
		terms, _ := domain.ForumSearchTerms(q)
		r, err := f.SearchForum(ctx, terms, super, page(20, ""))
		must(t, err)
		return len(r.Items)
	}
	_, err := f.UpdateForumPost(ctx, p.ID, func(x *domain.ForumPost) error {
		x.Content, x.ContentText, x.UpdatedAt = "<p>Add straw</p>", "Add straw", base
		return nil
	})
	must(t, err)
	if count("cardboard") != 0 || count("straw") != 1 {
		t.Fatal("edit not reflected in search")
	}
	_, err = f.DeleteForumPost(ctx, p.ID)
	must(t, err)
	if count("straw") != 0 {
		t.Fatal("deleted reply still found")
	}
	forumReply(t, f, tp.ID, a, "Worms love it", base)
	_, err = f.DeleteForumTopic(ctx, tp.ID)
	must(t, err)
	if count("compost") != 0 || count("worms") != 0 {
		t.Fatal("deleted topic or its replies still found")
	}
}

func testForumDeletedAuthor(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a, b := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Gone", 1)
	tp := forumTopic(t, f, c.ID, a, "Orphan", "Orphaned topic body", base)
	forumReply(t, f, tp.ID, a, "orphan reply", base)
	forumReply(t, f, tp.ID, b, "kept reply", base)
	must(t, s.DeleteUser(ctx, a.ID, func(*domain.User) error { return nil }))
	got := reloadTopic(t, f, tp.ID)
	if got.AuthorID != nil || got.Username != "" || got.PostCount != 2 {
		t.Fatalf("%+v", got)
	}
	list, err := f.ListForumPosts(ctx, tp.ID, visitor, page(10, ""))
	must(t, err)
	if len(list.Items) != 2 || list.Items[0].AuthorID != nil || list.Items[1].Username != b.Username {
		t.Fatalf("%+v", list.Items)
	}
}

func testForumPrune(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	a := forumUser(t, s)
	c := forumCategory(t, f, "Prune", 1)
	tp := forumTopic(t, f, c.ID, a, "Prune", "Prune here", base)
	for _, key := range []string{"a:old:2026-03-10", "u:1"} {
		_, err := f.RecordForumView(ctx, tp.ID, key, base.Add(-72*time.Hour))
		must(t, err)
	}
	_, err := f.RecordForumView(ctx, tp.ID, "a:new:2026-03-14", base)
	must(t, err)
	_, err = f.ClaimForumNotification(ctx, a.ID, tp.ID, domain.KindForumReply, base.Add(-72*time.Hour), time.Hour)
	must(t, err)
	views, claims, err := f.PruneForumRecords(ctx, base.Add(-48*time.Hour))
	if err != nil || views != 1 || claims != 1 {
		t.Fatalf("pruned %d views, %d claims, %v; want 1, 1", views, claims, err)
	}
	// The signed-in reader's key survives: a second view still counts nothing.
	if counted, _ := f.RecordForumView(ctx, tp.ID, "u:1", base); counted {
		t.Fatal("a signed-in reader's view was counted twice after pruning")
	}
	if counted, _ := f.RecordForumView(ctx, tp.ID, "a:new:2026-03-14", base); counted {
		t.Fatal("today's visitor key was pruned")
	}
	if got := reloadTopic(t, f, tp.ID).ViewCount; got != 3 {
		t.Fatalf("viewCount %d, want 3 (pruning never changes the count)", got)
	}
	if ok, _ := f.ClaimForumNotification(ctx, a.ID, tp.ID, domain.KindForumReply, base, time.Hour); !ok {
		t.Fatal("claim after pruning refused")
	}
}

// testForumReviewCount: a category counts its topics under review beside all of them, through
// creation, review changes and deletion, and shows each viewer the topics they may see.
func testForumReviewCount(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	c := forumCategory(t, f, "Herbs", 1)
	author := forumUser(t, s)
	a := forumTopic(t, f, c.ID, author, "Seen by all", "A body long enough for a topic.", base)
	b := &domain.ForumTopic{CategoryID: c.ID, AuthorID: &author.ID, Title: "Under review", Content: "<p>x</p>", ContentText: "x", CreatedAt: base, InReview: true}
	must(t, f.CreateForumTopic(ctx, b))
	counts := func(all, review int) {
		t.Helper()
		got := reloadCategory(t, f, c.ID)
		if got.TopicsCount != all || got.ReviewTopicsCount != review {
			t.Fatalf("topics %d, under review %d; want %d and %d", got.TopicsCount, got.ReviewTopicsCount, all, review)
		}
	}
	counts(2, 1)
	cat := reloadCategory(t, f, c.ID)
	if v, sup, own := cat.VisibleTopics(visitor), cat.VisibleTopics(super), cat.VisibleTopics(domain.ForumViewer{UserID: author.ID}); v != 1 || sup != 2 || own != 1 {
		t.Fatalf("visible topics: visitor %d, superadmin %d, author %d", v, sup, own)
	}
	review := func(id int64, on bool) {
		t.Helper()
		_, err := f.UpdateForumTopic(ctx, id, func(x *domain.ForumTopic) error { x.InReview = on; return nil })
		must(t, err)
	}
	review(a.ID, true)
	counts(2, 2)
	review(a.ID, true) // no change, no count
	counts(2, 2)
	review(b.ID, false)
	counts(2, 1)
	_, err := f.UpdateForumTopic(ctx, b.ID, func(x *domain.ForumTopic) error { x.Pinned = true; return nil })
	must(t, err)
	counts(2, 1)
	_, err = f.DeleteForumTopic(ctx, a.ID) // under review
	must(t, err)
	counts(1, 0)
}

// testForumNotificationsForgotten: removing a post's notifications takes its replies' and
// mentions' bells and nothing else; removing a topic's takes every reply and mention of it, and
// leaves moderation notices and other topics' alone.
func testForumNotificationsForgotten(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	ns, ok := f.(ports.NotificationStore)
	if !ok {
		t.Fatal("the forum store does not keep notifications")
	}
	u, by := forumUser(t, s), forumUser(t, s)
	c := forumCategory(t, f, "Veg", 1)
	tp := forumTopic(t, f, c.ID, u, "Leeks", "How deep do leeks go?", base)
	other := forumTopic(t, f, c.ID, u, "Beans", "When do beans go out?", base)
	p1 := forumReply(t, f, tp.ID, by, "Deep, @someone", base.Add(time.Minute))
	p2 := forumReply(t, f, tp.ID, by, "Very deep", base.Add(2*time.Minute))
	p3 := forumReply(t, f, other.ID, by, "In May", base.Add(3*time.Minute))
	store := func(n *domain.Notification) int64 {
		t.Helper()
		n.CreatedAt = base.Add(time.Hour)
		must(t, ns.CreateNotification(ctx, n))
		return n.ID
	}
	reply1 := store(domain.ForumReplyNotification(u.ID, tp, p1, by.Username))
	store(domain.ForumMentionNotification(u.ID, tp, &p1.ID, p1.ContentText, by.Username))
	reply2 := store(domain.ForumReplyNotification(u.ID, tp, p2, by.Username))
	topicMention := store(domain.ForumMentionNotification(u.ID, tp, nil, tp.ContentText, by.Username))
	moderation := store(domain.ForumModerationNotification(u.ID, "post", tp.Title, tp.ID, domain.ModerationReview, ""))
	otherReply := store(domain.ForumReplyNotification(u.ID, other, p3, by.Username))
	_, err := ns.MarkNotificationRead(ctx, domain.Audience{UserID: u.ID, Since: base}, reply1, base.Add(2*time.Hour))
	must(t, err)
	left := func(want ...int64) {
		t.Helper()
		list, err := ns.ListUserNotifications(ctx, domain.Audience{UserID: u.ID, Since: base}, 50)
		must(t, err)
		got := map[int64]bool{}
		for _, n := range list {
			got[n.ID] = true
		}
		if len(got) != len(want) {
			t.Fatalf("%d notifications left, want %d", len(got), len(want))
		}
		for _, id := range want {
			if !got[id] {
				t.Fatalf("notification %d was removed", id)
			}
		}
	}
	n, err := f.DeleteForumNotifications(ctx, tp.ID, &p1.ID)
	must(t, err)
	if n != 2 {
		t.Fatalf("removed %d for the post, want its reply and mention", n)
	}
	left(reply2, topicMention, moderation, otherReply)
	n, err = f.DeleteForumNotifications(ctx, tp.ID, nil)
	must(t, err)
	if n != 2 {
		t.Fatalf("removed %d for the topic, want its other reply and its mention", n)
	}
	left(moderation, otherReply)
}
