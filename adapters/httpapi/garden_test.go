package httpapi_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// gardener signs up a user and returns their token.
func (h *harness) gardener(name string) string {
	h.t.Helper()
	h.user(name, domain.RoleUser)
	return h.login(name, "password-"+name)
}

func (h *harness) plant(token, name string) int64 {
	h.t.Helper()
	r := h.do("POST", "/api/plants", token, map[string]any{"name": name, "plantType": "Herbs"})
	if r.status != 201 {
		h.t.Fatalf("create plant: %d %s", r.status, r.raw)
	}
	return int64(r.body["id"].(float64))
}

func TestPlants_CreateDefaultsAndValidation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("rosa")
	r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Basil", "plantType": "Herbs", "species": "Ocimum basilicum",
		"lightNeeds": "Full Sun", "notes": "Pinch", "imageUrl": "", "lastWatered": "2026-05-25T08:00:00Z"})
	expect(t, r, 201, "")
	b := r.body
	// watered a week ago every 7 days: due today, so the derived status is needs_water; the
	// missing last fertilizing is now, which puts the plant on the schedule.
	if b["waterFrequency"].(float64) != 7 || b["fertilizerFrequency"].(float64) != 30 || b["status"] != "needs_water" ||
		b["nextWatering"] != "2026-06-01T08:00:00Z" || b["lastFertilized"] != "2026-06-01T08:00:00Z" ||
		b["nextFertilizing"] != "2026-07-01T08:00:00Z" || b["acquiredDate"] != "2026-06-01T08:00:00Z" {
		t.Fatalf("defaults: %s", r.raw)
	}
	cases := map[string]struct {
		body  map[string]any
		field string
		msg   string
	}{
		"Name":           {map[string]any{"name": "B", "plantType": "Herbs"}, "name", "Plant name must be at least 2 characters"},
		"Type":           {map[string]any{"name": "Basil", "plantType": "Trees"}, "plantType", "Please select a plant type"},
		"MissingType":    {map[string]any{"name": "Basil", "plantType": ""}, "plantType", "Please select a plant type"},
		"ImageURL":       {map[string]any{"name": "Basil", "plantType": "Herbs", "imageUrl": "javascript:alert(1)"}, "imageUrl", "Please enter a valid URL"},
		"WaterZero":      {map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 0}, "waterFrequency", "Water frequency must be at least 1 day"},
		"FertilizerZero": {map[string]any{"name": "Basil", "plantType": "Herbs", "fertilizerFrequency": -3}, "fertilizerFrequency", "Fertilizer frequency must be at least 1 day"},
		"Progress":       {map[string]any{"name": "Basil", "plantType": "Herbs", "growthProgress": 101}, "growthProgress", "Growth progress must be between 0 and 100"},
		"Date":           {map[string]any{"name": "Basil", "plantType": "Herbs", "lastWatered": "yesterday"}, "lastWatered", "Please enter a valid date"},
		"WrongJSONType":  {map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": "7"}, "", ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := h.do("POST", "/api/plants", tok, c.body)
			expect(t, r, 400, "")
			if c.field != "" && r.body["errors"].(map[string]any)[c.field] != c.msg {
				t.Fatalf("errors %v", r.body["errors"])
			}
		})
	}
	list := h.do("GET", "/api/plants", tok, nil)
	if !strings.HasPrefix(list.raw, "[") || strings.Count(list.raw, `"id"`) != 1 {
		t.Fatalf("refused creations were stored: %s", list.raw)
	}
}

func TestPlants_UpdatePartialAndClear(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("ivy")
	id := h.plant(tok, "Ivy")
	path := fmt.Sprintf("/api/plants/%d", id)
	r := h.do("PATCH", path, tok, map[string]any{"lastWatered": "2026-06-01T07:30:00Z"})
	expect(t, r, 200, "")
	if r.body["name"] != "Ivy" || r.body["lastWatered"] != "2026-06-01T07:30:00Z" || r.body["nextWatering"] != "2026-06-08T07:30:00Z" {
		t.Fatalf("patch: %s", r.raw)
	}
	r = h.do("PATCH", path, tok, map[string]any{"waterFrequency": nil, "location": "Hall"})
	if r.body["waterFrequency"] != nil || r.body["nextWatering"] != nil || r.body["location"] != "Hall" || r.body["lastWatered"] == nil {
		t.Fatalf("null did not clear only that field: %s", r.raw)
	}
	expect(t, h.do("PATCH", path, tok, map[string]any{"name": "I"}), 400, "Plant name must be at least 2 characters")
	if h.do("GET", path, tok, nil).body["name"] != "Ivy" {
		t.Fatal("a refused patch was saved")
	}
}

// TestOwnership: user B can neither read, change nor delete user A's plant, task or journal
// entry — every such call answers 404 as if the id did not exist — and an admin is no exception.
func TestOwnership(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	a := h.gardener("alice")
	b := h.gardener("bob")
	h.user("boss", domain.RoleSuperadmin)
	super := h.login("boss", "password-boss")
	plant := h.plant(a, "Alice's rose")
	task := h.do("POST", "/api/care-tasks", a, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-02"})
	expect(t, task, 201, "")
	entry := h.do("POST", "/api/journal-entries", a, map[string]any{"plantId": plant, "title": "Buds", "entryDate": "2026-06-01"})
	expect(t, entry, 201, "")
	taskID, entryID := int64(task.body["id"].(float64)), int64(entry.body["id"].(float64))

	for _, tok := range []string{b, super} {
		for _, c := range []struct{ method, path string }{
			{"GET", fmt.Sprintf("/api/plants/%d", plant)},
			{"PATCH", fmt.Sprintf("/api/plants/%d", plant)},
			{"DELETE", fmt.Sprintf("/api/plants/%d", plant)},
			{"GET", fmt.Sprintf("/api/plants/%d/care-tasks", plant)},
			{"GET", fmt.Sprintf("/api/plants/%d/journal-entries", plant)},
			{"GET", fmt.Sprintf("/api/plants/%d/qrcode", plant)},
			{"GET", fmt.Sprintf("/api/plants/%d/qrcode/svg", plant)},
			{"PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", taskID)},
			{"DELETE", fmt.Sprintf("/api/care-tasks/%d", taskID)},
			{"DELETE", fmt.Sprintf("/api/journal-entries/%d", entryID)},
		} {
			var body any
			if c.method == "PATCH" && strings.Contains(c.path, "plants") {
				body = map[string]any{"name": "Stolen"}
			}
			if r := h.do(c.method, c.path, tok, body); r.status != 404 {
				t.Errorf("%s %s by another user: %d %s", c.method, c.path, r.status, r.raw)
			}
		}
		// Creating on someone else's plant is refused too, and lists do not leak.
		expect(t, h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-02"}), 400, "Please select a plant")
		expect(t, h.do("POST", "/api/journal-entries", tok, map[string]any{"plantId": plant, "title": "Mine", "entryDate": "2026-06-01"}), 400, "Please select a plant")
		for _, p := range []string{"/api/plants", "/api/care-tasks", "/api/journal-entries", "/api/care-tasks?from=2026-06-01&to=2026-06-30"} {
			if r := h.do("GET", p, tok, nil); r.raw != "[]\n" {
				t.Errorf("%s leaks: %s", p, r.raw)
			}
		}
	}
	// Everything of Alice's is intact.
	if r := h.do("GET", fmt.Sprintf("/api/plants/%d", plant), a, nil); r.body["name"] != "Alice's rose" {
		t.Fatalf("plant changed: %s", r.raw)
	}
	if r := h.do("GET", "/api/care-tasks", a, nil); !strings.Contains(r.raw, `"completed":false`) {
		t.Fatalf("task changed: %s", r.raw)
	}
	if r := h.do("GET", "/api/journal-entries", a, nil); !strings.Contains(r.raw, `"Buds"`) {
		t.Fatalf("entry gone: %s", r.raw)
	}
	for _, p := range []string{"/api/plants", "/api/care-tasks", "/api/journal-entries", "/api/plants-limit", "/api/dashboard/summary", "/api/calendar/feed"} {
		expect(t, h.do("GET", p, "", nil), 401, "")
	}
}

func TestPlantLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ctx := context.Background()
	site := &domain.Site{Name: "Allotment", PlantLimit: 2, Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: h.clock.Now()}
	if err := h.store.CreateSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	noSite := h.gardener("free")
	if r := h.do("GET", "/api/plants-limit", noSite, nil); r.raw != `{"canAddPlant":true,"currentCount":0,"limit":null}`+"\n" {
		t.Fatalf("no site: %s", r.raw)
	}
	h.user("member", domain.RoleUser)
	if _, err := h.accounts.ChangeUser(ctx, "member", func(u *domain.User) error { u.SiteID = &site.ID; return nil }); err != nil {
		t.Fatal(err)
	}
	tok := h.login("member", "password-member")
	h.plant(tok, "One")
	h.plant(tok, "Two")
	for _, path := range []string{"/api/plants-limit", "/api/plants/limit"} {
		if r := h.do("GET", path, tok, nil); r.raw != `{"canAddPlant":false,"currentCount":2,"limit":2}`+"\n" {
			t.Fatalf("%s: %s", path, r.raw)
		}
	}
	r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Three", "plantType": "Herbs"})
	expect(t, r, 403, "Plant limit reached")
	if r.body["code"] != "limit_reached" {
		t.Fatalf("code %v", r.body["code"])
	}
	// Deleting one makes room again.
	list := h.do("GET", "/api/plants", tok, nil)
	expect(t, h.do("DELETE", fmt.Sprintf("/api/plants/%d", int64(list.body2()[0]["id"].(float64))), tok, nil), 204, "")
	h.plant(tok, "Three")
	// Unlimited site: 0.
	if _, err := h.accounts.ChangeUser(ctx, "member", func(u *domain.User) error { u.SiteID = nil; return nil }); err != nil {
		t.Fatal(err)
	}
	h.plant(tok, "Four")
}

func TestCareTasks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("thyme")
	plant := h.plant(tok, "Thyme")
	t.Run("Validation", func(t *testing.T) {
		cases := map[string]struct {
			body  map[string]any
			field string
			msg   string
		}{
			"Plant":     {map[string]any{"plantId": 0, "taskType": "water", "scheduledDate": "2026-06-02"}, "plantId", "Please select a plant"},
			"Type":      {map[string]any{"plantId": plant, "taskType": "sing", "scheduledDate": "2026-06-02"}, "taskType", "Please select a task type"},
			"Date":      {map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "02/06/2026"}, "scheduledDate", "Please enter a valid date"},
			"DaysMiss":  {map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-02", "isRecurring": true}, "recurringDays", "Recurring tasks need a number of days"},
			"DaysRange": {map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-02", "isRecurring": true, "recurringDays": 366}, "recurringDays", "Repeat every X days must be between 1 and 365"},
		}
		for name, c := range cases {
			t.Run(name, func(t *testing.T) {
				r := h.do("POST", "/api/care-tasks", tok, c.body)
				expect(t, r, 400, "")
				if r.body["errors"].(map[string]any)[c.field] != c.msg {
					t.Fatalf("errors %v", r.body["errors"])
				}
			})
		}
	})
	t.Run("NullRulesAndTimestampDates", func(t *testing.T) {
		r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "prune", "scheduledDate": "2026-06-03T23:30:00-07:00",
			"notes": "   ", "isRecurring": false, "recurringDays": 9})
		expect(t, r, 201, "")
		if r.body["scheduledDate"] != "2026-06-03" || r.body["notes"] != nil || r.body["recurringDays"] != nil {
			t.Fatalf("created %s", r.raw)
		}
	})
	t.Run("CompleteRecurringTwice", func(t *testing.T) {
		r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-01", "isRecurring": true, "recurringDays": 3})
		id := int64(r.body["id"].(float64))
		done := h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", id), tok, map[string]any{"completedDate": "2026-06-02T09:00:00Z"})
		expect(t, done, 200, "")
		next := done.body["nextTask"].(map[string]any)
		if done.body["completed"] != true || done.body["completedDate"] != "2026-06-02T09:00:00Z" || next["scheduledDate"] != "2026-06-05" || next["completed"] != false {
			t.Fatalf("complete: %s", done.raw)
		}
		expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", id), tok, nil), 409, "This task is already completed")
		p := h.do("GET", fmt.Sprintf("/api/plants/%d", plant), tok, nil)
		if p.body["lastWatered"] != "2026-06-02T09:00:00Z" {
			t.Fatalf("completing a water task did not water the plant: %s", p.raw)
		}
		day := h.do("GET", "/api/care-tasks/date/2026-06-08", tok, nil)
		if !strings.Contains(day.raw, `"projected":true`) || !strings.Contains(day.raw, fmt.Sprintf(`"sourceTaskId":%d`, int64(next["id"].(float64)))) {
			t.Fatalf("projected occurrence missing: %s", day.raw)
		}
		expect(t, h.do("GET", "/api/care-tasks/date/2026-6-8", tok, nil), 400, "Please enter a valid date")
		expect(t, h.do("GET", "/api/care-tasks?from=2026-06-10&to=2026-06-01", tok, nil), 400, "")
	})
	t.Run("EmptyBodyCompletesNow", func(t *testing.T) {
		r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "fertilize", "scheduledDate": "2026-06-01"})
		done := h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", int64(r.body["id"].(float64))), tok, nil)
		expect(t, done, 200, "")
		if done.body["completedDate"] != "2026-06-01T08:00:00Z" || done.body["nextTask"] != nil {
			t.Fatalf("complete without body: %s", done.raw)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "mist", "scheduledDate": "2026-06-01"})
		path := fmt.Sprintf("/api/care-tasks/%d", int64(r.body["id"].(float64)))
		expect(t, h.do("DELETE", path, tok, nil), 204, "")
		expect(t, h.do("DELETE", path, tok, nil), 404, "Task not found")
	})
}

func TestJournal(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("fern")
	plant := h.plant(tok, "Fern")
	r := h.do("POST", "/api/journal-entries", tok, map[string]any{"plantId": plant, "userId": 999, "title": "New frond", "content": "Unfurling", "growthStage": "Young"})
	expect(t, r, 201, "")
	if r.body["entryDate"] != "2026-06-01" || r.body["userId"].(float64) == 999 || r.body["plantName"] != "Fern" {
		t.Fatalf("entry %s", r.raw)
	}
	for field, c := range map[string]struct {
		body map[string]any
		msg  string
	}{
		"title":       {map[string]any{"plantId": plant, "title": "A"}, "Title must be at least 2 characters"},
		"entryDate":   {map[string]any{"plantId": plant, "title": "Ok", "entryDate": "soon"}, "Please enter a valid date"},
		"growthStage": {map[string]any{"plantId": plant, "title": "Ok", "growthStage": "Teen"}, "Please select a growth stage"},
		"plantId":     {map[string]any{"title": "Ok"}, "Please select a plant"},
	} {
		r := h.do("POST", "/api/journal-entries", tok, c.body)
		expect(t, r, 400, "")
		if r.body["errors"].(map[string]any)[field] != c.msg {
			t.Errorf("%s: %v", field, r.body["errors"])
		}
	}
	h.do("POST", "/api/journal-entries", tok, map[string]any{"plantId": plant, "title": "Older", "entryDate": "2026-05-01"})
	list := h.do("GET", fmt.Sprintf("/api/plants/%d/journal-entries", plant), tok, nil).body2()
	if len(list) != 2 || list[0]["title"] != "New frond" {
		t.Fatalf("not newest first: %v", list)
	}
	expect(t, h.do("DELETE", fmt.Sprintf("/api/journal-entries/%d", int64(list[0]["id"].(float64))), tok, nil), 204, "")
	// Deleting the plant takes the rest of its journal with it.
	expect(t, h.do("DELETE", fmt.Sprintf("/api/plants/%d", plant), tok, nil), 204, "")
	if r := h.do("GET", "/api/journal-entries", tok, nil); r.raw != "[]\n" {
		t.Fatalf("entries survived their plant: %s", r.raw)
	}
}

func TestQRCode(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("sage")
	plant := h.plant(tok, "Sage")
	r := h.do("GET", fmt.Sprintf("/api/plants/%d/qrcode", plant), tok, nil)
	expect(t, r, 200, "")
	url := r.body["qrCodeDataUrl"].(string)
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(url, "data:image/png;base64,"))
	if err != nil || !strings.HasPrefix(url, "data:image/png;base64,") {
		t.Fatalf("data URL %q: %v", url[:40], err)
	}
	if _, err := png.Decode(strings.NewReader(string(raw))); err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if r.body["url"] != fmt.Sprintf("https://garden.example.org/plants/%d", plant) {
		t.Fatalf("encoded URL %v", r.body["url"])
	}
	svg := h.do("GET", fmt.Sprintf("/api/plants/%d/qrcode/svg", plant), tok, nil)
	if svg.status != 200 || !strings.HasPrefix(svg.header.Get("Content-Type"), "image/svg+xml") || !strings.Contains(svg.raw, "<svg") ||
		!strings.Contains(svg.raw, fmt.Sprintf("/plants/%d</title>", plant)) {
		t.Fatalf("svg: %d %q", svg.status, svg.raw[:80])
	}
}

func TestDashboardSummary(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("dill")
	thirsty := h.do("POST", "/api/plants", tok, map[string]any{"name": "Thirsty", "plantType": "Herbs", "lastWatered": "2026-05-20T10:00:00Z", "waterFrequency": 7})
	h.do("POST", "/api/plants", tok, map[string]any{"name": "Fine", "plantType": "Herbs", "lastWatered": "2026-05-31T10:00:00Z", "lastFertilized": "2026-04-01T10:00:00Z"})
	id := int64(thirsty.body["id"].(float64))
	h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": id, "taskType": "repot", "scheduledDate": "2026-06-05"})
	for _, when := range []string{"2026-06-01T07:00:00Z", "2026-05-10T07:00:00Z", "2026-04-02T07:00:00Z", "2026-02-01T07:00:00Z"} {
		r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": id, "taskType": "prune", "scheduledDate": when})
		h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", int64(r.body["id"].(float64))), tok, map[string]any{"completedDate": when})
	}
	r := h.do("GET", "/api/dashboard/summary?today=2026-06-01", tok, nil)
	expect(t, r, 200, "")
	rem := r.body["reminders"].(map[string]any)
	water := rem["watering"].([]any)
	fert := rem["fertilizing"].([]any)
	if len(water) != 1 || water[0].(map[string]any)["name"] != "Thirsty" || water[0].(map[string]any)["dueDate"] != "2026-05-27" ||
		len(fert) != 1 || rem["repotting"].(float64) != 1 {
		t.Fatalf("reminders %v", rem)
	}
	stats := r.body["stats"].(map[string]any)
	count := func(rng string) float64 {
		return stats[rng].(map[string]any)["counts"].(map[string]any)["prune"].(float64)
	}
	if count("thisMonth") != 1 || count("lastMonth") != 1 || count("last3Months") != 3 {
		t.Fatalf("stats %v", stats)
	}
	week := r.body["week"].(map[string]any)
	if week["start"] != "2026-06-01" || week["end"] != "2026-06-07" || week["weekNumber"].(float64) != 23 {
		t.Fatalf("week %v", week)
	}
	expect(t, h.do("GET", "/api/dashboard/summary?today=June", tok, nil), 400, "Please enter a valid date")
}

func TestCalendarFeed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("mint")
	plant := h.plant(tok, "Mint, spearmint")
	h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-03", "isRecurring": true, "recurringDays": 10, "notes": "Use rain water; not tap"})
	url := h.do("GET", "/api/calendar/feed", tok, nil).body["url"].(string)
	if again := h.do("GET", "/api/calendar/feed", tok, nil).body["url"]; again != url {
		t.Fatal("the feed URL changed without a reset")
	}
	path := strings.TrimPrefix(url, "https://garden.example.org")
	r := h.do("GET", path, "", nil)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed: %d %s", r.status, r.raw)
	}
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "DTSTART;VALUE=DATE:20260603\r\n", "DTSTART;VALUE=DATE:20260613\r\n",
		`SUMMARY:Water Mint\, spearmint`, `Use rain water\; not tap`, "END:VCALENDAR\r\n"} {
		if !strings.Contains(r.raw, want) {
			t.Errorf("feed lacks %q", want)
		}
	}
	for _, line := range strings.Split(r.raw, "\r\n") {
		if len(line) > 75 {
			t.Errorf("line longer than 75 octets: %q", line)
		}
	}
	newURL := h.do("POST", "/api/calendar/feed/reset", tok, nil).body["url"].(string)
	if newURL == url {
		t.Fatal("reset kept the URL")
	}
	expect(t, h.do("GET", path, "", nil), 404, "Calendar feed not found")
	expect(t, h.do("GET", "/api/calendar/guess.ics", "", nil), 404, "")
}

// body2 decodes a JSON array answer.
func (r response) body2() []map[string]any {
	var out []map[string]any
	_ = jsonUnmarshal([]byte(r.raw), &out)
	return out
}
