package domain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Crop rotation limits and defaults (spec 02 §3 and §9; the bounds are ours, see
// docs/decisions.md, "Planning").
const (
	// DefaultGroupColor is the spec's grey-blue default rotation group colour (§9).
	DefaultGroupColor  = "#64748b"
	MinPlanDuration    = 1
	MaxPlanDuration    = 10
	MinPlanYear        = 1900
	MaxPlanYear        = 2200
	DefaultRotationGap = 3
	MaxRotationGap     = 10
	MaxGroupNameLength = 60
	MaxGroupDescLength = 500
	MaxPlanNameLength  = 100
	MaxPlanDescLength  = 2000
	MaxPlanAreas       = 50
	MaxAreaNameLength  = 60
	MaxPlanAssignments = 5000
	MaxGroupsPerUser   = 100
)

// Crop rotation messages.
const (
	MsgPlanNotFound          = "Rotation plan not found"
	MsgGroupNotFound         = "Rotation group not found"
	MsgGroupNameRequired     = "Name is required"
	MsgGroupNameTooLong      = "Name cannot exceed 60 characters"
	MsgGroupDescTooLong      = "Description cannot exceed 500 characters"
	MsgGroupNameTaken        = "You already have a group with this name"
	MsgGroupInUse            = "This group is used in a rotation plan and cannot be deleted. Remove it from the plans first."
	MsgPlanNameRequired      = "Name is required"
	MsgPlanNameTooLong       = "Name cannot exceed 100 characters"
	MsgPlanDescTooLong       = "Description cannot exceed 2000 characters"
	MsgPlanStartYear         = "Start year must be between 1900 and 2200"
	MsgPlanDuration          = "Duration must be between 1 and 10 years"
	MsgPlanGap               = "Gap must be between 1 and 10 years"
	MsgPlanAreaRequired      = "Area names cannot be empty"
	MsgPlanAreaTooLong       = "Area names cannot exceed 60 characters"
	MsgPlanAreaDuplicate     = "Area names must be different"
	MsgPlanTooManyAreas      = "A plan can have at most 50 areas"
	MsgAssignmentSlot        = "Each assignment needs a bed or an area, not both"
	MsgAssignmentYear        = "Each assignment's year must lie within the plan"
	MsgAssignmentDuplicate   = "A bed or area can have only one group per year"
	MsgAssignmentBedUnknown  = "This bed is not on the plan's garden layout"
	MsgAssignmentAreaUnknown = "This area is not one of the plan's areas"
	MsgAssignmentGroup       = "Rotation group not found"
	MsgTooManyAssignments    = "A plan can have at most 5000 assignments"
)

// RotationGroup is a family of crops that rotate together (spec 02 §3).
type RotationGroup struct {
	ID          int64
	UserID      int64
	Name        string
	Description string
	Color       string
	CreatedAt   time.Time
}

// ClassicGroups are the classic four rotation groups and Solanaceae as a fifth, with the colours
// gardeners usually give them, for a gardener starting out.
func ClassicGroups(userID int64, now time.Time) []*RotationGroup {
	g := func(name, desc, color string) *RotationGroup {
		return &RotationGroup{UserID: userID, Name: name, Description: desc, Color: color, CreatedAt: now}
	}
	return []*RotationGroup{
		g("Legumes", "Peas, beans and broad beans: they fix nitrogen for the next crop.", "#2e7d32"),
		g("Brassicas", "Cabbage, kale, broccoli, cauliflower, sprouts, swede and turnips.", "#3949ab"),
		g("Roots", "Carrots, parsnips, beetroot and other root crops.", "#e65100"),
		g("Alliums", "Onions, garlic, leeks and shallots.", "#8e24aa"),
		g("Solanaceae", "Potatoes, tomatoes, peppers and aubergines.", "#c62828"),
	}
}

// ValidateGroup normalises and checks a group; an empty colour becomes the default grey-blue.
func ValidateGroup(g *RotationGroup) error {
	var v Validation
	g.Name = strings.Join(strings.Fields(g.Name), " ")
	g.Description = strings.TrimSpace(g.Description)
	switch {
	case g.Name == "":
		v.Add("name", MsgGroupNameRequired)
	case utf8.RuneCountInString(g.Name) > MaxGroupNameLength:
		v.Add("name", MsgGroupNameTooLong)
	}
	if utf8.RuneCountInString(g.Description) > MaxGroupDescLength {
		v.Add("description", MsgGroupDescTooLong)
	}
	c, ok := NormalizeColor(g.Color)
	if !ok {
		v.Add("color", MsgColor)
	}
	if c == "" {
		c = DefaultGroupColor
	}
	g.Color = c
	return v.Err()
}

// RotationPlan assigns a rotation group to each bed of a layout (or each named area, when no
// layout is linked) for each year from StartYear for Duration years.
type RotationPlan struct {
	ID          int64
	UserID      int64
	Username    string
	Name        string
	Description string
	StartYear   int
	Duration    int
	// LayoutID links a garden layout whose beds are the plan's rows; nil uses Areas.
	LayoutID   *int64
	LayoutName string
	// Areas are the rows of a plan without a layout, in order.
	Areas []string
	// Gap is the fewest years before a group may return to the same bed.
	Gap         int
	GroupCount  int
	Assignments []RotationAssignment
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// RotationAssignment puts one group in one bed (or area) for one year.
type RotationAssignment struct {
	BedID   *int64
	Area    string
	Year    int
	GroupID int64
}

// Slot names the row of an assignment: a bed or an area.
type Slot struct {
	BedID int64
	Area  string
}

// SlotOf returns a's row.
func SlotOf(a RotationAssignment) Slot {
	if a.BedID != nil {
		return Slot{BedID: *a.BedID}
	}
	return Slot{Area: a.Area}
}

// EndYear is the plan's last year.
func (p *RotationPlan) EndYear() int { return p.StartYear + p.Duration - 1 }

// YearRange is the plan cards' year range: "2025–2028", or one year when the plan lasts one
// year (spec 02 §2).
func YearRange(startYear, duration int) string {
	end := startYear + duration - 1
	if duration <= 1 || end == startYear {
		return strconv.Itoa(startYear)
	}
	return strconv.Itoa(startYear) + "–" + strconv.Itoa(end)
}

// ValidatePlan normalises and checks a plan's own fields; a zero gap becomes the default 3.
func ValidatePlan(p *RotationPlan) error {
	var v Validation
	p.Name = strings.Join(strings.Fields(p.Name), " ")
	p.Description = strings.TrimSpace(p.Description)
	switch {
	case p.Name == "":
		v.Add("name", MsgPlanNameRequired)
	case utf8.RuneCountInString(p.Name) > MaxPlanNameLength:
		v.Add("name", MsgPlanNameTooLong)
	}
	if utf8.RuneCountInString(p.Description) > MaxPlanDescLength {
		v.Add("description", MsgPlanDescTooLong)
	}
	if p.StartYear < MinPlanYear || p.StartYear > MaxPlanYear {
		v.Add("startYear", MsgPlanStartYear)
	}
	if p.Duration < MinPlanDuration || p.Duration > MaxPlanDuration {
		v.Add("duration", MsgPlanDuration)
	}
	if p.Gap == 0 {
		p.Gap = DefaultRotationGap
	}
	if p.Gap < 1 || p.Gap > MaxRotationGap {
		v.Add("gap", MsgPlanGap)
	}
	if len(p.Areas) > MaxPlanAreas {
		v.Add("areas", MsgPlanTooManyAreas)
	}
	seen := map[string]bool{}
	for i, a := range p.Areas {
		a = strings.Join(strings.Fields(a), " ")
		p.Areas[i] = a
		switch {
		case a == "":
			v.Add("areas", MsgPlanAreaRequired)
		case utf8.RuneCountInString(a) > MaxAreaNameLength:
			v.Add("areas", MsgPlanAreaTooLong)
		case seen[strings.ToLower(a)]:
			v.Add("areas", MsgPlanAreaDuplicate)
		}
		seen[strings.ToLower(a)] = true
	}
	if p.Areas == nil {
		p.Areas = []string{}
	}
	return v.Err()
}

// CheckAssignments checks a plan's assignments: each names a bed in bedIDs (when the plan has a
// layout) or one of the plan's areas, a year of the plan, and a group in groupIDs; no row has
// two groups in one year. Assignments are put in row then year order.
func CheckAssignments(p *RotationPlan, bedIDs map[int64]bool, groupIDs map[int64]bool) error {
	var v Validation
	if len(p.Assignments) > MaxPlanAssignments {
		v.Add("assignments", MsgTooManyAssignments)
		return v.Err()
	}
	areas := map[string]bool{}
	for _, a := range p.Areas {
		areas[a] = true
	}
	type key struct {
		s Slot
		y int
	}
	seen := map[key]bool{}
	for i := range p.Assignments {
		a := &p.Assignments[i]
		a.Area = strings.Join(strings.Fields(a.Area), " ")
		field := "assignments." + strconv.Itoa(i)
		switch {
		case (a.BedID == nil) == (a.Area == ""):
			v.Add(field, MsgAssignmentSlot)
			continue
		case a.BedID != nil && (p.LayoutID == nil || !bedIDs[*a.BedID]):
			v.Add(field, MsgAssignmentBedUnknown)
		case a.BedID == nil && !areas[a.Area]:
			v.Add(field, MsgAssignmentAreaUnknown)
		}
		if a.Year < p.StartYear || a.Year > p.EndYear() {
			v.Add(field, MsgAssignmentYear)
		}
		if !groupIDs[a.GroupID] {
			v.Add(field, MsgAssignmentGroup)
		}
		k := key{SlotOf(*a), a.Year}
		if seen[k] {
			v.Add(field, MsgAssignmentDuplicate)
		}
		seen[k] = true
	}
	return v.Err()
}

// TrimAssignments drops the assignments that no longer fit the plan after its years, layout or
// areas changed: years outside the plan, beds not in bedIDs, areas no longer listed.
func TrimAssignments(p *RotationPlan, bedIDs map[int64]bool) {
	areas := map[string]bool{}
	for _, a := range p.Areas {
		areas[a] = true
	}
	kept := p.Assignments[:0]
	for _, a := range p.Assignments {
		if a.Year < p.StartYear || a.Year > p.EndYear() {
			continue
		}
		if a.BedID != nil && (p.LayoutID == nil || !bedIDs[*a.BedID]) || a.BedID == nil && !areas[a.Area] {
			continue
		}
		kept = append(kept, a)
	}
	p.Assignments = kept
}

// GroupCount is the number of different groups a plan uses (spec 02 §3 groupCount).
func GroupCount(as []RotationAssignment) int {
	seen := map[int64]bool{}
	for _, a := range as {
		seen[a.GroupID] = true
	}
	return len(seen)
}

// Rotate fills the years after the plan's first by shifting the first year's groups one row
// along each year: the group of row i in one year goes to row i+1 (the last row's to the first)
// the next year. rows is the order of the plan's beds or areas. The first year is kept as it
// is; the following years are replaced.
func Rotate(p *RotationPlan, rows []Slot) []RotationAssignment {
	n := len(rows)
	first := map[Slot]int64{}
	var out []RotationAssignment
	for _, a := range p.Assignments {
		if a.Year == p.StartYear {
			first[SlotOf(a)] = a.GroupID
			out = append(out, a)
		}
	}
	if n == 0 {
		return out
	}
	for k := 1; k < p.Duration; k++ {
		for i, row := range rows {
			src := rows[((i-k)%n+n)%n]
			g, ok := first[src]
			if !ok {
				continue
			}
			a := RotationAssignment{Year: p.StartYear + k, GroupID: g}
			if row.BedID != 0 {
				id := row.BedID
				a.BedID = &id
			} else {
				a.Area = row.Area
			}
			out = append(out, a)
		}
	}
	return out
}

// RotationWarning flags a bed where a group returns too soon.
type RotationWarning struct {
	Slot         Slot
	Year         int
	PreviousYear int
	GroupID      int64
	Message      string
}

// CheckRotation flags every assignment whose group already grew in the same row fewer than gap
// years before: with the default gap of 3, a group may return in the fourth year at the
// earliest. slotName and groupName give the names the messages use. Warnings come in row, then
// year order.
func CheckRotation(as []RotationAssignment, gap int, slotName func(Slot) string, groupName func(int64) string) []RotationWarning {
	if gap < 1 {
		gap = DefaultRotationGap
	}
	bySlot := map[Slot][]RotationAssignment{}
	var order []Slot
	for _, a := range as {
		s := SlotOf(a)
		if _, ok := bySlot[s]; !ok {
			order = append(order, s)
		}
		bySlot[s] = append(bySlot[s], a)
	}
	out := []RotationWarning{}
	for _, s := range order {
		list := bySlot[s]
		sort.Slice(list, func(i, j int) bool { return list[i].Year < list[j].Year })
		last := map[int64]int{}
		for _, a := range list {
			if prev, ok := last[a.GroupID]; ok && a.Year-prev < gap {
				d := a.Year - prev
				years := "years"
				if d == 1 {
					years = "year"
				}
				out = append(out, RotationWarning{Slot: s, Year: a.Year, PreviousYear: prev, GroupID: a.GroupID,
					Message: fmt.Sprintf("%s return to %s in %d, %d %s after %d (wait at least %d years)",
						groupName(a.GroupID), slotName(s), a.Year, d, years, prev, gap)})
			}
			last[a.GroupID] = a.Year
		}
	}
	return out
}
