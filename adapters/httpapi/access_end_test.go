package httpapi_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// apiToken creates a personal API token with the owner's password and returns it.
func (h *harness) apiToken(session, password string, scope domain.TokenScope) (token string, id int64) {
	h.t.Helper()
	r := h.do("POST", "/api/user/tokens", session, map[string]any{"name": "script", "scope": string(scope), "expiresInDays": 30, "password": password})
	if r.status != 201 {
		h.t.Fatalf("token: %d %s", r.status, r.raw)
	}
	return r.body["token"].(string), int64(r.body["id"].(float64))
}

// devicesOf reads a user's device rows as stored, expired sign-ins included.
func (h *harness) devicesOf(userID int64) []string {
	h.t.Helper()
	l, err := h.store.(ports.DeviceStore).ListDevices(context.Background(), userID)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	for _, d := range l {
		out = append(out, d.PlayerID)
	}
	return out
}

// register registers a browser's push subscription with token and returns its endpoint.
func (h *harness) register(token, name string) string {
	h.t.Helper()
	endpoint := "https://push.example.org/wpush/" + name
	r := h.do("POST", "/api/notifications/register-device", token, subscriptionBody(endpoint))
	if r.status != 201 && r.status != 200 {
		h.t.Fatalf("register %s: %d %s", name, r.status, r.raw)
	}
	return endpoint
}

// TestAccessEnds_WithThePassword: a new password (its owner's, `gardenctl users
// reset-password`'s, a superadmin's or a site admin's), deactivation and deletion end every way
// to act as the user: sessions, write API tokens and the push devices they registered (issue
// #22 items 6 and 7). Someone else's token keeps working.
func TestAccessEnds_WithThePassword(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		site := h.newSite("Allotments")
		h.user("boss", domain.RoleSuperadmin)
		boss := h.login("boss", "password-boss")
		if _, err := h.accounts.CreateUser(ctx, app.NewUser{Username: "warden", Password: "password-warden", SiteID: &site, IsSiteAdmin: true}); err != nil {
			t.Fatal(err)
		}
		warden := h.login("warden", "password-warden")
		_, bystanderSession := h.member("bystander", domain.RoleUser, nil)
		bystander, _ := h.apiToken(bystanderSession, "password-bystander", domain.ScopeWrite)

		events := map[string]func(t *testing.T, u *domain.User, session string){
			"OwnPasswordChange": func(t *testing.T, u *domain.User, session string) {
				expect(t, h.do("PATCH", "/api/user/settings", session, map[string]any{"password": "a-new-password", "currentPassword": "password-" + u.Username}), 200, "")
			},
			"ResetPasswordCommand": func(t *testing.T, u *domain.User, _ string) {
				// What `gardenctl users reset-password` runs.
				if _, err := h.accounts.ResetPassword(ctx, u.Username, "a-new-password"); err != nil {
					t.Fatal(err)
				}
			},
			"SuperadminSetsPassword": func(t *testing.T, u *domain.User, _ string) {
				expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d", u.ID), boss, map[string]any{"password": "a-new-password"}), 200, "")
			},
			"SiteAdminSetsPassword": func(t *testing.T, u *domain.User, _ string) {
				expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d", u.ID), warden, map[string]any{"password": "a-new-password"}), 200, "")
			},
			"Deactivation": func(t *testing.T, u *domain.User, _ string) {
				expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", u.ID), boss, nil), 200, "")
			},
			"Deletion": func(t *testing.T, u *domain.User, _ string) {
				expect(t, h.do("DELETE", fmt.Sprintf("/api/users/%d", u.ID), boss, nil), 204, "")
			},
		}
		for name, event := range events {
			username := strings.ToLower(name)
			u, session := h.member(username, domain.RoleUser, &site)
			token, _ := h.apiToken(session, "password-"+username, domain.ScopeWrite)
			h.register(session, username+"-browser")
			h.register(token, username+"-script")
			expect(t, h.do("POST", "/api/plants", token, map[string]any{"name": "Mint", "plantType": "Herbs"}), 201, "")
			if got := h.devicesOf(u.ID); len(got) != 2 {
				t.Fatalf("%s: devices before %v", name, got)
			}

			event(t, u, session)

			if r := h.do("GET", "/api/user", token, nil); r.status != 401 {
				t.Fatalf("%s: the API token still answers %d", name, r.status)
			}
			if r := h.do("POST", "/api/plants", token, map[string]any{"name": "Basil", "plantType": "Herbs"}); r.status != 401 {
				t.Fatalf("%s: the API token still writes: %d", name, r.status)
			}
			if r := h.do("GET", "/api/user", session, nil); r.status != 401 {
				t.Fatalf("%s: the session still answers %d", name, r.status)
			}
			if got := h.devicesOf(u.ID); len(got) != 0 {
				t.Fatalf("%s: push devices left %v", name, got)
			}
		}
		expect(t, h.do("GET", "/api/user", bystander, nil), 200, "")
	})
}

// TestAPITokens_CreationAsksForThePassword: a sign-in alone cannot mint a token; the password
// is asked again, and a missing or wrong one creates nothing.
func TestAPITokens_CreationAsksForThePassword(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		_, session := h.member("keeper", domain.RoleUser, nil)
		body := map[string]any{"name": "cron", "scope": "write", "expiresInDays": 30}
		r := h.do("POST", "/api/user/tokens", session, body)
		expect(t, r, 400, domain.MsgTokenPasswordRequired)
		if errs, _ := r.body["errors"].(map[string]any); errs["password"] != domain.MsgTokenPasswordRequired {
			t.Fatalf("errors %v", r.body["errors"])
		}
		body["password"] = "not-the-password"
		r = h.do("POST", "/api/user/tokens", session, body)
		expect(t, r, 403, domain.MsgTokenPasswordWrong)
		if errs, _ := r.body["errors"].(map[string]any); errs["password"] != domain.MsgTokenPasswordWrong {
			t.Fatalf("errors %v", r.body["errors"])
		}
		if list := h.do("GET", "/api/user/tokens", session, nil); list.raw != "[]\n" {
			t.Fatalf("a refused creation made a token: %s", list.raw)
		}
		// Field rules come first: a bad name is named without checking any password.
		expect(t, h.do("POST", "/api/user/tokens", session, map[string]any{"name": "", "scope": "write", "password": "x"}), 400, domain.MsgTokenName)
		body["password"] = "password-keeper"
		expect(t, h.do("POST", "/api/user/tokens", session, body), 201, "")
	})
}

// TestDevices_EndWithTheirSignIn: a device belongs to the session (or API token) that
// registered it (issue #22 item 7): signing out on one browser takes that browser's device
// only; revoking a token takes its devices; an expired session's device is no longer listed and
// the session cleanup deletes it; a shared browser moves to whoever registers it next.
func TestDevices_EndWithTheirSignIn(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		alice, phone := h.member("alice", domain.RoleUser, nil)
		laptop := h.login("alice", "password-alice")
		onPhone := h.register(phone, "phone")
		onLaptop := h.register(laptop, "laptop")
		token, tokenID := h.apiToken(laptop, "password-alice", domain.ScopeWrite)
		byScript := h.register(token, "script")
		listed := func(session string) string {
			t.Helper()
			r := h.do("GET", "/api/notifications/devices", session, nil)
			expect(t, r, 200, "")
			return r.raw
		}
		if l := listed(laptop); !strings.Contains(l, onPhone) || !strings.Contains(l, onLaptop) || !strings.Contains(l, byScript) {
			t.Fatalf("devices %s", l)
		}

		// Signing out on the phone: its device goes at once, the laptop's stays.
		expect(t, h.do("POST", "/api/logout", phone, nil), 204, "")
		if got := strings.Join(h.devicesOf(alice.ID), " "); strings.Contains(got, onPhone) || !strings.Contains(got, onLaptop) {
			t.Fatalf("after signing out on the phone: %s", got)
		}
		// Revoking the token takes the device the script registered.
		expect(t, h.do("DELETE", fmt.Sprintf("/api/user/tokens/%d", tokenID), laptop, nil), 204, "")
		if got := h.devicesOf(alice.ID); len(got) != 1 || got[0] != onLaptop {
			t.Fatalf("after revoking the token: %v", got)
		}

		// The laptop's session expires (the harness's sessions last a day): a new sign-in no
		// longer sees the device, so the browser registers again; the cleanup deletes the old.
		h.clock.Advance(25 * time.Hour)
		again := h.login("alice", "password-alice")
		if l := listed(again); l != "[]\n" {
			t.Fatalf("an expired session's device is listed: %s", l)
		}
		if _, _, err := h.accounts.CleanupSessions(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := h.devicesOf(alice.ID); len(got) != 0 {
			t.Fatalf("the cleanup left %v", got)
		}
		h.register(again, "laptop")
		if l := listed(again); !strings.Contains(l, onLaptop) {
			t.Fatalf("registered again: %s", l)
		}

		// A shared browser: bob signs in there and registers it; it is his now, and alice's
		// signing out elsewhere does not touch it.
		bob, bobSession := h.member("bob", domain.RoleUser, nil)
		h.register(bobSession, "laptop")
		if got := h.devicesOf(alice.ID); len(got) != 0 {
			t.Fatalf("alice keeps %v", got)
		}
		expect(t, h.do("POST", "/api/logout", again, nil), 204, "")
		if got := h.devicesOf(bob.ID); len(got) != 1 {
			t.Fatalf("bob's devices %v", got)
		}
		expect(t, h.do("POST", "/api/logout", bobSession, nil), 204, "")
		if got := h.devicesOf(bob.ID); len(got) != 0 {
			t.Fatalf("bob signed out and keeps %v", got)
		}
	})
}

// TestCalendarFeed_SecretKeptOutOfTheLog: the feed's address is its credential, so the access
// log shows the path without it (issue #22 item 10).
func TestCalendarFeed_SecretKeptOutOfTheLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, session := h.member("ivy", domain.RoleUser, nil)
	r := h.do("GET", "/api/calendar/feed", session, nil)
	expect(t, r, 200, "")
	u, err := url.Parse(r.body["url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	secret := strings.TrimSuffix(strings.TrimPrefix(u.Path, "/api/calendar/"), ".ics")
	expect(t, h.do("GET", u.Path, "", nil), 200, "")
	expect(t, h.do("GET", "/api/calendar/not-a-feed.ics", "", nil), 404, "")
	logs := h.logs.String()
	if strings.Contains(logs, secret) || strings.Contains(logs, "not-a-feed") {
		t.Fatalf("the feed secret is in the log:\n%s", logs)
	}
	if !strings.Contains(logs, "path=/api/calendar/REDACTED.ics status=200") || !strings.Contains(logs, "path=/api/calendar/feed status=200") {
		t.Fatalf("the feed's requests are not logged as expected:\n%s", logs)
	}
}

// TestCalendarFeed_TiedToTheAccountNotToATokens: an API token cannot copy the feed's address
// (which would outlive the token); the feed answers while its owner's account is active,
// whatever happens to tokens, and not while it is deactivated.
func TestCalendarFeed_TiedToTheAccountNotToATokens(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		owner, session := h.member("fern", domain.RoleUser, nil)
		h.user("boss", domain.RoleSuperadmin)
		boss := h.login("boss", "password-boss")
		read, readID := h.apiToken(session, "password-fern", domain.ScopeRead)
		write, _ := h.apiToken(session, "password-fern", domain.ScopeWrite)
		expect(t, h.do("GET", "/api/calendar/feed", read, nil), 403, domain.MsgTokenNoCalendarFeed)
		expect(t, h.do("POST", "/api/calendar/feed/reset", write, nil), 403, domain.MsgTokenNoCalendarFeed)

		r := h.do("GET", "/api/calendar/feed", session, nil)
		expect(t, r, 200, "")
		u, _ := url.Parse(r.body["url"].(string))
		expect(t, h.do("GET", u.Path, "", nil), 200, "")
		// Revoking a token does not matter: the feed has its own secret.
		expect(t, h.do("DELETE", fmt.Sprintf("/api/user/tokens/%d", readID), session, nil), 204, "")
		expect(t, h.do("GET", u.Path, "", nil), 200, "")
		// A deactivated owner's feed answers nothing.
		expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", owner.ID), boss, nil), 200, "")
		expect(t, h.do("GET", u.Path, "", nil), 404, "Calendar feed not found")
	})
}

// TestLogout_StatementsDoNotGrowWithDevices: signing out deletes the session's devices in one
// set-based statement, whatever the number of devices the user has.
func TestLogout_StatementsDoNotGrowWithDevices(t *testing.T) {
	t.Parallel()
	open := map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted,
	}
	for dialect, openStore := range open {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			got := map[int]int64{}
			for _, devices := range []int{2, 20} {
				counter := &sqlstore.StatementCounter{}
				h := newHarness(t, options{open: func(t testing.TB) *sqlstore.Store { return openStore(t, counter) }})
				h.user("leaver", domain.RoleUser)
				session := h.login("leaver", "password-leaver")
				for i := range devices {
					h.register(session, fmt.Sprintf("mine-%d", i))
					h.register(h.login("leaver", "password-leaver"), fmt.Sprintf("other-%d", i))
				}
				// The other sign-ins changed the user's row (its last login), and a replica reads
				// a changed user whole on the next request (sqlstore's session cache): the GET
				// takes that read, so the sign-out's own statements are what is counted.
				expect(t, h.do("GET", "/api/user", session, nil), 200, "")
				before := counter.Count()
				expect(t, h.do("POST", "/api/logout", session, nil), 204, "")
				got[devices] = counter.Count() - before
			}
			t.Logf("statements: %d", got[20])
			if got[2] != got[20] || got[20] > 3 {
				t.Fatalf("sign-out sent %d statements with 2 devices, %d with 20 (budget 3)", got[2], got[20])
			}
		})
	}
}
