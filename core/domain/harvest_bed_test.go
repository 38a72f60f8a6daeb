package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestYieldsByBed(t *testing.T) {
	t.Parallel()
	a := domain.HarvestBed{ID: 7, Name: "Bed 1", LayoutID: 1, LayoutName: "Allotment", Area: 40}
	b := domain.HarvestBed{ID: 3, Name: "Bed 2", LayoutID: 2, LayoutName: "Back garden", Area: 4}
	// Rows as the store gives them: beds in their order, kinds by name ("" first).
	got := domain.YieldsByBed([]domain.BedHarvestSum{
		{Bed: a, Kind: "", Records: 1},
		{Bed: a, Kind: domain.KindCount, Amount: 10, PerSquareFoot: 0.25, Records: 2, Quantified: 2},
		{Bed: a, Kind: domain.KindMass, Amount: 0.1 + 0.2, PerSquareFoot: (0.1 + 0.2) / 40, Records: 3, Quantified: 2},
		{Bed: b, Kind: domain.KindMass, Records: 1, Quantified: 0}, // a unit but no quantity
	})
	if len(got) != 2 || got[0].Bed != a || got[1].Bed != b {
		t.Fatalf("beds: %+v", got)
	}
	if got[0].Records != 6 || len(got[0].Yields) != 2 {
		t.Fatalf("bed a: %+v", got[0])
	}
	mass, count := got[0].Yields[0], got[0].Yields[1]
	if mass.Kind != domain.KindMass || mass.Unit != domain.UnitKilogram || mass.Amount != 0.3 || mass.PerSquareFoot != 0.0075 || mass.Records != 2 {
		t.Fatalf("mass first, rounded: %+v", mass)
	}
	if count.Kind != domain.KindCount || count.Unit != domain.UnitItems || count.PerSquareFoot != 0.25 {
		t.Fatalf("count: %+v", count)
	}
	if got[1].Records != 1 || len(got[1].Yields) != 0 {
		t.Fatalf("bed b, nothing measured: %+v", got[1])
	}
	if domain.YieldsByBed(nil) != nil {
		t.Fatal("no rows, no beds")
	}
}
