package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// statementBudget is how many statements each main read may send, whatever the number of rows.
// The test runs every call with 10 and with 100 rows on both databases: the count must be the
// same for both sizes (no query per row) and within the budget (no lost join). Raise a budget
// only with a reason in the commit. Signing a request in is one statement (session and user).
var statementBudget = []struct {
	path  string
	admin bool
	max   int64
}{
	{"/api/user", false, 1},
	// +1: the owner's overdue tasks, read once for every plant's derived status. Half the
	// plants are adaptive with a logged rhythm: the learned interval is a column, not a read.
	{"/api/plants", false, 2},
	{"/api/plants?sort=status&status=needs_water", false, 2},
	// +1: the plant, read to answer 404 for another's
	{"/api/plants/{plant}/care", false, 3},
	{"/api/plants/{plant}/care?kind=water&limit=5", false, 3},
	{"/api/plants/{plant}", false, 3},
	{"/api/plants/limit", false, 2},
	{"/api/plants/{plant}/care-tasks", false, 3},
	{"/api/plants/{plant}/journal-entries", false, 3},
	{"/api/care-tasks", false, 2},
	{"/api/care-tasks?from=2026-06-01&to=2026-06-30", false, 2},
	{"/api/care-tasks/overdue?today=2026-06-30", false, 2},
	{"/api/care-due?from=2026-06-01&to=2026-06-30&today=2026-06-01", false, 2},
	{"/api/journal-entries", false, 2},
	{"/api/dashboard/summary?today=2026-06-01", false, 3},
	// The Today list: the plants (each with its task dates in its row) and the pending tasks
	// due by today, whatever the page (issue #27 items 1-2).
	{"/api/today", false, 3},
	{"/api/today?overdue=true&limit=10", false, 3},
	{"/api/notifications", false, 2},
	{"/api/maintenance/status", false, 3},
	{"/api/users", true, 2},
	{"/api/admin/users", true, 2},
	// The admin lists: one page, filtered in SQL (+1 for the sites: their user counts, one
	// grouped query for the page).
	{"/api/users?q=member0", true, 2},
	{"/api/admin/users?active=true&limit=20", true, 2},
	{"/api/sites", true, 3},
	{"/api/sites?q=site&maintenance=false", true, 3},
	{"/api/admin/sites", true, 3},
	{"/api/admin/sites?ids=1,2,3,4,5,6,7,8,9,10", true, 3},
	// A site's users, a page by id (+1: the site, read to answer 404 for an unknown one).
	{"/api/sites/{site}/users", true, 3},
	{"/api/sites/{site}/users?q=member&limit=20", true, 3},
	// The console's history, a page of rows notifications (global, site and user in turn):
	// the recipients are stored, reads counted and targets named in the same query.
	{"/api/notifications/admin", true, 2},
	{"/api/notifications/admin?limit=200", true, 2},
	{"/api/notifications/audience?targetType=global", true, 2},
	{"/api/harvests", false, 2},
	// +1: the yield per square foot of each bed, one grouped query
	{"/api/harvests/stats?period=year", false, 5},
	{"/api/harvests/export.csv", false, 2},
	{"/api/garden-beds", false, 2},
	{"/api/plant-database", false, 2},
	{"/api/plant-database?q=species&type=herbs&limit=20", false, 2},
	// What can be sown this week: one page of the sowable items, filtered in SQL (issue #24).
	{"/api/sowing?week=2026-06-01", false, 2},
	{"/api/sowing?week=2026-03-18&limit=20", false, 2},
	{"/api/sowing/season", false, 1},
	// The open listings (walking the newest ids), their plant types (a
	// loose index scan) and the tag cloud (question_tag_counts): docs/performance.md
	{"/api/plant-sharing", false, 2},
	{"/api/plant-sharing/plant-types", false, 2},
	{"/api/expert-qa/tags", false, 2},
	// +1: the questions' tags, one query per page; the searches walk the full-text index for a
	// page, the suggestions rank a bounded number of candidates (docs/performance.md)
	{"/api/expert-qa/similar?q=counted%20question", false, 3},
	{"/api/expert-qa?search=counted", false, 3},
	{"/api/plant-sharing?search=spare", false, 2},
	// The forum search ranks the newest matches and makes the snippets in one statement.
	{"/api/forum/search?q=counted", false, 2},
	// The categories with each one's last activity, read in the list's statement (issue 27).
	{"/api/forum/categories?limit=100", false, 2},
	// The Security page: the caller's open sessions and recent sign-ins, keyset pages (issue 28).
	{"/api/user/sessions?limit=100", false, 2},
	{"/api/user/sign-ins?limit=100", false, 2},
	// The linked identities (at most 10) and whether the account has a password.
	{"/api/user/identities", false, 3},
}

func TestStatementsPerRequest(t *testing.T) {
	t.Parallel()
	open := map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted,
	}
	for dialect, openStore := range open {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			counts := map[int]map[string]int64{}
			for _, rows := range []int{10, 100} {
				counts[rows] = countStatements(t, openStore, rows)
			}
			for _, b := range statementBudget {
				small, large := counts[10][b.path], counts[100][b.path]
				t.Logf("%-50s %d statements (10 rows), %d (100 rows)", b.path, small, large)
				if small != large {
					t.Errorf("%s: %d statements with 10 rows, %d with 100: a query runs per row", b.path, small, large)
				}
				if large > b.max {
					t.Errorf("%s: %d statements, budget %d", b.path, large, b.max)
				}
				if large == 0 {
					t.Errorf("%s: no statement counted: the counter is not wired", b.path)
				}
			}
		})
	}
}

// countStatements seeds a fresh installation with rows plants (each with a task and a journal
// entry), rows users (all on one site) and rows sites, then returns the statements each budgeted call sent.
func countStatements(t *testing.T, openStore func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store, rows int) map[string]int64 {
	counter := &sqlstore.StatementCounter{}
	// One user lists and asks rows times within a pinned minute: the write limits are off.
	h := newHarness(t, options{open: func(t testing.TB) *sqlstore.Store { return openStore(t, counter) }, writeLimits: domain.WriteLimits{}})
	h.user("counted", domain.RoleUser)
	h.user("counted-admin", domain.RoleSuperadmin)
	token := h.login("counted", "password-counted")
	admin := h.login("counted-admin", "password-counted-admin")
	expect(t, h.do("PATCH", "/api/user/settings", token, map[string]any{"lastSpringFrost": "05-10"}), 200, "")
	var plantID any
	// Half the harvests come from the beds of a layout: the list and the stats join them.
	bedIDs := h.bedsOf(token, "Counted beds", [2]float64{2, 2}, [2]float64{3, 3}, [2]float64{1, 4})
	site := h.do("POST", "/api/sites", admin, map[string]any{"name": "Counted site"})
	expect(t, site, 201, "")
	siteUsers := fmt.Sprintf("/api/sites/%v/users", site.body["id"])
	for i := 0; i < rows; i++ {
		p := h.do("POST", "/api/plants", token, map[string]any{"name": fmt.Sprintf("Plant %03d", i), "plantType": "Herbs",
			"waterFrequency": 3, "fertilizerFrequency": 30, "lastWatered": "2026-05-30T08:00:00Z"})
		expect(t, p, 201, "")
		plantID = p.body["id"]
		if i%2 == 0 {
			// Three more waterings every other day, and the plant switched to its learned rhythm.
			care := fmt.Sprintf("/api/plants/%v/care", plantID)
			for k := 3; k >= 1; k-- {
				expect(t, h.do("POST", care, token, map[string]any{"kind": "water", "at": h.clock.Now().AddDate(0, 0, -2*k).Format(time.RFC3339)}), 201, "")
			}
			adaptive := h.do("PATCH", fmt.Sprintf("/api/plants/%v", plantID), token, map[string]any{"waterMode": "adaptive"})
			expect(t, adaptive, 200, "")
			if adaptive.body["suggestedWaterFrequency"] == nil {
				t.Fatalf("no interval learned: %s", adaptive.raw)
			}
		}
		expect(t, h.do("POST", "/api/care-tasks", token, map[string]any{"plantId": plantID, "taskType": "water",
			"scheduledDate": fmt.Sprintf("2026-06-%02d", 1+i%28), "isRecurring": i%2 == 0, "recurringDays": 7}), 201, "")
		h.login("counted", "password-counted") // one more session and sign-in for the Security page
		expect(t, h.do("POST", "/api/journal-entries", token, map[string]any{"plantId": plantID, "title": fmt.Sprintf("Entry %d", i),
			"content": "Growing well", "entryDate": "2026-05-31"}), 201, "")
		harvest := map[string]any{"plantId": plantID, "harvestDate": "2026-05-31", "quantity": i, "unit": "g"}
		if i%2 == 0 {
			harvest["bedId"] = bedIDs[i%len(bedIDs)]
		}
		expect(t, h.do("POST", "/api/harvests", token, harvest), 201, "")
		member := h.user(fmt.Sprintf("member%03d", i), domain.RoleUser)
		expect(t, h.do("POST", siteUsers, admin, map[string]any{"userId": member.ID, "role": "member"}), 201, "")
		site := h.do("POST", "/api/sites", admin, map[string]any{"name": fmt.Sprintf("Site %03d", i), "email": "site@example.org"})
		expect(t, site, 201, "")
		note := map[string]any{"title": fmt.Sprintf("Notice %03d", i), "content": "For the counted console.", "targetType": "global"}
		switch i % 3 {
		case 1:
			note["targetType"], note["targetId"] = "site", site.body["id"]
		case 2:
			note["targetType"], note["targetId"] = "user", member.ID
		}
		sent := h.send(admin, note)
		expect(t, sent, 201, "")
		if note["targetType"] == "global" && i%2 == 0 {
			expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%v/read", sent.body["id"]), token, nil), 200, "")
		}
		// Every other species has sowing windows, in months or in weeks around the last frost.
		sowing := []map[string]any{{"directSow": map[string]any{"unit": "months", "from": 5, "to": 7}},
			{"sowIndoors": map[string]any{"unit": "weeks", "from": -12, "to": -6}, "transplant": map[string]any{"unit": "weeks", "from": 0, "to": 2}},
			nil, nil}[i%4]
		expect(t, h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": fmt.Sprintf("Species %03d", i),
			"scientificName": "Plantae species", "plantType": []string{"Herbs", "Vegetables"}[i%2], "sowing": sowing}), 201, "")
		h.listing(token, map[string]any{"title": fmt.Sprintf("Spare plant %03d", i), "plantType": []string{"Herbs", "Fruits", "Flowers"}[i%3]})
		expect(t, h.do("POST", "/api/expert-qa", token, map[string]any{"title": fmt.Sprintf("Counted question %03d", i),
			"content": "<p>The details of the counted question.</p>", "tags": []string{fmt.Sprintf("tag%03d", i), "common"}}), 201, "")
	}
	// Deliveries of the notifications run in the background: done before anything is counted.
	h.notify.delivered(t)
	// Forum topics and replies for the search, written through the store (posting through the API
	// is rate-limited per user).
	forum := h.store.(ports.ForumStore)
	ctx := context.Background()
	cat := &domain.ForumCategory{Name: "Counted", Slug: "counted", CreatedAt: h.clock.Now()}
	if err := forum.CreateForumCategory(ctx, cat); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < rows; i++ {
		// A category per row, each with a topic, for the categories' last activity.
		own := &domain.ForumCategory{Name: fmt.Sprintf("Counted %03d", i), Slug: fmt.Sprintf("counted-%03d", i), CreatedAt: h.clock.Now()}
		if err := forum.CreateForumCategory(ctx, own); err != nil {
			t.Fatal(err)
		}
		if err := forum.CreateForumTopic(ctx, &domain.ForumTopic{CategoryID: own.ID, Title: fmt.Sprintf("Topic of category %03d", i),
			Content: "<p>Its own.</p>", ContentText: "Its own.", CreatedAt: h.clock.Now()}); err != nil {
			t.Fatal(err)
		}
		tp := &domain.ForumTopic{CategoryID: cat.ID, Title: fmt.Sprintf("Counted topic %03d", i), Content: "<p>A counted topic.</p>",
			ContentText: "A counted topic.", CreatedAt: h.clock.Now()}
		if err := forum.CreateForumTopic(ctx, tp); err != nil {
			t.Fatal(err)
		}
		p := &domain.ForumPost{TopicID: tp.ID, Content: "<p>A counted reply.</p>", ContentText: "A counted reply.", CreatedAt: h.clock.Now()}
		if _, err := forum.CreateForumPost(ctx, p, func(*domain.ForumTopic) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	out := map[string]int64{}
	for _, b := range statementBudget {
		path := strings.Replace(b.path, "/api/sites/{site}/users", siteUsers, 1)
		if plantID != nil {
			path = replacePlant(path, plantID)
		}
		tok := token
		if b.admin {
			tok = admin
		}
		before := counter.Count()
		r := h.do("GET", path, tok, nil)
		if r.status != 200 {
			t.Fatalf("GET %s: %d %s", path, r.status, r.raw)
		}
		out[b.path] = counter.Count() - before
	}
	return out
}

func replacePlant(path string, id any) string {
	return strings.Replace(path, "{plant}", fmt.Sprint(id), 1)
}
