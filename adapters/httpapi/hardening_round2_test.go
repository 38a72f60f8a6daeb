package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// getWithForwardedFor sends GET /healthz with an X-Forwarded-For header, as a reverse proxy does.
func getWithForwardedFor(t *testing.T, h *harness, xff string) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.srv.URL+"/healthz", nil)
	req.Header.Set("X-Forwarded-For", xff)
	res, err := h.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
}

// TestForwardedFor_WarnsOnceWithoutTrustedProxies: requests that came through a proxy the
// server was not told about (X-Forwarded-For, GARDEN_TRUSTED_PROXIES unset) log one warning,
// whatever their number; with the proxy trusted, none (issue #22 item 11).
func TestForwardedFor_WarnsOnceWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	const warning = "GARDEN_TRUSTED_PROXIES is unset"
	t.Run("Unset", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, options{})
		h.do("GET", "/healthz", "", nil)
		if strings.Contains(h.logs.String(), warning) {
			t.Fatal("warned without X-Forwarded-For")
		}
		for _, xff := range []string{"203.0.113.7", "198.51.100.1, 203.0.113.7", "203.0.113.8"} {
			getWithForwardedFor(t, h, xff)
		}
		if n := strings.Count(h.logs.String(), warning); n != 1 {
			t.Fatalf("%d warnings, want 1:\n%s", n, h.logs.String())
		}
	})
	t.Run("Trusted", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, options{proxies: "127.0.0.1/32"})
		getWithForwardedFor(t, h, "203.0.113.7")
		if strings.Contains(h.logs.String(), warning) {
			t.Fatalf("warned with the proxy trusted:\n%s", h.logs.String())
		}
	})
}

// TestPlanningAPI_LayoutQuotas: copies are limited per minute (429 with Retry-After, per user)
// and layouts per gardener (403 limit_reached, for drawn and copied ones alike), on both
// databases (issue #22 item 3).
func TestPlanningAPI_LayoutQuotas(t *testing.T) {
	t.Parallel()
	forEachDialect(t, func(t *testing.T, h *planningHarness) {
		layout := func(token, name string) response {
			return h.do("POST", "/api/garden-layouts", token, map[string]any{"name": name, "width": 10, "height": 10,
				"beds": []map[string]any{{"name": "Bed", "x": 0, "y": 0, "width": 2, "height": 2}}})
		}
		first := layout(h.alice, "Plot")
		expect(t, first, 201, "")
		copyPath := fmt.Sprintf("/api/garden-layouts/%d/copy", idOf(first))
		for i := 0; i < domain.MaxLayoutCopiesPerWindow; i++ {
			expect(t, h.do("POST", copyPath, h.alice, nil), 201, "")
		}
		r := h.do("POST", copyPath, h.alice, nil)
		expect(t, r, 429, domain.MsgCopyingTooFast)
		if ra, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
			t.Fatalf("Retry-After %q, want 1–60 seconds", r.header.Get("Retry-After"))
		}
		// Another gardener copies as usual.
		bobs := layout(h.bob, "Bob's plot")
		expect(t, bobs, 201, "")
		expect(t, h.do("POST", fmt.Sprintf("/api/garden-layouts/%d/copy", idOf(bobs)), h.bob, nil), 201, "")
		// A minute later Alice may copy again.
		h.clock.Advance(domain.LayoutCopyWindow + time.Second)
		expect(t, h.do("POST", copyPath, h.alice, nil), 201, "")

		// Layouts per gardener: Alice keeps 1 drawn and 6 copied; fill up to the limit.
		for n := 7; n < domain.MaxLayoutsPerUser; n++ {
			expect(t, h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": fmt.Sprintf("Plot %d", n), "width": 5, "height": 5}), 201, "")
		}
		expect(t, layout(h.alice, "One too many"), 403, domain.MsgLayoutLimitReached)
		h.clock.Advance(domain.LayoutCopyWindow + time.Second)
		expect(t, h.do("POST", copyPath, h.alice, nil), 403, domain.MsgLayoutLimitReached)
		// Deleting one makes room again.
		expect(t, h.do("DELETE", fmt.Sprintf("/api/garden-layouts/%d", idOf(bobs)), h.alice, nil), 404, "")
		list := h.do("GET", "/api/garden-layouts?limit=1", h.alice, nil)
		expect(t, list, 200, "")
		newest := int64(list.body2()[0]["id"].(float64))
		expect(t, h.do("DELETE", fmt.Sprintf("/api/garden-layouts/%d", newest), h.alice, nil), 204, "")
		expect(t, h.do("POST", copyPath, h.alice, nil), 201, "")
	})
}

// status is one answer of a request sent from a goroutine.
type status struct {
	code       int
	retryAfter string
	body       string
}

// sendAsync is harness.do for goroutines: it reports instead of failing the test.
func (h *harness) sendAsync(method, path, token string, body string) status {
	req, _ := http.NewRequest(method, h.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		return status{code: -1, body: err.Error()}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return status{code: res.StatusCode, retryAfter: res.Header.Get("Retry-After"), body: string(raw)}
}

// TestLayoutCopies_DoNotLockOutOtherWriters: four gardeners copy the largest layout (200 beds
// of 100 plantings; 5 under -race) in loops while another creates plants. On SQLite every
// writer waits its turn (or is told to come back: 503 with Retry-After); nobody gets a 500
// "database is locked", and no gardener copies more than the quota (issue #22 item 3).
func TestLayoutCopies_DoNotLockOutOtherWriters(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ctx := context.Background()
	plan := h.store.(ports.PlanningStore)
	item := &domain.PlantDBItem{CommonName: "Leek", Type: domain.Vegetables, Source: domain.SourceManual, CreatedAt: h.clock.Now(), UpdatedAt: h.clock.Now()}
	if err := h.store.CreatePlantDB(ctx, item); err != nil {
		t.Fatal(err)
	}
	const attackers, attempts = 4, domain.MaxLayoutCopiesPerWindow + 2
	plantings := domain.MaxPlantingsPerBed
	if raceDetector {
		plantings = 5
	}
	tokens, paths := make([]string, attackers), make([]string, attackers)
	for i := range tokens {
		name := fmt.Sprintf("copier%d", i)
		u := h.user(name, domain.RoleUser)
		tokens[i] = h.login(name, "password-"+name)
		l := &domain.GardenLayout{UserID: u.ID, Name: "Allotment", Width: domain.MaxLayoutFeet, Height: domain.MaxLayoutFeet, CreatedAt: h.clock.Now()}
		for b := 0; b < domain.MaxBedsPerLayout; b++ {
			bed := &domain.GardenBed{Name: "Bed", X: float64(b%20) * 25, Y: float64(b/20) * 25, Width: 20, Height: 20}
			for p := 0; p < plantings; p++ {
				bed.Plantings = append(bed.Plantings, &domain.BedPlanting{PlantDatabaseID: &item.ID, Count: 1})
			}
			l.Beds = append(l.Beds, bed)
		}
		if err := plan.CreateLayout(ctx, l, nil); err != nil {
			t.Fatal(err)
		}
		paths[i] = fmt.Sprintf("/api/garden-layouts/%d/copy", l.ID)
	}
	h.user("victim", domain.RoleUser)
	victim := h.login("victim", "password-victim")

	var wg sync.WaitGroup
	copies := make([][]status, attackers)
	for i := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range attempts {
				copies[i] = append(copies[i], h.sendAsync("POST", paths[i], tokens[i], ""))
			}
		}()
	}
	stop := make(chan struct{})
	plants := make(chan status, 1000)
	go func() {
		defer close(plants)
		for n := 0; ; n++ {
			select {
			case <-stop:
				if n >= 5 {
					return
				}
			default:
			}
			plants <- h.sendAsync("POST", "/api/plants", victim, `{"name":"Basil","plantType":"Herbs"}`)
		}
	}()
	wg.Wait()
	close(stop)

	check := func(what string, s status, ok ...int) {
		t.Helper()
		if s.code == 503 && s.retryAfter != "" {
			return // busy: told when to come back
		}
		for _, c := range ok {
			if s.code == c {
				return
			}
		}
		t.Errorf("%s answered %d (Retry-After %q): %.200s", what, s.code, s.retryAfter, s.body)
	}
	copied, limited := 0, 0
	for i, mine := range copies {
		made := 0
		for _, s := range mine {
			check("a copy", s, 201, 429)
			made += btoi(s.code == 201)
			limited += btoi(s.code == 429)
		}
		if made > domain.MaxLayoutCopiesPerWindow {
			t.Errorf("copier%d made %d copies within the minute, the quota is %d", i, made, domain.MaxLayoutCopiesPerWindow)
		}
		copied += made
	}
	created := 0
	for s := range plants {
		check("the victim's plant", s, 201)
		created += btoi(s.code == 201)
	}
	if created == 0 {
		t.Error("the victim created no plant while the copies ran")
	}
	t.Logf("%d copies made, %d refused; %d plants created", copied, limited, created)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestForum_ModerationLeavesNoTrace: a topic under review is not counted for readers who cannot
// see it (visitors were shown 1 over an empty list), and a reply or topic hidden or deleted
// takes its reply and mention notifications with it, on both databases (issue #22 item 8).
func TestForum_ModerationLeavesNoTrace(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			_, ann := h.member("ann", domain.RoleUser, nil)
			_, bob := h.member("bob", domain.RoleUser, nil)
			r := h.do("POST", "/api/forum/categories", super, map[string]any{"name": "Herbs", "description": "Growing herbs"})
			expect(t, r, 201, "")
			categoryID, slug := idOf(r), r.body["slug"].(string)
			post := func(path, token string, body map[string]any) int64 {
				t.Helper()
				h.clock.Advance(7 * time.Second) // within the posting throttle
				r := h.do("POST", path, token, body)
				expect(t, r, 201, "")
				return idOf(r)
			}
			topic := func(title string) int64 {
				return post("/api/forum/topics", ann, map[string]any{"title": title, "categoryId": categoryID,
					"content": "<p>Secret-topic-text: what do you think, @bob?</p>"})
			}
			reply := func(topicID int64, text string) int64 {
				return post(fmt.Sprintf("/api/forum/topics/%d/posts", topicID), bob, map[string]any{"content": "<p>" + text + "</p>"})
			}
			// forumBell is the token's reply and mention notifications.
			forumBell := func(token string) []string {
				t.Helper()
				var out []string
				for _, n := range h.list(token) {
					if d, _ := n["data"].(map[string]any); d["type"] == domain.KindForumReply || d["type"] == domain.KindForumMention {
						out = append(out, fmt.Sprint(n["title"], " | ", n["content"]))
					}
				}
				return out
			}
			topicsCount := func(token string) (list, bySlug float64) {
				t.Helper()
				r := h.do("GET", "/api/forum/categories", token, nil)
				expect(t, r, 200, "")
				for _, c := range r.body2() {
					if c["slug"] == slug {
						list = c["topicsCount"].(float64)
					}
				}
				one := h.do("GET", "/api/forum/categories/by-slug/"+slug, token, nil)
				expect(t, one, 200, "")
				return list, one.body["topicsCount"].(float64)
			}

			t1 := topic("Basil in winter")
			p1 := reply(t1, "Secret-reply-one")
			if a, b := forumBell(ann), forumBell(bob); len(a) != 1 || len(b) != 1 {
				t.Fatalf("before moderation: ann %q, bob %q", a, b)
			}
			// The reply goes under review: ann's bell forgets it.
			expect(t, h.do("PATCH", fmt.Sprintf("/api/forum/posts/%d/review", p1), super, map[string]any{"inReview": true}), 200, "")
			if a := forumBell(ann); len(a) != 0 {
				t.Fatalf("ann's bell keeps a reply under review: %q", a)
			}
			// The topic goes under review: bob's mention goes, and only the superadmin counts it.
			expect(t, h.do("PATCH", fmt.Sprintf("/api/forum/topics/%d/review", t1), super, map[string]any{"inReview": true}), 200, "")
			if b := forumBell(bob); len(b) != 0 {
				t.Fatalf("bob's bell keeps a topic under review: %q", b)
			}
			for who, token := range map[string]string{"a visitor": "", "a gardener": bob, "its author": ann} {
				if list, one := topicsCount(token); list != 0 || one != 0 {
					t.Fatalf("%s is shown %v (list) and %v (category) topics, want 0", who, list, one)
				}
			}
			if list, one := topicsCount(super); list != 1 || one != 1 {
				t.Fatalf("the superadmin is shown %v and %v topics, want 1", list, one)
			}
			expect(t, h.do("PATCH", fmt.Sprintf("/api/forum/topics/%d/review", t1), super, map[string]any{"inReview": false}), 200, "")
			if list, one := topicsCount(""); list != 1 || one != 1 {
				t.Fatalf("after the review a visitor is shown %v and %v topics, want 1", list, one)
			}

			// Deleted: a reply's notification goes with it, a topic's with it.
			h.clock.Advance(2 * time.Hour) // past the one-an-hour notification window
			t2 := topic("Mint in pots")
			p2 := reply(t2, "Secret-reply-two")
			if a, b := forumBell(ann), forumBell(bob); len(a) != 1 || len(b) != 1 {
				t.Fatalf("second topic: ann %q, bob %q", a, b)
			}
			expect(t, h.do("DELETE", fmt.Sprintf("/api/forum/posts/%d", p2), super, nil), 200, "")
			if a := forumBell(ann); len(a) != 0 {
				t.Fatalf("ann's bell keeps a deleted reply: %q", a)
			}
			expect(t, h.do("DELETE", fmt.Sprintf("/api/forum/topics/%d", t2), super, nil), 200, "")
			if b := forumBell(bob); len(b) != 0 {
				t.Fatalf("bob's bell keeps a deleted topic: %q", b)
			}
		})
	}
}

// TestUserCategories_ExpertsFlagBySuperadminOnly: renaming a category "EXPERTS" makes nobody an
// expert; the Experts flag does, and only a superadmin may set or clear it (API and store), on
// both databases (issue #22 item 9).
func TestUserCategories_ExpertsFlagBySuperadminOnly(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			_, admin := h.member("adele", domain.RoleAdmin, nil)
			member, memberTok := h.member("moss", domain.RoleUser, nil)
			_, asker := h.member("ann", domain.RoleUser, nil)

			created := h.do("POST", "/api/user-categories", admin, map[string]any{"name": "Volunteers"})
			expect(t, created, 201, "")
			if created.body["experts"] != false {
				t.Fatalf("a new category: %s", created.raw)
			}
			path := fmt.Sprintf("/api/user-categories/%d", idOf(created))
			expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d", member.ID), super, map[string]any{"categoryId": idOf(created)}), 200, "")
			// The rename that made experts everywhere.
			expect(t, h.do("PATCH", path, admin, map[string]any{"name": "EXPERTS"}), 200, "")
			answer := func(n int) bool {
				t.Helper()
				q := h.question(asker, fmt.Sprintf("Why is my basil wilting, take %d?", n))
				r := h.do("POST", fmt.Sprintf("/api/expert-qa/%d/answers", q), memberTok, map[string]any{"content": "<p>Water it in the morning.</p>"})
				expect(t, r, 201, "")
				return r.body["isExpert"] == true
			}
			if answer(1) {
				t.Fatal("a category renamed EXPERTS made its members experts")
			}
			// Admins may not set the flag, on a new category or an old one.
			expect(t, h.do("PATCH", path, admin, map[string]any{"experts": true}), 403, domain.MsgExpertsBySuperadmin)
			expect(t, h.do("POST", "/api/user-categories", admin, map[string]any{"name": "Gurus", "experts": true}), 403, domain.MsgExpertsBySuperadmin)
			if answer(2) {
				t.Fatal("a refused flag made experts")
			}
			// A superadmin may; the admin may still rename it, not clear it.
			r := h.do("PATCH", path, super, map[string]any{"experts": true})
			expect(t, r, 200, "")
			if r.body["experts"] != true {
				t.Fatalf("flagged: %s", r.raw)
			}
			if !answer(3) {
				t.Fatal("a member of a category marked Experts is no expert")
			}
			r = h.do("PATCH", path, admin, map[string]any{"name": "Plant doctors", "experts": true})
			expect(t, r, 200, "")
			if r.body["experts"] != true || r.body["name"] != "Plant doctors" {
				t.Fatalf("renamed by an admin: %s", r.raw)
			}
			expect(t, h.do("PATCH", path, admin, map[string]any{"experts": false}), 403, domain.MsgExpertsBySuperadmin)
			list := h.do("GET", "/api/user-categories", memberTok, nil)
			expect(t, list, 200, "")
			if cats := list.body2(); len(cats) != 1 || cats[0]["experts"] != true {
				t.Fatalf("list: %s", list.raw)
			}
		})
	}
}
