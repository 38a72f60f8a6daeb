package httpapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// bedsOf draws a garden layout of the token's owner with beds of the given sizes (width ×
// height feet) side by side, named "<layout> 1", "<layout> 2"…, and returns the beds' ids.
func (h *harness) bedsOf(tok, layout string, sizes ...[2]float64) []int64 {
	h.t.Helper()
	created := h.do("POST", "/api/garden-layouts", tok, map[string]any{"name": layout, "width": 100, "height": 100})
	if created.status != 201 {
		h.t.Fatalf("layout %s: %d %s", layout, created.status, created.raw)
	}
	var beds []map[string]any
	x := 0.0
	for i, sz := range sizes {
		beds = append(beds, map[string]any{"name": fmt.Sprintf("%s %d", layout, i+1), "x": x, "y": 0, "width": sz[0], "height": sz[1]})
		x += sz[0] + 1
	}
	saved := h.do("PUT", fmt.Sprintf("/api/garden-layouts/%d/beds", int64(created.body["id"].(float64))), tok, map[string]any{"version": 1, "beds": beds})
	if saved.status != 200 {
		h.t.Fatalf("beds of %s: %d %s", layout, saved.status, saved.raw)
	}
	var ids []int64
	for _, b := range saved.body["beds"].([]any) {
		ids = append(ids, int64(b.(map[string]any)["id"].(float64)))
	}
	return ids
}

func TestHarvestBeds_LinkReadAndClear(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("hana", "Tomato")
		beds := h.bedsOf(tok, "Back garden", [2]float64{4, 10}, [2]float64{4, 4})
		created := h.do("POST", "/api/harvests", tok, map[string]any{"plantId": plants["Tomato"], "harvestDate": "2026-05-30",
			"quantity": 2, "unit": "kg", "bedId": beds[0]})
		expect(t, created, 201, "")
		if created.body["bedId"].(float64) != float64(beds[0]) || created.body["bedName"] != "Back garden 1" || created.body["layoutName"] != "Back garden" {
			t.Fatalf("created with a bed: %s", created.raw)
		}
		path := fmt.Sprintf("/api/harvests/%d", int64(created.body["id"].(float64)))
		got := h.do("GET", path, tok, nil)
		if got.body["bedId"].(float64) != float64(beds[0]) || got.body["bedName"] != "Back garden 1" {
			t.Fatalf("read: %s", got.raw)
		}
		if list := h.do("GET", "/api/harvests", tok, nil).body2(); len(list) != 1 || list[0]["bedName"] != "Back garden 1" || list[0]["layoutName"] != "Back garden" {
			t.Fatalf("list: %v", list)
		}
		// A PATCH without bedId keeps it; another bed moves it; null clears it.
		kept := h.do("PATCH", path, tok, map[string]any{"notes": "sweet"})
		if kept.body["bedId"].(float64) != float64(beds[0]) {
			t.Fatalf("kept: %s", kept.raw)
		}
		moved := h.do("PATCH", path, tok, map[string]any{"bedId": beds[1]})
		expect(t, moved, 200, "")
		if moved.body["bedId"].(float64) != float64(beds[1]) || moved.body["bedName"] != "Back garden 2" || moved.body["notes"] != "sweet" {
			t.Fatalf("moved: %s", moved.raw)
		}
		cleared := h.do("PATCH", path, tok, map[string]any{"bedId": nil})
		expect(t, cleared, 200, "")
		if cleared.body["bedId"] != nil || cleared.body["bedName"] != "" || cleared.body["layoutName"] != "" {
			t.Fatalf("cleared: %s", cleared.raw)
		}
		if got = h.do("GET", path, tok, nil); got.body["bedId"] != nil {
			t.Fatalf("cleared, read back: %s", got.raw)
		}
		// Without a bed, the record has none.
		bare := h.do("POST", "/api/harvests", tok, map[string]any{"plantId": plants["Tomato"], "bedId": nil})
		expect(t, bare, 201, "")
		if bare.body["bedId"] != nil || bare.body["bedName"] != "" {
			t.Fatalf("bare: %s", bare.raw)
		}
	})
}

func TestHarvestBeds_OwnershipAndValidation(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		mine, plants := h.harvester("ines", "Pea")
		theirs, _ := h.harvester("jon")
		myBeds := h.bedsOf(mine, "Mine", [2]float64{2, 2})
		theirBeds := h.bedsOf(theirs, "Theirs", [2]float64{3, 3})
		for name, bedID := range map[string]any{
			"AnotherGardenersBed": theirBeds[0],
			"UnknownBed":          theirBeds[0] + 1000,
			"Zero":                0,
			"Negative":            -4,
		} {
			r := h.do("POST", "/api/harvests", mine, map[string]any{"plantId": plants["Pea"], "bedId": bedID})
			expect(t, r, 400, domain.MsgHarvestBedNotFound)
			if r.body["errors"].(map[string]any)["bedId"] != domain.MsgHarvestBedNotFound {
				t.Fatalf("%s: field error: %s", name, r.raw)
			}
		}
		expect(t, h.do("POST", "/api/harvests", mine, map[string]any{"plantId": plants["Pea"], "bedId": "Mine 1"}), 400, "")
		if list := h.do("GET", "/api/harvests", mine, nil).body2(); len(list) != 0 {
			t.Fatalf("a refused record was saved: %v", list)
		}
		id := h.harvest(mine, map[string]any{"plantId": plants["Pea"], "bedId": myBeds[0], "notes": "first"})
		path := fmt.Sprintf("/api/harvests/%d", id)
		expect(t, h.do("PATCH", path, mine, map[string]any{"bedId": theirBeds[0], "notes": "moved"}), 400, domain.MsgHarvestBedNotFound)
		got := h.do("GET", path, mine, nil)
		if got.body["bedId"].(float64) != float64(myBeds[0]) || got.body["notes"] != "first" {
			t.Fatalf("a refused change was saved: %s", got.raw)
		}
		// The bed list is the caller's own.
		list := h.do("GET", "/api/garden-beds", theirs, nil)
		expect(t, list, 200, "")
		if items := list.body2(); len(items) != 1 || items[0]["id"].(float64) != float64(theirBeds[0]) || items[0]["name"] != "Theirs 1" ||
			items[0]["layoutName"] != "Theirs" {
			t.Fatalf("bob's beds: %s", list.raw)
		}
		expect(t, h.do("GET", "/api/garden-beds", "", nil), 401, "")
	})
}

func TestHarvestBeds_ListPaged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok, _ := h.harvester("kai")
	first := h.bedsOf(tok, "First", [2]float64{1, 1}, [2]float64{1, 1})
	second := h.bedsOf(tok, "Second", [2]float64{1, 1})
	page := h.do("GET", "/api/garden-beds?limit=2", tok, nil)
	expect(t, page, 200, "")
	next := page.header.Get("X-Next-Cursor")
	items := page.body2()
	if len(items) != 2 || items[0]["id"].(float64) != float64(second[0]) || items[1]["id"].(float64) != float64(first[0]) || next == "" {
		t.Fatalf("first page: %s", page.raw)
	}
	rest := h.do("GET", "/api/garden-beds?limit=2&cursor="+next, tok, nil)
	if items := rest.body2(); len(items) != 1 || items[0]["id"].(float64) != float64(first[1]) || rest.header.Get("X-Next-Cursor") != "" {
		t.Fatalf("second page: %s", rest.raw)
	}
	expect(t, h.do("GET", "/api/garden-beds?limit=201", tok, nil), 400, domain.MsgPageLimit)
	expect(t, h.do("GET", "/api/garden-beds?cursor=%21%21", tok, nil), 400, domain.MsgPageCursor)
}

func TestHarvestBeds_YieldPerSquareFoot(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("lena", "Tomato", "Radish")
		beds := h.bedsOf(tok, "Back garden", [2]float64{4, 10}, [2]float64{2, 2}) // 40 and 4 ft²
		add := func(plant, date string, bed any, q any, unit string) {
			h.harvest(tok, map[string]any{"plantId": plants[plant], "harvestDate": date, "quantity": q, "unit": unit, "bedId": bed})
		}
		add("Tomato", "2026-05-02", beds[0], 2, "kg")
		add("Tomato", "2026-05-20", beds[0], 1000, "g")
		add("Radish", "2026-05-11", beds[0], 8, "items")
		add("Radish", "2025-05-11", beds[1], 4, "bunches") // last year
		add("Tomato", "2026-05-21", nil, 9, "kg")          // no bed

		st := h.do("GET", "/api/harvests/stats?period=year", tok, nil)
		expect(t, st, 200, "")
		yields := st.body["yieldPerSquareFoot"].([]any)
		if len(yields) != 1 {
			t.Fatalf("this year's beds: %s", st.raw)
		}
		b := yields[0].(map[string]any)
		if b["bedId"].(float64) != float64(beds[0]) || b["bedName"] != "Back garden 1" || b["layoutName"] != "Back garden" || b["area"] != 40.0 ||
			b["records"] != 3.0 {
			t.Fatalf("bed: %v", b)
		}
		ys := b["yields"].([]any)
		mass, count := ys[0].(map[string]any), ys[1].(map[string]any)
		if mass["kind"] != "mass" || mass["unit"] != "kg" || mass["amount"] != 3.0 || math.Abs(mass["perSquareFoot"].(float64)-0.075) > 1e-9 ||
			mass["records"] != 2.0 {
			t.Fatalf("mass: %v", mass)
		}
		if count["kind"] != "count" || count["unit"] != "items" || count["perSquareFoot"] != 0.2 {
			t.Fatalf("count: %v", count)
		}
		all := h.do("GET", "/api/harvests/stats", tok, nil).body["yieldPerSquareFoot"].([]any)
		if len(all) != 2 || all[1].(map[string]any)["yields"].([]any)[0].(map[string]any)["perSquareFoot"] != 1.0 {
			t.Fatalf("all time: %v", all)
		}
		other, _ := h.harvester("milo")
		if empty := h.do("GET", "/api/harvests/stats", other, nil); len(empty.body["yieldPerSquareFoot"].([]any)) != 0 {
			t.Fatalf("empty: %s", empty.raw)
		}
	})
}
