package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// careLog returns the plant's whole log, newest first, following X-Next-Cursor.
func (h *harness) careLog(t *testing.T, token string, plant int64) []map[string]any {
	t.Helper()
	var out []map[string]any
	next := ""
	for i := 0; ; i++ {
		path := fmt.Sprintf("/api/plants/%d/care?limit=2", plant)
		if next != "" {
			path += "&cursor=" + next
		}
		r := h.do("GET", path, token, nil)
		expect(t, r, 200, "")
		out = append(out, r.body2()...)
		if next = r.header.Get("X-Next-Cursor"); next == "" || i > 20 {
			return out
		}
	}
}

func TestCareLog_LogValidateAndOwn(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			tok := h.gardener("rosa")
			other := h.gardener("otto")
			plant := h.plant(tok, "Basil")
			care := fmt.Sprintf("/api/plants/%d/care", plant)
			now := h.clock.Now()
			stamp := func(d time.Duration) string { return now.Add(d).Format(time.RFC3339) }

			// The new plant's log starts with its dates.
			if log := h.careLog(t, tok, plant); len(log) != 2 || log[0]["source"] != "import" {
				t.Fatalf("a new plant's log: %v", log)
			}
			cases := map[string]struct {
				body  map[string]any
				field string
				msg   string
			}{
				"Kind":           {map[string]any{"kind": "sing"}, "kind", "Kind must be one of water, fertilize, mist, prune, repot, rotate, inspect, check"},
				"MissingKind":    {map[string]any{}, "kind", "Kind must be one of water, fertilize, mist, prune, repot, rotate, inspect, check"},
				"FutureAt":       {map[string]any{"kind": "water", "at": stamp(49 * time.Hour)}, "at", "Care date cannot be in the future"},
				"BadAt":          {map[string]any{"kind": "water", "at": "yesterday"}, "at", "Please enter a valid date"},
				"Feedback":       {map[string]any{"kind": "check", "feedback": "soggy"}, "feedback", "Feedback must be dry, ok or moist"},
				"PostponeWater":  {map[string]any{"kind": "water", "feedback": "moist", "postponeDays": 2}, "postponeDays", "Postpone days apply to a check with moist feedback only"},
				"PostponeTooBig": {map[string]any{"kind": "check", "feedback": "moist", "postponeDays": 366}, "postponeDays", "Postpone days must be between 1 and 365"},
				"PostponeZero":   {map[string]any{"kind": "check", "feedback": "moist", "postponeDays": 0}, "postponeDays", "Postpone days must be between 1 and 365"},
				"LongNote":       {map[string]any{"kind": "mist", "note": strings.Repeat("x", 1001)}, "note", "Text is too long"},
			}
			for name, c := range cases {
				r := h.do("POST", care, tok, c.body)
				expect(t, r, 400, "")
				if errs, _ := r.body["errors"].(map[string]any); errs[c.field] != c.msg {
					t.Fatalf("%s: %s", name, r.raw)
				}
			}
			if log := h.careLog(t, tok, plant); len(log) != 2 {
				t.Fatalf("refused care was logged: %d events", len(log))
			}

			// Another gardener's plant is not found, whatever the call; nothing changes.
			for _, c := range []struct{ method, path string }{{"GET", care}, {"POST", care}, {"DELETE", care + "/1"}} {
				r := h.do(c.method, c.path, other, map[string]any{"kind": "water"})
				expect(t, r, 404, "Plant not found")
			}
			expect(t, h.do("GET", "/api/plants/999999/care", tok, nil), 404, "Plant not found")
			expect(t, h.do("DELETE", care+"/999999", tok, nil), 404, "Care event not found")
			if log := h.careLog(t, tok, plant); len(log) != 2 {
				t.Fatalf("another gardener changed the log: %d events", len(log))
			}

			// A watering within the day's slack is fine, and moves lastWatered.
			h.clock.Advance(20 * time.Hour)
			r := h.do("POST", care, tok, map[string]any{"kind": "water", "note": "  rain barrel  ", "feedback": "dry"})
			expect(t, r, 201, "")
			ev, pl := r.body["event"].(map[string]any), r.body["plant"].(map[string]any)
			if ev["kind"] != "water" || ev["source"] != "manual" || ev["note"] != "rain barrel" || ev["feedback"] != "dry" ||
				ev["at"] != h.clock.Now().Format(time.RFC3339) || pl["lastWatered"] != ev["at"] {
				t.Fatalf("logged %s", r.raw)
			}
		})
	}
}

func TestCareLog_EveryWateringPathLogs(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			tok := h.gardener("rosa")
			plant := h.plant(tok, "Fern")
			path := fmt.Sprintf("/api/plants/%d", plant)

			// Water Now (a forward PATCH), a completed water task, a Fertilize.
			h.clock.Advance(3 * 24 * time.Hour)
			tok = h.login("rosa", "password-rosa") // the session lasts a day
			watered := h.clock.Now().Format(time.RFC3339)
			expect(t, h.do("PATCH", path, tok, map[string]any{"lastWatered": watered}), 200, "")
			h.clock.Advance(3 * 24 * time.Hour)
			tok = h.login("rosa", "password-rosa")
			task := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": h.clock.Now().Format("2006-01-02")})
			expect(t, task, 201, "")
			expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%v/complete", task.body["id"]), tok, nil), 200, "")
			expect(t, h.do("PATCH", path, tok, map[string]any{"lastFertilized": h.clock.Now().Format(time.RFC3339)}), 200, "")
			// A date moved back is a correction: no event.
			expect(t, h.do("PATCH", path, tok, map[string]any{"lastFertilized": h.clock.Now().Add(-time.Hour).Format(time.RFC3339)}), 200, "")

			log := h.careLog(t, tok, plant)
			var got []string
			for _, e := range log {
				got = append(got, fmt.Sprintf("%s/%s", e["kind"], e["source"]))
			}
			want := "fertilize/manual water/task water/manual fertilize/import water/import"
			if strings.Join(got, " ") != want {
				t.Fatalf("log %v, want %s", got, want)
			}
			p := h.do("GET", path, tok, nil)
			if p.body["lastWatered"] != log[1]["at"] || p.body["waterLearnedFrom"].(float64) != 3 || p.body["suggestedWaterFrequency"].(float64) != 3 {
				t.Fatalf("plant %s", p.raw)
			}

			// A moist check postpones the watering by the default two days; nothing is watered.
			check := h.do("POST", path+"/care", tok, map[string]any{"kind": "check", "feedback": "moist"})
			expect(t, check, 201, "")
			after := check.body["plant"].(map[string]any)
			next, _ := time.Parse(time.RFC3339, p.body["nextWatering"].(string))
			if after["lastWatered"] != p.body["lastWatered"] || after["waterPostponedDays"].(float64) != 2 ||
				after["nextWatering"] != next.AddDate(0, 0, 2).Format(time.RFC3339) || check.body["event"].(map[string]any)["postponeDays"].(float64) != 2 {
				t.Fatalf("after a moist check %s (before: %s)", check.raw, p.raw)
			}

			// Deleting the newest watering recomputes lastWatered from the rest.
			expect(t, h.do("DELETE", fmt.Sprintf("%s/care/%v", path, log[1]["id"]), tok, nil), 204, "")
			p = h.do("GET", path, tok, nil)
			if p.body["lastWatered"] != watered || p.body["suggestedWaterFrequency"] != nil {
				t.Fatalf("after deleting the newest watering: %s", p.raw)
			}

			// Modes: adaptive is accepted, anything else refused.
			expect(t, h.do("PATCH", path, tok, map[string]any{"waterMode": "sometimes"}), 400, "")
			r := h.do("PATCH", path, tok, map[string]any{"waterMode": "adaptive", "fertilizeMode": "adaptive"})
			expect(t, r, 200, "")
			if r.body["waterMode"] != "adaptive" || r.body["effectiveWaterFrequency"].(float64) != 7 {
				t.Fatalf("adaptive without a suggestion: %s", r.raw)
			}
			kinds := h.do("GET", path+"/care?kind=water", tok, nil)
			if n := len(kinds.body2()); n != 2 {
				t.Fatalf("%d waterings, want 2", n)
			}
			expect(t, h.do("GET", path+"/care?kind=sing", tok, nil), 400, "")
		})
	}
}

// Water Now completes a task today, then sets lastWatered to the browser's now: one act, one
// event.
func TestCareLog_WaterNowLogsOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("rosa")
	plant := h.plant(tok, "Fern")
	h.clock.Advance(20 * time.Hour)
	task := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": h.clock.Now().Format("2006-01-02")})
	expect(t, task, 201, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%v/complete", task.body["id"]), tok, nil), 200, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/plants/%d", plant), tok, map[string]any{"lastWatered": h.clock.Now().Add(time.Second).Format(time.RFC3339)}), 200, "")
	waterings := 0
	for _, e := range h.careLog(t, tok, plant) {
		if e["kind"] == "water" && e["source"] != "import" {
			waterings++
		}
	}
	if waterings != 1 {
		t.Fatalf("%d waterings logged for one Water Now", waterings)
	}
}

// The care log is part of My Plants: its writes stop while that function is in maintenance,
// its reads stay open.
func TestCareLog_MaintenanceGatesWrites(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("boss", "superadmin")
	super := h.login("boss", "password-boss")
	tok := h.gardener("rosa")
	plant := h.plant(tok, "Fern")
	care := fmt.Sprintf("/api/plants/%d/care", plant)
	log := h.careLog(t, tok, plant)
	var fnID any
	for _, fn := range h.do("GET", "/api/maintenance/functions", super, nil).body2() {
		if fn["name"] == "my_plants" {
			fnID = fn["id"]
		}
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/maintenance/functions/%v", fnID), super, map[string]any{"maintenanceMode": true, "message": "Repotting"}), 200, "")
	expect(t, h.do("POST", care, tok, map[string]any{"kind": "water"}), 503, "Repotting")
	expect(t, h.do("DELETE", fmt.Sprintf("%s/%v", care, log[0]["id"]), tok, nil), 503, "Repotting")
	expect(t, h.do("GET", care, tok, nil), 200, "")
	if got := h.careLog(t, tok, plant); len(got) != len(log) {
		t.Fatalf("%d events during maintenance, want %d", len(got), len(log))
	}
}
