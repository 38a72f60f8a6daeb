package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// adminFixture is the cast of the authorization matrix: sites A and B (and an empty C), a
// member of A, site admins of A and B, an admin without a site, a superadmin, spare users.
type adminFixture struct {
	h                   *harness
	siteA, siteB, siteC int64
	member, target      int64 // members of A; target is the one acted upon
	spare               int64 // a user without a site
	siteAdminA          int64
	forum               int64 // the community_forum function
	extraFn             int64 // a deletable function
	tokens              map[string]string
}

func newAdminFixture(t *testing.T) *adminFixture {
	h := newHarness(t, options{})
	ctx := context.Background()
	f := &adminFixture{h: h, tokens: map[string]string{}}
	for _, s := range []struct {
		name string
		dst  *int64
	}{{"Site A", &f.siteA}, {"Site B", &f.siteB}, {"Site C", &f.siteC}} {
		site := &domain.Site{Name: s.name, Country: domain.DefaultCountry, Status: domain.SiteActive, UserLimit: 10, CreatedAt: h.clock.Now()}
		if err := h.store.CreateSite(ctx, site); err != nil {
			t.Fatal(err)
		}
		*s.dst = site.ID
	}
	mk := func(name string, role domain.Role, site *int64, siteAdmin bool) int64 {
		u := h.user(name, role)
		if site != nil {
			if _, err := h.accounts.ChangeUser(ctx, name, func(u *domain.User) error { u.SiteID, u.IsSiteAdmin = site, siteAdmin; return nil }); err != nil {
				t.Fatal(err)
			}
		}
		return u.ID
	}
	f.member = mk("member", domain.RoleUser, &f.siteA, false)
	f.target = mk("target", domain.RoleUser, &f.siteA, false)
	f.spare = mk("spare", domain.RoleUser, nil, false)
	f.siteAdminA = mk("siteadmina", domain.RoleUser, &f.siteA, true)
	mk("siteadminb", domain.RoleUser, &f.siteB, true)
	mk("admin", domain.RoleAdmin, nil, false)
	mk("super", domain.RoleSuperadmin, nil, false)
	for actor, name := range map[string]string{"user": "member", "siteAdminA": "siteadmina", "siteAdminB": "siteadminb", "admin": "admin", "superadmin": "super"} {
		f.tokens[actor] = h.login(name, "password-"+name)
	}
	fns, _ := h.store.ListAppFunctions(ctx)
	for _, fn := range fns {
		if fn.Name == domain.FunctionForum {
			f.forum = fn.ID
		}
		if fn.Name == domain.FunctionHarvest {
			f.extraFn = fn.ID
		}
	}
	return f
}

var actors = []string{"signedOut", "user", "siteAdminA", "admin", "superadmin", "siteAdminB"}

// TestAuthorizationMatrix checks, for every admin and maintenance endpoint, the status each
// kind of caller gets. Each cell runs on a fresh fixture so that one caller's change cannot
// decide another's answer.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	type call struct {
		method, path string
		body         any
	}
	type row struct {
		name string
		call func(f *adminFixture) call
		// want holds the status for signedOut, user, siteAdminA, admin, superadmin, siteAdminB.
		want [6]int
	}
	id := func(v int64) string { return fmt.Sprint(v) }
	rows := []row{
		{"list sites", func(f *adminFixture) call { return call{"GET", "/api/sites", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
		{"create site", func(f *adminFixture) call { return call{"POST", "/api/sites", map[string]any{"name": "New"}} }, [6]int{401, 403, 403, 403, 201, 403}},
		{"get site A", func(f *adminFixture) call { return call{"GET", "/api/sites/" + id(f.siteA), nil} }, [6]int{401, 200, 200, 404, 200, 404}},
		{"edit site A", func(f *adminFixture) call {
			return call{"PATCH", "/api/sites/" + id(f.siteA), map[string]any{"userLimit": 5}}
		}, [6]int{401, 403, 403, 403, 200, 403}},
		{"delete empty site", func(f *adminFixture) call { return call{"DELETE", "/api/sites/" + id(f.siteC), nil} }, [6]int{401, 403, 403, 403, 204, 403}},
		{"toggle site A", func(f *adminFixture) call { return call{"PATCH", "/api/sites/" + id(f.siteA) + "/toggle-status", nil} }, [6]int{401, 403, 403, 403, 200, 403}},
		{"current site", func(f *adminFixture) call { return call{"GET", "/api/sites/current", nil} }, [6]int{401, 200, 200, 404, 404, 200}},
		{"site categories", func(f *adminFixture) call { return call{"GET", "/api/site-categories", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
		{"admin sites", func(f *adminFixture) call { return call{"GET", "/api/admin/sites", nil} }, [6]int{401, 403, 403, 403, 200, 403}},
		{"list users", func(f *adminFixture) call { return call{"GET", "/api/users", nil} }, [6]int{401, 403, 200, 403, 200, 200}},
		{"admin users", func(f *adminFixture) call { return call{"GET", "/api/admin/users", nil} }, [6]int{401, 403, 403, 403, 200, 403}},
		{"create user", func(f *adminFixture) call {
			return call{"POST", "/api/users", map[string]any{"username": "newbie", "password": "long-password", "role": "user"}}
		}, [6]int{401, 403, 403, 403, 201, 403}},
		{"get user of A", func(f *adminFixture) call { return call{"GET", "/api/users/" + id(f.target), nil} }, [6]int{401, 404, 200, 404, 200, 404}},
		{"edit user of A", func(f *adminFixture) call {
			return call{"PATCH", "/api/users/" + id(f.target), map[string]any{"fullName": "Renamed"}}
		}, [6]int{401, 404, 200, 404, 200, 404}},
		{"promote user of A", func(f *adminFixture) call {
			return call{"PATCH", "/api/users/" + id(f.target), map[string]any{"role": "admin"}}
		}, [6]int{401, 404, 403, 404, 200, 404}},
		{"delete user", func(f *adminFixture) call { return call{"DELETE", "/api/users/" + id(f.target), nil} }, [6]int{401, 403, 403, 403, 204, 403}},
		{"toggle user of A", func(f *adminFixture) call { return call{"PATCH", "/api/users/" + id(f.target) + "/toggle-active", nil} }, [6]int{401, 404, 200, 404, 200, 404}},
		{"own settings", func(f *adminFixture) call {
			return call{"PATCH", "/api/user/settings", map[string]any{"fullName": "Me"}}
		}, [6]int{401, 200, 200, 200, 200, 200}},
		{"list categories", func(f *adminFixture) call { return call{"GET", "/api/user-categories", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
		{"create category", func(f *adminFixture) call {
			return call{"POST", "/api/user-categories", map[string]any{"name": "Growers"}}
		}, [6]int{401, 403, 403, 201, 201, 403}},
		{"site A users", func(f *adminFixture) call { return call{"GET", "/api/sites/" + id(f.siteA) + "/users", nil} }, [6]int{401, 403, 200, 403, 200, 403}},
		{"add user to A", func(f *adminFixture) call {
			return call{"POST", "/api/sites/" + id(f.siteA) + "/users", map[string]any{"userId": f.spare, "role": "member"}}
		}, [6]int{401, 403, 201, 403, 201, 403}},
		{"add admin to A", func(f *adminFixture) call {
			return call{"POST", "/api/sites/" + id(f.siteA) + "/users", map[string]any{"userId": f.spare, "role": "member", "isAdmin": true}}
		}, [6]int{401, 403, 403, 403, 201, 403}},
		{"site role of A user", func(f *adminFixture) call {
			return call{"PATCH", "/api/site-users/" + id(f.target) + "/role", map[string]any{"role": "manager"}}
		}, [6]int{401, 404, 200, 404, 200, 404}},
		{"site admin flag", func(f *adminFixture) call {
			return call{"PATCH", "/api/site-users/" + id(f.target) + "/admin", map[string]any{"isAdmin": true}}
		}, [6]int{401, 403, 403, 403, 200, 403}},
		{"remove from A", func(f *adminFixture) call { return call{"DELETE", "/api/site-users/" + id(f.target), nil} }, [6]int{401, 404, 204, 404, 204, 404}},
		{"site admin creates user in A", func(f *adminFixture) call {
			return call{"POST", "/api/sites/users", map[string]any{"username": "fresh", "email": "fresh@example.org", "password": "secret6", "siteId": f.siteA}}
		}, [6]int{401, 403, 201, 403, 201, 403}},
		{"deactivate A user", func(f *adminFixture) call {
			return call{"PATCH", "/api/sites/users/" + id(f.target), map[string]any{"isActive": false}}
		}, [6]int{401, 404, 200, 404, 200, 404}},
		{"maintenance status", func(f *adminFixture) call { return call{"GET", "/api/maintenance/status", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
		{"list functions", func(f *adminFixture) call { return call{"GET", "/api/maintenance/functions", nil} }, [6]int{401, 403, 403, 403, 200, 403}},
		{"create function", func(f *adminFixture) call {
			return call{"POST", "/api/maintenance/functions", map[string]any{"name": "seed_swap", "displayName": "Seed Swap"}}
		}, [6]int{401, 403, 403, 403, 201, 403}},
		{"function on", func(f *adminFixture) call {
			return call{"PATCH", "/api/maintenance/functions/" + id(f.forum), map[string]any{"maintenanceMode": true, "message": "Back at noon"}}
		}, [6]int{401, 403, 403, 403, 200, 403}},
		{"delete function", func(f *adminFixture) call { return call{"DELETE", "/api/maintenance/functions/" + id(f.extraFn), nil} }, [6]int{401, 403, 403, 403, 204, 403}},
		{"site A maintenance", func(f *adminFixture) call {
			return call{"POST", "/api/maintenance/site/" + id(f.siteA), map[string]any{"maintenanceMode": true, "message": "Closed"}}
		}, [6]int{401, 403, 403, 403, 200, 403}},
	}
	for _, r := range rows {
		for i, actor := range actors {
			want := r.want[i]
			t.Run(r.name+"/"+actor, func(t *testing.T) {
				t.Parallel()
				f := newAdminFixture(t)
				c := r.call(f)
				got := f.h.do(c.method, c.path, f.tokens[actor], c.body)
				if got.status != want {
					t.Fatalf("%s %s as %s: %d, want %d: %s", c.method, c.path, actor, got.status, want, got.raw)
				}
			})
		}
	}
}

func TestUserLimit_EveryPath(t *testing.T) {
	t.Parallel()
	f := newAdminFixture(t)
	h, ctx := f.h, context.Background()
	full := &domain.Site{Name: "Full", Country: domain.DefaultCountry, Status: domain.SiteActive, UserLimit: 1, CreatedAt: h.clock.Now()}
	if err := h.store.CreateSite(ctx, full); err != nil {
		t.Fatal(err)
	}
	super := f.tokens["superadmin"]
	expect(t, h.do("POST", "/api/users", super, map[string]any{"username": "first", "password": "long-password", "siteId": full.ID}), 201, "")
	paths := []struct {
		name         string
		method, path string
		body         any
	}{
		{"admin form", "POST", "/api/users", map[string]any{"username": "second", "password": "long-password", "siteId": full.ID}},
		{"move by edit", "PATCH", fmt.Sprintf("/api/users/%d", f.spare), map[string]any{"siteId": full.ID}},
		{"add to site", "POST", fmt.Sprintf("/api/sites/%d/users", full.ID), map[string]any{"userId": f.spare}},
		{"site admin form", "POST", "/api/sites/users", map[string]any{"username": "third", "email": "t@example.org", "password": "secret6", "siteId": full.ID}},
	}
	for _, p := range paths {
		r := h.do(p.method, p.path, super, p.body)
		if r.status != 403 || r.body["message"] != "User limit reached" || r.body["code"] != "limit_reached" {
			t.Errorf("%s: %d %s", p.name, r.status, r.raw)
		}
	}
	if site := h.do("GET", fmt.Sprintf("/api/sites/%d", full.ID), super, nil); site.body["userCount"].(float64) != 1 {
		t.Fatalf("users were added past the limit: %s", site.raw)
	}
	// The operator's path (CLI) is refused too.
	_, err := h.accounts.CreateUser(ctx, appNewUser("cliuser", full.ID))
	if domain.ErrorCode(err) != domain.ELimitReached {
		t.Fatalf("CLI path: %v", err)
	}
	// Raising the limit makes room.
	expect(t, h.do("PATCH", fmt.Sprintf("/api/sites/%d", full.ID), super, map[string]any{"userLimit": ""}), 200, "")
	expect(t, h.do("POST", fmt.Sprintf("/api/sites/%d/users", full.ID), super, map[string]any{"userId": f.spare}), 201, "")
}

func TestAccountRules_ThroughTheAPI(t *testing.T) {
	t.Parallel()
	f := newAdminFixture(t)
	h, ctx := f.h, context.Background()
	super := f.tokens["superadmin"]
	created, _, err := h.accounts.EnsureProtectedAdmin(ctx, "root", "root-password")
	if err != nil || !created {
		t.Fatal(err)
	}
	root, _ := h.store.ProtectedUser(ctx)
	rootPath := fmt.Sprintf("/api/users/%d", root.ID)
	chief := h.user("chief", domain.RoleSuperadmin)
	cases := []struct {
		method, path string
		body         any
		status       int
		msg          string
	}{
		{"DELETE", rootPath, nil, 403, "The protected system account cannot be deleted"},
		{"PATCH", rootPath + "/toggle-active", nil, 403, "The protected system account must remain active"},
		{"PATCH", rootPath, map[string]any{"username": "boss"}, 403, "The protected system account cannot be renamed"},
		{"PATCH", rootPath, map[string]any{"role": "admin"}, 403, "The protected system account must remain superadmin without site"},
		{"PATCH", rootPath, map[string]any{"siteId": f.siteA}, 403, "The protected system account must remain superadmin without site"},
		{"DELETE", fmt.Sprintf("/api/users/%d", chief.ID), nil, 403, "You cannot delete superadmin accounts"},
		{"PATCH", fmt.Sprintf("/api/users/%d/toggle-active", chief.ID), nil, 403, "You cannot deactivate superadmin accounts"},
		{"PATCH", fmt.Sprintf("/api/users/%d", chief.ID), map[string]any{"siteId": f.siteA}, 403, "Superadmin accounts cannot be associated with a specific site"},
		{"DELETE", fmt.Sprintf("/api/users/%d", f.siteAdminA), nil, 403, "You cannot delete site admin accounts. Please remove admin privileges first."},
		{"PATCH", fmt.Sprintf("/api/users/%d", f.spare), map[string]any{"isSiteAdmin": true}, 403, "Site admin accounts must be associated with a site"},
		{"DELETE", fmt.Sprintf("/api/site-users/%d", f.siteAdminA), nil, 403, "Remove this user's site admin rights before removing them from the site"},
		{"POST", "/api/users", map[string]any{"username": "ab", "password": "short", "email": "x"}, 400, "Username must be at least 3 characters"},
		{"POST", "/api/sites/users", map[string]any{"username": "abc", "email": "a@example.org", "password": "12345"}, 400, "Please select a site"},
		{"POST", "/api/sites", map[string]any{"name": "X", "email": "bad", "website": "nope", "userLimit": -1}, 400, "Name must be at least 2 characters"},
		{"PATCH", "/api/user/settings", map[string]any{"password": "short"}, 400, "Password must be at least 8 characters"},
	}
	for _, c := range cases {
		expect(t, h.do(c.method, c.path, super, c.body), c.status, c.msg)
	}
	// The site admin of A cannot make anyone an admin, nor deactivate themself.
	expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", f.siteAdminA), f.tokens["siteAdminA"], nil), 403, "You cannot do this to your own account")
	// Blank numbers are 0 and the country defaults (spec 02 §5).
	r := h.do("POST", "/api/sites", super, map[string]any{"name": "Blank Limits", "userLimit": "", "plantLimit": nil})
	expect(t, r, 201, "")
	if r.body["userLimit"].(float64) != 0 || r.body["plantLimit"].(float64) != 0 || r.body["country"] != "United States" || r.body["status"] != "active" {
		t.Fatalf("site defaults %s", r.raw)
	}
	// An empty password in one's settings leaves it as it is.
	expect(t, h.do("PATCH", "/api/user/settings", f.tokens["user"], map[string]any{"password": "", "fullName": "Member"}), 200, "")
	h.login("member", "password-member")
}

func TestMaintenance_GatesWrites(t *testing.T) {
	t.Parallel()
	f := newAdminFixture(t)
	h := f.h
	super, user := f.tokens["superadmin"], f.tokens["user"]
	fns := h.do("GET", "/api/maintenance/functions", super, nil).body2()
	fnID := map[string]int64{}
	for _, fn := range fns {
		fnID[fn["name"].(string)] = int64(fn["id"].(float64))
	}
	plants := fmt.Sprintf("/api/maintenance/functions/%d", fnID["my_plants"])
	expect(t, h.do("PATCH", plants, super, map[string]any{"maintenanceMode": true}), 400, "A message is required to turn maintenance on")
	on := h.do("PATCH", plants, super, map[string]any{"maintenanceMode": true, "message": "Repotting the database"})
	expect(t, on, 200, "")
	if on.body["lastMaintenanceStart"] == nil || on.body["maintenanceMessage"] != "Repotting the database" {
		t.Fatalf("on: %s", on.raw)
	}
	newPlant := map[string]any{"name": "Fern", "plantType": "Herbs"}
	r := h.do("POST", "/api/plants", user, newPlant)
	expect(t, r, 503, "Repotting the database")
	expect(t, h.do("GET", "/api/plants", user, nil), 200, "")                                    // reading stays open
	expect(t, h.do("POST", "/api/journal-entries", user, map[string]any{"title": "x"}), 400, "") // another function is open
	expect(t, h.do("POST", "/api/plants", super, newPlant), 201, "")                             // superadmins pass
	status := h.do("GET", "/api/maintenance/status", "", nil)
	if status.body["hasMaintenance"] != true || !strings.Contains(status.raw, `"name":"my_plants"`) || !strings.Contains(status.raw, "Repotting the database") {
		t.Fatalf("status %s", status.raw)
	}
	off := h.do("PATCH", plants, super, map[string]any{"maintenanceMode": false})
	if off.body["maintenanceMode"] != false || off.body["lastMaintenanceEnd"] == nil || off.body["maintenanceMessage"] != "" {
		t.Fatalf("off: %s", off.raw)
	}
	expect(t, h.do("POST", "/api/plants", user, newPlant), 201, "")

	// Site maintenance: users of site A are stopped, users elsewhere are not.
	expect(t, h.do("POST", fmt.Sprintf("/api/maintenance/site/%d", f.siteA), super, map[string]any{"maintenanceMode": true, "message": "Site A closed"}), 200, "")
	expect(t, h.do("PATCH", "/api/user/settings", user, map[string]any{"fullName": "x"}), 503, "Site A closed")
	expect(t, h.do("PATCH", "/api/user/settings", f.tokens["siteAdminB"], map[string]any{"fullName": "x"}), 200, "")
	mine := h.do("GET", "/api/maintenance/status", user, nil)
	theirs := h.do("GET", "/api/maintenance/status", f.tokens["siteAdminB"], nil)
	if !strings.Contains(mine.raw, "Site A closed") || strings.Contains(theirs.raw, "Site A closed") || theirs.body["hasMaintenance"] != false {
		t.Fatalf("status per site: mine %s theirs %s", mine.raw, theirs.raw)
	}
	expect(t, h.do("POST", fmt.Sprintf("/api/maintenance/site/%d", f.siteA), super, map[string]any{"maintenanceMode": false}), 200, "")

	// site_wide stops every write but the superadmin's.
	wide := fmt.Sprintf("/api/maintenance/functions/%d", fnID["site_wide"])
	expect(t, h.do("PATCH", wide, super, map[string]any{"maintenanceMode": true, "message": "Upgrading"}), 200, "")
	expect(t, h.do("PATCH", "/api/user/settings", f.tokens["siteAdminB"], map[string]any{"fullName": "y"}), 503, "Upgrading")
	expect(t, h.do("PATCH", "/api/user/settings", super, map[string]any{"fullName": "Super"}), 200, "")
	expect(t, h.do("DELETE", wide, super, nil), 403, "The site_wide function cannot be deleted")
	// Signing in and out still works during maintenance.
	h.login("member", "password-member")
}

func TestSiteUsers(t *testing.T) {
	t.Parallel()
	f := newAdminFixture(t)
	h := f.h
	sa := f.tokens["siteAdminA"]
	list := h.do("GET", fmt.Sprintf("/api/sites/%d/users", f.siteA), sa, nil).body2()
	if len(list) != 3 || list[0]["user"] == nil || list[0]["role"] != "member" || list[0]["createdAt"] == nil {
		t.Fatalf("site users %v", list)
	}
	created := h.do("POST", "/api/sites/users", sa, map[string]any{"username": "newcomer", "email": "n@example.org", "password": "secret6",
		"fullName": "New Comer", "siteId": f.siteA, "role": "admin"})
	expect(t, created, 201, "")
	if created.body["role"] != "user" || created.body["siteId"].(float64) != float64(f.siteA) {
		t.Fatalf("a site admin's new user is a general user of the site: %s", created.raw)
	}
	h.login("newcomer", "secret6")
	role := h.do("PATCH", fmt.Sprintf("/api/site-users/%d/role", f.target), sa, map[string]any{"role": "owner"})
	if role.body["role"] != "owner" || role.body["id"].(float64) != float64(f.target) {
		t.Fatalf("role %s", role.raw)
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/site-users/%d/role", f.target), sa, map[string]any{"role": "king"}), 400, "Site role must be member, manager or owner")
	expect(t, h.do("POST", fmt.Sprintf("/api/sites/%d/users", f.siteA), sa, map[string]any{"userId": f.member}), 409, "This user already belongs to a site")
	expect(t, h.do("POST", fmt.Sprintf("/api/sites/%d/users", f.siteA), sa, map[string]any{}), 400, "Please select a user")
	deact := h.do("PATCH", fmt.Sprintf("/api/sites/users/%d", f.target), sa, map[string]any{"isActive": false})
	if deact.body["isActive"] != false {
		t.Fatalf("deactivate %s", deact.raw)
	}
	expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "target", "password": "password-target"}), 403, "")
	expect(t, h.do("DELETE", fmt.Sprintf("/api/site-users/%d", f.target), sa, nil), 204, "")
	if u := h.do("GET", fmt.Sprintf("/api/users/%d", f.target), f.tokens["superadmin"], nil); u.body["siteId"] != nil {
		t.Fatalf("still on the site: %s", u.raw)
	}
}

func appNewUser(name string, site int64) (out appNewUserT) {
	out.Username, out.Password, out.SiteID = name, "long-password", &site
	return out
}
