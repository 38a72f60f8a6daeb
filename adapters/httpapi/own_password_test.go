package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// Changing one's own password takes the current one (issue 17 item 7), through both paths to
// one's own account; an admin resetting someone else's password does not need it.
func TestOwnPassword_NeedsCurrentPassword(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		me := h.user("penny", domain.RoleAdmin)
		h.user("boss", domain.RoleSuperadmin)
		other := h.user("gus", domain.RoleUser)
		tok := h.login("penny", "password-penny")
		boss := h.login("boss", "password-boss")
		self := fmt.Sprintf("/api/users/%d", me.ID)

		for _, path := range []string{"/api/user/settings", self} {
			// Missing, then wrong: refused with the field's message; nothing changes, the
			// session stays.
			r := h.do("PATCH", path, tok, map[string]any{"password": "brand-new-pass", "fullName": "Penny P"})
			expect(t, r, 400, domain.MsgCurrentPasswordRequired)
			if errs, _ := r.body["errors"].(map[string]any); errs["currentPassword"] != domain.MsgCurrentPasswordRequired {
				t.Fatalf("%s: errors %v", path, r.body["errors"])
			}
			r = h.do("PATCH", path, tok, map[string]any{"password": "brand-new-pass", "currentPassword": "not-my-password", "fullName": "Penny P"})
			expect(t, r, 400, domain.MsgCurrentPasswordWrong)
			if errs, _ := r.body["errors"].(map[string]any); errs["currentPassword"] != domain.MsgCurrentPasswordWrong {
				t.Fatalf("%s: errors %v", path, r.body["errors"])
			}
			if got := h.do("GET", "/api/user", tok, nil); got.status != 200 || got.body["fullName"] == "Penny P" {
				t.Fatalf("%s: a refused change applied or signed out: %d %s", path, got.status, got.raw)
			}
			// A new password too short is named first, before any current password is checked.
			expect(t, h.do("PATCH", path, tok, map[string]any{"password": "short"}), 400, domain.MsgAdminPasswordTooShort)
			// Profile changes without a new password need nothing.
			expect(t, h.do("PATCH", path, tok, map[string]any{"fullName": "Penny"}), 200, "")
		}

		h.login("penny", "password-penny") // still the old password

		// The right current password: changed, the old one no longer signs in.
		r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"password": "brand-new-pass", "currentPassword": "password-penny"})
		expect(t, r, 200, "")
		expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "penny", "password": "password-penny"}), 401, "")
		tok = h.login("penny", "brand-new-pass")
		expect(t, h.do("PATCH", self, tok, map[string]any{"password": "newer-pass-2", "currentPassword": "brand-new-pass"}), 200, "")
		h.login("penny", "newer-pass-2")

		// A superadmin resetting someone else's password needs no current password.
		expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d", other.ID), boss, map[string]any{"password": "reset-by-boss"}), 200, "")
		h.login("gus", "reset-by-boss")
	})
}
