package porttest

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// HarvestStoreFactory returns a fresh, empty, migrated store for one test: the account and
// plant store (to make users and plants) and the harvest store, usually one value.
type HarvestStoreFactory func(t *testing.T) (Store, ports.HarvestStore)

// RunHarvestStore runs the harvest storage contract against stores made by newStore. Every test
// is parallel and gets its own store.
func RunHarvestStore(t *testing.T, newStore HarvestStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, h ports.HarvestStore){
		"Harvests/CreateAndRead":            testHarvestRoundTrip,
		"Harvests/OwnerScoped":              testHarvestOwnerScoped,
		"Harvests/NewestFirstInPages":       testHarvestPages,
		"Harvests/Filters":                  testHarvestFilters,
		"Harvests/Update":                   testHarvestUpdate,
		"Harvests/Delete":                   testHarvestDelete,
		"Harvests/SumsByPlant":              testHarvestSumsByPlant,
		"Harvests/SumsByMonth":              testHarvestSumsByMonth,
		"Harvests/DeletedPlantKeepsRecords": testHarvestPlantDeleted,
		"Harvests/GoneWithUser":             testHarvestUserDeleted,
		"Harvests/BadCursor":                testHarvestBadCursor,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, h := newStore(t)
			fn(t, s, h)
		})
	}
}

func f64(v float64) *float64 { return &v }

func harvestDay(s string) time.Time {
	d, ok := domain.ParseDate(s)
	if !ok {
		panic(s)
	}
	return d
}

// gardenWith makes an owner with plants of the given names.
func gardenWith(t *testing.T, s Store, names ...string) (*domain.User, []*domain.Plant) {
	t.Helper()
	u := newUser(uniq("harvester"))
	must(t, s.CreateUser(context.Background(), u))
	var plants []*domain.Plant
	for _, n := range names {
		p := newPlant(u.ID, n)
		must(t, s.CreatePlant(context.Background(), p, 0))
		plants = append(plants, p)
	}
	return u, plants
}

func record(t *testing.T, h ports.HarvestStore, owner int64, p *domain.Plant, date string, q *float64, unit domain.HarvestUnit, notes string) *domain.Harvest {
	t.Helper()
	id := p.ID
	r := &domain.Harvest{UserID: owner, PlantID: &id, PlantName: p.Name, HarvestDate: harvestDay(date), Quantity: q, Unit: unit,
		Notes: notes, CreatedAt: base}
	must(t, h.CreateHarvest(context.Background(), r))
	return r
}

func harvestIDs(list []*domain.Harvest) []int64 {
	out := make([]int64, len(list))
	for i, h := range list {
		out[i] = h.ID
	}
	return out
}

func sameIDs(t *testing.T, what string, got []*domain.Harvest, want ...*domain.Harvest) {
	t.Helper()
	g, w := harvestIDs(got), harvestIDs(want)
	if len(g) != len(w) {
		t.Fatalf("%s: ids %v, want %v", what, g, w)
	}
	for i := range g {
		if g[i] != w[i] {
			t.Fatalf("%s: ids %v, want %v", what, g, w)
		}
	}
}

func listAll(t *testing.T, h ports.HarvestStore, owner int64, f ports.HarvestFilter) []*domain.Harvest {
	t.Helper()
	page, err := h.ListHarvests(context.Background(), owner, f, domain.PageRequest{Limit: domain.MaxPageLimit})
	must(t, err)
	if page.NextCursor != "" {
		t.Fatal("more than one page")
	}
	return page.Items
}

func testHarvestRoundTrip(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato")
	r := record(t, h, u.ID, plants[0], "2026-07-04", f64(1250), domain.UnitGram, "first truss")
	if r.ID == 0 {
		t.Fatal("no id")
	}
	got, err := h.HarvestByID(ctx, u.ID, r.ID)
	must(t, err)
	if got.PlantID == nil || *got.PlantID != plants[0].ID || got.PlantName != "Tomato" || !got.HarvestDate.Equal(harvestDay("2026-07-04")) ||
		got.Quantity == nil || *got.Quantity != 1250 || got.Unit != domain.UnitGram || got.Notes != "first truss" ||
		!got.CreatedAt.Equal(base.Truncate(time.Microsecond)) || got.UserID != u.ID {
		t.Fatalf("round trip: %+v", got)
	}
	// No quantity and no unit are kept as such.
	bare := record(t, h, u.ID, plants[0], "2026-07-05", nil, "", "")
	got, err = h.HarvestByID(ctx, u.ID, bare.ID)
	must(t, err)
	if got.Quantity != nil || got.Unit != "" {
		t.Fatalf("bare record: %+v", got)
	}
	// A quantity below zero is refused by the database too.
	bad := &domain.Harvest{UserID: u.ID, PlantID: &plants[0].ID, PlantName: "Tomato", HarvestDate: harvestDay("2026-07-05"),
		Quantity: f64(-1), Unit: domain.UnitKilogram, CreatedAt: base}
	mustCode(t, h.CreateHarvest(ctx, bad), domain.EInvalid)
}

func testHarvestOwnerScoped(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	a, plantsA := gardenWith(t, s, "Bean")
	b, _ := gardenWith(t, s)
	r := record(t, h, a.ID, plantsA[0], "2026-07-04", f64(1), domain.UnitKilogram, "")
	_, err := h.HarvestByID(ctx, b.ID, r.ID)
	mustCode(t, err, domain.ENotFound)
	// b cannot record a harvest of a's plant.
	stolen := &domain.Harvest{UserID: b.ID, PlantID: &plantsA[0].ID, PlantName: "Bean", HarvestDate: harvestDay("2026-07-04"), CreatedAt: base}
	mustCode(t, h.CreateHarvest(ctx, stolen), domain.ENotFound)
	if list := listAll(t, h, b.ID, ports.HarvestFilter{}); len(list) != 0 {
		t.Fatalf("b sees %d records", len(list))
	}
	sums, err := h.SumHarvestsByPlant(ctx, b.ID, ports.HarvestFilter{})
	must(t, err)
	if len(sums) != 0 {
		t.Fatalf("b's sums: %+v", sums)
	}
	_, err = h.UpdateHarvest(ctx, b.ID, r.ID, func(x *domain.Harvest) error { x.Notes = "mine"; return nil })
	mustCode(t, err, domain.ENotFound)
	mustCode(t, h.DeleteHarvest(ctx, b.ID, r.ID), domain.ENotFound)
	if got, _ := h.HarvestByID(ctx, a.ID, r.ID); got == nil || got.Notes != "" {
		t.Fatalf("a's record changed: %+v", got)
	}
}

func testHarvestPages(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Pea")
	p := plants[0]
	// Two on the same day: the later record comes first.
	r1 := record(t, h, u.ID, p, "2026-06-01", nil, "", "")
	r2 := record(t, h, u.ID, p, "2026-06-03", nil, "", "")
	r3 := record(t, h, u.ID, p, "2026-06-03", nil, "", "")
	r4 := record(t, h, u.ID, p, "2026-05-20", nil, "", "")
	r5 := record(t, h, u.ID, p, "2026-06-10", nil, "", "")
	want := []*domain.Harvest{r5, r3, r2, r1, r4}
	var got []*domain.Harvest
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("pages never end")
		}
		page, err := h.ListHarvests(ctx, u.ID, ports.HarvestFilter{}, domain.PageRequest{Limit: 2, Cursor: cursor})
		must(t, err)
		if len(page.Items) > 2 {
			t.Fatalf("page of %d", len(page.Items))
		}
		got = append(got, page.Items...)
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	sameIDs(t, "all pages", got, want...)
	// Exactly a page's worth: no next cursor.
	page, err := h.ListHarvests(ctx, u.ID, ports.HarvestFilter{}, domain.PageRequest{Limit: 5})
	must(t, err)
	if page.NextCursor != "" || len(page.Items) != 5 {
		t.Fatalf("limit 5 of 5: %d items, cursor %q", len(page.Items), page.NextCursor)
	}
}

func testHarvestFilters(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato", "Basil")
	tom, bas := plants[0], plants[1]
	t1 := record(t, h, u.ID, tom, "2026-01-15", f64(2), domain.UnitKilogram, "Greenhouse")
	t2 := record(t, h, u.ID, tom, "2026-03-02", f64(300), domain.UnitGram, "50% split")
	b1 := record(t, h, u.ID, bas, "2026-03-01", f64(2), domain.UnitBunches, "for PESTO")
	b2 := record(t, h, u.ID, bas, "2026-03-31", nil, "", "")
	from, to := harvestDay("2026-03-01"), harvestDay("2026-03-31")

	sameIDs(t, "plant", listAll(t, h, u.ID, ports.HarvestFilter{PlantID: tom.ID}), t2, t1)
	sameIDs(t, "range, both ends inclusive", listAll(t, h, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{From: &from, To: &to}}), b2, t2, b1)
	sameIDs(t, "from only", listAll(t, h, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{From: &to}}), b2)
	sameIDs(t, "to only", listAll(t, h, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{To: &from}}), b1, t1)
	sameIDs(t, "plant and range", listAll(t, h, u.ID, ports.HarvestFilter{PlantID: bas.ID, Range: domain.HarvestRange{From: &from, To: &to}}), b2, b1)
	sameIDs(t, "query in notes, any case", listAll(t, h, u.ID, ports.HarvestFilter{Query: "pesto"}), b1)
	sameIDs(t, "query in plant name", listAll(t, h, u.ID, ports.HarvestFilter{Query: "toma"}), t2, t1)
	sameIDs(t, "query is literal, not a pattern", listAll(t, h, u.ID, ports.HarvestFilter{Query: "50%"}), t2)
	sameIDs(t, "underscore is literal", listAll(t, h, u.ID, ports.HarvestFilter{Query: "_"}))
	// Filters hold across pages.
	page, err := h.ListHarvests(ctx, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{From: &from, To: &to}}, domain.PageRequest{Limit: 2})
	must(t, err)
	sameIDs(t, "filtered first page", page.Items, b2, t2)
	page, err = h.ListHarvests(ctx, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{From: &from, To: &to}}, domain.PageRequest{Limit: 2, Cursor: page.NextCursor})
	must(t, err)
	sameIDs(t, "filtered second page", page.Items, b1)
	if page.NextCursor != "" {
		t.Fatal("a third page")
	}
	// The same filters apply to the sums.
	sums, err := h.SumHarvestsByPlant(ctx, u.ID, ports.HarvestFilter{PlantID: bas.ID})
	must(t, err)
	records := 0
	for _, x := range sums {
		if x.PlantName != "Basil" {
			t.Fatalf("plant filter on sums: %+v", sums)
		}
		records += x.Records
	}
	if records != 2 {
		t.Fatalf("basil records %d", records)
	}
}

func testHarvestUpdate(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato", "Squash")
	_, other := gardenWith(t, s, "Leek")
	r := record(t, h, u.ID, plants[0], "2026-07-01", f64(1), domain.UnitKilogram, "")
	later := base.Add(time.Hour)
	got, err := h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error {
		x.PlantID, x.PlantName = &plants[1].ID, plants[1].Name
		x.Quantity, x.Unit, x.Notes, x.HarvestDate, x.UpdatedAt = f64(3), domain.UnitPound, "heavy", harvestDay("2026-07-02"), later
		x.UserID = 999 // ignored
		return nil
	})
	must(t, err)
	again, err := h.HarvestByID(ctx, u.ID, r.ID)
	must(t, err)
	for _, x := range []*domain.Harvest{got, again} {
		if *x.PlantID != plants[1].ID || x.PlantName != "Squash" || *x.Quantity != 3 || x.Unit != domain.UnitPound || x.Notes != "heavy" ||
			!x.HarvestDate.Equal(harvestDay("2026-07-02")) || x.UserID != u.ID || !x.UpdatedAt.Equal(later.Truncate(time.Microsecond)) {
			t.Fatalf("updated: %+v", x)
		}
	}
	// The sums follow the new quantity and unit: 3 lb in kg.
	sums, err := h.SumHarvestsByPlant(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	if len(sums) != 1 || sums[0].PlantName != "Squash" || math.Abs(sums[0].Amount-1.36077711) > 1e-6 || sums[0].Kind != domain.KindMass {
		t.Fatalf("sums after update: %+v", sums)
	}
	// Another gardener's plant is not_found and nothing changes.
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error {
		x.PlantID, x.Notes = &other[0].ID, "moved"
		return nil
	})
	mustCode(t, err, domain.ENotFound)
	// fn's error leaves the record as it was.
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error {
		x.Notes = "changed"
		return domain.Errorf(domain.EInvalid, "no")
	})
	mustCode(t, err, domain.EInvalid)
	again, _ = h.HarvestByID(ctx, u.ID, r.ID)
	if again.Notes != "heavy" || *again.PlantID != plants[1].ID {
		t.Fatalf("a refused update was saved: %+v", again)
	}
	// Clearing the quantity is saved as no quantity.
	got, err = h.UpdateHarvest(ctx, u.ID, r.ID, func(x *domain.Harvest) error { x.Quantity, x.Unit = nil, ""; return nil })
	must(t, err)
	if got.Quantity != nil || got.Unit != "" {
		t.Fatalf("cleared quantity answered: %+v", got)
	}
	if again, _ = h.HarvestByID(ctx, u.ID, r.ID); again.Quantity != nil || again.Unit != "" {
		t.Fatalf("cleared quantity: %+v", again)
	}
	_, err = h.UpdateHarvest(ctx, u.ID, r.ID+1000, func(*domain.Harvest) error { return nil })
	mustCode(t, err, domain.ENotFound)
}

func testHarvestDelete(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Kale")
	r1 := record(t, h, u.ID, plants[0], "2026-07-01", nil, "", "")
	r2 := record(t, h, u.ID, plants[0], "2026-07-02", nil, "", "")
	must(t, h.DeleteHarvest(ctx, u.ID, r1.ID))
	mustCode(t, h.DeleteHarvest(ctx, u.ID, r1.ID), domain.ENotFound)
	_, err := h.HarvestByID(ctx, u.ID, r1.ID)
	mustCode(t, err, domain.ENotFound)
	sameIDs(t, "after delete", listAll(t, h, u.ID, ports.HarvestFilter{}), r2)
}

func sumOf(t *testing.T, sums []domain.HarvestSum, name string, kind domain.UnitKind) domain.HarvestSum {
	t.Helper()
	for _, x := range sums {
		if x.PlantName == name && x.Kind == kind {
			return x
		}
	}
	return domain.HarvestSum{}
}

func testHarvestSumsByPlant(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato", "Radish", "Blackberry")
	tom, rad, bb := plants[0], plants[1], plants[2]
	record(t, h, u.ID, tom, "2026-07-01", f64(500), domain.UnitGram, "")
	record(t, h, u.ID, tom, "2026-07-08", f64(1.5), domain.UnitKilogram, "")
	record(t, h, u.ID, tom, "2026-07-15", f64(2), domain.UnitPound, "")
	record(t, h, u.ID, tom, "2026-07-16", f64(8), domain.UnitOunce, "")
	record(t, h, u.ID, tom, "2026-07-20", nil, domain.UnitKilogram, "not weighed")
	record(t, h, u.ID, tom, "2026-07-21", f64(12), domain.UnitItems, "")
	record(t, h, u.ID, rad, "2026-05-01", f64(3), domain.UnitBunches, "")
	record(t, h, u.ID, rad, "2026-05-09", f64(10), domain.UnitItems, "")
	record(t, h, u.ID, rad, "2026-05-10", nil, "", "")
	record(t, h, u.ID, bb, "2026-08-01", f64(0.75), domain.UnitLitres, "")
	record(t, h, u.ID, bb, "2026-08-02", f64(0), domain.UnitLitres, "")

	sums, err := h.SumHarvestsByPlant(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	mass := sumOf(t, sums, "Tomato", domain.KindMass)
	// 0.5 + 1.5 + 2 lb (0.90718474) + 8 oz (0.226796185) kg; the unweighed record counts but adds nothing.
	if math.Abs(mass.Amount-3.134) > 1e-3 || math.Abs(mass.Amount-(0.5+1.5+0.90718474+0.226796185)) > 1e-6 || mass.Records != 5 || mass.Quantified != 4 {
		t.Fatalf("tomato mass: %+v", mass)
	}
	if c := sumOf(t, sums, "Tomato", domain.KindCount); c.Amount != 12 || c.Records != 1 {
		t.Fatalf("tomato count: %+v", c)
	}
	// Bunches count as items.
	if c := sumOf(t, sums, "Radish", domain.KindCount); c.Amount != 13 || c.Records != 2 || c.Quantified != 2 {
		t.Fatalf("radish count: %+v", c)
	}
	if c := sumOf(t, sums, "Radish", ""); c.Records != 1 || c.Quantified != 0 || c.Amount != 0 {
		t.Fatalf("radish without unit: %+v", c)
	}
	if c := sumOf(t, sums, "Blackberry", domain.KindVolume); c.Amount != 0.75 || c.Records != 2 || c.Quantified != 2 {
		t.Fatalf("blackberry volume: %+v", c)
	}
	total := 0
	for _, x := range sums {
		total += x.Records
	}
	if total != 11 || len(sums) != 5 {
		t.Fatalf("%d records in %d groups: %+v", total, len(sums), sums)
	}
	// A period keeps only its dates.
	from, to := harvestDay("2026-07-01"), harvestDay("2026-07-31")
	sums, err = h.SumHarvestsByPlant(ctx, u.ID, ports.HarvestFilter{Range: domain.HarvestRange{From: &from, To: &to}})
	must(t, err)
	if len(sums) != 2 || sumOf(t, sums, "Radish", domain.KindCount).Records != 0 {
		t.Fatalf("July sums: %+v", sums)
	}
}

func testHarvestSumsByMonth(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Tomato", "Bean")
	tom, bean := plants[0], plants[1]
	record(t, h, u.ID, tom, "2025-07-31", f64(1), domain.UnitKilogram, "")
	record(t, h, u.ID, tom, "2026-07-01", f64(250), domain.UnitGram, "")
	record(t, h, u.ID, tom, "2026-07-31", f64(750), domain.UnitGram, "")
	record(t, h, u.ID, tom, "2026-08-01", f64(2), domain.UnitKilogram, "")
	record(t, h, u.ID, bean, "2026-07-10", f64(40), domain.UnitItems, "")

	months, err := h.SumHarvestsByMonth(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	sort.SliceStable(months, func(i, j int) bool {
		if months[i].Month != months[j].Month {
			return months[i].Month < months[j].Month
		}
		return months[i].PlantName < months[j].PlantName
	})
	var got []string
	for _, m := range months {
		got = append(got, fmt.Sprintf("%s %s %s %g %d", m.Month, m.PlantName, m.Kind, math.Round(m.Amount*1e6)/1e6, m.Records))
	}
	want := []string{"2025-07 Tomato mass 1 1", "2026-07 Bean count 40 1", "2026-07 Tomato mass 1 2", "2026-08 Tomato mass 2 1"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("months:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := 1; i < len(months); i++ {
		if months[i].Month < months[i-1].Month {
			t.Fatal("months out of order")
		}
	}
	from := harvestDay("2026-01-01")
	months, err = h.SumHarvestsByMonth(ctx, u.ID, ports.HarvestFilter{PlantID: tom.ID, Range: domain.HarvestRange{From: &from}})
	must(t, err)
	if len(months) != 2 || months[0].Month != "2026-07" || months[1].Month != "2026-08" {
		t.Fatalf("filtered months: %+v", months)
	}
}

func testHarvestPlantDeleted(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Courgette", "Chard")
	gone := plants[0]
	r1 := record(t, h, u.ID, gone, "2026-07-01", f64(3), domain.UnitKilogram, "")
	r2 := record(t, h, u.ID, gone, "2026-07-02", f64(4), domain.UnitItems, "")
	kept := record(t, h, u.ID, plants[1], "2026-07-03", nil, "", "")
	must(t, s.DeletePlant(ctx, u.ID, gone.ID))
	for _, r := range []*domain.Harvest{r1, r2} {
		got, err := h.HarvestByID(ctx, u.ID, r.ID)
		must(t, err)
		if got.PlantID != nil || got.PlantName != "Courgette" {
			t.Fatalf("record of a deleted plant: %+v", got)
		}
	}
	if got, _ := h.HarvestByID(ctx, u.ID, kept.ID); got.PlantID == nil || *got.PlantID != plants[1].ID {
		t.Fatalf("another plant's record changed: %+v", got)
	}
	sameIDs(t, "list keeps them", listAll(t, h, u.ID, ports.HarvestFilter{}), kept, r2, r1)
	sums, err := h.SumHarvestsByPlant(ctx, u.ID, ports.HarvestFilter{})
	must(t, err)
	if c := sumOf(t, sums, "Courgette", domain.KindMass); c.Amount != 3 || c.Records != 1 {
		t.Fatalf("sums keep the deleted plant: %+v", sums)
	}
	// The record can still be edited; it stays without a plant.
	got, err := h.UpdateHarvest(ctx, u.ID, r1.ID, func(x *domain.Harvest) error { x.Notes = "last of them"; return nil })
	must(t, err)
	if got.PlantID != nil || got.PlantName != "Courgette" || got.Notes != "last of them" {
		t.Fatalf("edited orphan: %+v", got)
	}
}

func testHarvestUserDeleted(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, plants := gardenWith(t, s, "Onion")
	r := record(t, h, u.ID, plants[0], "2026-07-01", nil, "", "")
	must(t, s.DeleteUser(ctx, u.ID, func(*domain.User) error { return nil }))
	_, err := h.HarvestByID(ctx, u.ID, r.ID)
	mustCode(t, err, domain.ENotFound)
}

func testHarvestBadCursor(t *testing.T, s Store, h ports.HarvestStore) {
	ctx := context.Background()
	u, _ := gardenWith(t, s)
	for _, c := range []string{"!!", domain.KeysetCursor{Key: "not a date", ID: 3}.Encode(), domain.OffsetCursor(2)} {
		_, err := h.ListHarvests(ctx, u.ID, ports.HarvestFilter{}, domain.PageRequest{Limit: 10, Cursor: c})
		mustCode(t, err, domain.EInvalid)
	}
}
