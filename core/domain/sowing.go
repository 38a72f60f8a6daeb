package domain

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// MonthDay is a day of the year without its year ("04-15"): a frost date.
type MonthDay struct {
	Month time.Month
	Day   int
}

// Frost date messages.
const (
	MsgInvalidMonthDay = "Please enter a month and day as MM-DD"
)

// ParseMonthDay reads "MM-DD" (February 29 included: it is February 28 in other years).
func ParseMonthDay(s string) (MonthDay, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 5 || s[2] != '-' {
		return MonthDay{}, false
	}
	m, err1 := strconv.Atoi(s[:2])
	d, err2 := strconv.Atoi(s[3:])
	md := MonthDay{Month: time.Month(m), Day: d}
	return md, err1 == nil && err2 == nil && md.Valid()
}

// Valid reports whether md names a day that exists in a leap year.
func (md MonthDay) Valid() bool {
	if md.Month < time.January || md.Month > time.December || md.Day < 1 {
		return false
	}
	return md.Day <= time.Date(2024, md.Month+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// String is "MM-DD".
func (md MonthDay) String() string { return fmt.Sprintf("%02d-%02d", int(md.Month), md.Day) }

// In returns md in year as a date (midnight UTC); February 29 is February 28 in a common year.
func (md MonthDay) In(year int) time.Time {
	d := md.Day
	if last := time.Date(year, md.Month+1, 0, 0, 0, 0, 0, time.UTC).Day(); d > last {
		d = last
	}
	return time.Date(year, md.Month, d, 0, 0, 0, 0, time.UTC)
}

// FrostDates are a garden's average last spring frost and first autumn frost.
type FrostDates struct {
	LastSpring  MonthDay
	FirstAutumn MonthDay
}

// Southern reports whether the dates are a southern hemisphere garden's: its last spring
// frost falls in the second half of the calendar year.
func (f FrostDates) Southern() bool { return f.LastSpring.Month >= time.July }

// frostTable is the average last spring and first autumn frost, as days after January 1, by
// distance from the equator in the northern hemisphere. The figures are rounded readings of
// published frost-date tables (USDA zone maps, the Met Office, Deutscher Wetterdienst) at sea
// level; altitude and coasts move them by weeks, which is why the gardener may override them.
var frostTable = []struct {
	lat               float64
	spring, autumnDay float64
}{
	{25, 31, 350},
	{30, 46, 335},
	{35, 79, 309},
	{40, 105, 293},
	{45, 121, 280},
	{50, 130, 275},
	{55, 140, 263},
	{60, 152, 248},
	{65, 162, 238},
	{70, 172, 228},
}

// FrostFreeLatitude is the distance from the equator under which a garden is taken to have no
// frost season (EstimateFrostDates answers false).
const FrostFreeLatitude = 25.0

// EstimateFrostDates estimates the average last spring and first autumn frost of a garden at
// latitude (degrees, negative south of the equator) in year, by interpolating frostTable. In
// the southern hemisphere the seasons are six months apart: the last spring frost falls around
// October, the first autumn frost around April. It answers false for a frost-free latitude
// (closer than FrostFreeLatitude to the equator) or a value that is not a latitude.
func EstimateFrostDates(latitude float64, year int) (FrostDates, bool) {
	abs := math.Abs(latitude)
	if math.IsNaN(latitude) || abs > 90 || abs < FrostFreeLatitude {
		return FrostDates{}, false
	}
	spring, autumn := frostTable[len(frostTable)-1].spring, frostTable[len(frostTable)-1].autumnDay
	for i := 1; i < len(frostTable); i++ {
		a, b := frostTable[i-1], frostTable[i]
		if abs <= b.lat {
			t := (abs - a.lat) / (b.lat - a.lat)
			spring = a.spring + t*(b.spring-a.spring)
			autumn = a.autumnDay + t*(b.autumnDay-a.autumnDay)
			break
		}
	}
	jan1 := time.Date(year, time.January, 1, 0, 0, 0, 0, time.UTC)
	shift := 0
	if latitude < 0 {
		shift = 6 // months: the same season half a year later
	}
	day := func(offset float64) MonthDay {
		t := jan1.AddDate(0, shift, int(math.Round(offset)))
		return MonthDay{Month: t.Month(), Day: t.Day()}
	}
	return FrostDates{LastSpring: day(spring), FirstAutumn: day(autumn)}, true
}

// WindowUnit says how a sowing window is stated.
type WindowUnit string

// The window units: none, weeks relative to the last spring frost, or calendar months.
const (
	WindowNone   WindowUnit = ""
	WindowWeeks  WindowUnit = "weeks"
	WindowMonths WindowUnit = "months"
)

// Bounds of a sowing window and of days to harvest.
const (
	MaxWindowWeeks  = 26
	MaxHarvestDays  = 730
	MsgWindowWeeks  = "Weeks must be between -26 and 26, the first no later than the second"
	MsgWindowMonths = "Months must be between 1 and 12"
	MsgWindowUnit   = "Unit must be weeks or months"
	MsgHarvestDays  = "Days to harvest must be between 1 and 730, the first no more than the second"
)

// SowingWindow is when a step may be done. In weeks, From and To count weeks from the last
// spring frost (negative before it: "6–8 weeks before" is -8..-6). In months, From and To are
// calendar months as a northern hemisphere seed packet states them (3..5 is March to May; From
// after To wraps over the new year); a southern hemisphere garden reads them six months later.
type SowingWindow struct {
	Unit     WindowUnit
	From, To int
}

// IsZero reports whether no window is stated.
func (w SowingWindow) IsZero() bool { return w.Unit == WindowNone }

// Sowing is what a plant database item says about when to sow: indoors, directly outside, when
// to plant out, and how long from sowing to harvest (0 when unknown).
type Sowing struct {
	SowIndoors     SowingWindow
	DirectSow      SowingWindow
	Transplant     SowingWindow
	HarvestDaysMin int
	HarvestDaysMax int
}

// IsZero reports whether nothing about sowing is known.
func (s Sowing) IsZero() bool {
	return s.SowIndoors.IsZero() && s.DirectSow.IsZero() && s.Transplant.IsZero() && s.HarvestDaysMin == 0 && s.HarvestDaysMax == 0
}

// ValidateSowing checks s, adding field errors under prefix ("sowing.sowIndoors" …). A lone
// maximum number of days is taken as the minimum too.
func ValidateSowing(v *Validation, s *Sowing) {
	for _, w := range []struct {
		field string
		w     *SowingWindow
	}{{"sowing.sowIndoors", &s.SowIndoors}, {"sowing.directSow", &s.DirectSow}, {"sowing.transplant", &s.Transplant}} {
		switch w.w.Unit {
		case WindowNone:
			w.w.From, w.w.To = 0, 0
		case WindowWeeks:
			if w.w.From < -MaxWindowWeeks || w.w.To > MaxWindowWeeks || w.w.From > w.w.To {
				v.Add(w.field, MsgWindowWeeks)
			}
		case WindowMonths:
			if w.w.From < 1 || w.w.From > 12 || w.w.To < 1 || w.w.To > 12 {
				v.Add(w.field, MsgWindowMonths)
			}
		default:
			v.Add(w.field, MsgWindowUnit)
		}
	}
	if s.HarvestDaysMin == 0 {
		s.HarvestDaysMin = s.HarvestDaysMax
	}
	if s.HarvestDaysMax == 0 {
		s.HarvestDaysMax = s.HarvestDaysMin
	}
	if s.HarvestDaysMin < 0 || s.HarvestDaysMax > MaxHarvestDays || s.HarvestDaysMin > s.HarvestDaysMax {
		v.Add("sowing.harvestDays", MsgHarvestDays)
	}
}

// SowingPlace is where a gardener sows: their frost dates when known, and the hemisphere.
type SowingPlace struct {
	Frost    *FrostDates
	Southern bool
}

// Week returns the Monday and Sunday of the ISO week holding day.
func Week(day time.Time) (monday, sunday time.Time) {
	d := DateOf(day)
	back := (int(d.Weekday()) + 6) % 7
	monday = d.AddDate(0, 0, -back)
	return monday, monday.AddDate(0, 0, 6)
}

// Span is a run of dates, both ends included (midnight UTC).
type Span struct{ From, To time.Time }

// Overlaps reports whether the spans share a day.
func (s Span) Overlaps(o Span) bool { return !s.From.After(o.To) && !o.From.After(s.To) }

// Occurrences returns the window's spans whose seasons are near day (the year before, of and
// after day), in order; none for a window in weeks when the frost dates are unknown.
func (w SowingWindow) Occurrences(place SowingPlace, day time.Time) []Span {
	var out []Span
	y := day.Year()
	switch w.Unit {
	case WindowWeeks:
		if place.Frost == nil {
			return nil
		}
		for year := y - 1; year <= y+1; year++ {
			lf := place.Frost.LastSpring.In(year)
			out = append(out, Span{lf.AddDate(0, 0, 7*w.From), lf.AddDate(0, 0, 7*w.To)})
		}
	case WindowMonths:
		from, to := w.From, w.To
		if place.Southern {
			from, to = (from+5)%12+1, (to+5)%12+1
		}
		for year := y - 1; year <= y+1; year++ {
			end := year
			if to < from {
				end++
			}
			out = append(out, Span{time.Date(year, time.Month(from), 1, 0, 0, 0, 0, time.UTC),
				time.Date(end, time.Month(to)+1, 0, 0, 0, 0, 0, time.UTC)})
		}
	}
	return out
}

// OpenIn returns the window's span that overlaps the week holding day.
func (w SowingWindow) OpenIn(place SowingPlace, day time.Time) (Span, bool) {
	mon, sun := Week(day)
	for _, s := range w.Occurrences(place, day) {
		if s.Overlaps(Span{mon, sun}) {
			return s, true
		}
	}
	return Span{}, false
}

// Next returns the window's span that holds day or starts after it, if any.
func (w SowingWindow) Next(place SowingPlace, day time.Time) (Span, bool) {
	d := DateOf(day)
	for _, s := range w.Occurrences(place, day) {
		if !s.To.Before(d) {
			return s, true
		}
	}
	return Span{}, false
}

// MonthsIn returns the calendar months (1–12) of year that the window touches, for a calendar.
func (w SowingWindow) MonthsIn(place SowingPlace, year int) []int {
	spans := w.Occurrences(place, time.Date(year, time.July, 1, 0, 0, 0, 0, time.UTC))
	var out []int
	for m := 1; m <= 12; m++ {
		month := Span{time.Date(year, time.Month(m), 1, 0, 0, 0, 0, time.UTC), time.Date(year, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC)}
		for _, s := range spans {
			if s.Overlaps(month) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// SowableIn reports whether s can be sown (indoors or directly) in the week holding day.
func (s Sowing) SowableIn(place SowingPlace, day time.Time) bool {
	_, indoors := s.SowIndoors.OpenIn(place, day)
	_, direct := s.DirectSow.OpenIn(place, day)
	return indoors || direct
}

// SowingWeek is the week a sowing list is asked for, in the terms a store can filter on: an
// item is sowable when one of its sowing windows in weeks overlaps one of FrostDays (days from
// a last spring frost to the week's Monday and Sunday), or one of its windows in months holds
// one of Months (northern hemisphere months, as windows are stored). SowableIn is the same
// rule on one item; a store test checks that they agree.
type SowingWeek struct {
	Monday, Sunday time.Time
	FrostDays      [][2]int
	Months         []int
}

// NewSowingWeek describes the week holding day for place.
func NewSowingWeek(place SowingPlace, day time.Time) SowingWeek {
	mon, sun := Week(day)
	w := SowingWeek{Monday: mon, Sunday: sun}
	if place.Frost != nil {
		reach := 7 * (MaxWindowWeeks + 1)
		for year := mon.Year() - 1; year <= mon.Year()+1; year++ {
			lf := place.Frost.LastSpring.In(year)
			a, b := daysBetween(lf, mon), daysBetween(lf, sun)
			if b >= -reach && a <= reach {
				w.FrostDays = append(w.FrostDays, [2]int{a, b})
			}
		}
	}
	for _, d := range []time.Time{mon, sun} {
		m := int(d.Month())
		if place.Southern {
			m = (m+5)%12 + 1
		}
		if len(w.Months) == 0 || w.Months[len(w.Months)-1] != m {
			w.Months = append(w.Months, m)
		}
	}
	return w
}

func daysBetween(from, to time.Time) int { return int(math.Round(to.Sub(from).Hours() / 24)) }
