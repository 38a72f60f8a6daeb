package domain

import (
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// HarvestUnit is the unit a harvest quantity is written in: a closed set (docs/decisions.md,
// "Harvest tracking").
type HarvestUnit string

// The harvest units, spelled as the API takes and returns them.
const (
	UnitGram     HarvestUnit = "g"
	UnitKilogram HarvestUnit = "kg"
	UnitOunce    HarvestUnit = "oz"
	UnitPound    HarvestUnit = "lb"
	UnitItems    HarvestUnit = "items"
	UnitBunches  HarvestUnit = "bunches"
	UnitLitres   HarvestUnit = "litres"
)

// HarvestUnits lists the units in the order the form offers them.
var HarvestUnits = []HarvestUnit{UnitGram, UnitKilogram, UnitOunce, UnitPound, UnitItems, UnitBunches, UnitLitres}

// UnitKind is what a unit measures; totals are only ever added up within one kind.
type UnitKind string

// The unit kinds, each with one common unit its totals are given in.
const (
	KindMass   UnitKind = "mass"
	KindCount  UnitKind = "count"
	KindVolume UnitKind = "volume"
)

// UnitKinds lists the kinds in the order the stats show them.
var UnitKinds = []UnitKind{KindMass, KindCount, KindVolume}

// unitInfo holds a unit's kind and how many of its kind's common unit one of it makes. The mass
// factors are the exact international definitions (1 lb = 0.45359237 kg, 1 oz = 1/16 lb).
// A bunch counts as one item: a gardener who writes "3 bunches" of radishes picked three
// things they think of as one each, and we cannot know how many stems a bunch has.
var unitInfo = map[HarvestUnit]struct {
	kind   UnitKind
	factor float64
}{
	UnitGram:     {KindMass, 0.001},
	UnitKilogram: {KindMass, 1},
	UnitOunce:    {KindMass, 0.45359237 / 16},
	UnitPound:    {KindMass, 0.45359237},
	UnitItems:    {KindCount, 1},
	UnitBunches:  {KindCount, 1},
	UnitLitres:   {KindVolume, 1},
}

// Valid reports whether u is one of the harvest units.
func (u HarvestUnit) Valid() bool { _, ok := unitInfo[u]; return ok }

// Kind returns what u measures ("" for an unknown unit).
func (u HarvestUnit) Kind() UnitKind { return unitInfo[u].kind }

// CommonUnit returns the unit a kind's totals are given in: kg, items or litres.
func (k UnitKind) CommonUnit() HarvestUnit {
	switch k {
	case KindMass:
		return UnitKilogram
	case KindCount:
		return UnitItems
	case KindVolume:
		return UnitLitres
	}
	return ""
}

// Valid reports whether k is one of the unit kinds.
func (k UnitKind) Valid() bool { return k.CommonUnit() != "" }

// ToCommon converts q in unit u to u's common unit (kg, items or litres). ok is false for an
// unknown unit.
func ToCommon(q float64, u HarvestUnit) (amount float64, common HarvestUnit, ok bool) {
	info, ok := unitInfo[u]
	if !ok {
		return 0, "", false
	}
	return roundAmount(q * info.factor), info.kind.CommonUnit(), true
}

// ConvertUnit converts q from one unit to another of the same kind. ok is false when either
// unit is unknown or they measure different things (kg to litres).
func ConvertUnit(q float64, from, to HarvestUnit) (float64, bool) {
	f, okF := unitInfo[from]
	t, okT := unitInfo[to]
	if !okF || !okT || f.kind != t.kind {
		return 0, false
	}
	return roundAmount(q * f.factor / t.factor), true
}

// roundAmount keeps nine decimal places: enough for a gram in kilograms many times over, and it
// hides binary noise such as 0.30000000000000004 in sums and answers.
func roundAmount(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// Harvest messages (ours: the spec names no validation for harvest records).
const (
	MsgHarvestDateRequired     = "Harvest date is required"
	MsgHarvestDateFuture       = "Harvest date cannot be in the future"
	MsgHarvestQuantityMin      = "Quantity must be 0 or greater"
	MsgHarvestQuantityTooLarge = "Quantity is too large"
	MsgSelectUnit              = "Please select a unit"
	MsgHarvestUnit             = "Unit must be one of g, kg, oz, lb, items, bunches, litres"
	MsgHarvestNotesTooLong     = "Notes cannot exceed 5000 characters"
	MsgHarvestNotFound         = "Harvest record not found"
	MsgHarvestPeriod           = "Period must be all, year, 3months or month"
	MsgHarvestDateRange        = "The start date must not be after the end date"
	// MsgHarvestBedNotFound answers a bedId that is not a bed of one of the caller's garden
	// layouts (another gardener's, a deleted one, or none at all).
	MsgHarvestBedNotFound = "Bed not found in your garden layouts"
	// UnnamedHarvest is shown for a record without a plant name (spec 02 §2).
	UnnamedHarvest = "Unnamed Harvest"
)

// Harvest limits.
const (
	MaxHarvestQuantity   = 1e9
	MaxHarvestNotesRunes = 5000
)

// Harvest is one harvest record (spec 02 §3). The plant's name is kept on the record so the
// history outlives the plant: when the plant is deleted PlantID becomes nil and PlantName
// stays.
type Harvest struct {
	ID          int64
	UserID      int64
	PlantID     *int64
	PlantName   string
	HarvestDate time.Time // a date (midnight UTC)
	// Quantity is nil when the gardener did not weigh or count (shown as Not specified).
	Quantity *float64
	// Unit is empty only when Quantity is nil.
	Unit     HarvestUnit
	Notes    string
	ImageURL string
	// BedID is the bed of one of the owner's garden layouts the harvest came from, or nil. It
	// becomes nil when the bed (or its layout) is deleted; the record stays.
	BedID *int64
	// BedName and LayoutName are the bed's and its layout's names, filled when read (empty
	// without a bed).
	BedName    string
	LayoutName string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// Common returns the quantity in its kind's common unit, and the kind; nil and "" when there is
// no quantity (or no unit).
func (h *Harvest) Common() (*float64, UnitKind) {
	kind := h.Unit.Kind()
	if kind == "" {
		return nil, ""
	}
	if h.Quantity == nil {
		return nil, kind
	}
	amount, _, _ := ToCommon(*h.Quantity, h.Unit)
	return &amount, kind
}

// DisplayName is the plant name, or Unnamed Harvest when there is none.
func (h *Harvest) DisplayName() string {
	if strings.TrimSpace(h.PlantName) == "" {
		return UnnamedHarvest
	}
	return h.PlantName
}

// ValidateNewHarvest checks a record about to be created: ValidateHarvest, and a plant is
// required (only a record whose plant was deleted since has none).
func ValidateNewHarvest(h *Harvest, today time.Time) error {
	var v Validation
	if h.PlantID == nil || *h.PlantID < 1 {
		v.Add("plantId", MsgSelectPlant)
	}
	validateHarvest(&v, h, today)
	return v.Err()
}

// ValidateHarvest normalises h and checks it. today is the server's calendar date (midnight
// UTC): a harvest may be dated up to one day after it, so that a gardener whose day starts
// before the server's can record today's picking.
func ValidateHarvest(h *Harvest, today time.Time) error {
	var v Validation
	validateHarvest(&v, h, today)
	return v.Err()
}

func validateHarvest(v *Validation, h *Harvest, today time.Time) {
	if h.HarvestDate.IsZero() {
		v.Add("harvestDate", MsgHarvestDateRequired)
	} else if h.HarvestDate.After(AddDays(DateOf(today), 1)) {
		v.Add("harvestDate", MsgHarvestDateFuture)
	}
	h.Unit = HarvestUnit(strings.TrimSpace(string(h.Unit)))
	if h.Quantity != nil {
		switch q := *h.Quantity; {
		case math.IsNaN(q) || q < 0:
			v.Add("quantity", MsgHarvestQuantityMin)
		case q > MaxHarvestQuantity || math.IsInf(q, 1):
			v.Add("quantity", MsgHarvestQuantityTooLarge)
		}
		if h.Unit == "" {
			v.Add("unit", MsgSelectUnit)
		}
	}
	if h.Unit != "" && !h.Unit.Valid() {
		v.Add("unit", MsgHarvestUnit)
	}
	h.Notes = strings.TrimSpace(h.Notes)
	if utf8.RuneCountInString(h.Notes) > MaxHarvestNotesRunes {
		v.Add("notes", MsgHarvestNotesTooLong)
	}
	h.ImageURL = strings.TrimSpace(h.ImageURL)
	if !ValidImageURL(h.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
}

// HarvestPeriod is one of the time filters of spec 02 §9.
type HarvestPeriod string

// The harvest periods, spelled as the API's ?period= takes them.
const (
	PeriodAll         HarvestPeriod = "all"
	PeriodYear        HarvestPeriod = "year"
	PeriodThreeMonths HarvestPeriod = "3months"
	PeriodMonth       HarvestPeriod = "month"
)

// ParseHarvestPeriod reads ?period=; empty is all time.
func ParseHarvestPeriod(s string) (HarvestPeriod, error) {
	switch p := HarvestPeriod(strings.TrimSpace(s)); p {
	case "":
		return PeriodAll, nil
	case PeriodAll, PeriodYear, PeriodThreeMonths, PeriodMonth:
		return p, nil
	}
	return "", &Error{Code: EInvalid, Message: MsgHarvestPeriod, Fields: map[string]string{"period": MsgHarvestPeriod}}
}

// HarvestRange is a span of calendar dates for harvest filters, both ends inclusive; a nil end is open.
type HarvestRange struct {
	From, To *time.Time
}

// Contains reports whether the date d falls in r.
func (r HarvestRange) Contains(d time.Time) bool {
	return (r.From == nil || !d.Before(*r.From)) && (r.To == nil || !d.After(*r.To))
}

// Intersect returns the dates in both r and o (From after To when they do not overlap).
func (r HarvestRange) Intersect(o HarvestRange) HarvestRange {
	out := r
	if o.From != nil && (out.From == nil || o.From.After(*out.From)) {
		out.From = o.From
	}
	if o.To != nil && (out.To == nil || o.To.Before(*out.To)) {
		out.To = o.To
	}
	return out
}

// YearBefore returns r moved back one year (an open end stays open). 29 February becomes
// 28 February.
func (r HarvestRange) YearBefore() HarvestRange {
	return HarvestRange{From: yearBefore(r.From), To: yearBefore(r.To)}
}

func yearBefore(d *time.Time) *time.Time {
	if d == nil {
		return nil
	}
	t := addMonthsClamped(*d, -12)
	return &t
}

// Range returns the dates a period covers, seen from the instant now in the server's time zone
// loc (nil is UTC): this month is its first to its last day, this year 1 January to
// 31 December, the last three months from the same day three months ago (the month's last day
// when it has no such day) to today, and all time is open at both ends.
func (p HarvestPeriod) Range(now time.Time, loc *time.Location) HarvestRange {
	if loc == nil {
		loc = time.UTC
	}
	today := DateOf(now.In(loc))
	y, m, _ := today.Date()
	switch p {
	case PeriodMonth:
		from := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
		to := from.AddDate(0, 1, -1)
		return HarvestRange{From: &from, To: &to}
	case PeriodYear:
		from := time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC)
		to := time.Date(y, time.December, 31, 0, 0, 0, 0, time.UTC)
		return HarvestRange{From: &from, To: &to}
	case PeriodThreeMonths:
		from := addMonthsClamped(today, -3)
		return HarvestRange{From: &from, To: &today}
	}
	return HarvestRange{}
}

// addMonthsClamped moves a date by n months, keeping the day of the month or, when the target
// month is shorter, taking its last day (31 May minus three months is 28 or 29 February, not
// 3 March as time.AddDate would say).
func addMonthsClamped(d time.Time, n int) time.Time {
	y, m, day := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if day > last {
		day = last
	}
	return time.Date(first.Year(), first.Month(), day, 0, 0, 0, 0, time.UTC)
}

// HarvestSum is one group of harvest records added up by the database: a plant (by name) and
// a unit kind. Kind is "" for records without a unit.
type HarvestSum struct {
	PlantName string
	Kind      UnitKind
	// Amount is the sum of the quantities in the kind's common unit.
	Amount float64
	// Records counts the group's records; Quantified those with a quantity.
	Records    int
	Quantified int
}

// MonthlyHarvestSum is a HarvestSum within one calendar month (yyyy-MM).
type MonthlyHarvestSum struct {
	Month string
	HarvestSum
}

// HarvestTotal is an amount of one kind in its common unit.
type HarvestTotal struct {
	Kind   UnitKind
	Unit   HarvestUnit
	Amount float64
	// Records counts the records with a quantity that make up Amount.
	Records int
}

// PlantHarvestTotals is what one plant (by name) gave.
type PlantHarvestTotals struct {
	PlantName string
	Records   int
	// Totals has one entry per kind the plant was harvested in, in UnitKinds order.
	Totals []HarvestTotal
}

// Total returns the plant's total of one kind (zero when it has none).
func (p *PlantHarvestTotals) Total(kind UnitKind) HarvestTotal {
	for _, t := range p.Totals {
		if t.Kind == kind {
			return t
		}
	}
	return HarvestTotal{Kind: kind, Unit: kind.CommonUnit()}
}

// HarvestComparison sets a plant's total of one kind in a period beside the same period a year
// before.
type HarvestComparison struct {
	PlantName         string
	Kind              UnitKind
	Unit              HarvestUnit
	Current, Previous float64
	// CurrentRecords and PreviousRecords count the quantified records behind each amount.
	CurrentRecords, PreviousRecords int
}

// PlantTotals folds sums (one row per plant and kind) into one entry per plant, ordered by
// name, ignoring letter case.
func PlantTotals(sums []HarvestSum) []PlantHarvestTotals {
	byName := map[string]*PlantHarvestTotals{}
	var names []string
	for _, s := range sums {
		p := byName[s.PlantName]
		if p == nil {
			p = &PlantHarvestTotals{PlantName: s.PlantName}
			byName[s.PlantName] = p
			names = append(names, s.PlantName)
		}
		p.Records += s.Records
		if s.Kind.Valid() && s.Quantified > 0 {
			p.Totals = append(p.Totals, HarvestTotal{Kind: s.Kind, Unit: s.Kind.CommonUnit(), Amount: roundAmount(s.Amount), Records: s.Quantified})
		}
	}
	sort.Slice(names, func(i, j int) bool { return lessName(names[i], names[j]) })
	out := make([]PlantHarvestTotals, len(names))
	for i, n := range names {
		p := byName[n]
		p.Totals = mergeTotals(p.Totals)
		out[i] = *p
	}
	return out
}

// OverallTotals adds up every plant's totals per kind, in UnitKinds order.
func OverallTotals(plants []PlantHarvestTotals) []HarvestTotal {
	var all []HarvestTotal
	for _, p := range plants {
		all = append(all, p.Totals...)
	}
	return mergeTotals(all)
}

func mergeTotals(in []HarvestTotal) []HarvestTotal {
	var out []HarvestTotal
	for _, k := range UnitKinds {
		t := HarvestTotal{Kind: k, Unit: k.CommonUnit()}
		for _, x := range in {
			if x.Kind == k {
				t.Amount += x.Amount
				t.Records += x.Records
			}
		}
		if t.Records > 0 {
			t.Amount = roundAmount(t.Amount)
			out = append(out, t)
		}
	}
	return out
}

func lessName(a, b string) bool {
	la, lb := strings.ToLower(a), strings.ToLower(b)
	if la != lb {
		return la < lb
	}
	return a < b
}

// MostHarvested picks the plant that gave the most. Amounts of different kinds cannot be
// compared, so it first takes the kind most records were weighed or counted in (mass before
// count before volume on a tie), then the plant with the largest total of that kind; with no
// quantities at all, the plant with the most records. Ties go to more records, then the name.
// It returns the plant and the kind it was ranked by ("" when ranked by records), or nil when
// there is no record.
func MostHarvested(plants []PlantHarvestTotals) (*PlantHarvestTotals, UnitKind) {
	if len(plants) == 0 {
		return nil, ""
	}
	var kind UnitKind
	best := 0
	for _, t := range OverallTotals(plants) {
		if t.Records > best {
			kind, best = t.Kind, t.Records
		}
	}
	var top *PlantHarvestTotals
	for i := range plants {
		p := &plants[i]
		if top == nil || beats(p, top, kind) {
			top = p
		}
	}
	return top, kind
}

func beats(p, q *PlantHarvestTotals, kind UnitKind) bool {
	if kind != "" {
		a, b := p.Total(kind).Amount, q.Total(kind).Amount
		if a != b {
			return a > b
		}
	}
	if p.Records != q.Records {
		return p.Records > q.Records
	}
	return lessName(p.PlantName, q.PlantName)
}

// CompareYears sets each plant's totals of a period (current) beside those of the same period a
// year before (previous), one entry per plant and kind found in either, ordered by plant name
// then kind.
func CompareYears(current, previous []HarvestSum) []HarvestComparison {
	type key struct {
		name string
		kind UnitKind
	}
	m := map[key]*HarvestComparison{}
	var keys []key
	add := func(sums []HarvestSum, cur bool) {
		for _, s := range sums {
			if !s.Kind.Valid() || s.Quantified == 0 {
				continue
			}
			k := key{s.PlantName, s.Kind}
			c := m[k]
			if c == nil {
				c = &HarvestComparison{PlantName: s.PlantName, Kind: s.Kind, Unit: s.Kind.CommonUnit()}
				m[k] = c
				keys = append(keys, k)
			}
			if cur {
				c.Current, c.CurrentRecords = roundAmount(c.Current+s.Amount), c.CurrentRecords+s.Quantified
			} else {
				c.Previous, c.PreviousRecords = roundAmount(c.Previous+s.Amount), c.PreviousRecords+s.Quantified
			}
		}
	}
	add(current, true)
	add(previous, false)
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].name != keys[j].name {
			return lessName(keys[i].name, keys[j].name)
		}
		return kindIndex(keys[i].kind) < kindIndex(keys[j].kind)
	})
	out := make([]HarvestComparison, len(keys))
	for i, k := range keys {
		out[i] = *m[k]
	}
	return out
}

func kindIndex(k UnitKind) int {
	for i, x := range UnitKinds {
		if x == k {
			return i
		}
	}
	return len(UnitKinds)
}

// HarvestBed is a bed a harvest can come from: a bed of one of the gardener's garden layouts,
// with its area in square feet.
type HarvestBed struct {
	ID         int64
	Name       string
	LayoutID   int64
	LayoutName string
	// Area is the bed's width × height in square feet.
	Area float64
}

// BedHarvestSum is one group of harvest records added up by the database: a bed and a unit
// kind (Kind "" for records without a unit). PerSquareFoot is Amount divided by the bed's area,
// computed by the database too.
type BedHarvestSum struct {
	Bed           HarvestBed
	Kind          UnitKind
	Amount        float64
	PerSquareFoot float64
	// Records counts the group's records; Quantified those with a quantity.
	Records    int
	Quantified int
}

// BedYield is an amount of one kind a bed gave, in its kind's common unit, and the same per
// square foot of the bed (kg/ft², items/ft², litres/ft²).
type BedYield struct {
	Kind          UnitKind
	Unit          HarvestUnit
	Amount        float64
	PerSquareFoot float64
	// Records counts the records with a quantity that make up Amount.
	Records int
}

// BedYields is what one bed gave: every record linked to it, and per kind the total and the
// yield per square foot.
type BedYields struct {
	Bed     HarvestBed
	Records int
	// Yields has one entry per kind measured from the bed, in UnitKinds order; empty when no
	// record from it was weighed or counted.
	Yields []BedYield
}

// YieldsByBed folds sums (one row per bed and kind, in the order to show the beds) into one
// entry per bed, keeping the order of the beds' first rows.
func YieldsByBed(sums []BedHarvestSum) []BedYields {
	index := map[int64]int{}
	var out []BedYields
	for _, s := range sums {
		i, ok := index[s.Bed.ID]
		if !ok {
			i = len(out)
			index[s.Bed.ID] = i
			out = append(out, BedYields{Bed: s.Bed})
		}
		b := &out[i]
		b.Records += s.Records
		if s.Kind.Valid() && s.Quantified > 0 {
			b.Yields = append(b.Yields, BedYield{Kind: s.Kind, Unit: s.Kind.CommonUnit(), Amount: roundAmount(s.Amount),
				PerSquareFoot: roundAmount(s.PerSquareFoot), Records: s.Quantified})
		}
	}
	for i := range out {
		y := out[i].Yields
		sort.SliceStable(y, func(a, b int) bool { return kindIndex(y[a].Kind) < kindIndex(y[b].Kind) })
	}
	return out
}
