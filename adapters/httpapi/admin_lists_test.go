package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// pages follows X-Next-Cursor from path and returns every item's field, page by page.
func (h *harness) pages(t *testing.T, path, token, field string) (names []any, pages int) {
	t.Helper()
	next := ""
	for {
		p := path
		if next != "" {
			p += "&cursor=" + url.QueryEscape(next)
		}
		r := h.do("GET", p, token, nil)
		expect(t, r, 200, "")
		for _, item := range r.body2() {
			names = append(names, item[field])
		}
		pages++
		if next = r.header.Get("X-Next-Cursor"); next == "" {
			return names, pages
		}
	}
}

// The admin lists are paged with their filters in SQL (issue #14): users by id, sites by name
// with their user counts, the maintenance status's count and the console's audience.
func TestAdminLists_PagedAndFilteredOnTheServer(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("boss", domain.RoleSuperadmin)
			admin := h.login("boss", "password-boss")
			var siteIDs []any
			for _, name := range []string{"Oakfield", "alder row", "Birch End", "Cedar Hill", "elm court"} {
				r := h.do("POST", "/api/sites", admin, map[string]any{"name": name, "city": "Leeds"})
				expect(t, r, 201, "")
				siteIDs = append(siteIDs, r.body["id"])
			}
			for i := 0; i < 7; i++ {
				r := h.do("POST", "/api/users", admin, map[string]any{"username": fmt.Sprintf("grower%d", i), "email": fmt.Sprintf("g%d@example.org", i),
					"fullName": fmt.Sprintf("Grower %d", i), "password": "password-grower", "role": "user", "siteId": siteIDs[i%2], "isActive": i != 6})
				expect(t, r, 201, "")
			}

			// Users: pages of 3 by id, every user once; the search and the active flag in SQL.
			names, pages := h.pages(t, "/api/users?limit=3", admin, "username")
			if len(names) != 8 || pages != 3 || names[0] != "boss" || names[7] != "grower6" {
				t.Fatalf("users %v in %d pages", names, pages)
			}
			names, _ = h.pages(t, "/api/admin/users?q=GROWER&active=true&limit=2", admin, "username")
			if len(names) != 6 || names[5] != "grower5" {
				t.Fatalf("active growers %v", names)
			}
			names, _ = h.pages(t, "/api/users?q=g3%40example", admin, "username")
			if len(names) != 1 || names[0] != "grower3" {
				t.Fatalf("by e-mail %v", names)
			}

			// Sites: by name whatever the case, with their user counts; ?ids= names some.
			names, pages = h.pages(t, "/api/sites?limit=2", admin, "name")
			if fmt.Sprint(names) != "[alder row Birch End Cedar Hill elm court Oakfield]" || pages != 3 {
				t.Fatalf("sites %v in %d pages", names, pages)
			}
			r := h.do("GET", fmt.Sprintf("/api/admin/sites?ids=%v,%v", siteIDs[0], siteIDs[1]), admin, nil)
			expect(t, r, 200, "")
			counts := map[any]any{}
			for _, s := range r.body2() {
				counts[s["name"]] = s["userCount"]
			}
			if len(counts) != 2 || counts["Oakfield"] != 4.0 || counts["alder row"] != 3.0 {
				t.Fatalf("counts %v", counts)
			}
			expect(t, h.do("GET", "/api/admin/sites?ids=1,x", admin, nil), 400, "ids must be at most 200 site ids separated by commas")
			expect(t, h.do("GET", "/api/sites?limit=0", admin, nil), 400, domain.MsgPageLimit)

			// Maintenance: the filter and the status's count.
			for _, id := range siteIDs[:2] {
				expect(t, h.do("POST", fmt.Sprintf("/api/maintenance/site/%v", id), admin, map[string]any{"maintenanceMode": true, "message": "Closed"}), 200, "")
			}
			names, _ = h.pages(t, "/api/sites?maintenance=true", admin, "name")
			if fmt.Sprint(names) != "[alder row Oakfield]" {
				t.Fatalf("in maintenance %v", names)
			}
			st := h.do("GET", "/api/maintenance/status", admin, nil)
			if st.body["sitesInMaintenanceCount"] != 2.0 || len(st.body["sitesInMaintenance"].([]any)) != 2 || st.body["hasMaintenance"] != true {
				t.Fatalf("status %s", st.raw)
			}
			grower := h.login("grower0", "password-grower")
			st = h.do("GET", "/api/maintenance/status", grower, nil)
			if st.body["sitesInMaintenanceCount"] != 1.0 {
				t.Fatalf("a member's status %s", st.raw)
			}

			// The console: who a target reaches, counted in SQL (grower6 is inactive).
			for path, want := range map[string]float64{
				"/api/notifications/audience?targetType=global":                                    7,
				fmt.Sprintf("/api/notifications/audience?targetType=site&targetId=%v", siteIDs[0]): 3,
				"/api/notifications/audience?targetType=user":                                      0,
			} {
				r := h.do("GET", path, admin, nil)
				if r.status != 200 || r.body["recipientCount"] != want {
					t.Fatalf("%s: %s, want %v", path, r.raw, want)
				}
			}
			expect(t, h.do("GET", "/api/notifications/audience?targetType=planet", admin, nil), 400, "Target type must be global, site or user")
			expect(t, h.do("GET", "/api/notifications/audience?targetType=global", grower, nil), 403, "")
			sent := h.do("POST", "/api/notifications/send", admin, map[string]any{"title": "Hi", "content": "Hello", "targetType": "site", "targetId": siteIDs[0]})
			expect(t, sent, 201, "")
			if sent.body["recipientCount"] != 3.0 || sent.body["targetName"] != "Oakfield" {
				t.Fatalf("sent %s", sent.raw)
			}
			history := h.do("GET", "/api/notifications/admin", admin, nil).body2()
			if len(history) != 1 || history[0]["recipientCount"] != 3.0 || history[0]["targetName"] != "Oakfield" {
				t.Fatalf("history %v", history)
			}
		})
	}
}

// GET /api/sites/{id}/users is paged by id and searched in SQL like GET /api/users (issue #14),
// and its rules stay: a site admin reads their own site only, a superadmin any site.
func TestSiteUsers_PagedSearchedAndAuthorized(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("boss", domain.RoleSuperadmin)
			super := h.login("boss", "password-boss")
			var sites []any
			for _, name := range []string{"Allotments", "Orchard"} {
				r := h.do("POST", "/api/sites", super, map[string]any{"name": name})
				expect(t, r, 201, "")
				sites = append(sites, r.body["id"])
			}
			newUser := func(name, fullName string, site any, siteAdmin bool) any {
				r := h.do("POST", "/api/users", super, map[string]any{"username": name, "email": name + "@example.org", "fullName": fullName,
					"password": "password-" + name, "role": "user", "siteId": site, "isSiteAdmin": siteAdmin})
				expect(t, r, 201, "")
				return r.body["id"]
			}
			var want []any
			want = append(want, newUser("keeper", "Site Keeper", sites[0], true))
			for i := 0; i < 6; i++ {
				want = append(want, newUser(fmt.Sprintf("digger%d", i), fmt.Sprintf("Digger Number %d", i), sites[0], false))
				newUser(fmt.Sprintf("picker%d", i), "Apple Picker", sites[1], i == 0)
			}
			keeper, picker := h.login("keeper", "password-keeper"), h.login("picker0", "password-picker0")
			path := func(site any, query string) string { return fmt.Sprintf("/api/sites/%v/users?%s", site, query) }

			// Pages of 3 by id, each with the cursor and the Link to the next; the items keep their shape.
			for _, token := range []string{super, keeper} {
				ids, pages := h.pages(t, path(sites[0], "limit=3"), token, "id")
				if fmt.Sprint(ids) != fmt.Sprint(want) || pages != 3 {
					t.Fatalf("site users %v in %d pages, want %v in 3", ids, pages, want)
				}
			}
			first := h.do("GET", path(sites[0], "limit=3"), keeper, nil)
			items := first.body2()
			if link := first.header.Get("Link"); !strings.Contains(link, `rel="next"`) || !strings.Contains(link, "limit=3") ||
				items[0]["role"] != "member" || items[0]["createdAt"] == nil || items[0]["user"].(map[string]any)["username"] != "keeper" {
				t.Fatalf("first page %s, Link %q", first.raw, first.header.Get("Link"))
			}
			all := h.do("GET", path(sites[0], ""), keeper, nil)
			if len(all.body2()) != 7 || all.header.Get("X-Next-Cursor") != "" || all.header.Get("Link") != "" {
				t.Fatalf("one page of 7: %s", all.raw)
			}

			// ?q= in the username, full name or e-mail, case-insensitive, within the site only.
			for query, n := range map[string]int{"q=DIGGER": 6, "q=number%203": 1, "q=keeper%40example": 1, "q=apple": 0, "q=digger&limit=4": 6} {
				ids, _ := h.pages(t, path(sites[0], query), super, "id")
				if len(ids) != n {
					t.Errorf("%s: %d users, want %d", query, len(ids), n)
				}
			}

			// The rules: a site admin reads only their own site, a superadmin any; an unknown site is 404.
			expect(t, h.do("GET", path(sites[1], "q=apple"), keeper, nil), 403, domain.MsgNotYourSite)
			expect(t, h.do("GET", path(sites[0], ""), picker, nil), 403, domain.MsgNotYourSite)
			expect(t, h.do("GET", path(sites[1], ""), h.login("digger0", "password-digger0"), nil), 403, domain.MsgAdminRequired)
			if r := h.do("GET", path(sites[1], ""), picker, nil); len(r.body2()) != 6 {
				t.Fatalf("the orchard's admin: %s", r.raw)
			}
			expect(t, h.do("GET", "/api/sites/987654/users", super, nil), 404, domain.MsgSiteNotFound)
			expect(t, h.do("GET", path(sites[0], "limit=201"), keeper, nil), 400, domain.MsgPageLimit)
			expect(t, h.do("GET", path(sites[0], "cursor=%21%21"), keeper, nil), 400, domain.MsgPageCursor)
		})
	}
}
