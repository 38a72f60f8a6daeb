package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// planningHarness is the API on one dialect with two gardeners and a superadmin signed in.
type planningHarness struct {
	*harness
	alice, bob, super string
}

func newPlanningHarness(t *testing.T, open func(testing.TB) *sqlstore.Store) *planningHarness {
	h := newHarness(t, options{open: open})
	h.user("alice", domain.RoleUser)
	h.user("bob", domain.RoleUser)
	h.user("root", domain.RoleSuperadmin)
	return &planningHarness{harness: h, alice: h.login("alice", "password-alice"), bob: h.login("bob", "password-bob"),
		super: h.login("root", "password-root")}
}

// forEachDialect runs fn as a parallel subtest on SQLite and on PostgreSQL.
func forEachDialect(t *testing.T, fn func(t *testing.T, h *planningHarness)) {
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newPlanningHarness(t, open))
		})
	}
}

func idOf(r response) int64 { return int64(r.body["id"].(float64)) }

func (h *planningHarness) plant(token, name string) int64 {
	h.t.Helper()
	r := h.do("POST", "/api/plants", token, map[string]any{"name": name, "plantType": "Vegetables"})
	expect(h.t.(*testing.T), r, 201, "")
	return idOf(r)
}

func TestPlanningAPI_Layouts(t *testing.T) {
	t.Parallel()
	forEachDialect(t, func(t *testing.T, h *planningHarness) {
		basil := h.plant(h.alice, "Basil")
		created := h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "Back garden", "description": "Veg", "width": 20, "height": 10})
		expect(t, created, 201, "")
		if created.body["version"].(float64) != 1 || created.body["bedCount"].(float64) != 0 || created.body["username"] != "alice" {
			t.Fatalf("created %s", created.raw)
		}
		id := idOf(created)
		path := fmt.Sprintf("/api/garden-layouts/%d", id)
		beds := []map[string]any{
			{"name": "Bed 1", "x": 0, "y": 0, "width": 4, "height": 10, "color": "#4a7c59",
				"plantings": []map[string]any{{"plantId": basil, "count": 3, "x": 1, "y": 1}}},
			{"name": "Bed 2", "x": 5, "y": 0, "width": 4, "height": 4, "plantings": []any{}},
			{"name": "Bed 3", "x": 10, "y": 5, "width": 4.5, "height": 4.5},
		}
		saved := h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 1, "beds": beds})
		expect(t, saved, 200, "")
		if saved.body["version"].(float64) != 2 || saved.body["bedCount"].(float64) != 3 {
			t.Fatalf("saved %s", saved.raw)
		}
		got := h.do("GET", path, h.alice, nil)
		expect(t, got, 200, "")
		gotBeds := got.body["beds"].([]any)
		b0 := gotBeds[0].(map[string]any)
		pl := b0["plantings"].([]any)[0].(map[string]any)
		if len(gotBeds) != 3 || b0["color"] != "#4a7c59" || gotBeds[1].(map[string]any)["color"] != nil || pl["name"] != "Basil" ||
			pl["count"].(float64) != 3 || pl["plantId"].(float64) != float64(basil) {
			t.Fatalf("read back %s", got.raw)
		}

		// Where the plant grows.
		places := h.do("GET", fmt.Sprintf("/api/plants/%d/placements", basil), h.alice, nil).body2()
		if len(places) != 1 || places[0]["layoutName"] != "Back garden" || places[0]["bedName"] != "Bed 1" || places[0]["layoutId"].(float64) != float64(id) {
			t.Fatalf("placements %v", places)
		}
		expect(t, h.do("GET", fmt.Sprintf("/api/plants/%d/placements", basil), h.bob, nil), 404, domain.MsgPlantNotFound)

		// A bed outside the layout, an overlap, another gardener's plant: 400, nothing changes.
		outside := append([]map[string]any{}, beds...)
		outside[2] = map[string]any{"id": gotBeds[2].(map[string]any)["id"], "name": "Bed 3", "x": 17, "y": 0, "width": 4, "height": 2}
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 2, "beds": outside}), 400, "Bed 3 must lie inside the layout (20 × 10 ft)")
		overlap := append([]map[string]any{}, beds...)
		overlap[1] = map[string]any{"name": "Bed 2", "x": 3, "y": 0, "width": 4, "height": 4}
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 2, "beds": overlap}), 400, "Beds cannot overlap: Bed 1 and Bed 2")
		bobPlant := h.plant(h.bob, "Bob's kale")
		theft := []map[string]any{{"name": "Bed 1", "x": 0, "y": 0, "width": 1, "height": 1, "plantings": []map[string]any{{"plantId": bobPlant, "count": 1}}}}
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 2, "beds": theft}), 400, domain.MsgPlantingPlantUnknown)
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"beds": beds}), 400, "version is required: send the version the layout was read with")
		expect(t, h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "Huge", "width": 501, "height": 10}), 400, domain.MsgLayoutWidth)

		// A stale save is 409 and changes nothing.
		stale := h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 1, "beds": []any{}})
		expect(t, stale, 409, domain.MsgLayoutStale)
		again := h.do("GET", path, h.alice, nil)
		if again.body["version"].(float64) != 2 || len(again.body["beds"].([]any)) != 3 {
			t.Fatalf("a refused save changed the layout: %s", again.raw)
		}

		// PUT beds may resize the layout in the same transaction: beds moved and layout shrunk at once.
		moved := []map[string]any{{"name": "Bed 1", "x": 0, "y": 0, "width": 4, "height": 5, "plantings": []map[string]any{{"plantId": basil, "count": 3}}}, beds[1]}
		moved = append(moved, map[string]any{"id": gotBeds[2].(map[string]any)["id"], "name": "Bed 3", "x": 10, "y": 0, "width": 4.5, "height": 4.5})
		shrunk := h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 2, "beds": moved, "height": 5, "name": "Back garden"})
		expect(t, shrunk, 200, "")
		if shrunk.body["height"].(float64) != 5 || shrunk.body["version"].(float64) != 3 {
			t.Fatalf("shrunk %s", shrunk.raw)
		}
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 3, "beds": moved, "height": 4}), 400, "Bed 1 must lie inside the layout (20 × 4 ft)")
		expect(t, h.do("PUT", path+"/beds", h.alice, map[string]any{"version": 3, "beds": moved, "height": 10}), 200, "")

		// PATCH: rename; shrinking past a bed is refused; a stale version is refused.
		patched := h.do("PATCH", path, h.alice, map[string]any{"name": "Home plot", "version": 4})
		expect(t, patched, 200, "")
		if patched.body["name"] != "Home plot" || patched.body["version"].(float64) != 5 {
			t.Fatalf("patched %s", patched.raw)
		}
		expect(t, h.do("PATCH", path, h.alice, map[string]any{"width": 12}), 400, "Bed 3 would lie outside a 12 × 10 ft layout: move or resize it first")
		expect(t, h.do("PATCH", path, h.alice, map[string]any{"name": "x", "version": 2}), 409, domain.MsgLayoutStale)

		// Copy: "Copy of …", beds and plantings included.
		cp := h.do("POST", path+"/copy", h.alice, nil)
		expect(t, cp, 201, "")
		if cp.body["name"] != "Copy of Home plot" || len(cp.body["beds"].([]any)) != 3 || idOf(cp) == id {
			t.Fatalf("copy %s", cp.raw)
		}

		// The list: newest first, paginated, searchable, bedCount and username.
		page1 := h.do("GET", "/api/garden-layouts?limit=1", h.alice, nil)
		expect(t, page1, 200, "")
		list := page1.body2()
		next := page1.header.Get("X-Next-Cursor")
		if len(list) != 1 || list[0]["name"] != "Copy of Home plot" || list[0]["bedCount"].(float64) != 3 || list[0]["username"] != "alice" ||
			list[0]["beds"] != nil || next == "" {
			t.Fatalf("page 1 %s", page1.raw)
		}
		page2 := h.do("GET", "/api/garden-layouts?limit=1&cursor="+next, h.alice, nil)
		if l := page2.body2(); len(l) != 1 || l[0]["name"] != "Home plot" || page2.header.Get("X-Next-Cursor") != "" {
			t.Fatalf("page 2 %s", page2.raw)
		}
		if l := h.do("GET", "/api/garden-layouts?search=copy", h.alice, nil).body2(); len(l) != 1 {
			t.Fatalf("search %v", l)
		}
		if l := h.do("GET", "/api/garden-layouts", h.bob, nil).body2(); len(l) != 0 {
			t.Fatalf("bob sees alice's layouts: %v", l)
		}

		expect(t, h.do("DELETE", path, h.alice, nil), 204, "")
		expect(t, h.do("GET", path, h.alice, nil), 404, domain.MsgLayoutNotFound)
	})
}

func TestPlanningAPI_PrivateToTheOwner(t *testing.T) {
	t.Parallel()
	forEachDialect(t, func(t *testing.T, h *planningHarness) {
		l := h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "Mine", "width": 10, "height": 10,
			"beds": []map[string]any{{"name": "Bed 1", "x": 0, "y": 0, "width": 2, "height": 2}}})
		expect(t, l, 201, "")
		lp := fmt.Sprintf("/api/garden-layouts/%d", idOf(l))
		h.do("POST", "/api/crop-rotation/groups/seed-classic", h.alice, nil)
		groups := h.do("GET", "/api/crop-rotation/groups", h.alice, nil).body2()
		g := int64(groups[0]["id"].(float64))
		p := h.do("POST", "/api/crop-rotation/plans", h.alice, map[string]any{"name": "Plan", "startYear": 2026, "duration": 2, "areas": []string{"North"}})
		expect(t, p, 201, "")
		pp := fmt.Sprintf("/api/crop-rotation/plans/%d", idOf(p))
		gp := fmt.Sprintf("/api/crop-rotation/groups/%d", g)
		// Bob, and a superadmin too: the planner is private, whatever the role.
		for _, token := range []string{h.bob, h.super} {
			expect(t, h.do("GET", lp, token, nil), 404, domain.MsgLayoutNotFound)
			expect(t, h.do("POST", lp+"/copy", token, nil), 404, domain.MsgLayoutNotFound)
			expect(t, h.do("PATCH", lp, token, map[string]any{"name": "Hijacked"}), 404, domain.MsgLayoutNotFound)
			expect(t, h.do("PUT", lp+"/beds", token, map[string]any{"version": 1, "beds": []any{}}), 404, domain.MsgLayoutNotFound)
			expect(t, h.do("DELETE", lp, token, nil), 404, domain.MsgLayoutNotFound)
			expect(t, h.do("GET", pp, token, nil), 404, domain.MsgPlanNotFound)
			expect(t, h.do("PATCH", pp, token, map[string]any{"name": "Hijacked"}), 404, domain.MsgPlanNotFound)
			expect(t, h.do("PUT", pp+"/assignments", token, map[string]any{"assignments": []any{}}), 404, domain.MsgPlanNotFound)
			expect(t, h.do("DELETE", pp, token, nil), 404, domain.MsgPlanNotFound)
			expect(t, h.do("PATCH", gp, token, map[string]any{"name": "Hijacked"}), 404, domain.MsgGroupNotFound)
			expect(t, h.do("DELETE", gp, token, nil), 404, domain.MsgGroupNotFound)
			// Nor can they link her layout or use her groups in their own plan.
			expect(t, h.do("POST", "/api/crop-rotation/plans", token, map[string]any{"name": "x", "startYear": 2026, "duration": 1, "layoutId": idOf(l)}),
				400, domain.MsgLayoutNotFound)
			own := h.do("POST", "/api/crop-rotation/plans", token, map[string]any{"name": "x", "startYear": 2026, "duration": 1, "areas": []string{"A"}})
			expect(t, h.do("PUT", fmt.Sprintf("/api/crop-rotation/plans/%d/assignments", idOf(own)), token, map[string]any{
				"assignments": []map[string]any{{"area": "A", "year": 2026, "groupId": g}}}), 400, domain.MsgAssignmentGroup)
		}
		after := h.do("GET", lp, h.alice, nil)
		if after.body["name"] != "Mine" || after.body["version"].(float64) != 1 {
			t.Fatalf("another user changed the layout: %s", after.raw)
		}
		expect(t, h.do("GET", pp, h.alice, nil), 200, "")
		expect(t, h.do("GET", "/api/garden-layouts/abc", h.alice, nil), 404, domain.MsgLayoutNotFound)
		expect(t, h.do("GET", "/api/garden-layouts", "", nil), 401, "")
	})
}

func TestPlanningAPI_RotationPlans(t *testing.T) {
	t.Parallel()
	forEachDialect(t, func(t *testing.T, h *planningHarness) {
		l := h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "Veg plot", "width": 20, "height": 10,
			"beds": []map[string]any{{"name": "Bed 1", "x": 0, "y": 0, "width": 4, "height": 4}, {"name": "Bed 2", "x": 5, "y": 0, "width": 4, "height": 4},
				{"name": "Bed 3", "x": 10, "y": 0, "width": 4, "height": 4}}})
		expect(t, l, 201, "")
		var bedIDs []int64
		for _, b := range l.body["beds"].([]any) {
			bedIDs = append(bedIDs, int64(b.(map[string]any)["id"].(float64)))
		}
		// Groups: a custom one with the default colour, then the classic seed (twice: once).
		custom := h.do("POST", "/api/crop-rotation/groups", h.alice, map[string]any{"name": "Cucurbits", "description": "Squash"})
		expect(t, custom, 201, "")
		if custom.body["color"] != domain.DefaultGroupColor {
			t.Fatalf("default colour: %s", custom.raw)
		}
		expect(t, h.do("POST", "/api/crop-rotation/groups", h.alice, map[string]any{"name": "cucurbits"}), 409, domain.MsgGroupNameTaken)
		seed := h.do("POST", "/api/crop-rotation/groups/seed-classic", h.alice, nil)
		if seed.body["created"].(float64) != 5 || h.do("POST", "/api/crop-rotation/groups/seed-classic", h.alice, nil).body["created"].(float64) != 0 {
			t.Fatalf("seed %s", seed.raw)
		}
		groups := h.do("GET", "/api/crop-rotation/groups", h.alice, nil).body2()
		gid := map[string]int64{}
		for _, g := range groups {
			gid[g["name"].(string)] = int64(g["id"].(float64))
		}
		if len(groups) != 6 || groups[0]["name"] != "Alliums" || gid["Legumes"] == 0 {
			t.Fatalf("groups %v", groups)
		}
		if l := h.do("GET", "/api/crop-rotation/groups", h.bob, nil).body2(); len(l) != 0 {
			t.Fatal("bob sees alice's groups")
		}

		// A three-year plan on the layout.
		p := h.do("POST", "/api/crop-rotation/plans", h.alice, map[string]any{"name": "Three beds", "startYear": 2026, "duration": 3, "layoutId": l.body["id"]})
		expect(t, p, 201, "")
		if p.body["gap"].(float64) != 3 || p.body["yearRange"] != "2026–2028" || p.body["layoutName"] != "Veg plot" || len(p.body["rows"].([]any)) != 3 ||
			p.body["groupCount"].(float64) != 0 {
			t.Fatalf("plan %s", p.raw)
		}
		pp := fmt.Sprintf("/api/crop-rotation/plans/%d", idOf(p))
		cell := func(bed int, year int, group string) map[string]any {
			return map[string]any{"bedId": bedIDs[bed], "year": year, "groupId": gid[group]}
		}
		clean := []map[string]any{cell(0, 2026, "Legumes"), cell(1, 2026, "Brassicas"), cell(2, 2026, "Roots"),
			cell(0, 2027, "Roots"), cell(1, 2027, "Legumes"), cell(2, 2027, "Brassicas")}
		saved := h.do("PUT", pp+"/assignments", h.alice, map[string]any{"assignments": clean})
		expect(t, saved, 200, "")
		if len(saved.body["assignments"].([]any)) != 6 || len(saved.body["warnings"].([]any)) != 0 || saved.body["groupCount"].(float64) != 3 {
			t.Fatalf("clean %s", saved.raw)
		}
		// A forced repeat: Legumes back in Bed 1 the next year.
		repeat := append(clean, cell(0, 2028, "Legumes"))
		repeat[3] = cell(0, 2027, "Legumes")
		saved = h.do("PUT", pp+"/assignments", h.alice, map[string]any{"assignments": repeat})
		expect(t, saved, 200, "")
		ws := saved.body["warnings"].([]any)
		if len(ws) != 2 {
			t.Fatalf("warnings %s", saved.raw)
		}
		w0 := ws[0].(map[string]any)
		if w0["bedId"].(float64) != float64(bedIDs[0]) || w0["year"].(float64) != 2027 || w0["message"] != "Legumes return to Bed 1 in 2027, 1 year after 2026 (wait at least 3 years)" {
			t.Fatalf("warning %v", w0)
		}
		if g := h.do("GET", pp, h.alice, nil); len(g.body["warnings"].([]any)) != 2 {
			t.Fatalf("GET warnings %s", g.raw)
		}
		// The gardener's own gap: 1 year means no warning.
		if g := h.do("PATCH", pp, h.alice, map[string]any{"gap": 1}); len(g.body["warnings"].([]any)) != 0 || g.body["gap"].(float64) != 1 {
			t.Fatalf("gap 1 %s", g.raw)
		}
		// Bad assignments: 400, nothing changes.
		expect(t, h.do("PUT", pp+"/assignments", h.alice, map[string]any{"assignments": []map[string]any{cell(0, 2030, "Legumes")}}), 400, domain.MsgAssignmentYear)
		expect(t, h.do("PUT", pp+"/assignments", h.alice, map[string]any{"assignments": []map[string]any{cell(0, 2026, "Legumes"), cell(0, 2026, "Roots")}}),
			400, domain.MsgAssignmentDuplicate)
		expect(t, h.do("PUT", pp+"/assignments", h.alice, map[string]any{"assignments": []map[string]any{{"bedId": 987654, "year": 2026, "groupId": gid["Roots"]}}}),
			400, domain.MsgAssignmentBedUnknown)
		if g := h.do("GET", pp, h.alice, nil); len(g.body["assignments"].([]any)) != 7 {
			t.Fatalf("a refused save changed the plan: %s", g.raw)
		}
		expect(t, h.do("POST", "/api/crop-rotation/plans", h.alice, map[string]any{"name": "Long", "startYear": 2026, "duration": 11}), 400, domain.MsgPlanDuration)

		// Shortening the plan drops the later years.
		short := h.do("PATCH", pp, h.alice, map[string]any{"duration": 1})
		expect(t, short, 200, "")
		if len(short.body["assignments"].([]any)) != 3 || short.body["yearRange"] != "2026" {
			t.Fatalf("short %s", short.raw)
		}
		// A group in use cannot be deleted; an unused one can.
		expect(t, h.do("DELETE", fmt.Sprintf("/api/crop-rotation/groups/%d", gid["Legumes"]), h.alice, nil), 409, domain.MsgGroupInUse)
		expect(t, h.do("DELETE", fmt.Sprintf("/api/crop-rotation/groups/%d", gid["Alliums"]), h.alice, nil), 204, "")
		rec := h.do("PATCH", fmt.Sprintf("/api/crop-rotation/groups/%d", gid["Roots"]), h.alice, map[string]any{"color": nil, "name": "Root crops"})
		if rec.body["color"] != domain.DefaultGroupColor || rec.body["name"] != "Root crops" {
			t.Fatalf("recolour %s", rec.raw)
		}

		// The list: year range and group count.
		list := h.do("GET", "/api/crop-rotation/plans?search=three", h.alice, nil).body2()
		if len(list) != 1 || list[0]["yearRange"] != "2026" || list[0]["groupCount"].(float64) != 3 || list[0]["assignments"] != nil || list[0]["username"] != "alice" {
			t.Fatalf("list %v", list)
		}
		expect(t, h.do("DELETE", pp, h.alice, nil), 204, "")
		expect(t, h.do("DELETE", fmt.Sprintf("/api/crop-rotation/groups/%d", gid["Legumes"]), h.alice, nil), 204, "")
	})
}

func TestPlanningAPI_MaintenanceGatesWrites(t *testing.T) {
	t.Parallel()
	forEachDialect(t, func(t *testing.T, h *planningHarness) {
		fns := h.do("GET", "/api/maintenance/functions", h.super, nil).body2()
		fnID := map[string]int64{}
		for _, fn := range fns {
			fnID[fn["name"].(string)] = int64(fn["id"].(float64))
		}
		l := h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "Plot", "width": 10, "height": 10})
		lp := fmt.Sprintf("/api/garden-layouts/%d", idOf(l))
		for _, fn := range []string{"garden_planner", "crop_rotation"} {
			expect(t, h.do("PATCH", fmt.Sprintf("/api/maintenance/functions/%d", fnID[fn]), h.super, map[string]any{"maintenanceMode": true, "message": "Replanting " + fn}), 200, "")
		}
		expect(t, h.do("POST", "/api/garden-layouts", h.alice, map[string]any{"name": "x", "width": 1, "height": 1}), 503, "Replanting garden_planner")
		expect(t, h.do("PUT", lp+"/beds", h.alice, map[string]any{"version": 1, "beds": []any{}}), 503, "Replanting garden_planner")
		expect(t, h.do("POST", lp+"/copy", h.alice, nil), 503, "Replanting garden_planner")
		expect(t, h.do("PATCH", lp, h.alice, map[string]any{"name": "y"}), 503, "Replanting garden_planner")
		expect(t, h.do("DELETE", lp, h.alice, nil), 503, "Replanting garden_planner")
		expect(t, h.do("POST", "/api/crop-rotation/groups", h.alice, map[string]any{"name": "x"}), 503, "Replanting crop_rotation")
		expect(t, h.do("POST", "/api/crop-rotation/groups/seed-classic", h.alice, nil), 503, "Replanting crop_rotation")
		expect(t, h.do("POST", "/api/crop-rotation/plans", h.alice, map[string]any{"name": "x", "startYear": 2026, "duration": 1}), 503, "Replanting crop_rotation")
		// Reading stays open.
		expect(t, h.do("GET", lp, h.alice, nil), 200, "")
		expect(t, h.do("GET", "/api/crop-rotation/plans", h.alice, nil), 200, "")
		if !strings.Contains(h.do("GET", "/api/maintenance/status", h.alice, nil).raw, "garden_planner") {
			t.Fatal("status does not name garden_planner")
		}
	})
}
