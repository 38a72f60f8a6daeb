package domain_test

import (
	"math"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zone database in the test binary, so the zone test never depends on the machine

	"github.com/gardenctl/garden/core/domain"
)

func fp(v float64) *float64 { return &v }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestToCommon(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		q      float64
		unit   domain.HarvestUnit
		want   float64
		common domain.HarvestUnit
	}{
		{1500, domain.UnitGram, 1.5, domain.UnitKilogram},
		{2, domain.UnitKilogram, 2, domain.UnitKilogram},
		{16, domain.UnitOunce, 0.45359237, domain.UnitKilogram},
		{1, domain.UnitOunce, 0.028349523, domain.UnitKilogram},
		{10, domain.UnitPound, 4.5359237, domain.UnitKilogram},
		{12, domain.UnitItems, 12, domain.UnitItems},
		{3, domain.UnitBunches, 3, domain.UnitItems}, // a bunch counts as one item
		{0.75, domain.UnitLitres, 0.75, domain.UnitLitres},
		{0, domain.UnitGram, 0, domain.UnitKilogram},
	} {
		got, common, ok := domain.ToCommon(c.q, c.unit)
		if !ok || !near(got, c.want) || common != c.common {
			t.Errorf("ToCommon(%v %s) = %v %s %v, want %v %s", c.q, c.unit, got, common, ok, c.want, c.common)
		}
	}
	if _, _, ok := domain.ToCommon(1, "stone"); ok {
		t.Error("an unknown unit converted")
	}
}

func TestConvertUnit(t *testing.T) {
	t.Parallel()
	if got, ok := domain.ConvertUnit(1, domain.UnitPound, domain.UnitOunce); !ok || !near(got, 16) {
		t.Errorf("1 lb = %v oz, %v", got, ok)
	}
	if got, ok := domain.ConvertUnit(2.5, domain.UnitKilogram, domain.UnitGram); !ok || !near(got, 2500) {
		t.Errorf("2.5 kg = %v g, %v", got, ok)
	}
	if got, ok := domain.ConvertUnit(1, domain.UnitKilogram, domain.UnitPound); !ok || !near(got, 2.204622622) {
		t.Errorf("1 kg = %v lb", got)
	}
	if _, ok := domain.ConvertUnit(1, domain.UnitKilogram, domain.UnitLitres); ok {
		t.Error("kg converted to litres")
	}
	if _, ok := domain.ConvertUnit(1, domain.UnitItems, domain.UnitGram); ok {
		t.Error("items converted to grams")
	}
	for _, u := range domain.HarvestUnits {
		if !u.Valid() || !u.Kind().Valid() {
			t.Errorf("unit %s has no kind", u)
		}
	}
}

func TestHarvest_Common(t *testing.T) {
	t.Parallel()
	h := domain.Harvest{Quantity: fp(250), Unit: domain.UnitGram}
	amount, kind := h.Common()
	if amount == nil || !near(*amount, 0.25) || kind != domain.KindMass {
		t.Errorf("250 g = %v %s", amount, kind)
	}
	h = domain.Harvest{Unit: domain.UnitBunches}
	if amount, kind := h.Common(); amount != nil || kind != domain.KindCount {
		t.Errorf("no quantity: %v %s", amount, kind)
	}
	h = domain.Harvest{}
	if amount, kind := h.Common(); amount != nil || kind != "" {
		t.Errorf("no unit: %v %s", amount, kind)
	}
	if h.DisplayName() != "Unnamed Harvest" {
		t.Errorf("display name %q", h.DisplayName())
	}
}

func TestValidateHarvest(t *testing.T) {
	t.Parallel()
	today := day("2026-06-15")
	valid := func() *domain.Harvest {
		return &domain.Harvest{PlantID: i64(1), HarvestDate: day("2026-06-14"), Quantity: fp(2), Unit: domain.UnitKilogram, Notes: "  first  "}
	}
	t.Run("OK", func(t *testing.T) {
		h := valid()
		if err := domain.ValidateNewHarvest(h, today); err != nil {
			t.Fatal(err)
		}
		if h.Notes != "first" {
			t.Errorf("notes not trimmed: %q", h.Notes)
		}
	})
	t.Run("OKWithoutPlantOnceCreated", func(t *testing.T) {
		h := valid()
		h.PlantID = nil // its plant was deleted
		if err := domain.ValidateHarvest(h, today); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OKWithoutQuantityOrUnit", func(t *testing.T) {
		h := valid()
		h.Quantity, h.Unit = nil, ""
		if err := domain.ValidateNewHarvest(h, today); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OKZeroAndTomorrow", func(t *testing.T) {
		h := valid()
		h.Quantity, h.HarvestDate = fp(0), day("2026-06-16")
		if err := domain.ValidateNewHarvest(h, today); err != nil {
			t.Fatal(err)
		}
	})
	for name, c := range map[string]struct {
		change func(*domain.Harvest)
		field  string
		msg    string
	}{
		"ErrNoPlant":        {func(h *domain.Harvest) { h.PlantID = nil }, "plantId", "Please select a plant"},
		"ErrNoDate":         {func(h *domain.Harvest) { h.HarvestDate = time.Time{} }, "harvestDate", "Harvest date is required"},
		"ErrFuture":         {func(h *domain.Harvest) { h.HarvestDate = day("2026-06-17") }, "harvestDate", "Harvest date cannot be in the future"},
		"ErrNegative":       {func(h *domain.Harvest) { h.Quantity = fp(-0.5) }, "quantity", "Quantity must be 0 or greater"},
		"ErrHuge":           {func(h *domain.Harvest) { h.Quantity = fp(2e9) }, "quantity", "Quantity is too large"},
		"ErrNaN":            {func(h *domain.Harvest) { h.Quantity = fp(math.NaN()) }, "quantity", "Quantity must be 0 or greater"},
		"ErrQuantityNoUnit": {func(h *domain.Harvest) { h.Unit = "" }, "unit", "Please select a unit"},
		"ErrUnknownUnit":    {func(h *domain.Harvest) { h.Unit = "stone" }, "unit", "Unit must be one of g, kg, oz, lb, items, bunches, litres"},
		"ErrNotesTooLong":   {func(h *domain.Harvest) { h.Notes = strings.Repeat("é", 5001) }, "notes", "Notes cannot exceed 5000 characters"},
		"ErrImageURL":       {func(h *domain.Harvest) { h.ImageURL = "javascript:alert(1)" }, "imageUrl", domain.MsgInvalidURL},
	} {
		t.Run(name, func(t *testing.T) {
			h := valid()
			c.change(h)
			err := domain.ValidateNewHarvest(h, today)
			var e *domain.Error
			if err == nil || !asHarvestError(err, &e) || e.Code != domain.EInvalid || e.Fields[c.field] != c.msg {
				t.Fatalf("got %v (%+v), want %s: %s", err, e, c.field, c.msg)
			}
		})
	}
}

func TestHarvestPeriod_Range(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	str := func(r domain.HarvestRange) string {
		f := func(d *time.Time) string {
			if d == nil {
				return "open"
			}
			return d.Format(domain.DateLayout)
		}
		return f(r.From) + ".." + f(r.To)
	}
	// 1 March 2026, 02:00 UTC is still 28 February in New York.
	now := time.Date(2026, 3, 1, 2, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		period domain.HarvestPeriod
		loc    *time.Location
		want   string
	}{
		{domain.PeriodMonth, ny, "2026-02-01..2026-02-28"},
		{domain.PeriodMonth, time.UTC, "2026-03-01..2026-03-31"},
		{domain.PeriodMonth, nil, "2026-03-01..2026-03-31"},
		{domain.PeriodThreeMonths, ny, "2025-11-28..2026-02-28"},
		{domain.PeriodThreeMonths, time.UTC, "2025-12-01..2026-03-01"},
		{domain.PeriodYear, ny, "2026-01-01..2026-12-31"},
		{domain.PeriodAll, ny, "open..open"},
	} {
		if got := str(c.period.Range(now, c.loc)); got != c.want {
			t.Errorf("%s in %v: %s, want %s", c.period, c.loc, got, c.want)
		}
	}
	// New Year's Eve evening in New York is already the next year in UTC.
	eve := time.Date(2027, 1, 1, 3, 0, 0, 0, time.UTC)
	if got := str(domain.PeriodYear.Range(eve, ny)); got != "2026-01-01..2026-12-31" {
		t.Errorf("year on New Year's Eve: %s", got)
	}
	// The last three months from 31 May start on the last day of February.
	if got := str(domain.PeriodThreeMonths.Range(time.Date(2026, 5, 31, 12, 0, 0, 0, time.UTC), nil)); got != "2026-02-28..2026-05-31" {
		t.Errorf("3 months from 31 May: %s", got)
	}
	if got := str(domain.PeriodThreeMonths.Range(time.Date(2028, 5, 31, 12, 0, 0, 0, time.UTC), nil)); got != "2028-02-29..2028-05-31" {
		t.Errorf("3 months from 31 May of a leap year: %s", got)
	}
	leap := domain.PeriodMonth.Range(time.Date(2028, 2, 10, 0, 0, 0, 0, time.UTC), nil)
	if got := str(leap.YearBefore()); got != "2027-02-01..2027-02-28" {
		t.Errorf("February 2028 a year before: %s", got)
	}
	if !leap.Contains(day("2028-02-29")) || leap.Contains(day("2028-03-01")) || leap.Contains(day("2028-01-31")) {
		t.Error("Contains is wrong at the ends")
	}
}

func TestParseHarvestPeriod(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]domain.HarvestPeriod{"": domain.PeriodAll, "all": domain.PeriodAll, "year": domain.PeriodYear,
		"3months": domain.PeriodThreeMonths, "month": domain.PeriodMonth} {
		if got, err := domain.ParseHarvestPeriod(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	if _, err := domain.ParseHarvestPeriod("week"); domain.ErrorCode(err) != domain.EInvalid || err.Error() != "Period must be all, year, 3months or month" {
		t.Errorf("week: %v", err)
	}
}

func TestDateRange_Intersect(t *testing.T) {
	t.Parallel()
	a := domain.HarvestRange{From: ts("2026-01-01T00:00:00Z"), To: ts("2026-12-31T00:00:00Z")}
	b := domain.HarvestRange{From: ts("2026-06-01T00:00:00Z")}
	got := a.Intersect(b)
	if !got.From.Equal(*b.From) || !got.To.Equal(*a.To) {
		t.Errorf("intersect: %v..%v", got.From, got.To)
	}
	if got := (domain.HarvestRange{}).Intersect(a); !got.From.Equal(*a.From) || !got.To.Equal(*a.To) {
		t.Error("open range intersect")
	}
}

func TestPlantTotalsAndMostHarvested(t *testing.T) {
	t.Parallel()
	sums := []domain.HarvestSum{
		{PlantName: "Tomato", Kind: domain.KindMass, Amount: 4.2, Records: 3, Quantified: 3},
		{PlantName: "Tomato", Kind: domain.KindCount, Amount: 10, Records: 1, Quantified: 1},
		{PlantName: "Basil", Kind: domain.KindCount, Amount: 6, Records: 2, Quantified: 2},
		{PlantName: "Basil", Kind: "", Records: 1},
		{PlantName: "apple", Kind: domain.KindMass, Amount: 7.5, Records: 2, Quantified: 2},
		{PlantName: "apple", Kind: domain.KindMass, Amount: 0, Records: 1, Quantified: 0},
	}
	plants := domain.PlantTotals(sums)
	if len(plants) != 3 || plants[0].PlantName != "apple" || plants[1].PlantName != "Basil" || plants[2].PlantName != "Tomato" {
		t.Fatalf("plants: %+v", plants)
	}
	if plants[0].Records != 3 || plants[1].Records != 3 || plants[2].Records != 4 {
		t.Errorf("records: %+v", plants)
	}
	if tm := plants[2].Total(domain.KindMass); tm.Amount != 4.2 || tm.Unit != domain.UnitKilogram || tm.Records != 3 {
		t.Errorf("tomato mass: %+v", tm)
	}
	overall := domain.OverallTotals(plants)
	if len(overall) != 2 || overall[0].Kind != domain.KindMass || !near(overall[0].Amount, 11.7) || overall[0].Records != 5 ||
		overall[1].Kind != domain.KindCount || overall[1].Amount != 16 || overall[1].Unit != domain.UnitItems {
		t.Errorf("overall: %+v", overall)
	}
	// Mass has 5 quantified records against count's 3: the apple's 7.5 kg beats the tomato's 4.2.
	top, kind := domain.MostHarvested(plants)
	if top == nil || top.PlantName != "apple" || kind != domain.KindMass {
		t.Errorf("most harvested: %+v %s", top, kind)
	}
	// Only counts: basil's 6 items lose to the tomato's 10.
	top, kind = domain.MostHarvested(domain.PlantTotals(sums[1:4]))
	if top.PlantName != "Tomato" || kind != domain.KindCount {
		t.Errorf("by count: %+v %s", top, kind)
	}
	// No quantities at all: the most records wins.
	top, kind = domain.MostHarvested(domain.PlantTotals([]domain.HarvestSum{{PlantName: "Kale", Records: 2}, {PlantName: "Leek", Records: 5}}))
	if top.PlantName != "Leek" || kind != "" {
		t.Errorf("by records: %+v %s", top, kind)
	}
	if top, _ := domain.MostHarvested(nil); top != nil {
		t.Error("most harvested of nothing")
	}
}

func TestCompareYears(t *testing.T) {
	t.Parallel()
	cur := []domain.HarvestSum{
		{PlantName: "Tomato", Kind: domain.KindMass, Amount: 5, Records: 2, Quantified: 2},
		{PlantName: "Basil", Kind: domain.KindCount, Amount: 3, Records: 1, Quantified: 1},
		{PlantName: "Basil", Kind: "", Records: 4},
	}
	prev := []domain.HarvestSum{
		{PlantName: "Tomato", Kind: domain.KindMass, Amount: 3.5, Records: 1, Quantified: 1},
		{PlantName: "Pea", Kind: domain.KindVolume, Amount: 1.25, Records: 1, Quantified: 1},
	}
	got := domain.CompareYears(cur, prev)
	want := []domain.HarvestComparison{
		{PlantName: "Basil", Kind: domain.KindCount, Unit: domain.UnitItems, Current: 3, CurrentRecords: 1},
		{PlantName: "Pea", Kind: domain.KindVolume, Unit: domain.UnitLitres, Previous: 1.25, PreviousRecords: 1},
		{PlantName: "Tomato", Kind: domain.KindMass, Unit: domain.UnitKilogram, Current: 5, Previous: 3.5, CurrentRecords: 2, PreviousRecords: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func asHarvestError(err error, e **domain.Error) bool {
	x, ok := err.(*domain.Error)
	*e = x
	return ok
}
