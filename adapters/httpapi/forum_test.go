package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// forumFixture is a harness with a superadmin, two gardeners and an admin, a category and a
// topic by the first gardener.
type forumFixture struct {
	h                       *harness
	super, ann, bob, admin  string
	annID, bobID            int64
	categoryID, topicID     int64
	category, topic, topicP string
}

func newForumFixture(t *testing.T) *forumFixture {
	t.Helper()
	h := newHarness(t, options{})
	f := &forumFixture{h: h}
	_, f.super = h.member("root", domain.RoleSuperadmin, nil)
	ann, annTok := h.member("ann", domain.RoleUser, nil)
	bob, bobTok := h.member("bob", domain.RoleUser, nil)
	_, f.admin = h.member("adele", domain.RoleAdmin, nil)
	f.ann, f.bob, f.annID, f.bobID = annTok, bobTok, ann.ID, bob.ID
	r := h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": "Fruit & Veg", "description": "Growing food"})
	expect(t, r, 201, "")
	f.categoryID = int64(r.body["id"].(float64))
	f.category = fmt.Sprintf("/api/forum/categories/%d", f.categoryID)
	f.topicID = f.newTopic(t, f.ann, "Best tomatoes for a cold greenhouse?")
	f.topic = fmt.Sprintf("/api/forum/topics/%d", f.topicID)
	f.topicP = f.topic + "/posts"
	return f
}

// tick moves the clock past the posting throttle's window share of one post.
func (f *forumFixture) tick() { f.h.clock.Advance(7 * time.Second) }

func (f *forumFixture) newTopic(t *testing.T, token, title string) int64 {
	t.Helper()
	f.tick()
	r := f.h.do("POST", "/api/forum/topics", token, map[string]any{"title": title, "categoryId": f.categoryID,
		"content": "<p>Which varieties ripen in a <b>cold</b> greenhouse up north?</p>"})
	expect(t, r, 201, "")
	return int64(r.body["id"].(float64))
}

func (f *forumFixture) reply(t *testing.T, token, content string) int64 {
	t.Helper()
	f.tick()
	r := f.h.do("POST", f.topicP, token, map[string]any{"content": content})
	expect(t, r, 201, "")
	return int64(r.body["id"].(float64))
}

func (f *forumFixture) replies(t *testing.T, token string) []map[string]any {
	t.Helper()
	r := f.h.do("GET", f.topicP, token, nil)
	expect(t, r, 200, "")
	return r.body2()
}

func TestForum_VisitorReads(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	f.reply(t, f.bob, "<p>Try Sungold.</p>")
	cats := h.do("GET", "/api/forum/categories", "", nil)
	expect(t, cats, 200, "")
	list := cats.body2()
	if len(list) != 1 || list[0]["slug"] != "fruit-veg" || list[0]["topicsCount"] != 1.0 || list[0]["sortOrder"] != 1.0 || list[0]["createdAt"] == nil {
		t.Fatalf("categories %s", cats.raw)
	}
	for _, path := range []string{"/api/forum/topics/latest", "/api/forum/topics/popular", "/api/forum/categories/fruit-veg/topics"} {
		r := h.do("GET", path, "", nil)
		expect(t, r, 200, "")
		items := r.body2()
		if len(items) != 1 || items[0]["username"] != "ann" || items[0]["categoryName"] != "Fruit & Veg" || items[0]["postCount"] != 1.0 ||
			items[0]["isPinned"] != false || items[0]["content"] != nil || items[0]["excerpt"] == "" {
			t.Fatalf("%s: %s", path, r.raw)
		}
	}
	bySlug := h.do("GET", "/api/forum/categories/by-slug/fruit-veg", "", nil)
	expect(t, bySlug, 200, "")
	if bySlug.body["name"] != "Fruit & Veg" {
		t.Fatal(bySlug.raw)
	}
	expect(t, h.do("GET", "/api/forum/categories/by-slug/nope", "", nil), 404, domain.MsgForumCategoryNotFound)
	expect(t, h.do("GET", "/api/forum/categories/nope/topics", "", nil), 404, domain.MsgForumCategoryNotFound)
	topic := h.do("GET", f.topic, "", nil)
	expect(t, topic, 200, "")
	if topic.body["content"] != "<p>Which varieties ripen in a <b>cold</b> greenhouse up north?</p>" || topic.body["pinned"] != false ||
		topic.body["locked"] != false || topic.body["inReview"] != false || topic.body["lastActivityAt"] == nil {
		t.Fatalf("topic %s", topic.raw)
	}
	posts := f.replies(t, "")
	if len(posts) != 1 || posts[0]["username"] != "bob" || posts[0]["userAvatar"] != nil || posts[0]["likes"] != 0.0 || posts[0]["edited"] != false {
		t.Fatalf("posts %v", posts)
	}
	// An expired token reads as a visitor instead of failing.
	expect(t, h.do("GET", f.topic, "not-a-token", nil), 200, "")
	expect(t, h.do("GET", "/api/forum/topics/999", "", nil), 404, domain.MsgForumTopicNotFound)
	// Lists follow the pagination convention.
	for i := 0; i < 2; i++ {
		f.newTopic(t, f.bob, fmt.Sprintf("Another topic %d", i))
	}
	p1 := h.do("GET", "/api/forum/topics/latest?limit=2", "", nil)
	next := p1.header.Get("X-Next-Cursor")
	if len(p1.body2()) != 2 || next == "" {
		t.Fatalf("page 1: %s", p1.raw)
	}
	p2 := h.do("GET", "/api/forum/topics/latest?limit=2&cursor="+url.QueryEscape(next), "", nil)
	if len(p2.body2()) != 1 || p2.header.Get("X-Next-Cursor") != "" {
		t.Fatalf("page 2: %s", p2.raw)
	}
	expect(t, h.do("GET", "/api/forum/topics/latest?limit=500", "", nil), 400, domain.MsgPageLimit)
}

func TestForum_WritesByRole(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	post := f.reply(t, f.bob, "<p>Sungold, every time.</p>")
	postPath := fmt.Sprintf("/api/forum/posts/%d", post)
	newTopic := map[string]any{"title": "A visitor's topic", "content": strings.Repeat("long enough ", 3), "categoryId": f.categoryID}
	type call struct {
		method, path string
		body         any
	}
	moderation := []call{
		{"POST", "/api/forum/categories", map[string]any{"name": "Herbs"}},
		{"PATCH", f.category, map[string]any{"name": "Veg"}},
		{"PATCH", f.category + "/move", map[string]any{"direction": "up"}},
		{"DELETE", f.category, nil},
		{"PATCH", f.topic, map[string]any{"pinned": true}},
		{"PATCH", f.topic + "/review", map[string]any{"inReview": true}},
		{"POST", "/api/forum/direct/toggle-topic-review", map[string]any{"topicId": f.topicID, "inReview": true, "userId": f.annID}},
		{"PATCH", postPath + "/review", map[string]any{"inReview": true}},
		{"POST", "/api/forum/direct/toggle-post-review", map[string]any{"postId": post, "inReview": true}},
		{"POST", fmt.Sprintf("/api/forum/reports/%d/clear", post), nil},
		{"DELETE", postPath, nil},
		{"DELETE", f.topic, nil},
		{"GET", "/api/forum/reports", nil},
	}
	writes := append([]call{
		{"POST", "/api/forum/topics", newTopic},
		{"POST", f.topicP, map[string]any{"content": "hello"}},
		{"PATCH", postPath, map[string]any{"content": "edited"}},
		{"POST", postPath + "/like", nil},
		{"POST", postPath + "/report", map[string]any{"reason": "spam"}},
		{"PUT", f.topic + "/watch", map[string]any{"level": "muted"}},
	}, moderation...)
	// Visitors write nothing.
	for _, c := range writes {
		expect(t, h.do(c.method, c.path, "", c.body), 401, domain.MsgNotSignedIn)
	}
	// Users and admins do not moderate: only superadmins do (spec 02 §6).
	for _, tok := range []string{f.ann, f.bob, f.admin} {
		for _, c := range moderation {
			if r := h.do(c.method, c.path, tok, c.body); r.status != 403 {
				t.Fatalf("%s %s as non-superadmin: %d %s", c.method, c.path, r.status, r.raw)
			}
		}
	}
	// Only the author edits their post; likes and reports are for others' posts.
	expect(t, h.do("PATCH", postPath, f.ann, map[string]any{"content": "<p>mine now</p>"}), 403, domain.MsgForumEditOwnOnly)
	expect(t, h.do("PATCH", postPath, f.super, map[string]any{"content": "<p>mine now</p>"}), 403, domain.MsgForumEditOwnOnly)
	expect(t, h.do("POST", postPath+"/like", f.bob, nil), 403, domain.MsgForumLikeOwn)
	expect(t, h.do("POST", postPath+"/report", f.bob, map[string]any{"reason": "x"}), 403, domain.MsgForumReportOwn)
	// Signed-in users write.
	f.tick()
	expect(t, h.do("POST", "/api/forum/topics", f.bob, newTopic), 201, "")
	edit := h.do("PATCH", postPath, f.bob, map[string]any{"content": "<p>Sungold or Gardener's Delight.</p>"})
	expect(t, edit, 200, "")
	if edit.body["edited"] != true || edit.body["content"] != "<p>Sungold or Gardener&#39;s Delight.</p>" {
		t.Fatalf("edit %s", edit.raw)
	}
	like := h.do("POST", postPath+"/like", f.ann, nil)
	if like.body["liked"] != true || like.body["likes"] != 1.0 {
		t.Fatalf("like %s", like.raw)
	}
	expect(t, h.do("PUT", f.topic+"/watch", f.bob, map[string]any{"level": "watching"}), 200, "")
	expect(t, h.do("PUT", f.topic+"/watch", f.bob, map[string]any{"level": "loud"}), 400, domain.MsgForumWatchLevel)
	if r := h.do("GET", f.topic, f.bob, nil); r.body["watchLevel"] != "watching" {
		t.Fatalf("watch level %s", r.raw)
	}
	// Superadmins moderate and manage categories.
	expect(t, h.do("PATCH", f.topic, f.super, map[string]any{"pinned": true}), 200, "")
	expect(t, h.do("DELETE", f.category, f.super, nil), 409, "This category has 2 topics and cannot be deleted")
	expect(t, h.do("DELETE", postPath, f.super, nil), 200, "")
	expect(t, h.do("DELETE", postPath, f.super, nil), 404, domain.MsgForumPostNotFound)
	expect(t, h.do("DELETE", f.topic, f.super, map[string]any{"reason": "Duplicate of another topic"}), 200, "")
	expect(t, h.do("GET", f.topic, "", nil), 404, domain.MsgForumTopicNotFound)
	// The author hears of the removal, with the reason.
	bell := h.list(f.ann)
	if len(bell) == 0 || bell[0]["title"] != "Your topic was removed" || !strings.Contains(bell[0]["content"].(string), "Reason: Duplicate of another topic") {
		t.Fatalf("ann's bell %v", bell)
	}
}

func TestForum_Categories(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	herbs := h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": "Herbs & Spices", "description": "Pots and beds"})
	expect(t, herbs, 201, "")
	if herbs.body["slug"] != "herbs-spices" || herbs.body["sortOrder"] != 2.0 {
		t.Fatalf("default slug and order: %s", herbs.raw)
	}
	expect(t, h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": ""}), 400, domain.MsgForumCategoryNameMissing)
	expect(t, h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": "X", "sortOrder": -1}), 400, domain.MsgForumSortOrder)
	expect(t, h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": "X", "slug": "Bad Slug"}), 400, domain.MsgForumSlugFormat)
	expect(t, h.do("POST", "/api/forum/categories", f.super, map[string]any{"name": "Fruit and veg", "slug": "fruit-veg"}), 409, domain.MsgForumSlugTaken)
	id := int64(herbs.body["id"].(float64))
	path := fmt.Sprintf("/api/forum/categories/%d", id)
	up := h.do("PATCH", path, f.super, map[string]any{"id": id, "name": "Herbs", "slug": "herbs", "description": "Pots", "sortOrder": 5})
	expect(t, up, 200, "")
	if up.body["slug"] != "herbs" || up.body["sortOrder"] != 5.0 {
		t.Fatal(up.raw)
	}
	expect(t, h.do("PATCH", "/api/forum/categories/99/move", f.super, map[string]any{"direction": "up"}), 404, domain.MsgForumCategoryNotFound)
	expect(t, h.do("PATCH", path+"/move", f.super, map[string]any{"direction": "sideways"}), 400, domain.MsgForumMoveDirection)
	moved := h.do("PATCH", path+"/move", f.super, map[string]any{"direction": "up"})
	expect(t, moved, 200, "")
	order := h.do("GET", "/api/forum/categories", "", nil).body2()
	if order[0]["slug"] != "herbs" || order[0]["sortOrder"] != 1.0 || order[1]["sortOrder"] != 2.0 {
		t.Fatalf("after move up: %v", order)
	}
	expect(t, h.do("DELETE", path, f.super, nil), 200, "")
	expect(t, h.do("DELETE", path, f.super, nil), 404, domain.MsgForumCategoryNotFound)
	expect(t, h.do("DELETE", "/api/forum/categories/abc", f.super, nil), 400, domain.MsgForumCategoryIDRequired)
}

func TestForum_Validation(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	body := "<p>" + strings.Repeat("a", 25) + "</p>"
	cases := []struct {
		in  map[string]any
		msg string
	}{
		{map[string]any{"title": "Tiny", "content": body, "categoryId": f.categoryID}, domain.MsgTopicTitleTooShort},
		{map[string]any{"title": strings.Repeat("t", 101), "content": body, "categoryId": f.categoryID}, domain.MsgTopicTitleTooLong},
		{map[string]any{"title": "Long enough", "content": "<p><b>Too short</b></p>", "categoryId": f.categoryID}, domain.MsgTopicContentTooShort},
		{map[string]any{"title": "Long enough", "content": strings.Repeat("c", 5001), "categoryId": f.categoryID}, domain.MsgTopicContentTooLong},
		{map[string]any{"title": "Long enough", "content": body}, domain.MsgTopicCategoryRequired},
		{map[string]any{"title": "Long enough", "content": body, "categoryId": ""}, domain.MsgTopicCategoryRequired},
		{map[string]any{"title": "Long enough", "content": body, "categoryId": 4040}, domain.MsgTopicCategoryRequired},
	}
	for _, c := range cases {
		expect(t, h.do("POST", "/api/forum/topics", f.bob, c.in), 400, c.msg)
	}
	// A select's value arrives as a string.
	f.tick()
	expect(t, h.do("POST", "/api/forum/topics", f.bob, map[string]any{"title": "Long enough", "content": body, "categoryId": fmt.Sprint(f.categoryID)}), 201, "")
	for _, empty := range []string{"", "   ", "<p> </p>", "<script>alert(1)</script>"} {
		expect(t, h.do("POST", f.topicP, f.bob, map[string]any{"content": empty}), 400, domain.MsgReplyEmpty)
	}
	if n := len(f.replies(t, f.super)); n != 0 {
		t.Fatalf("refused replies stored: %d", n)
	}
}

func TestForum_LockedTopic(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	locked := h.do("PATCH", f.topic, f.super, map[string]any{"locked": true})
	expect(t, locked, 200, "")
	if locked.body["locked"] != true || locked.body["isLocked"] != true || locked.body["pinned"] != false {
		t.Fatal(locked.raw)
	}
	for _, tok := range []string{f.bob, f.ann, f.super} {
		expect(t, h.do("POST", f.topicP, tok, map[string]any{"content": "<p>Me too</p>"}), 409, domain.MsgTopicLocked)
	}
	if got := h.do("GET", f.topic, "", nil); got.body["postCount"] != 0.0 {
		t.Fatal(got.raw)
	}
	expect(t, h.do("PATCH", f.topic, f.super, map[string]any{"isLocked": false, "isPinned": true}), 200, "")
	f.reply(t, f.bob, "<p>Open again</p>")
}

func TestForum_InReviewVisibility(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	// The topic, through the direct path.
	r := h.do("POST", "/api/forum/direct/toggle-topic-review", f.super, map[string]any{"topicId": f.topicID, "inReview": true, "userId": 1,
		"reason": "Checking the links"})
	expect(t, r, 200, "")
	if r.body["inReview"] != true {
		t.Fatal(r.raw)
	}
	for _, tok := range []string{"", f.bob, f.admin} {
		expect(t, h.do("GET", f.topic, tok, nil), 404, domain.MsgForumTopicNotFound)
		expect(t, h.do("GET", f.topicP, tok, nil), 404, domain.MsgForumTopicNotFound)
		expect(t, h.do("POST", f.topicP, tok, map[string]any{"content": "<p>hi</p>"}), map[bool]int{true: 401, false: 404}[tok == ""], "")
		if l := h.do("GET", "/api/forum/topics/latest", tok, nil).body2(); len(l) != 0 {
			t.Fatalf("topic under review listed for %q", tok)
		}
		if l := h.do("GET", "/api/forum/categories/fruit-veg/topics", tok, nil).body2(); len(l) != 0 {
			t.Fatal("topic under review listed in its category")
		}
	}
	for _, tok := range []string{f.ann, f.super} {
		got := h.do("GET", f.topic, tok, nil)
		expect(t, got, 200, "")
		if got.body["inReview"] != true {
			t.Fatal(got.raw)
		}
		if l := h.do("GET", "/api/forum/topics/latest", tok, nil).body2(); len(l) != 1 {
			t.Fatal("author or superadmin does not see the topic under review in lists")
		}
	}
	bell := h.list(f.ann)
	if len(bell) == 0 || bell[0]["title"] != "Your topic is awaiting review" || !strings.Contains(bell[0]["content"].(string), "Reason: Checking the links") {
		t.Fatalf("ann's bell: %v", bell)
	}
	// Cleared through the other path.
	r = h.do("PATCH", f.topic+"/review", f.super, map[string]any{"inReview": false})
	expect(t, r, 200, "")
	expect(t, h.do("GET", f.topic, "", nil), 200, "")
	expect(t, h.do("PATCH", f.topic+"/review", f.super, map[string]any{}), 400, "inReview must be true or false")

	// A reply: hidden from everyone but its author and superadmins.
	post := f.reply(t, f.bob, "<p>Buy my seeds at example.com</p>")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/forum/posts/%d/review", post), f.super, map[string]any{"inReview": true}), 200, "")
	if n := len(f.replies(t, "")); n != 0 {
		t.Fatal("reply under review shown to visitors")
	}
	if got := h.do("GET", f.topic, "", nil); got.body["postCount"] != 0.0 {
		t.Fatalf("postCount counts a reply under review: %s", got.raw)
	}
	if n := len(f.replies(t, f.ann)); n != 0 {
		t.Fatal("reply under review shown to the topic's author")
	}
	mine := f.replies(t, f.bob)
	if len(mine) != 1 || mine[0]["inReview"] != true {
		t.Fatalf("author's own reply: %v", mine)
	}
	if n := len(f.replies(t, f.super)); n != 1 {
		t.Fatal("superadmin does not see the reply under review")
	}
	expect(t, h.do("POST", fmt.Sprintf("/api/forum/posts/%d/like", post), f.ann, nil), 404, domain.MsgForumPostNotFound)
	r = h.do("POST", "/api/forum/direct/toggle-post-review", f.super, map[string]any{"postId": post, "inReview": false})
	if r.body["inReview"] != false {
		t.Fatal(r.raw)
	}
	if n := len(f.replies(t, "")); n != 1 {
		t.Fatal("cleared reply still hidden")
	}
}

func TestForum_SanitizesHTML(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	f.tick()
	evil := `<p onclick="steal()">Tomatoes <script>alert(1)</script><img src=x onerror="alert(2)"> and <a href="javascript:alert(3)">link</a> <b>bold</b> <a href="https://seeds.example/t">shop</a></p>`
	r := h.do("POST", "/api/forum/topics", f.bob, map[string]any{"title": "Sanitized topic", "content": evil, "categoryId": f.categoryID})
	expect(t, r, 201, "")
	id := int64(r.body["id"].(float64))
	reply := f.reply(t, f.ann, evil)
	got := h.do("GET", fmt.Sprintf("/api/forum/topics/%d", id), "", nil).body["content"].(string)
	posts := f.replies(t, "")
	var replyHTML string
	for _, p := range posts {
		if int64(p["id"].(float64)) == reply {
			replyHTML = p["content"].(string)
		}
	}
	for _, html := range []string{got, replyHTML} {
		for _, bad := range []string{"<script", "onclick", "onerror", "javascript:", "alert(1)"} {
			if strings.Contains(html, bad) {
				t.Fatalf("stored HTML keeps %q: %s", bad, html)
			}
		}
		if !strings.Contains(html, "<b>bold</b>") || !strings.Contains(html, `href="https://seeds.example/t"`) {
			t.Fatalf("safe formatting lost: %s", html)
		}
	}
}

func TestForum_PostingThrottle(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	for i := 0; i < 10; i++ {
		h.clock.Advance(time.Second)
		expect(t, h.do("POST", f.topicP, f.bob, map[string]any{"content": fmt.Sprintf("<p>reply %d</p>", i)}), 201, "")
	}
	r := h.do("POST", f.topicP, f.bob, map[string]any{"content": "<p>one too many</p>"})
	expect(t, r, 429, domain.MsgForumPostingTooFast)
	if ra := r.header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Fatalf("Retry-After %q", ra)
	}
	body := "<p>" + strings.Repeat("x", 30) + "</p>"
	expect(t, h.do("POST", "/api/forum/topics", f.bob, map[string]any{"title": "Throttled", "content": body, "categoryId": f.categoryID}), 429, domain.MsgForumPostingTooFast)
	// Others are not held up, and a minute later bob may post again.
	expect(t, h.do("POST", f.topicP, f.ann, map[string]any{"content": "<p>mine</p>"}), 201, "")
	h.clock.Advance(time.Minute)
	expect(t, h.do("POST", f.topicP, f.bob, map[string]any{"content": "<p>later</p>"}), 201, "")
}

func TestForum_ReplyNotifications(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	cara, caraTok := h.member("cara", domain.RoleUser, nil)
	_ = cara
	forumBell := func(tok string) []map[string]any {
		var out []map[string]any
		for _, n := range h.list(tok) {
			if d, ok := n["data"].(map[string]any); ok && strings.HasPrefix(fmt.Sprint(d["type"]), "forum_") {
				out = append(out, n)
			}
		}
		return out
	}
	// Bob replies: the author hears, bob does not.
	f.reply(t, f.bob, "<p>Sungold</p>")
	annBell := forumBell(f.ann)
	if len(annBell) != 1 || annBell[0]["data"].(map[string]any)["type"] != "forum_reply" ||
		annBell[0]["data"].(map[string]any)["url"] != fmt.Sprintf("/community/forum/topic/%d", f.topicID) || !strings.Contains(annBell[0]["content"].(string), "bob replied") {
		t.Fatalf("ann: %v", annBell)
	}
	if n := len(forumBell(f.bob)); n != 0 {
		t.Fatalf("the replier notified of their own reply: %d", n)
	}
	// Cara replies: ann (author, but within the hour) gets nothing more; bob (a replier) hears.
	f.reply(t, caraTok, "<p>Gardener's Delight</p>")
	if n := len(forumBell(f.ann)); n != 1 {
		t.Fatalf("ann got %d forum notifications within the hour, want 1", n)
	}
	if n := len(forumBell(f.bob)); n != 1 {
		t.Fatalf("bob got %d, want 1", n)
	}
	// An hour later ann hears again, unless she muted the topic.
	h.clock.Advance(time.Hour)
	f.reply(t, f.bob, "<p>Also Black Krim</p>")
	if n := len(forumBell(f.ann)); n != 2 {
		t.Fatalf("ann after an hour: %d, want 2", n)
	}
	expect(t, h.do("PUT", f.topic+"/watch", f.ann, map[string]any{"level": "muted"}), 200, "")
	h.clock.Advance(time.Hour)
	f.reply(t, caraTok, "<p>And Sweet Million</p>")
	if n := len(forumBell(f.ann)); n != 2 {
		t.Fatalf("muted ann notified: %d", n)
	}
	// A watcher who never posted hears of replies; @mentions notify.
	_, dTok := h.member("dora", domain.RoleUser, nil)
	expect(t, h.do("PUT", f.topic+"/watch", dTok, map[string]any{"level": "watching"}), 200, "")
	_, eTok := h.member("emil", domain.RoleUser, nil)
	h.clock.Advance(time.Hour)
	f.reply(t, f.bob, "<p>What do you think, @emil?</p>")
	if d := forumBell(dTok); len(d) != 1 || d[0]["data"].(map[string]any)["type"] != "forum_reply" {
		t.Fatalf("watcher: %v", d)
	}
	if e := forumBell(eTok); len(e) != 1 || e[0]["data"].(map[string]any)["type"] != "forum_mention" || !strings.Contains(e[0]["title"].(string), "bob mentioned you") {
		t.Fatalf("mentioned: %v", e)
	}
	// Push and e-mail follow the users' preferences, through the same delivery.
	_, mail := h.notify.delivered(t)
	if len(mail) == 0 {
		t.Fatal("no e-mail delivery for forum notifications")
	}
}

func TestForum_LikesReportsAndQueue(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	post := f.reply(t, f.bob, "<p>Buy cheap seeds now!!!</p>")
	pp := fmt.Sprintf("/api/forum/posts/%d", post)
	if r := h.do("POST", pp+"/like", f.ann, nil); r.body["liked"] != true || r.body["likes"] != 1.0 {
		t.Fatal(r.raw)
	}
	if p := f.replies(t, f.ann)[0]; p["liked"] != true || p["likes"] != 1.0 {
		t.Fatalf("%v", p)
	}
	if r := h.do("POST", pp+"/like", f.ann, nil); r.body["liked"] != false || r.body["likes"] != 0.0 {
		t.Fatal(r.raw)
	}
	expect(t, h.do("POST", pp+"/report", f.ann, map[string]any{"reason": " "}), 400, domain.MsgForumReportReason)
	expect(t, h.do("POST", pp+"/report", f.ann, map[string]any{"reason": "Spam"}), 201, "")
	expect(t, h.do("POST", pp+"/report", f.ann, map[string]any{"reason": "Spam again"}), 409, domain.MsgForumReportTwice)
	expect(t, h.do("POST", pp+"/report", f.admin, map[string]any{"reason": "Advertising"}), 201, "")
	if p := f.replies(t, f.ann)[0]; p["reported"] != true {
		t.Fatalf("reporter does not see the report: %v", p)
	}
	q := h.do("GET", "/api/forum/reports", f.super, nil)
	expect(t, q, 200, "")
	items := q.body2()
	if len(items) != 1 || items[0]["topicTitle"] != "Best tomatoes for a cold greenhouse?" || len(items[0]["reports"].([]any)) != 2 {
		t.Fatalf("queue %s", q.raw)
	}
	expect(t, h.do("POST", pp[:len("/api/forum/")]+fmt.Sprintf("reports/%d/clear", post), f.super, nil), 200, "")
	if items := h.do("GET", "/api/forum/reports", f.super, nil).body2(); len(items) != 0 {
		t.Fatal("cleared post still queued")
	}
	expect(t, h.do("POST", fmt.Sprintf("/api/forum/reports/%d/clear", post), f.super, nil), 404, domain.MsgForumReportNotFound)
	// Reported again by someone new, then deleted from the queue with a reason.
	_, cTok := h.member("cara", domain.RoleUser, nil)
	expect(t, h.do("POST", pp+"/report", cTok, map[string]any{"reason": "Still spam"}), 201, "")
	expect(t, h.do("DELETE", pp+"?reason="+url.QueryEscape("Advertising is not allowed"), f.super, nil), 200, "")
	if items := h.do("GET", "/api/forum/reports", f.super, nil).body2(); len(items) != 0 {
		t.Fatal("deleted post still queued")
	}
	bell := h.list(f.bob)
	if len(bell) == 0 || bell[0]["title"] != "Your post was removed" || !strings.Contains(bell[0]["content"].(string), "Advertising is not allowed") {
		t.Fatalf("bob's bell %v", bell)
	}
	if got := h.do("GET", f.topic, "", nil); got.body["postCount"] != 0.0 {
		t.Fatalf("postCount after delete: %s", got.raw)
	}
}

func TestForum_EditWindow(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	post := f.reply(t, f.bob, "<p>Frist!</p>")
	pp := fmt.Sprintf("/api/forum/posts/%d", post)
	h.clock.Advance(23 * time.Hour)
	r := h.do("PATCH", pp, f.bob, map[string]any{"content": "<p>First!</p>"})
	expect(t, r, 200, "")
	if r.body["edited"] != true || r.body["updatedAt"] == r.body["createdAt"] {
		t.Fatal(r.raw)
	}
	expect(t, h.do("PATCH", pp, f.bob, map[string]any{"content": " "}), 400, domain.MsgReplyEmpty)
	h.clock.Advance(2 * time.Hour)
	f.bob = h.login("bob", "password-bob") // the harness's sessions last 24 hours
	expect(t, h.do("PATCH", pp, f.bob, map[string]any{"content": "<p>Too late</p>"}), 403, domain.MsgForumEditWindow)
	if p := f.replies(t, "")[0]; p["content"] != "<p>First!</p>" {
		t.Fatalf("%v", p)
	}
}

func TestForum_ViewsCountedOnce(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	views := func() float64 {
		return h.do("GET", "/api/forum/topics/popular", "", nil).body2()[0]["viewCount"].(float64)
	}
	for i := 0; i < 5; i++ {
		h.do("GET", f.topic, "", nil)
		h.do("GET", f.topic, f.bob, nil)
	}
	if v := views(); v != 2 {
		t.Fatalf("views after reloads: %v, want 2 (one visitor address, one user)", v)
	}
	h.do("GET", f.topic, f.ann, nil)
	h.clock.Advance(24 * time.Hour)
	h.do("GET", f.topic, "", nil)
	h.do("GET", f.topic, f.bob, nil)
	if v := views(); v != 4 {
		t.Fatalf("views: %v, want 4 (visitor again the next day, user never again)", v)
	}
}

func TestForum_Search(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	f.reply(t, f.bob, "<p>Blight hits outdoor <b>tomatoes</b> first.</p>")
	r := h.do("GET", "/api/forum/search?q="+url.QueryEscape("tom"), "", nil)
	expect(t, r, 200, "")
	hits := r.body2()
	if len(hits) != 2 {
		t.Fatalf("hits %s", r.raw)
	}
	var sawPost bool
	for _, hit := range hits {
		if hit["postId"] != nil {
			sawPost = true
			if !strings.Contains(hit["snippet"].(string), "<mark>tomatoes</mark>") || !strings.HasPrefix(hit["url"].(string), "/community/forum/topic/") {
				t.Fatalf("post hit %v", hit)
			}
		}
	}
	if !sawPost {
		t.Fatal("reply not found")
	}
	expect(t, h.do("GET", "/api/forum/search?q="+url.QueryEscape("  !! "), "", nil), 400, domain.MsgForumSearchEmpty)
	// A snippet never carries the post's markup unescaped.
	f.reply(t, f.bob, "<p>Use &lt;b&gt; sparingly with tomatoes</p>")
	for _, hit := range h.do("GET", "/api/forum/search?q=sparingly", "", nil).body2() {
		if strings.Contains(hit["snippet"].(string), "<b>") {
			t.Fatalf("unescaped snippet %v", hit["snippet"])
		}
	}
}

func TestForum_Maintenance(t *testing.T) {
	t.Parallel()
	f := newForumFixture(t)
	h := f.h
	fnID := map[string]int64{}
	for _, fn := range h.do("GET", "/api/maintenance/functions", f.super, nil).body2() {
		fnID[fn["name"].(string)] = int64(fn["id"].(float64))
	}
	forumFn := fmt.Sprintf("/api/maintenance/functions/%d", fnID[domain.FunctionForum])
	expect(t, h.do("PATCH", forumFn, f.super, map[string]any{"maintenanceMode": true, "message": "Weeding the forum"}), 200, "")
	expect(t, h.do("POST", f.topicP, f.bob, map[string]any{"content": "<p>hi</p>"}), 503, "Weeding the forum")
	expect(t, h.do("POST", "/api/forum/topics", f.bob, map[string]any{"title": "x"}), 503, "Weeding the forum")
	expect(t, h.do("GET", f.topic, f.bob, nil), 200, "")
	expect(t, h.do("GET", "/api/forum/categories", "", nil), 200, "")
	f.reply(t, f.super, "<p>Superadmins pass</p>")
}
