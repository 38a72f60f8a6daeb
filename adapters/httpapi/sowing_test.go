package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// fixedLatitude places every garden at one latitude (the garden location of issue #24 item 5,
// until it is wired).
type fixedLatitude float64

func (l fixedLatitude) GardenLatitude(context.Context, *domain.User) (float64, bool, error) {
	return float64(l), true, nil
}

func weeksWindow(from, to int) map[string]any {
	return map[string]any{"unit": "weeks", "from": from, "to": to}
}

func monthsWindow(from, to int) map[string]any {
	return map[string]any{"unit": "months", "from": from, "to": to}
}

// sowingItems adds the plant database items of the sowing tests and returns their ids by name.
func (h *harness) sowingItems(t *testing.T) map[string]int64 {
	t.Helper()
	h.user("sow-admin", domain.RoleAdmin)
	admin := h.login("sow-admin", "password-sow-admin")
	ids := map[string]int64{}
	for name, sowing := range map[string]map[string]any{
		// Last frost May 10: 8–6 weeks before is March 15–29.
		"Tomato": {"sowIndoors": weeksWindow(-8, -6), "transplant": weeksWindow(1, 3), "harvestDaysMin": 70, "harvestDaysMax": 80},
		"Bean":   {"directSow": monthsWindow(5, 6)},
		"Kale":   {"directSow": monthsWindow(9, 10)},
		"Leek":   {"sowIndoors": monthsWindow(2, 3)},
		"Carrot": nil,
	} {
		body := map[string]any{"commonName": name, "plantType": "Vegetables"}
		if sowing != nil {
			body["sowing"] = sowing
		}
		r := h.do("POST", "/api/plant-database", admin, body)
		expect(t, r, 201, "")
		ids[name] = int64(r.body["id"].(float64))
	}
	return ids
}

// sowingNames walks GET /api/sowing for a week, two at a time, and returns the items' names.
func (h *harness) sowingNames(t *testing.T, token, week string) ([]string, []map[string]any) {
	t.Helper()
	var names []string
	var all []map[string]any
	next := ""
	for i := 0; i < 10; i++ {
		path := "/api/sowing?limit=2&week=" + week
		if next != "" {
			path += "&cursor=" + next
		}
		r := h.do("GET", path, token, nil)
		expect(t, r, 200, "")
		for _, e := range r.body2() {
			names = append(names, e["item"].(map[string]any)["commonName"].(string))
			all = append(all, e)
		}
		if next = r.header.Get("X-Next-Cursor"); next == "" {
			break
		}
	}
	return names, all
}

func TestSowing_FrostDateSettings(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			tok := h.gardener("rosa")
			r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": "05-10", "firstAutumnFrost": "10-01"})
			expect(t, r, 200, "")
			if r.body["lastSpringFrost"] != "05-10" || r.body["firstAutumnFrost"] != "10-01" {
				t.Fatalf("settings answer: %s", r.raw)
			}
			for _, bad := range []string{"13-01", "02-30", "May 10", "5-10"} {
				r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": bad})
				expect(t, r, 400, domain.MsgInvalidMonthDay)
				if errs, _ := r.body["errors"].(map[string]any); errs["lastSpringFrost"] != domain.MsgInvalidMonthDay {
					t.Fatalf("%q: %s", bad, r.raw)
				}
			}
			user := h.do("GET", "/api/user", tok, nil)
			if user.body["lastSpringFrost"] != "05-10" {
				t.Fatalf("a refused change was saved: %s", user.raw)
			}
			season := h.do("GET", "/api/sowing/season", tok, nil)
			expect(t, season, 200, "")
			if season.body["source"] != "settings" || season.body["estimate"] != nil || season.body["southern"] != false {
				t.Fatalf("season: %s", season.raw)
			}
			// null clears; other settings are left alone.
			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": nil})
			expect(t, r, 200, "")
			if r.body["lastSpringFrost"] != nil || r.body["firstAutumnFrost"] != "10-01" {
				t.Fatalf("cleared: %s", r.raw)
			}
			if season := h.do("GET", "/api/sowing/season", tok, nil); season.body["source"] != nil || season.body["frost"] != nil {
				t.Fatalf("season without frost dates: %s", season.raw)
			}
		})
	}
}

func TestSowing_Week(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.sowingItems(t)
			tok := h.gardener("rosa")
			now := h.clock.Now()                                         // June 1
			march := now.AddDate(0, 0, -75).Format(domain.DateLayout)    // a Wednesday in mid-March
			september := now.AddDate(0, 3, 14).Format(domain.DateLayout) // mid-September
			today := now.Format(domain.DateLayout)                       // June
			january := now.AddDate(0, 7, 0).Format(domain.DateLayout)    // January next year

			// Without frost dates only the windows in months can be placed.
			if names, _ := h.sowingNames(t, tok, march); fmt.Sprint(names) != "[Leek]" {
				t.Fatalf("March without frost dates: %v", names)
			}
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": "05-10", "firstAutumnFrost": "10-01"}), 200, "")
			names, entries := h.sowingNames(t, tok, march)
			if fmt.Sprint(names) != "[Leek Tomato]" {
				t.Fatalf("March: %v", names)
			}
			tomato := entries[1]
			indoors := tomato["sowIndoors"].(map[string]any)
			if indoors["open"] != true || indoors["start"] != fmt.Sprintf("%d-03-15", now.Year()) || indoors["end"] != fmt.Sprintf("%d-03-29", now.Year()) {
				t.Fatalf("tomato indoors: %v", indoors)
			}
			if tr := tomato["transplant"].(map[string]any); tr["open"] != false || tr["start"] != fmt.Sprintf("%d-05-17", now.Year()) {
				t.Fatalf("tomato transplant: %v", tr)
			}
			if tomato["directSow"] != nil || tomato["harvestFrom"] == nil {
				t.Fatalf("tomato: %v", tomato)
			}
			if names, _ := h.sowingNames(t, tok, today); fmt.Sprint(names) != "[Bean]" {
				t.Fatalf("June: %v", names)
			}
			if names, _ := h.sowingNames(t, tok, september); fmt.Sprint(names) != "[Kale]" {
				t.Fatalf("September: %v", names)
			}
			if names, _ := h.sowingNames(t, tok, january); len(names) != 0 {
				t.Fatalf("January: %v", names)
			}
			expect(t, h.do("GET", "/api/sowing?week=someday", tok, nil), 400, "Please enter a valid date")
			expect(t, h.do("GET", "/api/sowing", "", nil), 401, "")
		})
	}
}

func TestSowing_EstimateAndSouthernHemisphere(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			// Melbourne: the last spring frost is in October, packets' months are read six on.
			h := newHarness(t, options{postgres: db.postgres, latitude: fixedLatitude(-37.8)})
			h.sowingItems(t)
			tok := h.gardener("bruce")
			season := h.do("GET", "/api/sowing/season", tok, nil)
			expect(t, season, 200, "")
			est, _ := season.body["estimate"].(map[string]any)
			if season.body["source"] != "estimate" || season.body["southern"] != true || est == nil || est["lastSpringFrost"].(string)[:2] != "10" {
				t.Fatalf("season: %s", season.raw)
			}
			now := h.clock.Now() // June 1: the southern winter
			november := now.AddDate(0, 5, 10).Format(domain.DateLayout)
			if names, _ := h.sowingNames(t, tok, november); fmt.Sprint(names) != "[Bean]" { // May–June, six months on
				t.Fatalf("November in the south: %v", names)
			}
			if names, _ := h.sowingNames(t, tok, now.Format(domain.DateLayout)); fmt.Sprint(names) != "[]" {
				t.Fatalf("June in the south: %v", names)
			}
			// The gardener's own dates win over the estimate.
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": "09-20"}), 200, "")
			if season := h.do("GET", "/api/sowing/season", tok, nil); season.body["source"] != "settings" || season.body["estimate"] == nil {
				t.Fatalf("own dates: %s", season.raw)
			}
		})
	}
}

func TestSowing_RemindMe(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			ids := h.sowingItems(t)
			tok := h.gardener("rosa")
			other := h.gardener("otto")
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": "05-10"}), 200, "")
			now := h.clock.Now() // June 1: the tomato's indoor window is next March

			// No plant named: one is made from the database item, and the task goes on it.
			r := h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", ids["Tomato"]), tok, map[string]any{"step": "sowIndoors"})
			expect(t, r, 201, "")
			task := r.body["task"].(map[string]any)
			plant := r.body["plant"].(map[string]any)
			if plant["name"] != "Tomato" || task["scheduledDate"] != fmt.Sprintf("%d-03-15", now.Year()+1) || task["taskType"] != "inspect" || task["notes"] != "Sow indoors: Tomato" {
				t.Fatalf("reminder: %s", r.raw)
			}
			// An open window: the task is today, on the gardener's own plant.
			mine := h.plant(tok, "Beans by the fence")
			r = h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", ids["Bean"]), tok, map[string]any{"step": "directSow", "plantId": mine})
			expect(t, r, 201, "")
			if r.body["plant"] != nil || r.body["task"].(map[string]any)["scheduledDate"] != now.Format(domain.DateLayout) ||
				r.body["task"].(map[string]any)["plantId"] != float64(mine) {
				t.Fatalf("reminder on own plant: %s", r.raw)
			}
			// Another gardener's plant is not a place for one's reminders.
			expect(t, h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", ids["Bean"]), other, map[string]any{"step": "directSow", "plantId": mine}), 400, domain.MsgSelectPlant)
			expect(t, h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", ids["Bean"]), tok, map[string]any{"step": "sowIndoors"}), 400, "This plant has no sowing window for this step")
			expect(t, h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", ids["Bean"]), tok, map[string]any{"step": "harvest"}), 400, "Step must be sowIndoors or directSow")
			expect(t, h.do("POST", "/api/sowing/999999/reminder", tok, map[string]any{"step": "directSow"}), 404, domain.MsgPlantDBNotFound)
		})
	}
}

func TestSowing_AdminEditsWindows(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			ids := h.sowingItems(t)
			admin := h.login("sow-admin", "password-sow-admin")
			path := fmt.Sprintf("/api/plant-database/%d", ids["Carrot"])
			r := h.do("PATCH", path, admin, map[string]any{"sowing": map[string]any{"directSow": monthsWindow(3, 7), "harvestDaysMin": 70}})
			expect(t, r, 200, "")
			sowing := r.body["sowing"].(map[string]any)
			if sowing["directSow"].(map[string]any)["to"] != float64(7) || sowing["harvestDaysMax"] != float64(70) || sowing["sowIndoors"] != nil {
				t.Fatalf("edited: %s", r.raw)
			}
			if got := h.do("GET", path, admin, nil); fmt.Sprint(got.body["sowing"]) != fmt.Sprint(sowing) {
				t.Fatalf("read back: %s", got.raw)
			}
			r = h.do("PATCH", path, admin, map[string]any{"sowing": map[string]any{"sowIndoors": weeksWindow(-6, -8)}})
			expect(t, r, 400, domain.MsgWindowWeeks)
			if errs, _ := r.body["errors"].(map[string]any); errs["sowing.sowIndoors"] != domain.MsgWindowWeeks {
				t.Fatalf("field: %s", r.raw)
			}
			expect(t, h.do("PATCH", path, admin, map[string]any{"sowing": map[string]any{"transplant": monthsWindow(0, 4)}}), 400, domain.MsgWindowMonths)
			// A gardener cannot edit the database.
			expect(t, h.do("PATCH", path, h.gardener("rosa"), map[string]any{"sowing": nil}), 403, "")
		})
	}
}
