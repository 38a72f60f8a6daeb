package httpapi_test

import "testing"

// The measurement system is a per-user setting (issue #25 item 4): null until chosen (the web
// app then follows the locale), metric or imperial once chosen, null again to follow the locale;
// anything else is a 400 that changes nothing.
func TestUserSettings_Units(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok, other := h.gardener("metra"), h.gardener("feta")
		r := h.do("GET", "/api/user", tok, nil)
		expect(t, r, 200, "")
		if v, ok := r.body["units"]; !ok || v != nil {
			t.Fatalf("a new gardener's units: %s", r.raw)
		}
		r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": "metric"})
		expect(t, r, 200, "")
		if r.body["units"] != "metric" {
			t.Fatalf("settings answer %s", r.raw)
		}
		for _, bad := range []any{"si", "", "METRIC", 1, true} {
			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": bad, "fullName": "Changed"})
			if r.status != 400 {
				t.Fatalf("units %v answered %d %s", bad, r.status, r.raw)
			}
		}
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": "furlongs"}), 400, "Units must be metric or imperial")
		r = h.do("GET", "/api/user", tok, nil)
		if r.body["units"] != "metric" || r.body["fullName"] == "Changed" {
			t.Fatalf("after the refused changes: %s", r.raw)
		}
		// Another gardener's choice is their own.
		r = h.do("GET", "/api/user", other, nil)
		if r.body["units"] != nil {
			t.Fatalf("the other gardener's units: %s", r.raw)
		}
		r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": "imperial"})
		if r.status != 200 || r.body["units"] != "imperial" {
			t.Fatalf("imperial: %d %s", r.status, r.raw)
		}
		// null follows the locale again.
		r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": nil})
		if v, ok := r.body["units"]; r.status != 200 || !ok || v != nil {
			t.Fatalf("null: %d %s", r.status, r.raw)
		}
	})
}
