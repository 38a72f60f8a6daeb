package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// The callers of the user-administration matrix, in the order of each row's statuses.
var umCallers = []string{"user", "siteAdminA", "adminA", "adminNoSite", "superadmin", "siteAdminB"}

// The kinds of account acted upon. Each cell acts on a fresh account of its kind, so one cell's
// change cannot decide another's answer, and the callers stay the same for the whole table.
var umTargets = []string{"userA", "siteAdminA", "adminA", "superadmin", "userNoSite", "adminNoSite", "userB"}

// TestUserAdministrationMatrix checks every (caller role × target role × action) cell of user
// administration on both databases through the real router. A site manager (site admin or
// admin of a site) may act only on the plain gardeners of their own site; every other account
// answers 404 "User not found", exactly as an id that does not exist (issue #16 items 1 and 8).
func TestUserAdministrationMatrix(t *testing.T) {
	t.Parallel()
	type action struct {
		name   string
		method string
		path   func(target int64, siteA int64) string
		body   func(target int64) any
		// want maps a target kind to the status for each caller of umCallers.
		want map[string][6]int
	}
	id := func(v int64) string { return fmt.Sprint(v) }
	same := func(row [6]int, kinds ...string) map[string][6]int {
		m := map[string][6]int{}
		for _, k := range kinds {
			m[k] = row
		}
		return m
	}
	merge := func(ms ...map[string][6]int) map[string][6]int {
		out := map[string][6]int{}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	// Rows shared by the actions that change an account.
	change := func(ok, superOnSuper int) map[string][6]int {
		return merge(
			same([6]int{404, ok, ok, 404, ok, 404}, "userA"),
			same([6]int{404, 404, 404, 404, ok, 404}, "siteAdminA", "adminA", "userNoSite", "adminNoSite"),
			same([6]int{404, 404, 404, 404, superOnSuper, 404}, "superadmin"),
			same([6]int{404, 404, 404, 404, ok, ok}, "userB"),
		)
	}
	actions := []action{
		{name: "get", method: "GET", path: func(t, _ int64) string { return "/api/users/" + id(t) },
			want: merge(
				same([6]int{404, 200, 200, 404, 200, 404}, "userA", "siteAdminA", "adminA"),
				same([6]int{404, 404, 404, 404, 200, 404}, "superadmin", "userNoSite", "adminNoSite"),
				same([6]int{404, 404, 404, 404, 200, 200}, "userB"),
			)},
		{name: "edit profile", method: "PATCH", path: func(t, _ int64) string { return "/api/users/" + id(t) },
			body: func(int64) any { return map[string]any{"fullName": "Renamed"} }, want: change(200, 200)},
		{name: "set password", method: "PATCH", path: func(t, _ int64) string { return "/api/users/" + id(t) },
			body: func(int64) any { return map[string]any{"password": "taken-over-1"} }, want: change(200, 200)},
		{name: "toggle active", method: "PATCH", path: func(t, _ int64) string { return "/api/users/" + id(t) + "/toggle-active" },
			want: change(200, 403)},
		{name: "deactivate as site user", method: "PATCH", path: func(t, _ int64) string { return "/api/sites/users/" + id(t) },
			body: func(int64) any { return map[string]any{"isActive": false} }, want: change(200, 403)},
		{name: "site role", method: "PATCH", path: func(t, _ int64) string { return "/api/site-users/" + id(t) + "/role" },
			body: func(int64) any { return map[string]any{"role": "manager"} },
			want: merge(
				same([6]int{404, 200, 200, 404, 200, 404}, "userA"),
				same([6]int{404, 404, 404, 404, 200, 404}, "siteAdminA", "adminA"),
				same([6]int{404, 404, 404, 404, 404, 404}, "superadmin", "userNoSite", "adminNoSite"),
				same([6]int{404, 404, 404, 404, 200, 200}, "userB"),
			)},
		{name: "site admin flag", method: "PATCH", path: func(t, _ int64) string { return "/api/site-users/" + id(t) + "/admin" },
			body: func(int64) any { return map[string]any{"isAdmin": true} },
			want: merge(
				same([6]int{403, 403, 403, 403, 200, 403}, "userA", "siteAdminA", "adminA", "userB"),
				same([6]int{403, 403, 403, 403, 404, 403}, "superadmin", "userNoSite", "adminNoSite"),
			)},
		{name: "remove from site", method: "DELETE", path: func(t, _ int64) string { return "/api/site-users/" + id(t) },
			want: merge(
				same([6]int{404, 204, 204, 404, 204, 404}, "userA"),
				same([6]int{404, 404, 404, 404, 403, 404}, "siteAdminA"),
				same([6]int{404, 404, 404, 404, 204, 404}, "adminA"),
				same([6]int{404, 404, 404, 404, 404, 404}, "superadmin", "userNoSite", "adminNoSite"),
				same([6]int{404, 404, 404, 404, 204, 204}, "userB"),
			)},
		{name: "add to site A", method: "POST", path: func(_, a int64) string { return "/api/sites/" + id(a) + "/users" },
			body: func(t int64) any { return map[string]any{"userId": t, "role": "member"} },
			want: merge(
				same([6]int{403, 409, 409, 403, 409, 403}, "userA", "siteAdminA", "adminA"),
				same([6]int{403, 404, 404, 403, 403, 403}, "superadmin"),
				same([6]int{403, 201, 201, 403, 201, 403}, "userNoSite"),
				same([6]int{403, 404, 404, 403, 201, 403}, "adminNoSite"),
				same([6]int{403, 404, 404, 403, 409, 403}, "userB"),
			)},
		{name: "delete", method: "DELETE", path: func(t, _ int64) string { return "/api/users/" + id(t) },
			want: merge(
				same([6]int{403, 403, 403, 403, 204, 403}, "userA", "adminA", "userNoSite", "adminNoSite", "userB"),
				same([6]int{403, 403, 403, 403, 403, 403}, "siteAdminA", "superadmin"),
			)},
		{name: "impersonate", method: "POST", path: func(t, _ int64) string { return "/api/impersonate/" + id(t) },
			want: same([6]int{403, 403, 403, 403, 200, 403}, umTargets...)},
	}
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			ctx := context.Background()
			sites := map[string]int64{}
			for _, name := range []string{"A", "B"} {
				site := &domain.Site{Name: "Site " + name, Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: h.clock.Now()}
				if err := h.store.CreateSite(ctx, site); err != nil {
					t.Fatal(err)
				}
				sites[name] = site.ID
			}
			siteA, siteB := sites["A"], sites["B"]
			mk := func(name string, role domain.Role, site *int64, siteAdmin bool) int64 {
				u := h.user(name, role)
				if site != nil {
					if _, err := h.accounts.ChangeUser(ctx, name, func(u *domain.User) error { u.SiteID, u.IsSiteAdmin = site, siteAdmin; return nil }); err != nil {
						t.Fatal(err)
					}
				}
				return u.ID
			}
			kind := func(name, k string) int64 {
				switch k {
				case "userA", "user":
					return mk(name, domain.RoleUser, &siteA, false)
				case "siteAdminA":
					return mk(name, domain.RoleUser, &siteA, true)
				case "siteAdminB":
					return mk(name, domain.RoleUser, &siteB, true)
				case "adminA":
					return mk(name, domain.RoleAdmin, &siteA, false)
				case "superadmin":
					return mk(name, domain.RoleSuperadmin, nil, false)
				case "userNoSite":
					return mk(name, domain.RoleUser, nil, false)
				case "adminNoSite":
					return mk(name, domain.RoleAdmin, nil, false)
				case "userB":
					return mk(name, domain.RoleUser, &siteB, false)
				}
				t.Fatalf("unknown kind %s", k)
				return 0
			}
			tokens := map[string]string{}
			for i, c := range umCallers {
				name := fmt.Sprintf("caller%d", i)
				kind(name, c)
				tokens[c] = h.login(name, "password-"+name)
			}
			n := 0
			for _, a := range actions {
				for _, tk := range umTargets {
					row, ok := a.want[tk]
					if !ok {
						t.Fatalf("%s: no row for target %s", a.name, tk)
					}
					for ci, caller := range umCallers {
						n++
						name := fmt.Sprintf("target%d", n)
						target := kind(name, tk)
						var body any
						if a.body != nil {
							body = a.body(target)
						}
						got := h.do(a.method, a.path(target, siteA), tokens[caller], body)
						if got.status != row[ci] {
							t.Errorf("%s on %s by %s: %d, want %d: %s", a.name, tk, caller, got.status, row[ci], got.raw)
							continue
						}
						if got.status == 404 && got.body["message"] != domain.MsgUserNotFound && got.body["message"] != "This user does not belong to a site" {
							t.Errorf("%s on %s by %s: 404 message %q, want %q", a.name, tk, caller, got.body["message"], domain.MsgUserNotFound)
						}
						if a.name == "set password" {
							// The new password signs in exactly when the change was allowed.
							r := h.do("POST", "/api/login", "", map[string]string{"username": name, "password": "taken-over-1"})
							if (r.status == 200) != (got.status == 200) {
								t.Errorf("set password on %s by %s answered %d, then sign-in with it answered %d", tk, caller, got.status, r.status)
							}
						}
					}
				}
			}
			// A site manager gets the same answer for an id that does not exist.
			for _, c := range []string{"siteAdminA", "adminA"} {
				for _, path := range []string{"/api/users/999999", "/api/users/999999/toggle-active"} {
					method := "PATCH"
					if path == "/api/users/999999" {
						method = "GET"
					}
					expect(t, h.do(method, path, tokens[c], nil), 404, domain.MsgUserNotFound)
				}
				expect(t, h.do("POST", "/api/sites/"+id(siteA)+"/users", tokens[c], map[string]any{"userId": 999999}), 404, domain.MsgUserNotFound)
			}
		})
	}
}
