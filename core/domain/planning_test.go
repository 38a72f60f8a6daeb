package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func planID(v int64) *int64       { return &v }
func planFeet(v float64) *float64 { return &v }

func layout20x10(beds ...*domain.GardenBed) *domain.GardenLayout {
	return &domain.GardenLayout{Name: "Back garden", Width: 20, Height: 10, Beds: beds}
}

func planBed(name string, x, y, w, h float64) *domain.GardenBed {
	return &domain.GardenBed{Name: name, X: x, Y: y, Width: w, Height: h}
}

func planFields(err error) map[string]string {
	if e, ok := err.(*domain.Error); ok {
		return e.Fields
	}
	return nil
}

func TestValidateLayout(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		l := &domain.GardenLayout{Name: "  Back   garden ", Description: " veg ", Width: 1, Height: 500}
		if err := domain.ValidateLayout(l); err != nil {
			t.Fatal(err)
		}
		if l.Name != "Back garden" || l.Description != "veg" {
			t.Fatalf("not normalised: %+v", l)
		}
	})
	for name, tc := range map[string]struct {
		l     domain.GardenLayout
		field string
		msg   string
	}{
		"ErrNameRequired": {domain.GardenLayout{Name: " ", Width: 10, Height: 10}, "name", domain.MsgLayoutNameRequired},
		"ErrNameTooLong":  {domain.GardenLayout{Name: strings.Repeat("a", 101), Width: 10, Height: 10}, "name", domain.MsgLayoutNameTooLong},
		"ErrWidthZero":    {domain.GardenLayout{Name: "x", Width: 0.5, Height: 10}, "width", domain.MsgLayoutWidth},
		"ErrWidthBig":     {domain.GardenLayout{Name: "x", Width: 500.5, Height: 10}, "width", domain.MsgLayoutWidth},
		"ErrHeightBig":    {domain.GardenLayout{Name: "x", Width: 10, Height: 501}, "height", domain.MsgLayoutHeight},
	} {
		t.Run(name, func(t *testing.T) {
			l := tc.l
			err := domain.ValidateLayout(&l)
			if domain.ErrorCode(err) != domain.EInvalid || planFields(err)[tc.field] != tc.msg {
				t.Fatalf("got %v %v", err, planFields(err))
			}
		})
	}
}

func TestValidateBeds(t *testing.T) {
	t.Parallel()
	t.Run("OK edge to edge and to the layout's borders", func(t *testing.T) {
		l := layout20x10(planBed("Bed 1", 0, 0, 4, 10), planBed("Bed 2", 4, 0, 4, 10), planBed("Bed 3", 16, 7.5, 4, 2.5))
		l.Beds[0].Color = "#ABC"
		l.Beds[1].Plantings = []*domain.BedPlanting{{PlantID: planID(3), Count: 2, X: planFeet(1), Y: planFeet(9.5)}, {PlantDatabaseID: planID(9), Count: 1}}
		if err := domain.ValidateBeds(l); err != nil {
			t.Fatal(err)
		}
		if l.Beds[0].Color != "#aabbcc" {
			t.Fatalf("colour %q", l.Beds[0].Color)
		}
	})
	for name, tc := range map[string]struct {
		beds  []*domain.GardenBed
		field string
		msg   string
	}{
		"ErrOutsideRight":  {[]*domain.GardenBed{planBed("A", 17, 0, 4, 2)}, "beds.0.x", "A must lie inside the layout (20 × 10 ft)"},
		"ErrOutsideBottom": {[]*domain.GardenBed{planBed("A", 0, 9, 1, 1.5)}, "beds.0.x", "A must lie inside the layout (20 × 10 ft)"},
		"ErrNegative":      {[]*domain.GardenBed{planBed("A", -0.5, 0, 1, 1)}, "beds.0.x", "A must lie inside the layout (20 × 10 ft)"},
		"ErrTooSmall":      {[]*domain.GardenBed{planBed("A", 0, 0, 0.25, 1)}, "beds.0.width", domain.MsgBedTooSmall},
		"ErrNameRequired":  {[]*domain.GardenBed{planBed(" ", 0, 0, 1, 1)}, "beds.0.name", domain.MsgBedNameRequired},
		"ErrOverlap":       {[]*domain.GardenBed{planBed("A", 0, 0, 4, 4), planBed("B", 3.5, 3.5, 2, 2)}, "beds.1.x", "Beds cannot overlap: A and B"},
		"ErrColor":         {[]*domain.GardenBed{{Name: "A", Width: 1, Height: 1, Color: "green"}}, "beds.0.color", domain.MsgColor},
		"ErrPlantingBoth": {[]*domain.GardenBed{{Name: "A", Width: 1, Height: 1, Plantings: []*domain.BedPlanting{
			{PlantID: planID(1), PlantDatabaseID: planID(2), Count: 1}}}}, "beds.0.plantings.0.plantId", domain.MsgPlantingSource},
		"ErrPlantingNone": {[]*domain.GardenBed{{Name: "A", Width: 1, Height: 1, Plantings: []*domain.BedPlanting{
			{Count: 1}}}}, "beds.0.plantings.0.plantId", domain.MsgPlantingSource},
		"ErrPlantingCount": {[]*domain.GardenBed{{Name: "A", Width: 1, Height: 1, Plantings: []*domain.BedPlanting{
			{PlantID: planID(1), Count: 0}}}}, "beds.0.plantings.0.count", domain.MsgPlantingCount},
		"ErrPlantingOutside": {[]*domain.GardenBed{{Name: "A", Width: 1, Height: 1, Plantings: []*domain.BedPlanting{
			{PlantID: planID(1), Count: 1, X: planFeet(2), Y: planFeet(0)}}}}, "beds.0.plantings.0.x", domain.MsgPlantingOutside},
	} {
		t.Run(name, func(t *testing.T) {
			err := domain.ValidateBeds(layout20x10(tc.beds...))
			if domain.ErrorCode(err) != domain.EInvalid || planFields(err)[tc.field] != tc.msg {
				t.Fatalf("got %v %v", err, planFields(err))
			}
		})
	}
}

func TestCheckBedsFit(t *testing.T) {
	t.Parallel()
	l := layout20x10(planBed("Bed 1", 10, 0, 5, 5))
	l.Width = 15
	if err := domain.CheckBedsFit(l); err != nil {
		t.Fatal(err)
	}
	l.Width = 14
	if err := domain.CheckBedsFit(l); domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "Bed 1") {
		t.Fatalf("shrinking past a bed: %v", err)
	}
}

func TestCheckLayoutVersion(t *testing.T) {
	t.Parallel()
	l := &domain.GardenLayout{Version: 4}
	if err := domain.CheckLayoutVersion(l, 4); err != nil {
		t.Fatal(err)
	}
	if err := domain.CheckLayoutVersion(l, 3); domain.ErrorCode(err) != domain.EConflict || err.Error() != domain.MsgLayoutStale {
		t.Fatalf("stale: %v", err)
	}
}

func TestCopyLayout(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	src := layout20x10(planBed("Bed 1", 0, 0, 4, 4))
	src.ID, src.Version, src.Description = 7, 9, "veg"
	src.Beds[0].ID = 11
	src.Beds[0].Plantings = []*domain.BedPlanting{{ID: 5, PlantID: planID(3), Count: 4, Name: "Basil"}}
	c := domain.CopyLayout(src, 42, now)
	if c.ID != 0 || c.UserID != 42 || c.Name != "Copy of Back garden" || c.Description != "veg" || c.Width != 20 || c.Height != 10 || c.Version != 1 || !c.CreatedAt.Equal(now) {
		t.Fatalf("copy %+v", c)
	}
	if len(c.Beds) != 1 || c.Beds[0].ID != 0 || c.Beds[0].Name != "Bed 1" || len(c.Beds[0].Plantings) != 1 ||
		c.Beds[0].Plantings[0].ID != 0 || *c.Beds[0].Plantings[0].PlantID != 3 || c.Beds[0].Plantings[0].Count != 4 {
		t.Fatalf("copied beds %+v", c.Beds[0])
	}
	// The copy shares nothing with the original.
	c.Beds[0].Plantings[0].Count = 1
	if src.Beds[0].Plantings[0].Count != 4 {
		t.Fatal("copy shares plantings with the original")
	}
	long := domain.CopyName(strings.Repeat("x", 100))
	if len([]rune(long)) != domain.MaxLayoutNameLength || !strings.HasPrefix(long, "Copy of x") {
		t.Fatalf("long copy name %q", long)
	}
}

func TestNormalizeColor(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "", "#FFF": "#ffffff", " #4a7C59 ": "#4a7c59"} {
		got, ok := domain.NormalizeColor(in)
		if !ok || got != want {
			t.Fatalf("%q → %q %v", in, got, ok)
		}
	}
	for _, bad := range []string{"red", "#12345", "#ggg", "4a7c59"} {
		if _, ok := domain.NormalizeColor(bad); ok {
			t.Fatalf("%q accepted", bad)
		}
	}
}

func TestYearRange(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		start, dur int
		want       string
	}{{2025, 1, "2025"}, {2025, 4, "2025–2028"}, {2025, 2, "2025–2026"}, {2030, 10, "2030–2039"}} {
		if got := domain.YearRange(tc.start, tc.dur); got != tc.want {
			t.Fatalf("YearRange(%d, %d) = %q, want %q", tc.start, tc.dur, got, tc.want)
		}
	}
}

func TestValidateGroup(t *testing.T) {
	t.Parallel()
	g := &domain.RotationGroup{Name: " Legumes "}
	if err := domain.ValidateGroup(g); err != nil || g.Color != domain.DefaultGroupColor || g.Name != "Legumes" {
		t.Fatalf("%v %+v", err, g)
	}
	if err := domain.ValidateGroup(&domain.RotationGroup{Name: ""}); planFields(err)["name"] != domain.MsgGroupNameRequired {
		t.Fatal(err)
	}
	if err := domain.ValidateGroup(&domain.RotationGroup{Name: "x", Color: "blue"}); planFields(err)["color"] != domain.MsgColor {
		t.Fatal(err)
	}
	classic := domain.ClassicGroups(1, time.Time{})
	var bedNames []string
	for _, g := range classic {
		if err := domain.ValidateGroup(g); err != nil || g.Color == domain.DefaultGroupColor {
			t.Fatalf("%s: %v %s", g.Name, err, g.Color)
		}
		bedNames = append(bedNames, g.Name)
	}
	if strings.Join(bedNames, ",") != "Legumes,Brassicas,Roots,Alliums,Solanaceae" {
		t.Fatal(bedNames)
	}
}

func TestValidatePlan(t *testing.T) {
	t.Parallel()
	p := &domain.RotationPlan{Name: "Veg", StartYear: 2026, Duration: 4, Areas: []string{" North ", "South"}}
	if err := domain.ValidatePlan(p); err != nil || p.Gap != domain.DefaultRotationGap || p.Areas[0] != "North" || p.EndYear() != 2029 {
		t.Fatalf("%v %+v", err, p)
	}
	for name, tc := range map[string]struct {
		p     domain.RotationPlan
		field string
		msg   string
	}{
		"ErrDuration0":  {domain.RotationPlan{Name: "x", StartYear: 2026, Duration: 0}, "duration", domain.MsgPlanDuration},
		"ErrDuration11": {domain.RotationPlan{Name: "x", StartYear: 2026, Duration: 11}, "duration", domain.MsgPlanDuration},
		"ErrStartYear":  {domain.RotationPlan{Name: "x", StartYear: 26, Duration: 1}, "startYear", domain.MsgPlanStartYear},
		"ErrGap":        {domain.RotationPlan{Name: "x", StartYear: 2026, Duration: 1, Gap: 11}, "gap", domain.MsgPlanGap},
		"ErrName":       {domain.RotationPlan{StartYear: 2026, Duration: 1}, "name", domain.MsgPlanNameRequired},
		"ErrAreaDup":    {domain.RotationPlan{Name: "x", StartYear: 2026, Duration: 1, Areas: []string{"A", "a"}}, "areas", domain.MsgPlanAreaDuplicate},
	} {
		t.Run(name, func(t *testing.T) {
			p := tc.p
			if err := domain.ValidatePlan(&p); planFields(err)[tc.field] != tc.msg {
				t.Fatalf("got %v %v", err, planFields(err))
			}
		})
	}
}

// assign builds assignments for bed rows: groups[i][k] is the group of bed i+1 in year start+k
// (0 leaves the cell empty).
func planAssign(start int, groups ...[]int64) []domain.RotationAssignment {
	var out []domain.RotationAssignment
	for i, row := range groups {
		for k, g := range row {
			if g != 0 {
				out = append(out, domain.RotationAssignment{BedID: planID(int64(i + 1)), Year: start + k, GroupID: g})
			}
		}
	}
	return out
}

func bedNames(s domain.Slot) string { return "Bed " + string(rune('0'+s.BedID)) }
func planGroupNames(id int64) string {
	return map[int64]string{1: "Legumes", 2: "Brassicas", 3: "Roots", 4: "Alliums"}[id]
}

func TestCheckRotation(t *testing.T) {
	t.Parallel()
	t.Run("clean four-year plan", func(t *testing.T) {
		as := planAssign(2026, []int64{1, 2, 3, 4}, []int64{2, 3, 4, 1}, []int64{3, 4, 1, 2}, []int64{4, 1, 2, 3})
		if w := domain.CheckRotation(as, 3, bedNames, planGroupNames); len(w) != 0 {
			t.Fatalf("warnings on a clean plan: %+v", w)
		}
	})
	t.Run("repeat after one year", func(t *testing.T) {
		as := planAssign(2026, []int64{1, 2, 3, 4}, []int64{2, 2, 4, 1})
		w := domain.CheckRotation(as, 3, bedNames, planGroupNames)
		if len(w) != 1 || w[0].Slot.BedID != 2 || w[0].Year != 2027 || w[0].PreviousYear != 2026 || w[0].GroupID != 2 ||
			w[0].Message != "Brassicas return to Bed 2 in 2027, 1 year after 2026 (wait at least 3 years)" {
			t.Fatalf("%+v", w)
		}
	})
	t.Run("repeat after two years", func(t *testing.T) {
		as := planAssign(2026, []int64{1, 2, 1, 4})
		w := domain.CheckRotation(as, 3, bedNames, planGroupNames)
		if len(w) != 1 || w[0].Year != 2028 || w[0].PreviousYear != 2026 || w[0].Message != "Legumes return to Bed 1 in 2028, 2 years after 2026 (wait at least 3 years)" {
			t.Fatalf("%+v", w)
		}
		// A gardener content with a two-year gap sees no warning.
		if w := domain.CheckRotation(as, 2, bedNames, planGroupNames); len(w) != 0 {
			t.Fatalf("gap 2: %+v", w)
		}
	})
	t.Run("return after exactly the gap is fine", func(t *testing.T) {
		if w := domain.CheckRotation(planAssign(2026, []int64{1, 2, 3, 1}), 3, bedNames, planGroupNames); len(w) != 0 {
			t.Fatalf("%+v", w)
		}
	})
	t.Run("every repeat listed, rows in order", func(t *testing.T) {
		as := planAssign(2026, []int64{1, 1, 1}, []int64{3, 0, 3})
		w := domain.CheckRotation(as, 3, bedNames, planGroupNames)
		if len(w) != 3 || w[0].Year != 2027 || w[1].Year != 2028 || w[1].PreviousYear != 2027 || w[2].Slot.BedID != 2 {
			t.Fatalf("%+v", w)
		}
	})
}

func TestRotate(t *testing.T) {
	t.Parallel()
	rows := []domain.Slot{{BedID: 1}, {BedID: 2}, {BedID: 3}, {BedID: 4}}
	p := &domain.RotationPlan{StartYear: 2026, Duration: 4, Assignments: append(planAssign(2026, []int64{1}, []int64{2}, []int64{3}, []int64{4}),
		// a hand-made later cell that rotate replaces
		domain.RotationAssignment{BedID: planID(1), Year: 2027, GroupID: 1})}
	got := domain.Rotate(p, rows)
	cell := map[[2]int64]int64{}
	for _, a := range got {
		cell[[2]int64{*a.BedID, int64(a.Year)}] = a.GroupID
	}
	if len(got) != 16 {
		t.Fatalf("%d assignments", len(got))
	}
	// Year 2: each group moves one bed along; the last bed's group goes to the first.
	for bedID, want := range map[int64][4]int64{1: {1, 4, 3, 2}, 2: {2, 1, 4, 3}, 3: {3, 2, 1, 4}, 4: {4, 3, 2, 1}} {
		for k := 0; k < 4; k++ {
			if cell[[2]int64{bedID, int64(2026 + k)}] != want[k] {
				t.Fatalf("bed %d year %d: %d, want %d", bedID, 2026+k, cell[[2]int64{bedID, int64(2026 + k)}], want[k])
			}
		}
	}
	if w := domain.CheckRotation(got, 3, bedNames, planGroupNames); len(w) != 0 {
		t.Fatalf("a rotated four-bed plan warns: %+v", w)
	}
	// Three beds, four years: the fourth year repeats the first, after three years: fine at gap 3.
	p3 := &domain.RotationPlan{StartYear: 2026, Duration: 4, Assignments: planAssign(2026, []int64{1}, []int64{2}, []int64{0})}
	got3 := domain.Rotate(p3, rows[:3])
	if len(got3) != 8 {
		t.Fatalf("empty cells rotate as empty: %d", len(got3))
	}
	// Area rows rotate the same way.
	pa := &domain.RotationPlan{StartYear: 2026, Duration: 2, Areas: []string{"N", "S"},
		Assignments: []domain.RotationAssignment{{Area: "N", Year: 2026, GroupID: 1}, {Area: "S", Year: 2026, GroupID: 2}}}
	ga := domain.Rotate(pa, []domain.Slot{{Area: "N"}, {Area: "S"}})
	if len(ga) != 4 || ga[2].Area != "N" || ga[2].GroupID != 2 || ga[3].Area != "S" || ga[3].GroupID != 1 {
		t.Fatalf("%+v", ga)
	}
}

func TestCheckAssignments(t *testing.T) {
	t.Parallel()
	beds := map[int64]bool{1: true, 2: true}
	groups := map[int64]bool{1: true, 2: true}
	p := &domain.RotationPlan{StartYear: 2026, Duration: 2, LayoutID: planID(5), Assignments: planAssign(2026, []int64{1, 2}, []int64{2, 1})}
	if err := domain.CheckAssignments(p, beds, groups); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		a   domain.RotationAssignment
		msg string
	}{
		"ErrYear":     {domain.RotationAssignment{BedID: planID(1), Year: 2028, GroupID: 1}, domain.MsgAssignmentYear},
		"ErrBed":      {domain.RotationAssignment{BedID: planID(9), Year: 2026, GroupID: 1}, domain.MsgAssignmentBedUnknown},
		"ErrGroup":    {domain.RotationAssignment{BedID: planID(1), Year: 2026, GroupID: 7}, domain.MsgAssignmentGroup},
		"ErrBoth":     {domain.RotationAssignment{BedID: planID(1), Area: "N", Year: 2026, GroupID: 1}, domain.MsgAssignmentSlot},
		"ErrArea":     {domain.RotationAssignment{Area: "N", Year: 2026, GroupID: 1}, domain.MsgAssignmentAreaUnknown},
		"ErrTwiceOne": {domain.RotationAssignment{BedID: planID(1), Year: 2027, GroupID: 1}, domain.MsgAssignmentDuplicate},
	} {
		t.Run(name, func(t *testing.T) {
			q := *p
			q.Assignments = append(planAssign(2026, []int64{1, 2}), tc.a)
			if err := domain.CheckAssignments(&q, beds, groups); domain.ErrorCode(err) != domain.EInvalid || err.Error() != tc.msg {
				t.Fatalf("%v", err)
			}
		})
	}
	// After the plan shrinks to one year, the second year's cells go.
	p.Duration = 1
	domain.TrimAssignments(p, beds)
	if len(p.Assignments) != 2 || domain.GroupCount(p.Assignments) != 2 {
		t.Fatalf("%+v", p.Assignments)
	}
}
