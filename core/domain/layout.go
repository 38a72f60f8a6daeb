package domain

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Garden layout limits (spec 02 §3 names the fields; the bounds are ours, see docs/decisions.md,
// "Planning").
const (
	MinLayoutFeet         = 1
	MaxLayoutFeet         = 500
	MinBedFeet            = 0.5
	MaxLayoutNameLength   = 100
	MaxLayoutDescLength   = 2000
	MaxBedNameLength      = 60
	MaxBedsPerLayout      = 200
	MaxPlantingsPerBed    = 100
	MaxPlantingCount      = 10000
	layoutGeometryEpsilon = 1e-6
)

// Garden layout quotas per gardener (issue #22: one user's bulk writes locked everyone out).
const (
	// MaxLayoutsPerUser is how many layouts one gardener keeps; with MaxBedsPerLayout and
	// MaxPlantingsPerBed it bounds one account's planner rows at about two million.
	MaxLayoutsPerUser = 100
	// MaxLayoutCopiesPerWindow copies per LayoutCopyWindow: a copy writes up to 20,200 rows,
	// so a loop of copies must not hold the database's writes for everyone else.
	MaxLayoutCopiesPerWindow = 5
	LayoutCopyWindow         = time.Minute
)

// Garden layout messages.
const (
	MsgLayoutNotFound       = "Garden layout not found"
	MsgLayoutNameRequired   = "Name is required"
	MsgLayoutNameTooLong    = "Name cannot exceed 100 characters"
	MsgLayoutDescTooLong    = "Description cannot exceed 2000 characters"
	MsgLayoutWidth          = "Width must be between 1 and 500 feet"
	MsgLayoutHeight         = "Height must be between 1 and 500 feet"
	MsgLayoutStale          = "This layout was changed elsewhere. Reload it to see the latest version before saving."
	MsgTooManyBeds          = "A layout can have at most 200 beds"
	MsgBedNameRequired      = "Bed name is required"
	MsgBedNameTooLong       = "Bed name cannot exceed 60 characters"
	MsgBedTooSmall          = "A bed must be at least 0.5 feet wide and long"
	MsgBedUnknown           = "This bed does not belong to the layout"
	MsgColor                = "Colour must be a hex colour such as #4a7c59"
	MsgTooManyPlantings     = "A bed can have at most 100 plantings"
	MsgPlantingSource       = "Choose one of your plants or a plant database item"
	MsgPlantingCount        = "Count must be between 1 and 10000"
	MsgPlantingOutside      = "A planting's position must lie inside its bed"
	MsgPlantingPlantUnknown = "Plant not found"
	MsgPlantingDBUnknown    = "Plant database item not found"
	MsgLayoutLimitReached   = "Layout limit reached: you can keep at most 100 garden layouts"
	MsgCopyingTooFast       = "You are copying layouts too quickly. Please wait a moment before copying again."
)

// LayoutUsage is what the layout quotas weigh, read in the transaction that adds a layout: how
// many layouts the owner keeps, and when they copied layouts within the copy window (oldest
// first).
type LayoutUsage struct {
	Layouts int
	Copies  []time.Time
}

// CheckLayoutQuota refuses a new layout (drawn or copied) when the owner keeps the most allowed.
func CheckLayoutQuota(u LayoutUsage) error {
	if u.Layouts >= MaxLayoutsPerUser {
		return Errorf(ELimitReached, MsgLayoutLimitReached)
	}
	return nil
}

// CheckLayoutCopyQuota refuses a copy beyond the layout quota or the copy rate, saying when the
// oldest copy of the window leaves it.
func CheckLayoutCopyQuota(u LayoutUsage, now time.Time) error {
	if err := CheckLayoutQuota(u); err != nil {
		return err
	}
	if len(u.Copies) < MaxLayoutCopiesPerWindow {
		return nil
	}
	wait := u.Copies[len(u.Copies)-MaxLayoutCopiesPerWindow].Add(LayoutCopyWindow).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	return &Error{Code: ERateLimited, Message: MsgCopyingTooFast, RetryAfter: wait}
}

// GardenLayout is a plan of a garden drawn to scale in feet, with its beds. Version increases
// with every saved change, so that a save made from an old copy is refused (optimistic locking).
type GardenLayout struct {
	ID          int64
	UserID      int64
	Username    string
	Name        string
	Description string
	Width       float64
	Height      float64
	Version     int64
	// BedCount is filled by lists, which do not load the beds.
	BedCount  int
	Beds      []*GardenBed
	CreatedAt time.Time
	UpdatedAt time.Time
}

// GardenBed is a rectangle on a layout: X and Y are the top-left corner in feet from the
// layout's top-left corner.
type GardenBed struct {
	ID        int64
	Name      string
	X         float64
	Y         float64
	Width     float64
	Height    float64
	Color     string
	Plantings []*BedPlanting
}

// BedPlanting is what grows in a bed: one of the owner's plants or a plant database item, how
// many, and optionally where inside the bed (feet from the bed's top-left corner).
type BedPlanting struct {
	ID              int64
	PlantID         *int64
	PlantDatabaseID *int64
	// Name is the plant's or the database item's name, filled when read.
	Name  string
	Count int
	X     *float64
	Y     *float64
}

// Placement says where one plant grows: a bed of a layout.
type Placement struct {
	LayoutID   int64
	LayoutName string
	BedID      int64
	BedName    string
	Count      int
}

// ValidateLayout normalises l's own fields (trimmed name and description) and checks them.
func ValidateLayout(l *GardenLayout) error {
	var v Validation
	l.Name = strings.Join(strings.Fields(l.Name), " ")
	l.Description = strings.TrimSpace(l.Description)
	switch {
	case l.Name == "":
		v.Add("name", MsgLayoutNameRequired)
	case utf8.RuneCountInString(l.Name) > MaxLayoutNameLength:
		v.Add("name", MsgLayoutNameTooLong)
	}
	if utf8.RuneCountInString(l.Description) > MaxLayoutDescLength {
		v.Add("description", MsgLayoutDescTooLong)
	}
	if !inRange(l.Width, MinLayoutFeet, MaxLayoutFeet) {
		v.Add("width", MsgLayoutWidth)
	}
	if !inRange(l.Height, MinLayoutFeet, MaxLayoutFeet) {
		v.Add("height", MsgLayoutHeight)
	}
	return v.Err()
}

func inRange(x, lo, hi float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0) && x >= lo && x <= hi
}

// ValidateBeds normalises and checks a whole bed set against its layout: names, colours, every
// bed inside the layout, no two beds overlapping, and each bed's plantings. Field keys name the
// bed by index ("beds.2.x"), so the editor can point at it.
func ValidateBeds(l *GardenLayout) error {
	var v Validation
	if len(l.Beds) > MaxBedsPerLayout {
		v.Add("beds", MsgTooManyBeds)
		return v.Err()
	}
	for i, b := range l.Beds {
		key := "beds." + strconv.Itoa(i) + "."
		b.Name = strings.Join(strings.Fields(b.Name), " ")
		switch {
		case b.Name == "":
			v.Add(key+"name", MsgBedNameRequired)
		case utf8.RuneCountInString(b.Name) > MaxBedNameLength:
			v.Add(key+"name", MsgBedNameTooLong)
		}
		color, ok := NormalizeColor(b.Color)
		if !ok {
			v.Add(key+"color", MsgColor)
		}
		b.Color = color
		if !inRange(b.Width, MinBedFeet, MaxLayoutFeet) || !inRange(b.Height, MinBedFeet, MaxLayoutFeet) {
			v.Add(key+"width", MsgBedTooSmall)
		} else if !bedInside(b, l) {
			v.Add(key+"x", fmt.Sprintf("%s must lie inside the layout (%s × %s ft)", bedLabel(b, i), Feet(l.Width), Feet(l.Height)))
		}
		if len(b.Plantings) > MaxPlantingsPerBed {
			v.Add(key+"plantings", MsgTooManyPlantings)
			continue
		}
		for j, p := range b.Plantings {
			pkey := key + "plantings." + strconv.Itoa(j) + "."
			if (p.PlantID == nil) == (p.PlantDatabaseID == nil) {
				v.Add(pkey+"plantId", MsgPlantingSource)
			}
			if p.Count < 1 || p.Count > MaxPlantingCount {
				v.Add(pkey+"count", MsgPlantingCount)
			}
			if (p.X == nil) != (p.Y == nil) || (p.X != nil && (!inRange(*p.X, 0, b.Width) || !inRange(*p.Y, 0, b.Height))) {
				v.Add(pkey+"x", MsgPlantingOutside)
			}
		}
	}
	for i := 0; i < len(l.Beds); i++ {
		for j := i + 1; j < len(l.Beds); j++ {
			if BedsOverlap(l.Beds[i], l.Beds[j]) {
				v.Add("beds."+strconv.Itoa(j)+".x", fmt.Sprintf("Beds cannot overlap: %s and %s", bedLabel(l.Beds[i], i), bedLabel(l.Beds[j], j)))
			}
		}
	}
	return v.Err()
}

func bedLabel(b *GardenBed, i int) string {
	if b.Name != "" {
		return b.Name
	}
	return "Bed " + strconv.Itoa(i+1)
}

// bedInside reports whether b lies within l's bounds; the epsilon forgives float rounding of
// values typed as decimals.
func bedInside(b *GardenBed, l *GardenLayout) bool {
	return b.X >= -layoutGeometryEpsilon && b.Y >= -layoutGeometryEpsilon &&
		b.X+b.Width <= l.Width+layoutGeometryEpsilon && b.Y+b.Height <= l.Height+layoutGeometryEpsilon
}

// BedsOverlap reports whether two beds share any area; beds that only touch along an edge do
// not overlap, so paths can be drawn edge to edge.
func BedsOverlap(a, b *GardenBed) bool {
	return a.X < b.X+b.Width-layoutGeometryEpsilon && b.X < a.X+a.Width-layoutGeometryEpsilon &&
		a.Y < b.Y+b.Height-layoutGeometryEpsilon && b.Y < a.Y+a.Height-layoutGeometryEpsilon
}

// CheckBedsFit checks that the beds still fit when the layout's size changes.
func CheckBedsFit(l *GardenLayout) error {
	for i, b := range l.Beds {
		if !bedInside(b, l) {
			msg := fmt.Sprintf("%s would lie outside a %s × %s ft layout: move or resize it first", bedLabel(b, i), Feet(l.Width), Feet(l.Height))
			return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{"width": msg}}
		}
	}
	return nil
}

// CheckLayoutVersion refuses a change made from an old copy of the layout.
func CheckLayoutVersion(l *GardenLayout, version int64) error {
	if l.Version != version {
		return Errorf(EConflict, MsgLayoutStale)
	}
	return nil
}

// Feet formats a length in feet the way the lists print it: "20", "2.5".
func Feet(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// MsgLayoutCopyName names a layout's copy; it is written in the language of the gardener who
// copies (then it is their layout's name, never translated again).
const MsgLayoutCopyName = "Copy of %s"

// CopyName is the name of a copy: "Copy of " and the original name, cut to the name limit.
func CopyName(name string) string { return CopyNameAs(MsgLayoutCopyName, name) }

// CopyNameAs is CopyName with the format in the copier's language (MsgLayoutCopyName's
// translation), cut to the name limit.
func CopyNameAs(format, name string) string {
	out := fmt.Sprintf(format, name)
	if utf8.RuneCountInString(out) > MaxLayoutNameLength {
		r := []rune(out)
		out = strings.TrimSpace(string(r[:MaxLayoutNameLength]))
	}
	return out
}

// CopyLayout returns a new layout for ownerID with l's size, description, beds and plantings,
// named "Copy of …". Ids are cleared so that storing it makes new rows.
func CopyLayout(l *GardenLayout, ownerID int64, now time.Time) *GardenLayout {
	c := &GardenLayout{UserID: ownerID, Name: CopyName(l.Name), Description: l.Description, Width: l.Width, Height: l.Height,
		Version: 1, CreatedAt: now, UpdatedAt: now}
	for _, b := range l.Beds {
		nb := &GardenBed{Name: b.Name, X: b.X, Y: b.Y, Width: b.Width, Height: b.Height, Color: b.Color}
		for _, p := range b.Plantings {
			np := *p
			np.ID = 0
			nb.Plantings = append(nb.Plantings, &np)
		}
		c.Beds = append(c.Beds, nb)
	}
	c.BedCount = len(c.Beds)
	return c
}

// NormalizeColor accepts "" (no colour) or a hex colour #rgb or #rrggbb, and returns it in the
// lower-case six-digit form.
func NormalizeColor(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", true
	}
	if len(s) != 4 && len(s) != 7 || s[0] != '#' {
		return "", false
	}
	for _, c := range s[1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", false
		}
	}
	if len(s) == 4 {
		s = "#" + strings.Repeat(s[1:2], 2) + strings.Repeat(s[2:3], 2) + strings.Repeat(s[3:4], 2)
	}
	return s, true
}
