package httpapi_test

import "testing"

// The theme is a per-user setting (issue #25 item 6): "system" until chosen, then light or dark
// on every device; anything else is a 400 that changes nothing.
func TestUserSettings_Theme(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok, other := h.gardener("nyx"), h.gardener("sol")
		r := h.do("GET", "/api/user", tok, nil)
		expect(t, r, 200, "")
		if r.body["theme"] != "system" {
			t.Fatalf("a new gardener's theme: %s", r.raw)
		}
		r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": "dark"})
		expect(t, r, 200, "")
		if r.body["theme"] != "dark" {
			t.Fatalf("settings answer %s", r.raw)
		}
		for _, bad := range []any{"sepia", "", "DARK", 1} {
			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": bad, "fullName": "Changed"})
			if r.status != 400 {
				t.Fatalf("theme %v answered %d %s", bad, r.status, r.raw)
			}
		}
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": "sepia"}), 400, "Theme must be system, light or dark")
		r = h.do("GET", "/api/user", tok, nil)
		if r.body["theme"] != "dark" || r.body["fullName"] == "Changed" {
			t.Fatalf("after the refused changes: %s", r.raw)
		}
		// Another gardener's theme is their own.
		r = h.do("GET", "/api/user", other, nil)
		if r.body["theme"] != "system" {
			t.Fatalf("the other gardener's theme: %s", r.raw)
		}
	})
}
