package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestPlantDatabase_AdminOnlyWrites(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	user := h.gardener("gardener")
	h.user("keeper", domain.RoleAdmin)
	admin := h.login("keeper", "password-keeper")
	created := h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": "Lavender", "plantType": "Flowers",
		"description": `<p>Fragrant</p><script>steal()</script>`, "fertilizorRequirements": "Monthly",
		"careInstructions": map[string]string{"soil": "Sandy <b>and</b> dry", "watering": `<a href="javascript:x()">Rarely</a>`}})
	expect(t, created, 201, "")
	id := int64(created.body["id"].(float64))
	if strings.Contains(created.body["description"].(string), "<script") || strings.Contains(created.raw, "javascript") || created.body["source"] != "manual" ||
		created.body["fertilizerRequirements"] != "Monthly" || created.body["fertilizorRequirements"] != "Monthly" || created.body["slug"] != "lavender" {
		t.Fatalf("created %s", created.raw)
	}
	care := created.body["careInstructions"].(map[string]any)
	if care["soil"] != "Sandy <b>and</b> dry" {
		t.Fatalf("care %v", care)
	}

	item := fmt.Sprintf("/api/plant-database/%d", id)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/api/plant-database", map[string]any{"commonName": "Sneaky", "plantType": "Herbs"}},
		{"PATCH", item, map[string]any{"commonName": "Changed"}},
		{"DELETE", item, nil},
		{"POST", "/api/plant-database/clear", nil},
		{"POST", "/api/plant-database/clear-imported", nil},
		{"GET", "/api/ecommerce/plants", nil},
		{"POST", "/api/ecommerce/import-plants", nil},
		{"GET", "/api/ecommerce/import-status", nil},
		{"GET", "/api/ecommerce/schedule", nil},
		{"POST", "/api/ecommerce/update-schedule", map[string]any{"enabled": false}},
		{"GET", "/api/ecommerce/import-history", nil},
	} {
		if r := h.do(c.method, c.path, user, c.body); r.status != 403 || r.body["message"] != "You need admin privileges to access this page." {
			t.Errorf("%s %s as a user: %d %s", c.method, c.path, r.status, r.raw)
		}
		if r := h.do(c.method, c.path, "", c.body); r.status != 401 {
			t.Errorf("%s %s signed out: %d", c.method, c.path, r.status)
		}
	}
	// Nothing changed; reading stays open to every signed-in gardener.
	got := h.do("GET", item, user, nil)
	if got.status != 200 || got.body["commonName"] != "Lavender" {
		t.Fatalf("read as user: %s", got.raw)
	}
	expect(t, h.do("GET", "/api/plant-database/9999", user, nil), 404, "Plant Not Found")

	patched := h.do("PATCH", item, admin, map[string]any{"fertilizerRequirements": "Every 2 weeks", "careInstructions": "Cut back <i>after</i> flowering<script>x</script>"})
	expect(t, patched, 200, "")
	if patched.body["careInstructions"] != "Cut back <i>after</i> flowering" || patched.body["commonName"] != "Lavender" || patched.body["fertilizorRequirements"] != "Every 2 weeks" {
		t.Fatalf("patched %s", patched.raw)
	}
	expect(t, h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": "L"}), 400, "Common name must be at least 2 characters")
	expect(t, h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": "Rose", "careInstructions": 7}), 400, "")
	expect(t, h.do("DELETE", item, admin, nil), 204, "")
	expect(t, h.do("DELETE", item, admin, nil), 404, "Plant Not Found")
}

func TestEcommerceImport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("keeper", domain.RoleAdmin)
	admin := h.login("keeper", "password-keeper")
	manual := h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": "Grandma's tomato", "plantType": "Vegetables"})
	expect(t, manual, 201, "")

	preview := h.do("GET", "/api/ecommerce/plants", admin, nil)
	expect(t, preview, 200, "")
	if data := preview.body["data"].([]any); len(data) != 2 || data[0].(map[string]any)["commonName"] != "Basil Genovese" {
		t.Fatalf("preview %s", preview.raw)
	}
	if items := h.do("GET", "/api/plant-database", admin, nil).body2(); len(items) != 1 {
		t.Fatal("the preview saved something")
	}

	// The run's message and each product's are in the admin's language (issue #25 item 3).
	r := h.doLang("POST", "/api/ecommerce/import-plants", admin, "de", nil)
	expect(t, r, 200, "")
	res := r.body["results"].(map[string]any)
	if res["message"] != "2 hinzugefügt, 0 aktualisiert, 0 unverändert, 0 übersprungen, 1 fehlgeschlagen" ||
		!strings.Contains(r.raw, `"message":"Zur Pflanzendatenbank hinzugefügt"`) {
		t.Fatalf("German results %s", r.raw)
	}
	count := res["count"].(map[string]any)
	if count["added"].(float64) != 2 || count["updated"].(float64) != 0 || count["failed"].(float64) != 1 || len(res["details"].([]any)) != 3 {
		t.Fatalf("results %s", r.raw)
	}
	items := h.do("GET", "/api/plant-database", admin, nil)
	if len(items.body2()) != 3 || strings.Contains(items.raw, "onerror") || !strings.Contains(items.raw, `"source":"import"`) {
		t.Fatalf("after import: %s", items.raw)
	}
	again := h.do("POST", "/api/ecommerce/import-plants", admin, nil).body["results"].(map[string]any)["count"].(map[string]any)
	if again["added"].(float64) != 0 || again["unchanged"].(float64) != 2 {
		t.Fatalf("second run %v", again)
	}
	status := h.do("GET", "/api/ecommerce/import-status", admin, nil)
	if status.body["running"] != false || status.body["done"].(float64) != 2 || status.body["total"].(float64) != 2 || status.body["success"] != true {
		t.Fatalf("status %s", status.raw)
	}
	history := h.do("GET", "/api/ecommerce/import-history", admin, nil).body2()
	if len(history) != 2 || history[0]["success"] != true || history[1]["count"].(map[string]any)["added"].(float64) != 2 {
		t.Fatalf("history %v", history)
	}

	cleared := h.do("POST", "/api/plant-database/clear-imported", admin, nil)
	if cleared.body["deleted"].(float64) != 2 {
		t.Fatalf("clear-imported %s", cleared.raw)
	}
	if left := h.do("GET", "/api/plant-database", admin, nil).body2(); len(left) != 1 || left[0]["commonName"] != "Grandma's tomato" {
		t.Fatalf("manual row not kept: %v", left)
	}
	if h.do("POST", "/api/plant-database/clear", admin, nil).body["deleted"].(float64) != 1 {
		t.Fatal("clear all")
	}
}

func TestImportSchedule(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("keeper", domain.RoleSuperadmin)
	admin := h.login("keeper", "password-keeper")
	s := h.do("GET", "/api/ecommerce/schedule", admin, nil)
	expect(t, s, 200, "")
	if s.body["enabled"] != true || s.body["cronTime"] != "0 30 1 * * *" || s.body["time"] != "01:30" || s.body["lastRun"] != nil {
		t.Fatalf("default schedule %s", s.raw)
	}
	u := h.do("POST", "/api/ecommerce/update-schedule", admin, map[string]any{"enabled": true, "time": "05:45"})
	expect(t, u, 200, "")
	if u.body["cronTime"] != "0 45 5 * * *" || u.body["time"] != "05:45" {
		t.Fatalf("updated %s", u.raw)
	}
	for _, bad := range []string{"5:45", "25:00", "noon", ""} {
		expect(t, h.do("POST", "/api/ecommerce/update-schedule", admin, map[string]any{"time": bad}), 400, "")
	}
	// A body that says nothing is refused in the caller's language; so is a value of the wrong type.
	if e := h.doLang("POST", "/api/ecommerce/update-schedule", admin, "fr", map[string]any{}); e.status != 400 || e.body["message"] != "Envoyez enabled, time (HH:MM) ou les deux" {
		t.Fatalf("French refusal %s", e.raw)
	}
	if e := h.doLang("POST", "/api/ecommerce/update-schedule", admin, "ru", map[string]any{"time": 5}); e.status != 400 || e.body["message"] != "time должно быть строкой" {
		t.Fatalf("Russian refusal %s", e.raw)
	}
	d := h.do("POST", "/api/ecommerce/update-schedule", admin, map[string]any{"enabled": false})
	if d.body["enabled"] != false || d.body["time"] != "05:45" || d.body["nextRun"] != nil {
		t.Fatalf("disabled %s", d.raw)
	}
}
