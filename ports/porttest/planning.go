package porttest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PlanningStoreFactory returns a fresh, empty, migrated store for one test: the account and
// garden store (to make users and plants) and the planning store, usually one value.
type PlanningStoreFactory func(t *testing.T) (Store, ports.PlanningStore)

// RunPlanningStore runs the garden layout and crop rotation storage contract against stores
// made by newStore. Every test is parallel and gets its own store.
func RunPlanningStore(t *testing.T, newStore PlanningStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, p ports.PlanningStore){
		"Layouts/WithBedsAndPlantings":       testLayoutRoundTrip,
		"Layouts/ListPagedSearchedOwnerOnly": testLayoutList,
		"Layouts/SaveBedsAtomicWithVersion":  testLayoutSaveBeds,
		"Layouts/ConcurrentSavesOneWins":     testLayoutConcurrentSaves,
		"Layouts/CopyInOneTransaction":       testLayoutCopy,
		"Layouts/QuotaUsageInTransaction":    testLayoutQuotaUsage,
		"Layouts/ParallelCopiesWithinQuota":  testLayoutParallelCopies,
		"Layouts/DeleteCascades":             testLayoutDelete,
		"Layouts/PlantPlacements":            testPlantPlacements,
		"Groups/CreateListUpdate":            testGroups,
		"Groups/SeedIfMissing":               testGroupSeed,
		"Groups/DeleteRefusedWhileUsed":      testGroupDeleteInUse,
		"Plans/WithAssignments":              testPlanRoundTrip,
		"Plans/ListPagedSearched":            testPlanList,
		"Plans/LayoutDeletedKeepsPlan":       testPlanLayoutDeleted,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, p := newStore(t)
			fn(t, s, p)
		})
	}
}

func pid(v int64) *int64     { return &v }
func pft(v float64) *float64 { return &v }

func gardener(t *testing.T, s Store) *domain.User {
	t.Helper()
	u := newUser(uniq("planner"))
	must(t, s.CreateUser(context.Background(), u))
	return u
}

func plantOf(t *testing.T, s Store, owner int64, name string) *domain.Plant {
	t.Helper()
	p := newPlant(owner, name)
	must(t, s.CreatePlant(context.Background(), p, 0))
	return p
}

func twoBedLayout(owner int64, plantID, itemID int64) *domain.GardenLayout {
	return &domain.GardenLayout{UserID: owner, Name: "Back garden", Description: "Veg", Width: 20, Height: 10, CreatedAt: base, UpdatedAt: base,
		Beds: []*domain.GardenBed{
			{Name: "Bed 1", X: 0, Y: 0, Width: 4, Height: 10, Color: "#4a7c59", Plantings: []*domain.BedPlanting{
				{PlantID: &plantID, Count: 3, X: pft(1), Y: pft(2.5)}, {PlantDatabaseID: &itemID, Count: 12}}},
			{Name: "Bed 2", X: 5.5, Y: 0, Width: 4, Height: 4},
		}}
}

func dbItem(t *testing.T, s Store, name string) *domain.PlantDBItem {
	t.Helper()
	it := &domain.PlantDBItem{CommonName: name, Type: domain.Vegetables, Source: domain.SourceManual, CreatedAt: base, UpdatedAt: base}
	must(t, s.CreatePlantDB(context.Background(), it))
	return it
}

func testLayoutRoundTrip(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	basil := plantOf(t, s, u.ID, "Basil")
	carrot := dbItem(t, s, "Carrot Nantes")
	l := twoBedLayout(u.ID, basil.ID, carrot.ID)
	must(t, ps.CreateLayout(ctx, l, nil))
	if l.ID == 0 || l.Version != 1 || l.Beds[0].ID == 0 || l.Beds[1].ID == 0 || l.Beds[0].Plantings[0].ID == 0 || l.BedCount != 2 {
		t.Fatalf("ids not set: %+v", l)
	}
	got, err := ps.LayoutByID(ctx, l.ID)
	must(t, err)
	if got.UserID != u.ID || got.Username != u.Username || got.Name != "Back garden" || got.Description != "Veg" || got.Width != 20 ||
		got.Height != 10 || got.Version != 1 || got.BedCount != 2 || !got.CreatedAt.Equal(base) || got.CreatedAt.Location() != time.UTC {
		t.Fatalf("read back %+v", got)
	}
	b := got.Beds[0]
	if len(got.Beds) != 2 || b.Name != "Bed 1" || b.Color != "#4a7c59" || b.Width != 4 || got.Beds[1].X != 5.5 || len(b.Plantings) != 2 || len(got.Beds[1].Plantings) != 0 {
		t.Fatalf("beds %+v %+v", b, got.Beds[1])
	}
	p0, p1 := b.Plantings[0], b.Plantings[1]
	if p0.PlantID == nil || *p0.PlantID != basil.ID || p0.Name != "Basil" || p0.Count != 3 || p0.X == nil || *p0.X != 1 || *p0.Y != 2.5 ||
		p1.PlantDatabaseID == nil || *p1.PlantDatabaseID != carrot.ID || p1.Name != "Carrot Nantes" || p1.Count != 12 || p1.X != nil {
		t.Fatalf("plantings %+v %+v", p0, p1)
	}
	_, err = ps.LayoutByID(ctx, 987654)
	mustCode(t, err, domain.ENotFound)
	// Deleting the plant takes its plantings with it; the bed stays.
	must(t, s.DeletePlant(ctx, u.ID, basil.ID))
	got, err = ps.LayoutByID(ctx, l.ID)
	must(t, err)
	if len(got.Beds[0].Plantings) != 1 || got.Beds[0].Plantings[0].Name != "Carrot Nantes" {
		t.Fatalf("after plant deletion %+v", got.Beds[0].Plantings)
	}
}

func testLayoutList(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	a, b := gardener(t, s), gardener(t, s)
	names := []string{"Front yard", "Back garden", "Allotment 50%", "Roof"}
	for i, n := range names {
		l := &domain.GardenLayout{UserID: a.ID, Name: n, Description: "plot", Width: 10, Height: 10, CreatedAt: base.Add(time.Duration(i) * time.Hour)}
		if i == 1 {
			l.Beds = []*domain.GardenBed{{Name: "A", Width: 1, Height: 1}, {Name: "B", X: 2, Width: 1, Height: 1}}
		}
		must(t, ps.CreateLayout(ctx, l, nil))
	}
	must(t, ps.CreateLayout(ctx, &domain.GardenLayout{UserID: b.ID, Name: "Other's", Width: 5, Height: 5}, nil))
	var seen []string
	page := domain.PageRequest{Limit: 3}
	for {
		got, err := ps.ListLayouts(ctx, a.ID, "", page)
		must(t, err)
		for _, l := range got.Items {
			seen = append(seen, l.Name)
			if l.Username != a.Username || l.Beds != nil {
				t.Fatalf("list row %+v", l)
			}
			if l.Name == "Back garden" && l.BedCount != 2 {
				t.Fatalf("bed count %d", l.BedCount)
			}
		}
		if got.NextCursor == "" {
			break
		}
		page.Cursor = got.NextCursor
	}
	if !sameStrings(seen, []string{"Roof", "Allotment 50%", "Back garden", "Front yard"}) {
		t.Fatalf("newest first, owner only: %v", seen)
	}
	got, err := ps.ListLayouts(ctx, a.ID, "GARDEN", domain.FirstPage())
	must(t, err)
	if len(got.Items) != 1 || got.Items[0].Name != "Back garden" {
		t.Fatalf("search: %+v", got.Items)
	}
	// LIKE wildcards are literal.
	got, err = ps.ListLayouts(ctx, a.ID, "50%", domain.FirstPage())
	must(t, err)
	if len(got.Items) != 1 {
		t.Fatalf("search 50%%: %d", len(got.Items))
	}
	got, err = ps.ListLayouts(ctx, a.ID, "_", domain.FirstPage())
	must(t, err)
	if len(got.Items) != 0 {
		t.Fatalf("search _: %d", len(got.Items))
	}
	_, err = ps.ListLayouts(ctx, a.ID, "", domain.PageRequest{Limit: 2, Cursor: "!!"})
	mustCode(t, err, domain.EInvalid)
}

func testLayoutSaveBeds(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	basil := plantOf(t, s, u.ID, "Basil")
	item := dbItem(t, s, "Leek")
	l := twoBedLayout(u.ID, basil.ID, item.ID)
	must(t, ps.CreateLayout(ctx, l, nil))
	bed1 := l.Beds[0].ID
	// Keep bed 1 (renamed and moved, plantings replaced), drop bed 2, add bed 3.
	saved, err := ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error {
		if err := domain.CheckLayoutVersion(x, 1); err != nil {
			return err
		}
		x.Beds = []*domain.GardenBed{
			{Name: "Bed 3", X: 10, Y: 5, Width: 2, Height: 2},
			{ID: bed1, Name: "Herbs", X: 1, Y: 1, Width: 3, Height: 3, Plantings: []*domain.BedPlanting{{PlantID: &basil.ID, Count: 1}}},
		}
		return nil
	})
	must(t, err)
	if saved.Version != 2 || len(saved.Beds) != 2 || saved.Beds[0].Name != "Bed 3" || saved.Beds[1].ID != bed1 || saved.Beds[1].Name != "Herbs" ||
		saved.Beds[1].X != 1 || len(saved.Beds[1].Plantings) != 1 || saved.Beds[1].Plantings[0].Count != 1 || saved.BedCount != 2 {
		t.Fatalf("saved %+v", saved)
	}
	// A stale save changes nothing.
	_, err = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error {
		x.Beds = nil
		x.Name = "Gone"
		return domain.CheckLayoutVersion(x, 1)
	})
	mustCode(t, err, domain.EConflict)
	// A bed id of another layout is refused and nothing changes.
	other := &domain.GardenLayout{UserID: u.ID, Name: "Other", Width: 5, Height: 5, Beds: []*domain.GardenBed{{Name: "X", Width: 1, Height: 1}}}
	must(t, ps.CreateLayout(ctx, other, nil))
	_, err = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error {
		x.Beds = append(x.Beds, &domain.GardenBed{ID: other.Beds[0].ID, Name: "Stolen", Width: 1, Height: 1})
		return nil
	})
	mustCode(t, err, domain.EInvalid)
	// A planting of a plant that no longer exists is refused and rolls everything back.
	_, err = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error {
		x.Name = "Renamed"
		x.Beds[0].Plantings = []*domain.BedPlanting{{PlantID: pid(987654), Count: 1}}
		return nil
	})
	mustCode(t, err, domain.EInvalid)
	got, err := ps.LayoutByID(ctx, l.ID)
	must(t, err)
	if got.Version != 2 || got.Name != "Back garden" || len(got.Beds) != 2 || got.Beds[0].Name != "Bed 3" || len(got.Beds[1].Plantings) != 1 {
		t.Fatalf("a refused save changed the layout: %+v", got)
	}
	other2, err := ps.LayoutByID(ctx, other.ID)
	must(t, err)
	if len(other2.Beds) != 1 || other2.Beds[0].Name != "X" {
		t.Fatalf("the other layout changed: %+v", other2.Beds)
	}
	_, err = ps.UpdateLayout(ctx, 987654, func(*domain.GardenLayout) error { return nil })
	mustCode(t, err, domain.ENotFound)
}

// testLayoutConcurrentSaves: two editors save from the same version at once; exactly one wins
// and the other gets a conflict.
func testLayoutConcurrentSaves(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	l := &domain.GardenLayout{UserID: u.ID, Name: "Plot", Width: 10, Height: 10}
	must(t, ps.CreateLayout(ctx, l, nil))
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, errs[i] = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error {
				if err := domain.CheckLayoutVersion(x, 1); err != nil {
					return err
				}
				x.Beds = []*domain.GardenBed{{Name: "Bed", X: float64(i), Width: 1, Height: 1}}
				return nil
			})
		}(i)
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if domain.ErrorCode(err) != domain.EConflict {
			t.Fatalf("unexpected error %v", err)
		}
	}
	got, err := ps.LayoutByID(ctx, l.ID)
	must(t, err)
	if ok != 1 || got.Version != 2 || len(got.Beds) != 1 {
		t.Fatalf("%d saves won, version %d, %d beds", ok, got.Version, len(got.Beds))
	}
}

func testLayoutCopy(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	basil := plantOf(t, s, u.ID, "Basil")
	item := dbItem(t, s, "Leek")
	l := twoBedLayout(u.ID, basil.ID, item.ID)
	must(t, ps.CreateLayout(ctx, l, nil))
	later := base.Add(time.Hour)
	c, err := ps.CopyLayout(ctx, l.ID, u.ID, base, func(src *domain.GardenLayout, _ domain.LayoutUsage) (*domain.GardenLayout, error) {
		return domain.CopyLayout(src, u.ID, later), nil
	})
	must(t, err)
	if c.ID == l.ID || c.Name != "Copy of Back garden" || c.Version != 1 || len(c.Beds) != 2 || c.Beds[0].ID == l.Beds[0].ID ||
		len(c.Beds[0].Plantings) != 2 || c.Beds[0].Plantings[0].Name != "Basil" || !c.CreatedAt.Equal(later) || c.Username != u.Username {
		t.Fatalf("copy %+v", c)
	}
	// The copy is independent: saving it leaves the original alone.
	_, err = ps.UpdateLayout(ctx, c.ID, func(x *domain.GardenLayout) error { x.Beds = nil; return nil })
	must(t, err)
	orig, err := ps.LayoutByID(ctx, l.ID)
	must(t, err)
	if len(orig.Beds) != 2 || len(orig.Beds[0].Plantings) != 2 {
		t.Fatalf("original changed: %+v", orig)
	}
	// A copy that fails half-way leaves nothing behind.
	_, err = ps.CopyLayout(ctx, l.ID, u.ID, base, func(src *domain.GardenLayout, _ domain.LayoutUsage) (*domain.GardenLayout, error) {
		x := domain.CopyLayout(src, u.ID, later)
		x.Name = "Half copy"
		x.Beds[1].Plantings = []*domain.BedPlanting{{PlantID: pid(987654), Count: 1}}
		return x, nil
	})
	if err == nil {
		t.Fatal("a copy with a missing plant was stored")
	}
	list, err := ps.ListLayouts(ctx, u.ID, "Half copy", domain.FirstPage())
	must(t, err)
	if len(list.Items) != 0 {
		t.Fatal("a failed copy left a layout behind")
	}
	_, err = ps.CopyLayout(ctx, 987654, u.ID, base, func(src *domain.GardenLayout, _ domain.LayoutUsage) (*domain.GardenLayout, error) { return src, nil })
	mustCode(t, err, domain.ENotFound)
}

// testLayoutQuotaUsage: creations and copies see their owner's layouts and recent copies, a
// veto stores nothing, and copies older than the window are neither counted nor kept.
func testLayoutQuotaUsage(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, other := gardener(t, s), gardener(t, s)
	must(t, ps.CreateLayout(ctx, &domain.GardenLayout{UserID: other.ID, Name: "Other's", Width: 5, Height: 5}, nil))
	var seen []domain.LayoutUsage
	record := func(usage domain.LayoutUsage) error { seen = append(seen, usage); return nil }
	l := &domain.GardenLayout{UserID: u.ID, Name: "Plot", Width: 5, Height: 5, CreatedAt: base}
	must(t, ps.CreateLayout(ctx, l, record))
	must(t, ps.CreateLayout(ctx, &domain.GardenLayout{UserID: u.ID, Name: "Plot 2", Width: 5, Height: 5, CreatedAt: base}, record))
	if len(seen) != 2 || seen[0].Layouts != 0 || seen[1].Layouts != 1 {
		t.Fatalf("usage seen by creations: %+v", seen)
	}
	refused := domain.Errorf(domain.ELimitReached, "no")
	mustCode(t, ps.CreateLayout(ctx, &domain.GardenLayout{UserID: u.ID, Name: "Vetoed", Width: 5, Height: 5, CreatedAt: base},
		func(domain.LayoutUsage) error { return refused }), domain.ELimitReached)
	if list, err := ps.ListLayouts(ctx, u.ID, "", domain.FirstPage()); err != nil || len(list.Items) != 2 {
		t.Fatalf("after a vetoed creation: %d layouts, %v", len(list.Items), err)
	}

	copyAt := func(at, since time.Time) domain.LayoutUsage {
		t.Helper()
		var got domain.LayoutUsage
		_, err := ps.CopyLayout(ctx, l.ID, u.ID, since, func(src *domain.GardenLayout, usage domain.LayoutUsage) (*domain.GardenLayout, error) {
			got = usage
			return domain.CopyLayout(src, u.ID, at), nil
		})
		must(t, err)
		return got
	}
	if got := copyAt(base, base.Add(-time.Minute)); got.Layouts != 2 || len(got.Copies) != 0 {
		t.Fatalf("first copy saw %+v", got)
	}
	second := base.Add(20 * time.Second)
	if got := copyAt(second, second.Add(-time.Minute)); got.Layouts != 3 || len(got.Copies) != 1 || !got.Copies[0].Equal(base) {
		t.Fatalf("second copy saw %+v", got)
	}
	// 70 s after the first copy, only the second is within the window.
	third := base.Add(70 * time.Second)
	if got := copyAt(third, third.Add(-time.Minute)); got.Layouts != 4 || len(got.Copies) != 1 || !got.Copies[0].Equal(second) {
		t.Fatalf("third copy saw %+v", got)
	}
	// A refused copy is not recorded and stores nothing.
	_, err := ps.CopyLayout(ctx, l.ID, u.ID, third.Add(-time.Minute), func(*domain.GardenLayout, domain.LayoutUsage) (*domain.GardenLayout, error) {
		return nil, refused
	})
	mustCode(t, err, domain.ELimitReached)
	// Older records are gone even with a window that would reach them.
	if got := copyAt(third, base.Add(-time.Hour)); len(got.Copies) != 2 {
		t.Fatalf("copies kept past their window: %+v", got)
	}
}

// testLayoutParallelCopies: eight copies at once against a rate of three: the usage each sees
// is read with the owner locked, so exactly three pass.
func testLayoutParallelCopies(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	l := &domain.GardenLayout{UserID: u.ID, Name: "Plot", Width: 5, Height: 5, CreatedAt: base,
		Beds: []*domain.GardenBed{{Name: "Bed 1", Width: 2, Height: 2}}}
	must(t, ps.CreateLayout(ctx, l, nil))
	const rate = 3
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := ps.CopyLayout(ctx, l.ID, u.ID, base.Add(-time.Minute), func(src *domain.GardenLayout, usage domain.LayoutUsage) (*domain.GardenLayout, error) {
				if len(usage.Copies) >= rate {
					return nil, domain.Errorf(domain.ERateLimited, "too fast")
				}
				return domain.CopyLayout(src, u.ID, base), nil
			})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case domain.ErrorCode(err) != domain.ERateLimited:
				t.Errorf("copy: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != rate {
		t.Fatalf("%d parallel copies passed, want %d", ok, rate)
	}
}

func testLayoutDelete(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	basil := plantOf(t, s, u.ID, "Basil")
	item := dbItem(t, s, "Leek")
	l := twoBedLayout(u.ID, basil.ID, item.ID)
	must(t, ps.CreateLayout(ctx, l, nil))
	mustCode(t, ps.DeleteLayout(ctx, l.ID, func(*domain.GardenLayout) error { return domain.Errorf(domain.ENotFound, "no") }), domain.ENotFound)
	if _, err := ps.LayoutByID(ctx, l.ID); err != nil {
		t.Fatal("a vetoed delete removed the layout")
	}
	must(t, ps.DeleteLayout(ctx, l.ID, nil))
	_, err := ps.LayoutByID(ctx, l.ID)
	mustCode(t, err, domain.ENotFound)
	places, err := ps.PlantPlacements(ctx, u.ID, basil.ID)
	must(t, err)
	if len(places) != 0 {
		t.Fatalf("plantings outlived their layout: %+v", places)
	}
	mustCode(t, ps.DeleteLayout(ctx, l.ID, nil), domain.ENotFound)
}

func testPlantPlacements(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, other := gardener(t, s), gardener(t, s)
	basil := plantOf(t, s, u.ID, "Basil")
	item := dbItem(t, s, "Leek")
	l := twoBedLayout(u.ID, basil.ID, item.ID)
	l.Beds[1].Plantings = []*domain.BedPlanting{{PlantID: &basil.ID, Count: 1}, {PlantID: &basil.ID, Count: 2}}
	must(t, ps.CreateLayout(ctx, l, nil))
	places, err := ps.PlantPlacements(ctx, u.ID, basil.ID)
	must(t, err)
	if len(places) != 2 || places[0].LayoutName != "Back garden" || places[0].BedName != "Bed 1" || places[0].Count != 3 ||
		places[1].BedName != "Bed 2" || places[1].Count != 3 || places[1].LayoutID != l.ID {
		t.Fatalf("%+v", places)
	}
	places, err = ps.PlantPlacements(ctx, other.ID, basil.ID)
	must(t, err)
	if len(places) != 0 {
		t.Fatalf("another gardener sees placements: %+v", places)
	}
}

func testGroups(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, other := gardener(t, s), gardener(t, s)
	for _, n := range []string{"roots", "Brassicas", "Alliums", "legumes"} {
		must(t, ps.CreateGroup(ctx, &domain.RotationGroup{UserID: u.ID, Name: n, Color: domain.DefaultGroupColor, CreatedAt: base}))
	}
	must(t, ps.CreateGroup(ctx, &domain.RotationGroup{UserID: other.ID, Name: "Roots", Color: "#000000"}))
	err := ps.CreateGroup(ctx, &domain.RotationGroup{UserID: u.ID, Name: "ROOTS", Color: "#000000"})
	mustCode(t, err, domain.EConflict)
	var seen []string
	page := domain.PageRequest{Limit: 3}
	var first *domain.RotationGroup
	for {
		got, err := ps.ListGroups(ctx, u.ID, page)
		must(t, err)
		for _, g := range got.Items {
			if first == nil {
				first = g
			}
			seen = append(seen, g.Name)
		}
		if got.NextCursor == "" {
			break
		}
		page.Cursor = got.NextCursor
	}
	if !sameStrings(seen, []string{"Alliums", "Brassicas", "legumes", "roots"}) {
		t.Fatalf("by name, owner only: %v", seen)
	}
	g, err := ps.UpdateGroup(ctx, first.ID, func(g *domain.RotationGroup) error {
		g.Name, g.Description, g.Color = "Onions", "and garlic", "#8e24aa"
		return nil
	})
	must(t, err)
	back, err := ps.GroupByID(ctx, first.ID)
	must(t, err)
	if g.Name != "Onions" || back.Name != "Onions" || back.Description != "and garlic" || back.Color != "#8e24aa" || back.UserID != u.ID {
		t.Fatalf("%+v", back)
	}
	_, err = ps.UpdateGroup(ctx, first.ID, func(g *domain.RotationGroup) error { g.Name = "Legumes"; return nil })
	mustCode(t, err, domain.EConflict)
	owned, err := ps.OwnerGroups(ctx, u.ID, []int64{first.ID, 987654})
	must(t, err)
	if len(owned) != 1 || owned[first.ID].Name != "Onions" {
		t.Fatalf("%+v", owned)
	}
	owned, err = ps.OwnerGroups(ctx, other.ID, []int64{first.ID})
	must(t, err)
	if len(owned) != 0 {
		t.Fatal("another gardener owns the group")
	}
}

func testGroupSeed(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u := gardener(t, s)
	must(t, ps.CreateGroup(ctx, &domain.RotationGroup{UserID: u.ID, Name: "legumes", Color: "#111111"}))
	n, err := ps.CreateGroupsIfMissing(ctx, u.ID, domain.ClassicGroups(u.ID, base))
	must(t, err)
	if n != 4 {
		t.Fatalf("inserted %d, want 4 (Legumes existed)", n)
	}
	n, err = ps.CreateGroupsIfMissing(ctx, u.ID, domain.ClassicGroups(u.ID, base))
	must(t, err)
	if n != 0 {
		t.Fatalf("a second seed inserted %d", n)
	}
	got, err := ps.ListGroups(ctx, u.ID, domain.FirstPage())
	must(t, err)
	if len(got.Items) != 5 || got.Items[2].Name != "legumes" || got.Items[2].Color != "#111111" {
		t.Fatalf("%+v", got.Items)
	}
}

func planWithGroups(t *testing.T, s Store, ps ports.PlanningStore) (*domain.User, *domain.GardenLayout, []*domain.RotationGroup) {
	t.Helper()
	ctx := context.Background()
	u := gardener(t, s)
	l := &domain.GardenLayout{UserID: u.ID, Name: "Veg plot", Width: 20, Height: 10, Beds: []*domain.GardenBed{
		{Name: "Bed 1", Width: 4, Height: 4}, {Name: "Bed 2", X: 5, Width: 4, Height: 4}, {Name: "Bed 3", X: 10, Width: 4, Height: 4}}}
	must(t, ps.CreateLayout(ctx, l, nil))
	_, err := ps.CreateGroupsIfMissing(ctx, u.ID, domain.ClassicGroups(u.ID, base))
	must(t, err)
	gs, err := ps.ListGroups(ctx, u.ID, domain.FirstPage())
	must(t, err)
	return u, l, gs.Items
}

func testPlanRoundTrip(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, l, gs := planWithGroups(t, s, ps)
	b1, b2 := l.Beds[0].ID, l.Beds[1].ID
	p := &domain.RotationPlan{UserID: u.ID, Name: "Four-year", Description: "Classic", StartYear: 2026, Duration: 3, Gap: 3, LayoutID: &l.ID,
		Areas: []string{}, CreatedAt: base, Assignments: []domain.RotationAssignment{
			{BedID: &b1, Year: 2026, GroupID: gs[0].ID}, {BedID: &b2, Year: 2026, GroupID: gs[1].ID}, {BedID: &b1, Year: 2027, GroupID: gs[1].ID}}}
	must(t, ps.CreatePlan(ctx, p))
	got, err := ps.PlanByID(ctx, p.ID)
	must(t, err)
	if got.Name != "Four-year" || got.Description != "Classic" || got.StartYear != 2026 || got.Duration != 3 || got.Gap != 3 ||
		got.LayoutID == nil || *got.LayoutID != l.ID || got.LayoutName != "Veg plot" || got.Username != u.Username || got.GroupCount != 2 ||
		len(got.Assignments) != 3 || len(got.Areas) != 0 || !got.CreatedAt.Equal(base) {
		t.Fatalf("read back %+v", got)
	}
	if a := got.Assignments[0]; a.BedID == nil || *a.BedID != b1 || a.Year != 2026 || a.GroupID != gs[0].ID {
		t.Fatalf("first assignment %+v", a)
	}
	// Replace the assignments; a refused replacement changes nothing.
	upd, err := ps.UpdatePlan(ctx, p.ID, func(x *domain.RotationPlan) error {
		x.Name = "Renamed"
		x.Assignments = []domain.RotationAssignment{{BedID: &b2, Year: 2028, GroupID: gs[2].ID}}
		return nil
	})
	must(t, err)
	if upd.Name != "Renamed" || len(upd.Assignments) != 1 || upd.GroupCount != 1 {
		t.Fatalf("%+v", upd)
	}
	_, err = ps.UpdatePlan(ctx, p.ID, func(x *domain.RotationPlan) error {
		x.Name = "Broken"
		x.Assignments = append(x.Assignments, domain.RotationAssignment{BedID: &b1, Year: 2026, GroupID: 987654})
		return nil
	})
	if err == nil {
		t.Fatal("an assignment to a missing group was stored")
	}
	got, err = ps.PlanByID(ctx, p.ID)
	must(t, err)
	if got.Name != "Renamed" || len(got.Assignments) != 1 {
		t.Fatalf("a refused update changed the plan: %+v", got)
	}
	// A plan without a layout uses named areas.
	areas := &domain.RotationPlan{UserID: u.ID, Name: "Allotment", StartYear: 2026, Duration: 1, Gap: 3, Areas: []string{"North", "South"},
		Assignments: []domain.RotationAssignment{{Area: "South", Year: 2026, GroupID: gs[0].ID}}}
	must(t, ps.CreatePlan(ctx, areas))
	got, err = ps.PlanByID(ctx, areas.ID)
	must(t, err)
	if got.LayoutID != nil || !sameStrings(got.Areas, []string{"North", "South"}) || len(got.Assignments) != 1 || got.Assignments[0].Area != "South" {
		t.Fatalf("%+v", got)
	}
	// Deleting a bed takes its assignments.
	_, err = ps.UpdateLayout(ctx, l.ID, func(x *domain.GardenLayout) error { x.Beds = x.Beds[:1]; return nil })
	must(t, err)
	got, err = ps.PlanByID(ctx, p.ID)
	must(t, err)
	if len(got.Assignments) != 0 {
		t.Fatalf("assignments of a deleted bed remain: %+v", got.Assignments)
	}
	must(t, ps.DeletePlan(ctx, p.ID, nil))
	_, err = ps.PlanByID(ctx, p.ID)
	mustCode(t, err, domain.ENotFound)
	mustCode(t, ps.DeletePlan(ctx, p.ID, nil), domain.ENotFound)
}

func testGroupDeleteInUse(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, l, gs := planWithGroups(t, s, ps)
	b1 := l.Beds[0].ID
	p := &domain.RotationPlan{UserID: u.ID, Name: "Plan", StartYear: 2026, Duration: 2, Gap: 3, LayoutID: &l.ID,
		Assignments: []domain.RotationAssignment{{BedID: &b1, Year: 2026, GroupID: gs[0].ID}}}
	must(t, ps.CreatePlan(ctx, p))
	err := ps.DeleteGroup(ctx, gs[0].ID, nil)
	mustCode(t, err, domain.EConflict)
	if err.Error() != domain.MsgGroupInUse {
		t.Fatalf("message %q", err.Error())
	}
	if _, err := ps.GroupByID(ctx, gs[0].ID); err != nil {
		t.Fatal("a group in use was deleted")
	}
	must(t, ps.DeleteGroup(ctx, gs[1].ID, nil))
	_, err = ps.GroupByID(ctx, gs[1].ID)
	mustCode(t, err, domain.ENotFound)
	// Once no plan uses it, it goes.
	must(t, ps.DeletePlan(ctx, p.ID, nil))
	must(t, ps.DeleteGroup(ctx, gs[0].ID, nil))
	mustCode(t, ps.DeleteGroup(ctx, gs[0].ID, nil), domain.ENotFound)
	// Deleting the gardener removes plans and groups together.
	p2 := &domain.RotationPlan{UserID: u.ID, Name: "Plan 2", StartYear: 2026, Duration: 1, Gap: 3, LayoutID: &l.ID,
		Assignments: []domain.RotationAssignment{{BedID: &b1, Year: 2026, GroupID: gs[2].ID}}}
	must(t, ps.CreatePlan(ctx, p2))
	must(t, s.DeleteUser(ctx, u.ID, nil))
	_, err = ps.PlanByID(ctx, p2.ID)
	mustCode(t, err, domain.ENotFound)
}

func testPlanList(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, l, gs := planWithGroups(t, s, ps)
	other := gardener(t, s)
	b1, b2 := l.Beds[0].ID, l.Beds[1].ID
	for i, n := range []string{"Spring", "Summer beds", "Winter"} {
		p := &domain.RotationPlan{UserID: u.ID, Name: n, StartYear: 2026 + i, Duration: 2, Gap: 3, LayoutID: &l.ID}
		if i == 1 {
			p.Assignments = []domain.RotationAssignment{{BedID: &b1, Year: 2027, GroupID: gs[0].ID}, {BedID: &b2, Year: 2027, GroupID: gs[1].ID},
				{BedID: &b1, Year: 2028, GroupID: gs[1].ID}}
		}
		must(t, ps.CreatePlan(ctx, p))
	}
	must(t, ps.CreatePlan(ctx, &domain.RotationPlan{UserID: other.ID, Name: "Theirs", StartYear: 2026, Duration: 1, Gap: 3}))
	got, err := ps.ListPlans(ctx, u.ID, "", domain.PageRequest{Limit: 2})
	must(t, err)
	if len(got.Items) != 2 || got.Items[0].Name != "Winter" || got.NextCursor == "" {
		t.Fatalf("%+v", got)
	}
	if got.Items[1].GroupCount != 2 || got.Items[1].LayoutName != "Veg plot" || got.Items[1].Assignments != nil || got.Items[1].Username != u.Username {
		t.Fatalf("list row %+v", got.Items[1])
	}
	got, err = ps.ListPlans(ctx, u.ID, "", domain.PageRequest{Limit: 2, Cursor: got.NextCursor})
	must(t, err)
	if len(got.Items) != 1 || got.Items[0].Name != "Spring" || got.NextCursor != "" {
		t.Fatalf("%+v", got)
	}
	got, err = ps.ListPlans(ctx, u.ID, "summer", domain.FirstPage())
	must(t, err)
	if len(got.Items) != 1 || got.Items[0].Name != "Summer beds" {
		t.Fatalf("%+v", got)
	}
}

func testPlanLayoutDeleted(t *testing.T, s Store, ps ports.PlanningStore) {
	ctx := context.Background()
	u, l, gs := planWithGroups(t, s, ps)
	b1 := l.Beds[0].ID
	p := &domain.RotationPlan{UserID: u.ID, Name: "Plan", StartYear: 2026, Duration: 1, Gap: 3, LayoutID: &l.ID,
		Assignments: []domain.RotationAssignment{{BedID: &b1, Year: 2026, GroupID: gs[0].ID}}}
	must(t, ps.CreatePlan(ctx, p))
	must(t, ps.DeleteLayout(ctx, l.ID, nil))
	got, err := ps.PlanByID(ctx, p.ID)
	must(t, err)
	if got.LayoutID != nil || len(got.Assignments) != 0 {
		t.Fatalf("%+v", got)
	}
}
