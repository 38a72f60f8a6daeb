package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// Every plant has a schedule (issue 17 item 2): a new plant takes the last watering and
// fertilizing the gardener names (today when none is sent), never one in the future, by the
// same rule on create and on edit. The harness clock is 2026-06-01 08:00 UTC.
func TestGardener_NewPlantCareDates(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("dora")
		r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 3,
			"lastWatered": "2026-05-28T12:00:00Z", "lastFertilized": "2026-05-01T12:00:00Z"})
		expect(t, r, 201, "")
		if r.body["lastWatered"] != "2026-05-28T12:00:00Z" || r.body["nextWatering"] != "2026-05-31T12:00:00Z" || r.body["status"] != "needs_water" {
			t.Fatalf("dated plant: %s", r.raw)
		}
		// None sent: today, so the plant is on the schedule from the start.
		r = h.do("POST", "/api/plants", tok, map[string]any{"name": "Mint", "plantType": "Herbs"})
		expect(t, r, 201, "")
		if r.body["lastWatered"] == nil || r.body["lastFertilized"] == nil || r.body["nextWatering"] == nil {
			t.Fatalf("undated plant: %s", r.raw)
		}
		// A gardener ahead of the server: their today's midday is still accepted.
		expect(t, h.do("POST", "/api/plants", tok, map[string]any{"name": "Thyme", "plantType": "Herbs",
			"lastWatered": "2026-06-01T22:00:00Z", "lastFertilized": "2026-06-01T22:00:00Z"}), 201, "")

		id := h.plant(tok, "Sage")
		path := fmt.Sprintf("/api/plants/%d", id)
		before := h.do("GET", path, tok, nil).body
		for _, c := range []struct {
			method, path, field, msg string
		}{
			{"POST", "/api/plants", "lastWatered", domain.MsgLastWateredFuture},
			{"POST", "/api/plants", "lastFertilized", domain.MsgLastFertilizedFuture},
			{"PATCH", path, "lastWatered", domain.MsgLastWateredFuture},
			{"PATCH", path, "lastFertilized", domain.MsgLastFertilizedFuture},
		} {
			body := map[string]any{"name": "Rosemary", "plantType": "Herbs", c.field: "2026-06-03T12:00:00Z"}
			got := h.do(c.method, c.path, tok, body)
			expect(t, got, 400, c.msg)
			if errs, _ := got.body["errors"].(map[string]any); errs[c.field] != c.msg {
				t.Errorf("%s %s: errors %v", c.method, c.field, got.body["errors"])
			}
		}
		after := h.do("GET", path, tok, nil).body
		if fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("a refused edit changed the plant:\n%v\n%v", before, after)
		}
		list := h.do("GET", "/api/plants?q=Rosemary", tok, nil).body2()
		if len(list) != 0 {
			t.Fatalf("a refused plant was created: %v", list)
		}
	})
}
