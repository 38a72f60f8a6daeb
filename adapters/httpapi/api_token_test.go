package httpapi_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// TestAPITokens_Lifecycle: a token is made by a sign-in, shown once, works with the same bearer
// header, records its use, and stops working when revoked or expired, on both databases.
func TestAPITokens_Lifecycle(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("scripter", domain.RoleUser)
			session := h.login("scripter", "password-scripter")

			r := h.do("POST", "/api/user/tokens", session, map[string]any{"name": "Home Assistant", "scope": "write", "expiresInDays": 30, "password": "password-scripter"})
			expect(t, r, 201, "")
			token, _ := r.body["token"].(string)
			if !strings.HasPrefix(token, domain.APITokenPrefix) || len(token) < 40 {
				t.Fatalf("token %q", token)
			}
			id := fmt.Sprint(r.body["id"])
			list := h.do("GET", "/api/user/tokens", session, nil)
			expect(t, list, 200, "")
			if !strings.Contains(list.raw, `"Home Assistant"`) || strings.Contains(list.raw, token) || strings.Contains(list.raw, `"token"`) {
				t.Fatalf("the list must name the token and never show it again: %s", list.raw)
			}

			expect(t, h.do("GET", "/api/plants", token, nil), 200, "")
			expect(t, h.do("POST", "/api/plants", token, map[string]any{"name": "Mint", "plantType": "Herbs"}), 201, "")
			if list = h.do("GET", "/api/user/tokens", session, nil); !strings.Contains(list.raw, `"lastUsedAt":"2026`) {
				t.Fatalf("last use not recorded: %s", list.raw)
			}
			// A token cannot mint or revoke tokens, nor impersonate.
			expect(t, h.do("POST", "/api/user/tokens", token, map[string]any{"name": "x", "scope": "write"}), 403, domain.MsgTokenNoManage)
			expect(t, h.do("DELETE", "/api/user/tokens/"+id, token, nil), 403, domain.MsgTokenNoManage)
			// Validation.
			expect(t, h.do("POST", "/api/user/tokens", session, map[string]any{"name": "", "scope": "write"}), 400, domain.MsgTokenName)
			expect(t, h.do("POST", "/api/user/tokens", session, map[string]any{"name": "x", "scope": "root"}), 400, domain.MsgTokenScope)
			expect(t, h.do("POST", "/api/user/tokens", session, map[string]any{"name": "x", "scope": "read", "expiresInDays": 400}), 400, domain.MsgTokenExpiry)

			// Someone else cannot revoke it; its owner can, and then it is refused.
			h.user("stranger", domain.RoleUser)
			expect(t, h.do("DELETE", "/api/user/tokens/"+id, h.login("stranger", "password-stranger"), nil), 404, domain.MsgTokenNotFound)
			expect(t, h.do("DELETE", "/api/user/tokens/"+id, session, nil), 204, "")
			expect(t, h.do("GET", "/api/plants", token, nil), 401, "")

			// Expiry.
			r = h.do("POST", "/api/user/tokens", session, map[string]any{"name": "short", "scope": "read", "expiresInDays": 1, "password": "password-scripter"})
			expect(t, r, 201, "")
			short := r.body["token"].(string)
			expect(t, h.do("GET", "/api/plants", short, nil), 200, "")
			h.clock.Advance(25 * time.Hour)
			expect(t, h.do("GET", "/api/plants", short, nil), 401, "")
		})
	}
}

// TestAPITokens_Deactivation: deactivating the owner revokes their tokens for good.
func TestAPITokens_Deactivation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	u := h.user("leaver", domain.RoleUser)
	h.user("boss", domain.RoleSuperadmin)
	boss := h.login("boss", "password-boss")
	r := h.do("POST", "/api/user/tokens", h.login("leaver", "password-leaver"), map[string]any{"name": "cron", "scope": "read", "expiresInDays": 30, "password": "password-leaver"})
	expect(t, r, 201, "")
	token := r.body["token"].(string)
	expect(t, h.do("GET", "/api/user", token, nil), 200, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", u.ID), boss, nil), 200, "")
	expect(t, h.do("GET", "/api/user", token, nil), 401, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", u.ID), boss, nil), 200, "")
	expect(t, h.do("GET", "/api/user", token, nil), 401, "") // reactivation brings no token back
}

// routePattern finds the write routes of the feature files' route tables:
// {method: "POST", path: "/api/…", …, handler: (signed in) or open: (anyone).
var routePattern = regexp.MustCompile(`\{method: "(POST|PUT|PATCH|DELETE)", path: "(/[^"]*)"[^\n]*?, (handler|open): `)

// TestAPITokens_ReadOnlyRefusedOnEveryWrite reads the route table from the source and sends a
// read-only token to every signed-in write route: each answers 403 with the read-only message,
// before any other check, so no route can forget it.
func TestAPITokens_ReadOnlyRefusedOnEveryWrite(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	type route struct{ method, path string }
	var routes []route
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range routePattern.FindAllStringSubmatch(string(src), -1) {
			if m[3] != "handler" {
				continue // not signed in (sign-in itself, the second factor, single sign-on)
			}
			path := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(m[2], "1")
			routes = append(routes, route{m[1], path})
		}
	}
	if len(routes) < 40 {
		t.Fatalf("found only %d signed-in write routes: the route table pattern changed", len(routes))
	}
	h := newHarness(t, options{})
	h.user("reader", domain.RoleSuperadmin)
	r := h.do("POST", "/api/user/tokens", h.login("reader", "password-reader"), map[string]any{"name": "dashboards", "scope": "read", "expiresInDays": 7, "password": "password-reader"})
	expect(t, r, 201, "")
	token := r.body["token"].(string)
	for _, rt := range routes {
		got := h.do(rt.method, rt.path, token, map[string]any{})
		if got.status != 403 || got.body["message"] != domain.MsgTokenReadOnly {
			t.Errorf("%s %s with a read-only token: %d %s", rt.method, rt.path, got.status, got.raw)
		}
	}
	expect(t, h.do("GET", "/api/plants", token, nil), 200, "")
}
