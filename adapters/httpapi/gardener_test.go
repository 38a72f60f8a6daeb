package httpapi_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"sort"
	"strings"
	"testing"

	"github.com/gardenctl/garden/tests/dbtest"
)

// The gardener's day (issue 17): status derived on the server, the filter, the dashboard and
// the schedule agree, plants are fully editable, overdue work stays visible. Every test runs on
// SQLite and PostgreSQL. The harness clock is 2026-06-01 08:00 UTC.

func eachDialect(t *testing.T, run func(t *testing.T, h *harness)) {
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run(t, newHarness(t, options{open: open}))
		})
	}
}

func (h *harness) plantWith(token string, body map[string]any) int64 {
	h.t.Helper()
	r := h.do("POST", "/api/plants", token, body)
	if r.status != 201 {
		h.t.Fatalf("create plant: %d %s", r.status, r.raw)
	}
	return int64(r.body["id"].(float64))
}

func names(list []map[string]any) []string {
	out := make([]string, len(list))
	for i, p := range list {
		out[i] = p["name"].(string)
	}
	return out
}

func statusOf(list []map[string]any) map[string]string {
	out := map[string]string{}
	for _, p := range list {
		out[p["name"].(string)] = p["status"].(string)
	}
	return out
}

func (h *harness) waterNow(token string, plant int64) {
	h.t.Helper()
	task := h.do("POST", "/api/care-tasks", token, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-01"})
	expect(h.t.(*testing.T), task, 201, "")
	expect(h.t.(*testing.T), h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", int64(task.body["id"].(float64))), token, nil), 200, "")
}

func TestGardener_StatusListFilterAndDashboardAgree(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("gerda")
		basil := h.plantWith(tok, map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 3, "lastWatered": "2026-05-28T09:00:00Z"})
		h.plantWith(tok, map[string]any{"name": "Mint", "plantType": "Herbs", "lastFertilized": "2026-04-01T09:00:00Z"})
		rose := h.plantWith(tok, map[string]any{"name": "Rose", "plantType": "Flowers"})
		fern := h.plantWith(tok, map[string]any{"name": "Fern", "plantType": "Herbs", "status": "needs_water"}) // a sent status is ignored
		expect(t, h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": rose, "taskType": "prune", "scheduledDate": "2026-05-30"}), 201, "")
		expect(t, h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": fern, "taskType": "mist", "scheduledDate": "2026-06-02"}), 201, "")

		want := map[string]string{"Basil": "needs_water", "Mint": "needs_care", "Rose": "needs_care", "Fern": "healthy"}
		list := h.do("GET", "/api/plants", tok, nil)
		expect(t, list, 200, "")
		if got := statusOf(list.body2()); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("statuses %v, want %v", got, want)
		}
		one := h.do("GET", fmt.Sprintf("/api/plants/%d", basil), tok, nil)
		if one.body["status"] != "needs_water" {
			t.Fatalf("GET one: %s", one.raw)
		}
		filter := func(status string) []string {
			r := h.do("GET", "/api/plants?status="+status, tok, nil)
			expect(t, r, 200, "")
			n := names(r.body2())
			sort.Strings(n)
			return n
		}
		if got := filter("needs_water"); fmt.Sprint(got) != "[Basil]" {
			t.Fatalf("needs_water filter %v", got)
		}
		if got := filter("needs_care"); fmt.Sprint(got) != "[Mint Rose]" {
			t.Fatalf("needs_care filter %v", got)
		}
		if got := filter("healthy"); fmt.Sprint(got) != "[Fern]" {
			t.Fatalf("healthy filter %v", got)
		}
		if got := names(h.do("GET", "/api/plants?sort=status", tok, nil).body2()); fmt.Sprint(got) != "[Basil Mint Rose Fern]" {
			t.Fatalf("status sort %v", got)
		}
		sum := h.do("GET", "/api/dashboard/summary?today=2026-06-01", tok, nil)
		expect(t, sum, 200, "")
		rem := sum.body["reminders"].(map[string]any)
		counts := sum.body["statusCounts"].(map[string]any)
		if n := len(rem["watering"].([]any)); n != 1 || counts["needs_water"].(float64) != 1 {
			t.Fatalf("dashboard watering %d vs needs_water %v", n, counts)
		}
		// Overdue is one definition: Basil's watering, Mint's fertilizing and Rose's pruning.
		if counts["needs_care"].(float64) != 2 || counts["healthy"].(float64) != 1 || rem["overdue"].(float64) != 3 {
			t.Fatalf("dashboard %s", sum.raw)
		}

		// Watering the basil makes it healthy everywhere at once.
		h.waterNow(tok, basil)
		if got := filter("needs_water"); len(got) != 0 {
			t.Fatalf("needs_water after watering %v", got)
		}
		if s := h.do("GET", fmt.Sprintf("/api/plants/%d", basil), tok, nil).body["status"]; s != "healthy" {
			t.Fatalf("basil after watering: %v", s)
		}
		sum = h.do("GET", "/api/dashboard/summary?today=2026-06-01", tok, nil)
		if len(sum.body["reminders"].(map[string]any)["watering"].([]any)) != 0 || sum.body["statusCounts"].(map[string]any)["healthy"].(float64) != 2 {
			t.Fatalf("dashboard after watering %s", sum.raw)
		}
		// The caller's date decides: three days on, the basil is due again.
		later := h.do("GET", "/api/plants?status=needs_water&today=2026-06-04", tok, nil)
		if got := names(later.body2()); fmt.Sprint(got) != "[Basil]" {
			t.Fatalf("needs_water on 06-04 %v", got)
		}
		expect(t, h.do("GET", "/api/plants?status=thirsty", tok, nil), 400, "Status must be healthy, needs_water or needs_care")
		expect(t, h.do("GET", "/api/plants?sort=random", tok, nil), 400, "Sort must be one of name, name_desc, oldest, newest, status")
		expect(t, h.do("GET", "/api/plants?today=soon", tok, nil), 400, "Please enter a valid date")
	})
}

func TestGardener_PlantListPagedSortedSearched(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("paula")
		for i, n := range []string{"Dill", "apple", "Chives", "Borage", "Endive"} {
			h.plantWith(tok, map[string]any{"name": n, "plantType": "Herbs", "location": fmt.Sprintf("Bed %d", i%2),
				"acquiredDate": fmt.Sprintf("2026-0%d-01T00:00:00Z", 5-i)})
		}
		first := h.do("GET", "/api/plants?sort=name&limit=2", tok, nil)
		next := first.header.Get("X-Next-Cursor")
		if got := names(first.body2()); fmt.Sprint(got) != "[apple Borage]" || next == "" {
			t.Fatalf("first page %v, cursor %q", got, next)
		}
		second := h.do("GET", "/api/plants?sort=name&limit=2&cursor="+next, tok, nil)
		third := h.do("GET", "/api/plants?sort=name&limit=2&cursor="+second.header.Get("X-Next-Cursor"), tok, nil)
		if fmt.Sprint(names(second.body2())) != "[Chives Dill]" || fmt.Sprint(names(third.body2())) != "[Endive]" || third.header.Get("X-Next-Cursor") != "" {
			t.Fatalf("pages %v %v", names(second.body2()), names(third.body2()))
		}
		for sortBy, want := range map[string]string{"name_desc": "[Endive Dill Chives Borage apple]", "oldest": "[Endive Borage Chives apple Dill]",
			"newest": "[Dill apple Chives Borage Endive]", "": "[Dill apple Chives Borage Endive]"} {
			if got := names(h.do("GET", "/api/plants?sort="+sortBy, tok, nil).body2()); fmt.Sprint(got) != want {
				t.Errorf("sort %q: %v, want %s", sortBy, got, want)
			}
		}
		if got := names(h.do("GET", "/api/plants?q=bed%201&sort=name", tok, nil).body2()); fmt.Sprint(got) != "[apple Borage]" {
			t.Fatalf("search %v", got)
		}
		expect(t, h.do("GET", "/api/plants?limit=500", tok, nil), 400, "limit must be a whole number between 1 and 200")
	})
}

func TestGardener_PlantFullEdit(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("edith")
		other := h.gardener("olga")
		id := h.plant(tok, "Tomato")
		path := fmt.Sprintf("/api/plants/%d", id)
		edit := map[string]any{
			"name": "Cherry tomato", "species": "Solanum lycopersicum", "plantType": "Vegetables", "location": "Greenhouse",
			"imageUrl": "https://example.org/tomato.jpg", "lightNeeds": "Full Sun", "waterFrequency": 2, "fertilizerFrequency": 14,
			"notes": "Tie to the cane", "growthProgress": 40, "lastWatered": "2026-05-31T18:00:00Z",
			"lastFertilized": "2026-05-20T09:00:00Z", "acquiredDate": "2026-04-15T00:00:00Z",
		}
		r := h.do("PATCH", path, tok, edit)
		expect(t, r, 200, "")
		got := h.do("GET", path, tok, nil).body
		for k, v := range edit {
			if fmt.Sprint(got[k]) != fmt.Sprint(v) {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
		if got["nextWatering"] != "2026-06-02T18:00:00Z" || got["nextFertilizing"] != "2026-06-03T09:00:00Z" || got["status"] != "healthy" {
			t.Errorf("derived fields %v %v %v", got["nextWatering"], got["nextFertilizing"], got["status"])
		}
		// Growth progress alone (the quick control).
		r = h.do("PATCH", path, tok, map[string]any{"growthProgress": 65})
		if r.body["growthProgress"].(float64) != 65 || r.body["name"] != "Cherry tomato" {
			t.Fatalf("quick progress: %s", r.raw)
		}
		// Each field is validated by the create rules; a refused edit changes nothing.
		long := strings.Repeat("x", 201)
		for field, c := range map[string]struct {
			value any
			msg   string
		}{
			"name":                {"T", "Plant name must be at least 2 characters"},
			"plantType":           {"Trees", "Please select a plant type"},
			"imageUrl":            {"javascript:alert(1)", "Please enter a valid URL"},
			"waterFrequency":      {0, "Water frequency must be at least 1 day"},
			"fertilizerFrequency": {366, "Fertilizer frequency cannot exceed 365 days"},
			"growthProgress":      {101, "Growth progress must be between 0 and 100"},
			"lastWatered":         {"soon", "Please enter a valid date"},
			"lastFertilized":      {"later", "Please enter a valid date"},
			"acquiredDate":        {"once", "Please enter a valid date"},
			"species":             {long, "Text is too long"},
			"location":            {long, "Text is too long"},
			"lightNeeds":          {long, "Text is too long"},
			"notes":               {strings.Repeat("n", 10001), "Text is too long"},
		} {
			companion := "location" // a valid change beside the bad one must not be saved either
			if field == "location" {
				companion = "name"
			}
			r := h.do("PATCH", path, tok, map[string]any{companion: "Changed", field: c.value})
			expect(t, r, 400, "")
			if errs, _ := r.body["errors"].(map[string]any); errs[field] != c.msg {
				t.Errorf("%s: errors %v", field, r.body["errors"])
			}
		}
		got = h.do("GET", path, tok, nil).body
		if got["location"] != "Greenhouse" || got["name"] != "Cherry tomato" || got["growthProgress"].(float64) != 65 {
			t.Fatalf("a refused edit was saved: %v", got)
		}
		// The status cannot be set: it is derived.
		if r := h.do("PATCH", path, tok, map[string]any{"status": "needs_care"}); r.body["status"] != "healthy" {
			t.Fatalf("status was taken from input: %s", r.raw)
		}
		// Ownership: another gardener's edit is a 404 and changes nothing.
		expect(t, h.do("PATCH", path, other, map[string]any{"name": "Mine now"}), 404, "Plant not found")
		if h.do("GET", path, tok, nil).body["name"] != "Cherry tomato" {
			t.Fatal("another user's edit was saved")
		}
		expect(t, h.do("PATCH", "/api/plants/999999", tok, map[string]any{"name": "Ghost"}), 404, "Plant not found")
	})
}

func TestGardener_OverdueTasks(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("otto")
		other := h.gardener("olaf")
		plant := h.plant(tok, "Lemon tree")
		task := func(typ, date string) int64 {
			r := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": typ, "scheduledDate": date})
			expect(t, r, 201, "")
			return int64(r.body["id"].(float64))
		}
		oldest := task("prune", "2026-05-25")
		yesterday := task("repot", "2026-05-31")
		task("mist", "2026-06-01")
		task("rotate", "2026-06-03")
		done := task("inspect", "2026-05-20")
		expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", done), tok, nil), 200, "")

		r := h.do("GET", "/api/care-tasks/overdue?today=2026-06-01", tok, nil)
		expect(t, r, 200, "")
		list := r.body2()
		if len(list) != 2 || int64(list[0]["id"].(float64)) != oldest || int64(list[1]["id"].(float64)) != yesterday || list[0]["plantName"] != "Lemon tree" {
			t.Fatalf("overdue %s", r.raw)
		}
		page := h.do("GET", "/api/care-tasks/overdue?today=2026-06-01&limit=1", tok, nil)
		rest := h.do("GET", "/api/care-tasks/overdue?today=2026-06-01&limit=1&cursor="+page.header.Get("X-Next-Cursor"), tok, nil)
		if len(page.body2()) != 1 || len(rest.body2()) != 1 || int64(rest.body2()[0]["id"].(float64)) != yesterday || rest.header.Get("X-Next-Cursor") != "" {
			t.Fatalf("pages %s %s", page.raw, rest.raw)
		}
		// Without ?today= the server's date is used (the same here); another user sees none.
		if n := len(h.do("GET", "/api/care-tasks/overdue", tok, nil).body2()); n != 2 {
			t.Fatalf("server date: %d", n)
		}
		if r := h.do("GET", "/api/care-tasks/overdue", other, nil); r.raw != "[]\n" {
			t.Fatalf("leak: %s", r.raw)
		}
		// Days later, today's and later tasks join the list until they are done.
		if n := len(h.do("GET", "/api/care-tasks/overdue?today=2026-06-04", tok, nil).body2()); n != 4 {
			t.Fatalf("on 06-04: %d", n)
		}
		expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", oldest), tok, nil), 200, "")
		if list := h.do("GET", "/api/care-tasks/overdue?today=2026-06-01", tok, nil).body2(); len(list) != 1 {
			t.Fatalf("completed task still overdue: %v", list)
		}
		expect(t, h.do("GET", "/api/care-tasks/overdue?today=yesterday", tok, nil), 400, "Please enter a valid date")
		expect(t, h.do("GET", "/api/care-tasks/overdue?cursor=%25%25", tok, nil), 400, "")
		// The plant's status follows: an overdue task means needs_care.
		if s := h.do("GET", fmt.Sprintf("/api/plants/%d", plant), tok, nil).body["status"]; s != "needs_care" {
			t.Fatalf("status with an overdue task: %v", s)
		}
	})
}

func TestGardener_CareDueOnTheSchedule(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("carla")
		h.plantWith(tok, map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 3, "lastWatered": "2026-05-28T09:00:00Z"})
		h.plantWith(tok, map[string]any{"name": "Mint", "plantType": "Herbs", "waterFrequency": 2, "fertilizerFrequency": 5,
			"lastWatered": "2026-06-01T07:00:00Z", "lastFertilized": "2026-05-30T07:00:00Z"})
		r := h.do("GET", "/api/care-due?from=2026-06-01&to=2026-06-07&today=2026-06-01", tok, nil)
		expect(t, r, 200, "")
		var got []string
		for _, c := range r.body2() {
			got = append(got, fmt.Sprintf("%s %s %s %s %v", c["date"], c["taskType"], c["plantName"], c["dueDate"], c["overdue"]))
		}
		want := "[2026-06-01 water Basil 2026-05-31 true 2026-06-03 water Mint 2026-06-03 false 2026-06-04 fertilize Mint 2026-06-04 false]"
		if fmt.Sprint(got) != want {
			t.Fatalf("care due %v\nwant %s", got, want)
		}
		// The iCal feed places the same care on the same days.
		url := h.do("GET", "/api/calendar/feed", tok, nil).body["url"].(string)
		feed := h.do("GET", strings.TrimPrefix(url, "https://garden.example.org"), "", nil).raw
		for _, w := range []string{"DTSTART;VALUE=DATE:20260601\r\nSUMMARY:Water Basil", "DTSTART;VALUE=DATE:20260603\r\nSUMMARY:Water Mint",
			"DTSTART;VALUE=DATE:20260604\r\nSUMMARY:Fertilize Mint"} {
			if !strings.Contains(strings.ReplaceAll(feed, "\r\n ", ""), w) && !feedHas(feed, w) {
				t.Errorf("feed lacks %q", w)
			}
		}
		page := h.do("GET", "/api/care-due?from=2026-06-01&to=2026-06-07&today=2026-06-01&limit=2", tok, nil)
		if len(page.body2()) != 2 || page.header.Get("X-Next-Cursor") == "" {
			t.Fatalf("paged: %s", page.raw)
		}
		expect(t, h.do("GET", "/api/care-due?from=2026-06-07&to=2026-06-01", tok, nil), 400, "")
		expect(t, h.do("GET", "/api/care-due?from=x&to=2026-06-01", tok, nil), 400, "Please enter a valid date")
		if r := h.do("GET", "/api/care-due?from=2026-06-01&to=2026-06-07", h.gardener("nobody"), nil); r.raw != "[]\n" {
			t.Fatalf("leak: %s", r.raw)
		}
	})
}

// feedHas reports whether the feed has an event with the DTSTART line and SUMMARY of w (in any
// order of the event's lines).
func feedHas(feed, w string) bool {
	start, summary, _ := strings.Cut(w, "\r\n")
	for _, ev := range strings.Split(feed, "BEGIN:VEVENT") {
		if strings.Contains(ev, start+"\r\n") && strings.Contains(ev, summary) {
			return true
		}
	}
	return false
}

func TestGardener_ImageThumbnails(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("theo")
	img := image.NewRGBA(image.Rect(0, 0, 1200, 800))
	for x := 0; x < 1200; x += 7 {
		img.Set(x, x%800, color.RGBA{200, 40, 60, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	up := h.upload(tok, "file", "big.png", "image/png", b.Bytes())
	expect(t, up, 201, "")
	url := up.body["imageUrl"].(string)
	for round := 0; round < 2; round++ { // made on the first request, kept for the next
		r := h.do("GET", url+"?size=thumb", "", nil)
		if r.status != 200 || r.header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("thumb %d: %d %s", round, r.status, r.header.Get("Content-Type"))
		}
		cfg, err := jpeg.DecodeConfig(strings.NewReader(r.raw))
		if err != nil || cfg.Width != 320 || cfg.Height != 213 {
			t.Fatalf("thumb %d: %v %+v", round, err, cfg)
		}
	}
	if orig := h.do("GET", url, "", nil); orig.header.Get("Content-Type") != "image/png" || len(orig.raw) != b.Len() {
		t.Fatalf("original changed: %s %d", orig.header.Get("Content-Type"), len(orig.raw))
	}
	expect(t, h.do("GET", "/api/images/00000000000000000000000000000000.png?size=thumb", "", nil), 404, "")
	expect(t, h.do("GET", "/api/images/thumbs/../x.png?size=thumb", "", nil), 404, "")
}
