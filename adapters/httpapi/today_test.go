package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// dueList reads GET /api/today (with query) as its items.
func (h *harness) dueList(t *testing.T, token, query string) []map[string]any {
	t.Helper()
	r := h.do("GET", "/api/today"+query, token, nil)
	expect(t, r, 200, "")
	return r.body2()
}

func (h *harness) task(t *testing.T, token string, plant int64, typ, date string) int64 {
	t.Helper()
	r := h.do("POST", "/api/care-tasks", token, map[string]any{"plantId": plant, "taskType": typ, "scheduledDate": date})
	expect(t, r, 201, "")
	return int64(r.body["id"].(float64))
}

// A plant with an overdue water task is one due watering everywhere: its card, the filter, the
// dashboard's tiles and overdue count, the Today list and the Schedule (issue #27 item 2).
func TestToday_OneDefinitionAgrees(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("olga")
		// The clock reads 2026-06-01: the schedule says water on 06-05, the task said 05-30.
		ivy := h.plantWith(tok, map[string]any{"name": "Ivy", "plantType": "Herbs", "waterFrequency": 7, "lastWatered": "2026-05-29T09:00:00Z"})
		fern := h.plantWith(tok, map[string]any{"name": "Fern", "plantType": "Herbs", "waterFrequency": 7, "lastWatered": "2026-05-30T09:00:00Z"})
		task := h.task(t, tok, ivy, "water", "2026-05-30")
		prune := h.task(t, tok, fern, "prune", "2026-06-01") // due today, not overdue

		one := h.do("GET", fmt.Sprintf("/api/plants/%d", ivy), tok, nil)
		if one.body["status"] != "needs_water" || one.body["nextWatering"] != "2026-05-30T00:00:00Z" {
			t.Fatalf("card: %s", one.raw)
		}
		if got := names(h.do("GET", "/api/plants?status=needs_water", tok, nil).body2()); fmt.Sprint(got) != "[Ivy]" {
			t.Fatalf("needs_water filter %v", got)
		}
		if got := names(h.do("GET", "/api/plants?status=needs_care", tok, nil).body2()); fmt.Sprint(got) != "[Fern]" {
			t.Fatalf("needs_care filter %v", got)
		}
		sum := h.do("GET", "/api/dashboard/summary", tok, nil)
		rem := sum.body["reminders"].(map[string]any)
		due := sum.body["due"].(map[string]any)
		watering := rem["watering"].([]any)
		if len(watering) != 1 || watering[0].(map[string]any)["dueDate"] != "2026-05-30" || rem["overdue"].(float64) != 1 ||
			due["due"].(float64) != 2 || due["overdue"].(float64) != 1 || due["water"].(float64) != 1 || due["tasks"].(float64) != 1 {
			t.Fatalf("dashboard: %s", sum.raw)
		}
		items := h.dueList(t, tok, "")
		if len(items) != 2 {
			t.Fatalf("today: %v", items)
		}
		w, p := items[0], items[1]
		if w["kind"] != "water" || w["plantName"] != "Ivy" || w["overdue"] != true || w["dueDate"] != "2026-05-30" ||
			fmt.Sprint(w["taskIds"]) != fmt.Sprintf("[%d]", task) || w["key"] != fmt.Sprintf("water-%d", ivy) {
			t.Fatalf("water item %v", w)
		}
		if p["kind"] != "task" || p["taskType"] != "prune" || p["taskId"].(float64) != float64(prune) || p["overdue"] != false {
			t.Fatalf("task item %v", p)
		}
		if got := h.dueList(t, tok, "?overdue=true"); len(got) != 1 || got[0]["plantName"] != "Ivy" {
			t.Fatalf("overdue only: %v", got)
		}
		// The Schedule shows the water task itself, not a second watering of Ivy.
		for _, c := range h.do("GET", "/api/care-due?from=2026-06-01&to=2026-06-14", tok, nil).body2() {
			if c["plantName"] == "Ivy" && c["date"].(string) <= "2026-06-05" {
				t.Fatalf("Ivy's watering twice on the schedule: %v", c)
			}
		}

		// Water all: the due task is completed, the plant watered once, every count follows.
		r := h.do("POST", "/api/plants/water", tok, map[string]any{"plantIds": []int64{ivy}})
		expect(t, r, 200, "")
		if pl := r.body["plants"].([]any)[0].(map[string]any); pl["status"] != "healthy" {
			t.Fatalf("after water all: %v", pl)
		}
		if got := h.do("GET", "/api/care-tasks/overdue", tok, nil).body2(); len(got) != 0 {
			t.Fatalf("the water task is still pending: %v", got)
		}
		var waterings []map[string]any
		for _, e := range h.careLog(t, tok, ivy) {
			if e["kind"] == "water" {
				waterings = append(waterings, e)
			}
		}
		if len(waterings) != 2 || waterings[0]["source"] != "task" { // its creation's, then this one
			t.Fatalf("waterings logged %v", waterings)
		}
		if got := h.dueList(t, tok, ""); len(got) != 1 || got[0]["kind"] != "task" {
			t.Fatalf("today after watering: %v", got)
		}
		sum = h.do("GET", "/api/dashboard/summary", tok, nil)
		if d := sum.body["due"].(map[string]any); d["overdue"].(float64) != 0 || d["water"].(float64) != 0 {
			t.Fatalf("dashboard after watering %s", sum.raw)
		}
		// Completing the prune task from the list empties it.
		expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%d/complete", prune), tok, nil), 200, "")
		if got := h.dueList(t, tok, ""); len(got) != 0 {
			t.Fatalf("today after all: %v", got)
		}
	})
}

// Water all waters several plants in one request (a task created and completed for a plant
// without one, as Water Now), bounded and checked for ownership before anything is written.
func TestToday_WaterAllBoundedAndOwned(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok, other := h.gardener("pia"), h.gardener("quentin")
		var mine []int64
		for i := range 6 {
			mine = append(mine, h.plantWith(tok, map[string]any{"name": fmt.Sprintf("Pot %d", i), "plantType": "Herbs",
				"waterFrequency": 3, "lastWatered": "2026-05-25T09:00:00Z"}))
		}
		theirs := h.plantWith(other, map[string]any{"name": "Theirs", "plantType": "Herbs", "waterFrequency": 3, "lastWatered": "2026-05-25T09:00:00Z"})
		expect(t, h.do("POST", "/api/plants/water", tok, map[string]any{"plantIds": []int64{mine[0], theirs}}), 404, "Plant not found")
		if got := h.dueList(t, tok, ""); len(got) != 6 {
			t.Fatalf("a refused Water all watered something: %v", got)
		}
		expect(t, h.do("POST", "/api/plants/water", tok, map[string]any{"plantIds": []int64{}}), 400, "Choose between 1 and 100 plants")
		many := make([]int64, 101)
		for i := range many {
			many[i] = int64(i + 1)
		}
		expect(t, h.do("POST", "/api/plants/water", tok, map[string]any{"plantIds": many}), 400, "Choose between 1 and 100 plants")

		r := h.do("POST", "/api/plants/water", tok, map[string]any{"plantIds": mine})
		expect(t, r, 200, "")
		if len(r.body["plants"].([]any)) != 6 {
			t.Fatalf("answer %s", r.raw)
		}
		if got := h.dueList(t, tok, ""); len(got) != 0 {
			t.Fatalf("due after Water all: %v", got)
		}
		for _, id := range mine {
			one := h.do("GET", fmt.Sprintf("/api/plants/%d", id), tok, nil)
			if one.body["lastWatered"] != h.clock.Now().UTC().Format(time.RFC3339) {
				t.Fatalf("plant %d: %s", id, one.raw)
			}
		}
		// The care statistics count the waterings as completed water tasks, as Water Now's.
		stats := h.do("GET", "/api/dashboard/summary", tok, nil).body["stats"].(map[string]any)["thisMonth"].(map[string]any)
		if stats["counts"].(map[string]any)["water"].(float64) != 6 {
			t.Fatalf("stats %v", stats)
		}
		// Their plant was not touched.
		if got := h.dueList(t, other, ""); len(got) != 1 {
			t.Fatalf("their list %v", got)
		}
		// Fertilize all is the same path.
		expect(t, h.do("POST", "/api/plants/fertilize", tok, map[string]any{"plantIds": []int64{mine[0]}}), 200, "")
	})
}

// Snooze moves a due item to tomorrow: off today's list and counts, back tomorrow.
func TestToday_Snooze(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok, other := h.gardener("rita"), h.gardener("sven")
		basil := h.plantWith(tok, map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 3, "lastWatered": "2026-05-25T09:00:00Z",
			"fertilizerFrequency": 30, "lastFertilized": "2026-04-01T09:00:00Z"})
		waterTask := h.task(t, tok, basil, "water", "2026-05-31")
		prune := h.task(t, tok, basil, "prune", "2026-05-20")
		if got := h.dueList(t, tok, ""); len(got) != 3 {
			t.Fatalf("due %v", got)
		}
		for _, body := range []map[string]any{{"kind": "water", "plantId": basil}, {"kind": "fertilize", "plantId": basil}, {"kind": "task", "taskId": prune}} {
			r := h.do("POST", "/api/today/snooze", tok, body)
			if r.status != 204 {
				t.Fatalf("snooze %v: %d %s", body, r.status, r.raw)
			}
		}
		if got := h.dueList(t, tok, ""); len(got) != 0 {
			t.Fatalf("due after snoozing: %v", got)
		}
		if s := h.do("GET", fmt.Sprintf("/api/plants/%d", basil), tok, nil).body["status"]; s != "healthy" {
			t.Fatalf("status after snoozing: %v", s)
		}
		tomorrow := h.dueList(t, tok, "?today=2026-06-02")
		if len(tomorrow) != 3 {
			t.Fatalf("tomorrow %v", tomorrow)
		}
		for _, it := range tomorrow {
			if it["dueDate"] != "2026-06-02" || it["overdue"] != false {
				t.Fatalf("snoozed to %v", it)
			}
		}
		if fmt.Sprint(tomorrow[0]["taskIds"]) != fmt.Sprintf("[%d]", waterTask) {
			t.Fatalf("the water task did not move with the watering: %v", tomorrow[0])
		}
		expect(t, h.do("POST", "/api/today/snooze", other, map[string]any{"kind": "task", "taskId": prune}), 404, "Task not found")
		expect(t, h.do("POST", "/api/today/snooze", other, map[string]any{"kind": "water", "plantId": basil}), 404, "Plant not found")
		expect(t, h.do("POST", "/api/today/snooze", tok, map[string]any{"kind": "nap", "plantId": basil}), 400, "Kind must be water, fertilize or task")
	})
}

// "Today" is the gardener's date in their own zone: at 23:30 UTC it is already tomorrow in
// Auckland and still today in Los Angeles (issue #24 item 6).
func TestToday_GardenersTimeZone(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		kiwi, west := h.gardener("tama"), h.gardener("wendy")
		expect(t, h.do("PATCH", "/api/user/settings", kiwi, map[string]any{"timeZone": "Mars/Olympus"}), 400, "Time zone must be an IANA name such as Europe/Paris")
		expect(t, h.do("PATCH", "/api/user/settings", kiwi, map[string]any{"timeZone": "../../etc/passwd"}), 400, "Time zone must be an IANA name such as Europe/Paris")
		r := h.do("PATCH", "/api/user/settings", kiwi, map[string]any{"timeZone": "Pacific/Auckland"})
		expect(t, r, 200, "")
		if r.body["timeZone"] != "Pacific/Auckland" {
			t.Fatalf("settings answer %s", r.raw)
		}
		expect(t, h.do("PATCH", "/api/user/settings", west, map[string]any{"timeZone": "America/Los_Angeles"}), 200, "")
		if got := h.do("GET", "/api/user", west, nil).body["timeZone"]; got != "America/Los_Angeles" {
			t.Fatalf("GET /api/user timeZone %v", got)
		}
		// Both water every 3 days since 05-30 09:00 UTC: due on 06-02.
		for _, tok := range []string{kiwi, west} {
			h.plantWith(tok, map[string]any{"name": "Lettuce", "plantType": "Vegetables", "waterFrequency": 3, "lastWatered": "2026-05-30T09:00:00Z"})
		}
		h.clock.Advance(15*time.Hour + 30*time.Minute) // 2026-06-01 23:30 UTC
		cases := []struct {
			tok, today, status string
			due                int
		}{{kiwi, "2026-06-02", "needs_water", 1}, {west, "2026-06-01", "healthy", 0}}
		for _, c := range cases {
			sum := h.do("GET", "/api/dashboard/summary", c.tok, nil)
			if sum.body["today"] != c.today || sum.body["due"].(map[string]any)["water"].(float64) != float64(c.due) {
				t.Fatalf("summary for %s: %s", c.today, sum.raw)
			}
			if got := statusOf(h.do("GET", "/api/plants", c.tok, nil).body2())["Lettuce"]; got != c.status {
				t.Fatalf("status on %s: %s", c.today, got)
			}
			if got := h.dueList(t, c.tok, ""); len(got) != c.due {
				t.Fatalf("today list on %s: %v", c.today, got)
			}
		}
		// Half an hour on it is 06-02 in Los Angeles too? No: 16:30 → 17:00. Their day turns
		// at 07:00 UTC; an explicit ?today= still answers for the date asked.
		if got := h.dueList(t, west, "?today=2026-06-02"); len(got) != 1 {
			t.Fatalf("explicit date: %v", got)
		}
		h.clock.Advance(7*time.Hour + 31*time.Minute) // 2026-06-02 07:01 UTC: 00:01 in Los Angeles
		if got := h.dueList(t, west, ""); len(got) != 1 {
			t.Fatalf("after midnight in Los Angeles: %v", got)
		}
	})
}

// The gardener's reminder hour: PATCH /api/user/settings {reminderHour} sets the local hour of
// the daily care reminder (0-23), null returns to the installation's default.
func TestSettings_ReminderHour(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("rowan")
		if r := h.do("GET", "/api/user", tok, nil); r.body["reminderHour"] != nil || !strings.Contains(r.raw, `"reminderHour":null`) {
			t.Fatalf("default %s", r.raw)
		}
		for _, bad := range []any{24, -1} {
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"reminderHour": bad}), 400, domain.MsgReminderHour)
		}
		r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"reminderHour": 6, "timeZone": "Europe/Berlin"})
		expect(t, r, 200, "")
		if got := h.do("GET", "/api/user", tok, nil).body["reminderHour"]; got != 6.0 {
			t.Fatalf("reminderHour %v", got)
		}
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"reminderHour": nil}), 200, "")
		if got := h.do("GET", "/api/user", tok, nil).body["reminderHour"]; got != nil {
			t.Fatalf("cleared reminderHour %v", got)
		}
	})
}
