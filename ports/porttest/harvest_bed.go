package porttest

import (
	"context"
	"math"
	"testing"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// HarvestBedStoreFactory returns a fresh, empty, migrated store for one test: the account and
// plant store, the planning store (to draw layouts and beds) and the harvest store, usually one
// value.
type HarvestBedStoreFactory func(t *testing.T) (Store, ports.PlanningStore, ports.HarvestStore)

// RunHarvestBedStore runs the storage contract of harvest records tied to garden beds: the link
// is saved and read with the bed's names, only the owner's beds are taken, a deleted bed leaves
// its records without a bed, and the database adds up the yield per square foot of each bed.
func RunHarvestBedStore(t *testing.T, newStore HarvestBedStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore){
		"HarvestBeds/LinkSavedAndRead":      testHarvestBedLink,
		"HarvestBeds/OnlyTheOwnersBeds":     testHarvestBedOwner,
		"HarvestBeds/BedDeletedKeepsRecord": testHarvestBedDeleted,
		"HarvestBeds/YieldPerSquareFoot":    testHarvestBedYield,
		"HarvestBeds/ListPaged":             testHarvestBedList,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, ps, h := newStore(t)
			fn(t, s, ps, h)
		})
	}
}

// bedLayout draws a layout of owner with beds of the given sizes (width × height feet), side by
// side, named "<layout> 1", "<layout> 2"…
func bedLayout(t *testing.T, ps ports.PlanningStore, owner int64, name string, sizes ...[2]float64) *domain.GardenLayout {
	t.Helper()
	l := &domain.GardenLayout{UserID: owner, Name: name, Width: 100, Height: 100, CreatedAt: base, UpdatedAt: base}
	x := 0.0
	for i, sz := range sizes {
		l.Beds = append(l.Beds, &domain.GardenBed{Name: name + " " + string(rune('1'+i)), X: x, Width: sz[0], Height: sz[1]})
		x += sz[0] + 1
	}
	must(t, ps.CreateLayout(context.Background(), l, nil))
	return l
}

func recordFrom(t *testing.T, h ports.HarvestStore, owner int64, p *domain.Plant, bed *domain.GardenBed, date string, q *float64, unit domain.HarvestUnit) *domain.Harvest {
	t.Helper()
	r := &domain.Harvest{UserID: owner, PlantID: &p.ID, PlantName: p.Name, HarvestDate: harvestDay(date), Quantity: q, Unit: unit, CreatedAt: base}
	if bed != nil {
		r.BedID = &bed.ID
	}
	must(t, h.CreateHarvest(context.Background(), r))
	return r
}

func testHarvestBedLink(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato")
	l := bedLayout(t, ps, u.ID, "Back garden", [2]float64{4, 10}, [2]float64{4, 4})
	r := recordFrom(t, h, u.ID, plants[0], l.Beds[0], "2026-07-04", f64(2), domain.UnitKilogram)
	none := recordFrom(t, h, u.ID, plants[0], nil, "2026-07-05", nil, "")
	got, err := h.HarvestByID(ctx, u.ID, r.ID)
	must(t, err)
	if got.BedID == nil || *got.BedID != l.Beds[0].ID || got.BedName != "Back garden 1" || got.LayoutName != "Back garden" {
		t.Fatalf("bed link read back: %+v", got)
	}
	list := listAll(t, h, u.ID, ports.HarvestFilter{})
	if len(list) != 2 || list[0].ID != none.ID || list[0].BedID != nil || list[0].BedName != "" || list[1].BedName != "Back garden 1" {
		t.Fatalf("list with beds: %+v %+v", list[0], list[1])
	}
	// Moved to the other bed, then unlinked.
	moved, err := h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error { x.BedID = &l.Beds[1].ID; return nil })
	must(t, err)
	if got, _ = h.HarvestByID(ctx, u.ID, r.ID); got.BedID == nil || *got.BedID != l.Beds[1].ID || got.BedName != "Back garden 2" || moved.BedID == nil {
		t.Fatalf("moved: %+v", got)
	}
	cleared, err := h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error { x.BedID = nil; return nil })
	must(t, err)
	if got, _ = h.HarvestByID(ctx, u.ID, r.ID); got.BedID != nil || got.BedName != "" || got.LayoutName != "" || cleared.BedName != "" {
		t.Fatalf("cleared: %+v", got)
	}
	// An update that leaves the bed alone keeps it.
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error { x.BedID = &l.Beds[0].ID; return nil })
	must(t, err)
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error { x.Notes = "sweet"; return nil })
	must(t, err)
	if got, _ = h.HarvestByID(ctx, u.ID, r.ID); got.BedID == nil || *got.BedID != l.Beds[0].ID || got.Notes != "sweet" {
		t.Fatalf("kept: %+v", got)
	}
	bed, err := h.HarvestBed(ctx, u.ID, l.Beds[0].ID)
	must(t, err)
	if bed.Name != "Back garden 1" || bed.LayoutID != l.ID || bed.LayoutName != "Back garden" || bed.Area != 40 {
		t.Fatalf("bed: %+v", bed)
	}
}

func testHarvestBedOwner(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Bean")
	other, _ := gardenWith(t, s)
	mine := bedLayout(t, ps, u.ID, "Mine", [2]float64{2, 2})
	theirs := bedLayout(t, ps, other.ID, "Theirs", [2]float64{3, 3})
	for name, bedID := range map[string]int64{"another gardener's bed": theirs.Beds[0].ID, "an unknown bed": theirs.Beds[0].ID + 1000} {
		r := &domain.Harvest{UserID: u.ID, PlantID: &plants[0].ID, PlantName: "Bean", HarvestDate: harvestDay("2026-07-04"), BedID: &bedID, CreatedAt: base}
		err := h.CreateHarvest(ctx, r)
		mustCode(t, err, domain.ENotFound)
		if err.Error() != domain.MsgHarvestBedNotFound {
			t.Fatalf("%s: %v", name, err)
		}
		_, err = h.HarvestBed(ctx, u.ID, bedID)
		mustCode(t, err, domain.ENotFound)
	}
	if list := listAll(t, h, u.ID, ports.HarvestFilter{}); len(list) != 0 {
		t.Fatalf("a refused record was saved: %+v", list)
	}
	// A missing plant is still named as such when the bed is fine.
	gone := int64(987654)
	err := h.CreateHarvest(ctx, &domain.Harvest{UserID: u.ID, PlantID: &gone, HarvestDate: harvestDay("2026-07-04"), BedID: &mine.Beds[0].ID, CreatedAt: base})
	mustCode(t, err, domain.ENotFound)
	if err.Error() != domain.MsgPlantNotFound {
		t.Fatalf("missing plant with a good bed: %v", err)
	}
	r := recordFrom(t, h, u.ID, plants[0], mine.Beds[0], "2026-07-04", nil, "")
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error {
		x.BedID, x.Notes = &theirs.Beds[0].ID, "moved"
		return nil
	})
	mustCode(t, err, domain.ENotFound)
	if err.Error() != domain.MsgHarvestBedNotFound {
		t.Fatalf("update to another gardener's bed: %v", err)
	}
	if got, _ := h.HarvestByID(ctx, u.ID, r.ID); got.BedID == nil || *got.BedID != mine.Beds[0].ID || got.Notes != "" {
		t.Fatalf("a refused update was saved: %+v", got)
	}
}

func testHarvestBedDeleted(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Leek")
	l := bedLayout(t, ps, u.ID, "Plot", [2]float64{2, 2}, [2]float64{2, 3})
	r1 := recordFrom(t, h, u.ID, plants[0], l.Beds[0], "2026-07-01", f64(1), domain.UnitKilogram)
	r2 := recordFrom(t, h, u.ID, plants[0], l.Beds[1], "2026-07-02", f64(2), domain.UnitKilogram)
	// Saving the layout with its beds (same ids) keeps the links.
	_, err := ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error { x.Beds[1].Name = "Renamed"; return nil })
	must(t, err)
	if got, _ := h.HarvestByID(ctx, u.ID, r2.ID); got.BedID == nil || got.BedName != "Renamed" {
		t.Fatalf("after saving the layout: %+v", got)
	}
	// Removing the first bed from the layout: its record stays, without a bed.
	_, err = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error { x.Beds = x.Beds[1:]; return nil })
	must(t, err)
	got, err := h.HarvestByID(ctx, u.ID, r1.ID)
	must(t, err)
	if got.BedID != nil || got.BedName != "" || got.PlantName != "Leek" || *got.Quantity != 1 {
		t.Fatalf("record of a deleted bed: %+v", got)
	}
	if got, _ = h.HarvestByID(ctx, u.ID, r2.ID); got.BedID == nil || *got.BedID != l.Beds[1].ID {
		t.Fatalf("the other bed's record changed: %+v", got)
	}
	// Deleting the layout takes its beds: their records stay, without a bed.
	must(t, ps.DeleteLayout(ctx, l.ID, nil))
	if got, err = h.HarvestByID(ctx, u.ID, r2.ID); err != nil || got.BedID != nil || got.LayoutName != "" {
		t.Fatalf("record of a deleted layout: %+v %v", got, err)
	}
	sameIDs(t, "records kept", listAll(t, h, u.ID, ports.HarvestFilter{}), r2, r1)
	sums, err := h.SumHarvestsByBed(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	if len(sums) != 0 {
		t.Fatalf("yields of deleted beds: %+v", sums)
	}
}

func bedSum(sums []domain.BedHarvestSum, bedID int64, kind domain.UnitKind) *domain.BedHarvestSum {
	for i := range sums {
		if sums[i].Bed.ID == bedID && sums[i].Kind == kind {
			return &sums[i]
		}
	}
	return nil
}

func testHarvestBedYield(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato", "Radish")
	other, otherPlants := gardenWith(t, s, "Tomato")
	tom, rad := plants[0], plants[1]
	back := bedLayout(t, ps, u.ID, "Back garden", [2]float64{4, 10}) // 40 ft²
	allot := bedLayout(t, ps, u.ID, "allotment", [2]float64{4, 4}, [2]float64{2.5, 2})
	a, b, c := back.Beds[0], allot.Beds[0], allot.Beds[1]
	recordFrom(t, h, u.ID, tom, a, "2026-07-01", f64(2), domain.UnitKilogram)
	recordFrom(t, h, u.ID, tom, a, "2026-07-02", f64(500), domain.UnitGram)
	recordFrom(t, h, u.ID, tom, a, "2026-07-03", nil, domain.UnitKilogram) // counted, not weighed
	recordFrom(t, h, u.ID, rad, a, "2026-07-04", f64(6), domain.UnitItems)
	recordFrom(t, h, u.ID, rad, a, "2026-07-05", f64(4), domain.UnitBunches)
	recordFrom(t, h, u.ID, tom, b, "2026-06-10", f64(2), domain.UnitPound)
	recordFrom(t, h, u.ID, rad, c, "2026-07-06", nil, "")
	recordFrom(t, h, u.ID, tom, nil, "2026-07-07", f64(5), domain.UnitKilogram) // no bed: not in the yields
	theirs := bedLayout(t, ps, other.ID, "Theirs", [2]float64{1, 1})
	recordFrom(t, h, other.ID, otherPlants[0], theirs.Beds[0], "2026-07-01", f64(9), domain.UnitKilogram)

	sums, err := h.SumHarvestsByBed(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	if len(sums) != 4 {
		t.Fatalf("%d groups: %+v", len(sums), sums)
	}
	// Ordered by layout name, any case, then drawing order.
	if sums[0].Bed.ID != b.ID || sums[len(sums)-1].Bed.ID != a.ID {
		t.Fatalf("order: %+v", sums)
	}
	mass := bedSum(sums, a.ID, domain.KindMass)
	if mass == nil || math.Abs(mass.Amount-2.5) > 1e-9 || math.Abs(mass.PerSquareFoot-2.5/40) > 1e-9 || mass.Records != 3 || mass.Quantified != 2 ||
		mass.Bed.Area != 40 || mass.Bed.Name != "Back garden 1" || mass.Bed.LayoutName != "Back garden" || mass.Bed.LayoutID != back.ID {
		t.Fatalf("bed a mass: %+v", mass)
	}
	if count := bedSum(sums, a.ID, domain.KindCount); count == nil || count.Amount != 10 || math.Abs(count.PerSquareFoot-0.25) > 1e-9 || count.Quantified != 2 {
		t.Fatalf("bed a count: %+v", count)
	}
	if m := bedSum(sums, b.ID, domain.KindMass); m == nil || math.Abs(m.PerSquareFoot-0.90718474/16) > 1e-9 || m.Bed.Area != 16 {
		t.Fatalf("bed b mass: %+v", m)
	}
	if n := bedSum(sums, c.ID, ""); n == nil || n.Records != 1 || n.Quantified != 0 || n.Amount != 0 || n.PerSquareFoot != 0 || n.Bed.Area != 5 {
		t.Fatalf("bed c, nothing measured: %+v", n)
	}
	// Folded per bed, kinds in their usual order.
	beds := domain.YieldsByBed(sums)
	if len(beds) != 3 || beds[2].Bed.ID != a.ID || beds[2].Records != 5 || len(beds[2].Yields) != 2 || beds[2].Yields[0].Kind != domain.KindMass ||
		beds[2].Yields[1].Kind != domain.KindCount || len(beds[1].Yields) != 0 {
		t.Fatalf("yields by bed: %+v", beds)
	}
	// The period and plant filters apply: July, tomatoes only.
	from, to := harvestDay("2026-07-01"), harvestDay("2026-07-31")
	sums, err = h.SumHarvestsByBed(ctx, u.ID, ports.HarvestFilter{PlantID: tom.ID, Range: domain.HarvestRange{From: &from, To: &to}})
	must(t, err)
	if len(sums) != 1 || sums[0].Bed.ID != a.ID || sums[0].Kind != domain.KindMass || sums[0].Records != 3 {
		t.Fatalf("July tomatoes: %+v", sums)
	}
	// Another gardener sees only their own bed.
	sums, err = h.SumHarvestsByBed(ctx, other.ID, ports.HarvestFilter{})
	must(t, err)
	if len(sums) != 1 || sums[0].Bed.ID != theirs.Beds[0].ID || sums[0].PerSquareFoot != 9 {
		t.Fatalf("other's yields: %+v", sums)
	}
}

func testHarvestBedList(t *testing.T, s Store, ps ports.PlanningStore, h ports.HarvestStore) {
	ctx := context.Background()
	u, _ := gardenWith(t, s)
	other, _ := gardenWith(t, s)
	first := bedLayout(t, ps, u.ID, "First", [2]float64{1, 1}, [2]float64{1, 1}, [2]float64{1, 1})
	bedLayout(t, ps, u.ID, "Empty")
	second := bedLayout(t, ps, u.ID, "Second", [2]float64{1, 1}, [2]float64{1, 1})
	bedLayout(t, ps, other.ID, "Theirs", [2]float64{1, 1})
	// Drawing order, not id order: the second layout's beds swapped.
	_, err := ps.UpdateLayout(ctx, second.ID, func(x *domain.GardenLayout) error {
		x.Beds[0], x.Beds[1] = x.Beds[1], x.Beds[0]
		x.Beds[0].X, x.Beds[1].X = 0, 2
		return nil
	})
	must(t, err)
	var got []string
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("pages never end")
		}
		page, err := h.ListHarvestBeds(ctx, u.ID, domain.PageRequest{Limit: 2, Cursor: cursor})
		must(t, err)
		for _, b := range page.Items {
			got = append(got, b.LayoutName+"/"+b.Name)
			if (b.LayoutName == "First" && b.LayoutID != first.ID) || b.Area != 1 {
				t.Fatalf("bed %+v", b)
			}
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	want := []string{"Second/Second 2", "Second/Second 1", "First/First 1", "First/First 2", "First/First 3"}
	if len(got) != len(want) {
		t.Fatalf("beds %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("beds %v, want %v", got, want)
		}
	}
	for _, c := range []string{"!!", domain.KeysetCursor{Key: "x", ID: 3}.Encode(), domain.OffsetCursor(2)} {
		_, err := h.ListHarvestBeds(ctx, u.ID, domain.PageRequest{Limit: 10, Cursor: c})
		mustCode(t, err, domain.EInvalid)
	}
}
