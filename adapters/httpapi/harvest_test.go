package httpapi_test

import (
	"encoding/csv"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// onBothDatabases runs fn against an API over SQLite and over PostgreSQL (skipped with a notice
// when PostgreSQL is unavailable outside CI). The clock stands at 2026-06-01 08:00 UTC.
func onBothDatabases(t *testing.T, fn func(t *testing.T, h *harness)) {
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newHarness(t, options{open: open}))
		})
	}
}

// harvester makes a user, signs them in and gives them plants; it returns the token and the
// plants' ids by name.
func (h *harness) harvester(name string, plants ...string) (string, map[string]int64) {
	h.t.Helper()
	h.user(name, domain.RoleUser)
	tok := h.login(name, "password-"+name)
	ids := map[string]int64{}
	for _, p := range plants {
		r := h.do("POST", "/api/plants", tok, map[string]any{"name": p, "plantType": "Vegetables"})
		if r.status != 201 {
			h.t.Fatalf("plant %s: %d %s", p, r.status, r.raw)
		}
		ids[p] = int64(r.body["id"].(float64))
	}
	return tok, ids
}

func (h *harness) harvest(tok string, body map[string]any) int64 {
	h.t.Helper()
	r := h.do("POST", "/api/harvests", tok, body)
	if r.status != 201 {
		h.t.Fatalf("harvest %v: %d %s", body, r.status, r.raw)
	}
	return int64(r.body["id"].(float64))
}

func TestHarvests_CRUD(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("maria", "Tomato", "Basil")
		created := h.do("POST", "/api/harvests", tok, map[string]any{"plantId": plants["Tomato"], "harvestDate": "2026-05-30",
			"quantity": 1250, "unit": "g", "notes": "First truss", "imageUrl": "/api/images/h1.jpg", "userId": 999})
		expect(t, created, 201, "")
		b := created.body
		if b["plantName"] != "Tomato" || b["harvestDate"] != "2026-05-30" || b["quantity"] != 1250.0 || b["unit"] != "g" ||
			b["commonQuantity"] != 1.25 || b["commonUnit"] != "kg" || b["kind"] != "mass" || b["notes"] != "First truss" ||
			b["imageUrl"] != "/api/images/h1.jpg" || b["plantId"].(float64) != float64(plants["Tomato"]) || b["userId"] == 999.0 {
			t.Fatalf("created: %s", created.raw)
		}
		id := int64(b["id"].(float64))
		// No date: today; no quantity: null, shown as Not specified by the page.
		bare := h.do("POST", "/api/harvests", tok, map[string]any{"plantId": plants["Basil"]})
		expect(t, bare, 201, "")
		if bare.body["harvestDate"] != "2026-06-01" || bare.body["quantity"] != nil || bare.body["unit"] != "" || bare.body["commonQuantity"] != nil {
			t.Fatalf("bare: %s", bare.raw)
		}
		list := h.do("GET", "/api/harvests", tok, nil)
		expect(t, list, 200, "")
		items := list.body2()
		if len(items) != 2 || items[0]["plantName"] != "Basil" || items[1]["plantName"] != "Tomato" {
			t.Fatalf("list, newest first: %s", list.raw)
		}
		got := h.do("GET", fmt.Sprintf("/api/harvests/%d", id), tok, nil)
		expect(t, got, 200, "")
		if got.body["notes"] != "First truss" {
			t.Fatalf("get: %s", got.raw)
		}
		patched := h.do("PATCH", fmt.Sprintf("/api/harvests/%d", id), tok, map[string]any{"quantity": 3, "unit": "lb", "plantId": plants["Basil"],
			"notes": "Moved"})
		expect(t, patched, 200, "")
		if patched.body["plantName"] != "Basil" || patched.body["unit"] != "lb" || math.Abs(patched.body["commonQuantity"].(float64)-1.36077711) > 1e-6 ||
			patched.body["harvestDate"] != "2026-05-30" || patched.body["imageUrl"] != "/api/images/h1.jpg" {
			t.Fatalf("patched: %s", patched.raw)
		}
		cleared := h.do("PATCH", fmt.Sprintf("/api/harvests/%d", id), tok, map[string]any{"quantity": nil})
		expect(t, cleared, 200, "")
		if cleared.body["quantity"] != nil || cleared.body["unit"] != "lb" {
			t.Fatalf("cleared: %s", cleared.raw)
		}
		expect(t, h.do("DELETE", fmt.Sprintf("/api/harvests/%d", id), tok, nil), 204, "")
		expect(t, h.do("GET", fmt.Sprintf("/api/harvests/%d", id), tok, nil), 404, "Harvest record not found")
		expect(t, h.do("DELETE", fmt.Sprintf("/api/harvests/%d", id), tok, nil), 404, "Harvest record not found")
		expect(t, h.do("GET", "/api/harvests", "", nil), 401, "")
	})
}

func TestHarvests_Ownership(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		mine, plants := h.harvester("ann", "Pea")
		theirs, theirPlants := h.harvester("bob", "Leek")
		id := h.harvest(mine, map[string]any{"plantId": plants["Pea"], "quantity": 2, "unit": "kg", "harvestDate": "2026-05-01"})
		path := fmt.Sprintf("/api/harvests/%d", id)
		expect(t, h.do("GET", path, theirs, nil), 404, "Harvest record not found")
		expect(t, h.do("PATCH", path, theirs, map[string]any{"notes": "mine now"}), 404, "Harvest record not found")
		expect(t, h.do("DELETE", path, theirs, nil), 404, "Harvest record not found")
		if list := h.do("GET", "/api/harvests", theirs, nil).body2(); len(list) != 0 {
			t.Fatalf("bob lists %d of ann's records", len(list))
		}
		if st := h.do("GET", "/api/harvests/stats", theirs, nil); st.body["totalHarvests"] != 0.0 {
			t.Fatalf("bob's stats count ann's records: %s", st.raw)
		}
		if csvText := h.do("GET", "/api/harvests/export.csv", theirs, nil).raw; strings.Contains(csvText, "Pea") {
			t.Fatalf("bob's export holds ann's records: %s", csvText)
		}
		// A plant of another gardener is refused, on create and on change.
		r := h.do("POST", "/api/harvests", theirs, map[string]any{"plantId": plants["Pea"]})
		expect(t, r, 400, "Plant not found")
		if r.body["errors"].(map[string]any)["plantId"] != "Plant not found" {
			t.Fatalf("field error: %s", r.raw)
		}
		expect(t, h.do("PATCH", path, mine, map[string]any{"plantId": theirPlants["Leek"]}), 400, "Plant not found")
		got := h.do("GET", path, mine, nil)
		if got.body["notes"] != "" || got.body["plantName"] != "Pea" {
			t.Fatalf("ann's record changed: %s", got.raw)
		}
	})
}

func TestHarvests_Validation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok, plants := h.harvester("cara", "Kale")
	pid := plants["Kale"]
	for name, c := range map[string]struct {
		body    any
		status  int
		message string
	}{
		"NoPlant":           {map[string]any{"quantity": 1, "unit": "kg"}, 400, "Please select a plant"},
		"Negative":          {map[string]any{"plantId": pid, "quantity": -1, "unit": "kg"}, 400, "Quantity must be 0 or greater"},
		"Huge":              {map[string]any{"plantId": pid, "quantity": 5e9, "unit": "kg"}, 400, "Quantity is too large"},
		"QuantityNoUnit":    {map[string]any{"plantId": pid, "quantity": 1}, 400, "Please select a unit"},
		"UnknownUnit":       {map[string]any{"plantId": pid, "quantity": 1, "unit": "stone"}, 400, "Unit must be one of g, kg, oz, lb, items, bunches, litres"},
		"BadDate":           {map[string]any{"plantId": pid, "harvestDate": "31/05/2026"}, 400, "Please enter a valid date"},
		"Future":            {map[string]any{"plantId": pid, "harvestDate": "2026-06-03"}, 400, "Harvest date cannot be in the future"},
		"NotesTooLong":      {map[string]any{"plantId": pid, "notes": strings.Repeat("x", 5001)}, 400, "Notes cannot exceed 5000 characters"},
		"BadImage":          {map[string]any{"plantId": pid, "imageUrl": "javascript:alert(1)"}, 400, ""},
		"QuantityAsText":    {map[string]any{"plantId": pid, "quantity": "lots", "unit": "kg"}, 400, ""},
		"NotJSON":           {"{", 400, "Request body is not valid JSON"},
		"UnknownPlant":      {map[string]any{"plantId": 424242}, 400, "Plant not found"},
		"TomorrowIsAllowed": {map[string]any{"plantId": pid, "harvestDate": "2026-06-02"}, 201, ""},
	} {
		t.Run(name, func(t *testing.T) {
			expect(t, h.do("POST", "/api/harvests", tok, c.body), c.status, c.message)
		})
	}
	id := h.harvest(tok, map[string]any{"plantId": pid})
	path := fmt.Sprintf("/api/harvests/%d", id)
	expect(t, h.do("PATCH", path, tok, map[string]any{"harvestDate": ""}), 400, "Harvest date is required")
	expect(t, h.do("PATCH", path, tok, map[string]any{"plantId": nil}), 400, "Please select a plant")
	expect(t, h.do("PATCH", path, tok, map[string]any{"quantity": -3}), 400, "Quantity must be 0 or greater")
	expect(t, h.do("PATCH", "/api/harvests/abc", tok, map[string]any{}), 404, "")
	for q, msg := range map[string]string{
		"period=week":                   "Period must be all, year, 3months or month",
		"from=2026-05-02&to=2026-05-01": "The start date must not be after the end date",
		"from=yesterday":                "Please enter a valid date",
		"plantId=x":                     "Please select a plant",
		"limit=0":                       domain.MsgPageLimit,
		"cursor=%21%21":                 domain.MsgPageCursor,
	} {
		expect(t, h.do("GET", "/api/harvests?"+q, tok, nil), 400, msg)
	}
	expect(t, h.do("GET", "/api/harvests/stats?period=week", tok, nil), 400, "Period must be all, year, 3months or month")
	expect(t, h.do("GET", "/api/harvests/export.csv?period=week", tok, nil), 400, "Period must be all, year, 3months or month")
}

func TestHarvests_FiltersAndPages(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("dora", "Bean", "Chard")
		for _, d := range []string{"2025-12-30", "2026-03-01", "2026-05-10", "2026-06-01"} {
			h.harvest(tok, map[string]any{"plantId": plants["Bean"], "harvestDate": d, "notes": "bean " + d})
		}
		h.harvest(tok, map[string]any{"plantId": plants["Chard"], "harvestDate": "2026-05-20", "notes": "Rainbow"})
		names := func(q string) string {
			r := h.do("GET", "/api/harvests?"+q, tok, nil)
			expect(t, r, 200, "")
			var out []string
			for _, x := range r.body2() {
				out = append(out, x["harvestDate"].(string))
			}
			return strings.Join(out, ",")
		}
		for q, want := range map[string]string{
			"":               "2026-06-01,2026-05-20,2026-05-10,2026-03-01,2025-12-30",
			"period=month":   "2026-06-01",
			"period=3months": "2026-06-01,2026-05-20,2026-05-10,2026-03-01",
			"period=year":    "2026-06-01,2026-05-20,2026-05-10,2026-03-01",
			"period=all":     "2026-06-01,2026-05-20,2026-05-10,2026-03-01,2025-12-30",
			fmt.Sprintf("plantId=%d", plants["Chard"]): "2026-05-20",
			"from=2026-03-01&to=2026-05-10":            "2026-05-10,2026-03-01",
			"period=year&to=2026-03-31":                "2026-03-01",
			"q=RAINBOW":                                "2026-05-20",
		} {
			if got := names(q); got != want {
				t.Errorf("?%s: %s, want %s", q, got, want)
			}
		}
		first := h.do("GET", "/api/harvests?limit=2&period=year", tok, nil)
		next := first.header.Get("X-Next-Cursor")
		if len(first.body2()) != 2 || next == "" || !strings.Contains(first.header.Get("Link"), `rel="next"`) {
			t.Fatalf("first page: %v %s", first.header, first.raw)
		}
		second := h.do("GET", "/api/harvests?limit=2&period=year&cursor="+next, tok, nil)
		if got := second.body2(); len(got) != 2 || got[1]["harvestDate"] != "2026-03-01" || second.header.Get("X-Next-Cursor") != "" {
			t.Fatalf("second page: %s", second.raw)
		}
	})
}

func TestHarvests_Stats(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("emil", "Tomato", "Radish", "Strawberry")
		add := func(plant, date string, q any, unit string) {
			h.harvest(tok, map[string]any{"plantId": plants[plant], "harvestDate": date, "quantity": q, "unit": unit})
		}
		add("Tomato", "2025-05-20", 1, "kg")
		add("Tomato", "2026-05-02", 500, "g")
		add("Tomato", "2026-05-20", 2, "lb")
		add("Tomato", "2026-06-01", 1.5, "kg")
		add("Radish", "2026-04-11", 3, "bunches")
		add("Radish", "2026-05-11", 12, "items")
		add("Strawberry", "2026-05-30", 0.5, "litres")
		h.harvest(tok, map[string]any{"plantId": plants["Strawberry"], "harvestDate": "2026-05-31"}) // not measured

		st := h.do("GET", "/api/harvests/stats?period=year", tok, nil)
		expect(t, st, 200, "")
		b := st.body
		if b["period"] != "year" || b["totalHarvests"] != 7.0 || b["range"].(map[string]any)["from"] != "2026-01-01" {
			t.Fatalf("stats: %s", st.raw)
		}
		totals := b["totals"].([]any)
		mass := totals[0].(map[string]any)
		if mass["kind"] != "mass" || mass["unit"] != "kg" || math.Abs(mass["amount"].(float64)-(0.5+0.90718474+1.5)) > 1e-6 || mass["records"] != 3.0 {
			t.Fatalf("mass total: %v", totals)
		}
		if c := totals[1].(map[string]any); c["kind"] != "count" || c["unit"] != "items" || c["amount"] != 15.0 {
			t.Fatalf("count total (3 bunches + 12 items): %v", totals)
		}
		if v := totals[2].(map[string]any); v["kind"] != "volume" || v["unit"] != "litres" || v["amount"] != 0.5 {
			t.Fatalf("volume total: %v", totals)
		}
		most := b["mostHarvested"].(map[string]any)
		if most["plantName"] != "Tomato" || most["rankedBy"] != "mass" || most["unit"] != "kg" || most["records"] != 3.0 {
			t.Fatalf("most harvested: %v", most)
		}
		if plantsOut := b["plants"].([]any); len(plantsOut) != 3 || plantsOut[1].(map[string]any)["plantName"] != "Strawberry" ||
			plantsOut[1].(map[string]any)["records"] != 2.0 {
			t.Fatalf("plants: %v", plantsOut)
		}
		var months []string
		for _, m := range b["monthly"].([]any) {
			x := m.(map[string]any)
			months = append(months, fmt.Sprintf("%s %s %s %g", x["month"], x["plantName"], x["unit"], math.Round(x["amount"].(float64)*1000)/1000))
		}
		want := "2026-04 Radish items 3|2026-05 Radish items 12|2026-05 Strawberry litres 0.5|2026-05 Tomato kg 1.407|2026-06 Tomato kg 1.5"
		if got := strings.Join(sortedStrings(months), "|"); got != want {
			t.Fatalf("monthly:\n%s\nwant\n%s", got, want)
		}
		yoy := b["yearOnYear"].(map[string]any)
		if yoy["previous"].(map[string]any)["from"] != "2025-01-01" || yoy["previous"].(map[string]any)["to"] != "2025-12-31" {
			t.Fatalf("previous range: %v", yoy)
		}
		var tomato map[string]any
		for _, p := range yoy["plants"].([]any) {
			if x := p.(map[string]any); x["plantName"] == "Tomato" {
				tomato = x
			}
		}
		if tomato == nil || tomato["previous"] != 1.0 || math.Abs(tomato["current"].(float64)-2.90718474) > 1e-6 || tomato["unit"] != "kg" {
			t.Fatalf("tomato year on year: %v", yoy)
		}

		// This month is June 2026: one record.
		month := h.do("GET", "/api/harvests/stats?period=month", tok, nil)
		if month.body["totalHarvests"] != 1.0 || month.body["mostHarvested"].(map[string]any)["amount"] != 1.5 {
			t.Fatalf("month: %s", month.raw)
		}
		// All time compares this calendar year with the last.
		all := h.do("GET", "/api/harvests/stats", tok, nil)
		if all.body["period"] != "all" || all.body["totalHarvests"] != 8.0 || all.body["range"].(map[string]any)["from"] != nil ||
			all.body["yearOnYear"].(map[string]any)["current"].(map[string]any)["from"] != "2026-01-01" {
			t.Fatalf("all: %s", all.raw)
		}
		// The plant filter applies too.
		radish := h.do("GET", fmt.Sprintf("/api/harvests/stats?plantId=%d", plants["Radish"]), tok, nil)
		if radish.body["totalHarvests"] != 2.0 || radish.body["mostHarvested"].(map[string]any)["plantName"] != "Radish" {
			t.Fatalf("radish: %s", radish.raw)
		}
		// No records: zero and no most harvested.
		other, _ := h.harvester("fern")
		empty := h.do("GET", "/api/harvests/stats?period=3months", other, nil)
		if empty.body["totalHarvests"] != 0.0 || empty.body["mostHarvested"] != nil || len(empty.body["monthly"].([]any)) != 0 {
			t.Fatalf("empty: %s", empty.raw)
		}
	})
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func TestHarvests_DeletedPlantKeepsRecords(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("gus", "Courgette")
		id := h.harvest(tok, map[string]any{"plantId": plants["Courgette"], "quantity": 4, "unit": "items", "harvestDate": "2026-05-05"})
		expect(t, h.do("DELETE", fmt.Sprintf("/api/plants/%d", plants["Courgette"]), tok, nil), 204, "")
		got := h.do("GET", fmt.Sprintf("/api/harvests/%d", id), tok, nil)
		expect(t, got, 200, "")
		if got.body["plantId"] != nil || got.body["plantName"] != "Courgette" {
			t.Fatalf("record of a deleted plant: %s", got.raw)
		}
		// Its notes can still be changed.
		expect(t, h.do("PATCH", fmt.Sprintf("/api/harvests/%d", id), tok, map[string]any{"notes": "The last one"}), 200, "")
		st := h.do("GET", "/api/harvests/stats", tok, nil)
		if st.body["mostHarvested"].(map[string]any)["plantName"] != "Courgette" {
			t.Fatalf("stats: %s", st.raw)
		}
	})
}

func TestHarvests_ExportCSV(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		tok, plants := h.harvester("hana", "=HYPERLINK(\"http://evil.example\")", "Pâtisson, yellow")
		evil, squash := plants["=HYPERLINK(\"http://evil.example\")"], plants["Pâtisson, yellow"]
		h.harvest(tok, map[string]any{"plantId": evil, "harvestDate": "2026-05-01", "quantity": 2, "unit": "lb", "notes": "+1 and more"})
		h.harvest(tok, map[string]any{"plantId": squash, "harvestDate": "2026-05-02", "quantity": 3, "unit": "items",
			"notes": "Said \"wow\",\nthen picked more"})
		h.harvest(tok, map[string]any{"plantId": squash, "harvestDate": "2026-05-03", "notes": "-2 left"})
		h.harvest(tok, map[string]any{"plantId": squash, "harvestDate": "2026-05-04", "notes": "@SUM(A1:A2)"})
		h.harvest(tok, map[string]any{"plantId": squash, "harvestDate": "2025-05-04", "notes": "last year"})

		r := h.do("GET", "/api/harvests/export.csv?period=year", tok, nil)
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(r.header.Get("Content-Disposition"), `attachment; filename="harvests.csv"`) {
			t.Fatalf("export: %d %v", r.status, r.header)
		}
		if !strings.HasPrefix(r.raw, "\ufeffDate,Plant,") || !strings.Contains(r.raw, "\r\n") {
			t.Fatalf("BOM and CRLF: %q", r.raw[:40])
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.raw, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatalf("not valid CSV: %v\n%s", err, r.raw)
		}
		want := [][]string{
			{"Date", "Plant", "Quantity", "Unit", "Quantity in common unit", "Common unit", "Notes", "Image URL"},
			{"2026-05-04", "Pâtisson, yellow", "", "", "", "", "'@SUM(A1:A2)", ""},
			{"2026-05-03", "Pâtisson, yellow", "", "", "", "", "'-2 left", ""},
			{"2026-05-02", "Pâtisson, yellow", "3", "items", "3", "items", "Said \"wow\",\nthen picked more", ""},
			{"2026-05-01", "'=HYPERLINK(\"http://evil.example\")", "2", "lb", "0.90718474", "kg", "'+1 and more", ""},
		}
		if len(rows) != len(want) {
			t.Fatalf("rows:\n%q", rows)
		}
		for i := range want {
			if strings.Join(rows[i], "\x00") != strings.Join(want[i], "\x00") {
				t.Errorf("row %d: %q\nwant %q", i, rows[i], want[i])
			}
		}
		// A plant filter, and an empty result still has its header.
		r = h.do("GET", fmt.Sprintf("/api/harvests/export.csv?plantId=%d&period=month", evil), tok, nil)
		if r.status != http.StatusOK || strings.Count(r.raw, "\r\n") != 1 {
			t.Fatalf("empty export: %q", r.raw)
		}
	})
}

func TestHarvests_Maintenance(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("root", domain.RoleSuperadmin)
	super := h.login("root", "password-root")
	tok, plants := h.harvester("ivy", "Fig")
	id := h.harvest(tok, map[string]any{"plantId": plants["Fig"]})
	var fnID int64
	for _, fn := range h.do("GET", "/api/maintenance/functions", super, nil).body2() {
		if fn["name"] == "harvest_tracking" {
			fnID = int64(fn["id"].(float64))
		}
	}
	if fnID == 0 {
		t.Fatal("no harvest_tracking function")
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/maintenance/functions/%d", fnID), super, map[string]any{"maintenanceMode": true, "message": "Counting the crop"}), 200, "")
	expect(t, h.do("POST", "/api/harvests", tok, map[string]any{"plantId": plants["Fig"]}), 503, "Counting the crop")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/harvests/%d", id), tok, map[string]any{"notes": "x"}), 503, "Counting the crop")
	expect(t, h.do("DELETE", fmt.Sprintf("/api/harvests/%d", id), tok, nil), 503, "Counting the crop")
	// Reading stays open.
	expect(t, h.do("GET", "/api/harvests", tok, nil), 200, "")
	expect(t, h.do("GET", "/api/harvests/stats", tok, nil), 200, "")
	expect(t, h.do("GET", fmt.Sprintf("/api/harvests/%d", id), tok, nil), 200, "")
	// Other functions are not affected.
	expect(t, h.do("POST", "/api/plants", tok, map[string]any{"name": "Olive", "plantType": "Fruits"}), 201, "")
}
