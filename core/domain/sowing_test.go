package domain_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// sowNow is the pinned "today" of the sowing tests: a Wednesday.
var sowNow = time.Date(2026, time.March, 18, 9, 30, 0, 0, time.UTC)

func md(m time.Month, d int) domain.MonthDay { return domain.MonthDay{Month: m, Day: d} }

func TestParseMonthDay(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{"04-15": true, "02-29": true, "12-31": true, "02-30": false, "13-01": false, "4-15": false, "04/15": false, "": false, "00-10": false} {
		got, ok := domain.ParseMonthDay(in)
		if ok != want {
			t.Errorf("ParseMonthDay(%q) ok = %v, want %v", in, ok, want)
		}
		if ok && got.String() != in {
			t.Errorf("ParseMonthDay(%q).String() = %q", in, got)
		}
	}
	if got := md(time.February, 29).In(2027); got.Day() != 28 {
		t.Errorf("Feb 29 in a common year = %v, want Feb 28", got)
	}
}

func TestEstimateFrostDates(t *testing.T) {
	t.Parallel()
	year := sowNow.Year()
	cases := []struct {
		name               string
		lat                float64
		ok                 bool
		springMonth        time.Month
		autumnMonth        time.Month
		springLo, springHi int // day-of-month bounds of the spring frost, loose: an estimate
	}{
		{"London", 51.5, true, time.May, time.September, 1, 31},
		{"Madrid", 40.4, true, time.April, time.October, 1, 30},
		{"Oslo", 59.9, true, time.June, time.September, 1, 30},
		{"Melbourne (south)", -37.8, true, time.October, time.April, 1, 31},
		{"Christchurch (south)", -43.5, true, time.October, time.April, 1, 31},
		{"Singapore: no frost", 1.3, false, 0, 0, 0, 0},
		{"not a latitude", 123, false, 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, ok := domain.EstimateFrostDates(c.lat, year)
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v", ok, c.ok)
			}
			if !ok {
				return
			}
			if f.LastSpring.Month != c.springMonth || f.FirstAutumn.Month != c.autumnMonth {
				t.Errorf("got %v / %v, want last spring frost in %v and first autumn frost in %v", f.LastSpring, f.FirstAutumn, c.springMonth, c.autumnMonth)
			}
			if f.Southern() != (c.lat < 0) {
				t.Errorf("Southern() = %v for latitude %v", f.Southern(), c.lat)
			}
		})
	}
	// Further from the equator the frost season is longer on both sides.
	near, _ := domain.EstimateFrostDates(38, year)
	far, _ := domain.EstimateFrostDates(55, year)
	if !far.LastSpring.In(year).After(near.LastSpring.In(year)) || !far.FirstAutumn.In(year).Before(near.FirstAutumn.In(year)) {
		t.Errorf("55°N %v–%v should be shorter than 38°N %v–%v", far.LastSpring, far.FirstAutumn, near.LastSpring, near.FirstAutumn)
	}
	// The southern estimate is the northern one six months on.
	n, _ := domain.EstimateFrostDates(45, year)
	s, _ := domain.EstimateFrostDates(-45, year)
	if d := s.LastSpring.In(year).Sub(n.LastSpring.In(year)).Hours() / 24; d < 180 || d > 186 {
		t.Errorf("south %v is not six months after north %v", s.LastSpring, n.LastSpring)
	}
}

func TestSowingWindow_OpenIn(t *testing.T) {
	t.Parallel()
	north := domain.SowingPlace{Frost: &domain.FrostDates{LastSpring: md(time.May, 10), FirstAutumn: md(time.October, 1)}}
	south := domain.SowingPlace{Frost: &domain.FrostDates{LastSpring: md(time.October, 15), FirstAutumn: md(time.April, 10)}, Southern: true}
	unknown := domain.SowingPlace{}
	weeks := func(from, to int) domain.SowingWindow {
		return domain.SowingWindow{Unit: domain.WindowWeeks, From: from, To: to}
	}
	months := func(from, to int) domain.SowingWindow {
		return domain.SowingWindow{Unit: domain.WindowMonths, From: from, To: to}
	}
	cases := []struct {
		name  string
		w     domain.SowingWindow
		place domain.SowingPlace
		day   time.Time
		open  bool
	}{
		// Last frost May 10: 8–6 weeks before is March 15 – March 29.
		{"indoors 6-8 weeks before frost, this week", weeks(-8, -6), north, sowNow, true},
		{"indoors 6-8 weeks before frost, a month on", weeks(-8, -6), north, sowNow.AddDate(0, 0, 28), false},
		{"after last frost, not yet", weeks(0, 4), north, sowNow, false},
		{"after last frost, in May", weeks(0, 4), north, sowNow.AddDate(0, 2, 0), true},
		{"weeks without frost dates", weeks(-8, -6), unknown, sowNow, false},
		{"March to May in the north", months(3, 5), north, sowNow, true},
		{"March to May read as September to November in the south", months(3, 5), south, sowNow, false},
		{"south in September", months(3, 5), south, sowNow.AddDate(0, 6, 0), true},
		// Last frost October 15 in the south: 8–6 weeks before is August 20 – September 3.
		{"south indoors before its spring frost", weeks(-8, -6), south, time.Date(2026, time.August, 26, 0, 0, 0, 0, time.UTC), true},
		{"a window over the new year", months(11, 2), north, time.Date(2027, time.January, 6, 0, 0, 0, 0, time.UTC), true},
		{"a window over the new year, in summer", months(11, 2), north, sowNow.AddDate(0, 3, 0), false},
		{"a week straddling two months", months(4, 4), north, time.Date(2026, time.March, 31, 0, 0, 0, 0, time.UTC), true},
		{"no window", domain.SowingWindow{}, north, sowNow, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, open := c.w.OpenIn(c.place, c.day)
			if open != c.open {
				t.Errorf("OpenIn = %v, want %v", open, c.open)
			}
			// The store's filter terms agree with the rule on one window.
			sw := domain.NewSowingWeek(c.place, c.day)
			if got := matchesWeek(c.w, sw); got != c.open {
				t.Errorf("NewSowingWeek terms say %v, want %v (%+v)", got, c.open, sw)
			}
		})
	}
	span, _ := weeks(-8, -6).OpenIn(north, sowNow)
	if span.From != time.Date(2026, time.March, 15, 0, 0, 0, 0, time.UTC) || span.To != time.Date(2026, time.March, 29, 0, 0, 0, 0, time.UTC) {
		t.Errorf("span = %v – %v", span.From, span.To)
	}
	if got := months(11, 2).MonthsIn(north, 2026); !reflect.DeepEqual(got, []int{1, 2, 11, 12}) {
		t.Errorf("MonthsIn = %v", got)
	}
	if got := months(3, 5).MonthsIn(south, 2026); !reflect.DeepEqual(got, []int{9, 10, 11}) {
		t.Errorf("MonthsIn south = %v", got)
	}
	next, ok := weeks(0, 4).Next(north, sowNow)
	if !ok || next.From != time.Date(2026, time.May, 10, 0, 0, 0, 0, time.UTC) {
		t.Errorf("Next = %v %v", next, ok)
	}
}

// matchesWeek is the store's filter written in Go: what sqlstore's WHERE clause says.
func matchesWeek(w domain.SowingWindow, sw domain.SowingWeek) bool {
	switch w.Unit {
	case domain.WindowWeeks:
		for _, d := range sw.FrostDays {
			if 7*w.From <= d[1] && 7*w.To >= d[0] {
				return true
			}
		}
	case domain.WindowMonths:
		for _, m := range sw.Months {
			if (w.From <= w.To && w.From <= m && w.To >= m) || (w.From > w.To && (w.From <= m || w.To >= m)) {
				return true
			}
		}
	}
	return false
}

func TestValidateSowing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		s     domain.Sowing
		field string
	}{
		{"ok", domain.Sowing{SowIndoors: domain.SowingWindow{Unit: domain.WindowWeeks, From: -8, To: -6}, HarvestDaysMin: 60, HarvestDaysMax: 80}, ""},
		{"weeks reversed", domain.Sowing{SowIndoors: domain.SowingWindow{Unit: domain.WindowWeeks, From: -6, To: -8}}, "sowing.sowIndoors"},
		{"weeks too far", domain.Sowing{DirectSow: domain.SowingWindow{Unit: domain.WindowWeeks, From: 0, To: 40}}, "sowing.directSow"},
		{"month 13", domain.Sowing{Transplant: domain.SowingWindow{Unit: domain.WindowMonths, From: 5, To: 13}}, "sowing.transplant"},
		{"unknown unit", domain.Sowing{Transplant: domain.SowingWindow{Unit: "days", From: 1, To: 2}}, "sowing.transplant"},
		{"harvest reversed", domain.Sowing{HarvestDaysMin: 90, HarvestDaysMax: 60}, "sowing.harvestDays"},
		{"harvest too long", domain.Sowing{HarvestDaysMin: 900}, "sowing.harvestDays"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v domain.Validation
			domain.ValidateSowing(&v, &c.s)
			err := v.Err()
			if c.field == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			e, ok := err.(*domain.Error)
			if !ok || e.Fields[c.field] == "" {
				t.Errorf("want an error on %s, got %v", c.field, err)
			}
		})
	}
}

func TestParseSowing(t *testing.T) {
	t.Parallel()
	w := func(u domain.WindowUnit, from, to int) domain.SowingWindow {
		return domain.SowingWindow{Unit: u, From: from, To: to}
	}
	W, M := domain.WindowWeeks, domain.WindowMonths
	cases := []struct {
		name string
		text string
		want domain.Sowing
	}{
		{"months indoors", "How to grow\nSow indoors February to April", domain.Sowing{SowIndoors: w(M, 2, 4)}},
		{"one month indoors", "Sow indoors in late April. Germination 7-14 days.", domain.Sowing{SowIndoors: w(M, 4, 4)}},
		{"outdoors from a month to a month", "Latin name: Petroselinum crispum\nHow to grow\nSow outdoors from March to July", domain.Sowing{DirectSow: w(M, 3, 7)}},
		{"outdoors from a month", "Sow outdoors from March", domain.Sowing{DirectSow: w(M, 3, 5)}},
		{"outdoors in May", "Sow outdoors in May. Seedlings may need thinning.", domain.Sowing{DirectSow: w(M, 5, 5)}},
		{"may the verb is no month", "Seedlings may need thinning.", domain.Sowing{}},
		{"season then plant out after frost", "Sow indoors in spring, plant out after frost", domain.Sowing{SowIndoors: w(M, 3, 5), Transplant: w(W, 0, 4)}},
		{"weeks before last frost", "Start seeds indoors 6-8 weeks before the last frost. Transplant 2 weeks after last frost. Days to maturity: 75-85.",
			domain.Sowing{SowIndoors: w(W, -8, -6), Transplant: w(W, 2, 4), HarvestDaysMin: 75, HarvestDaysMax: 85}},
		{"words for numbers", "Sow indoors six to eight weeks before your last spring frost date", domain.Sowing{SowIndoors: w(W, -8, -6)}},
		{"single week count", "Sow under glass 4 weeks before last frost", domain.Sowing{SowIndoors: w(W, -4, -2)}},
		{"direct sow after danger of frost", "Direct sow after all danger of frost has passed. Harvest in 60 days.", domain.Sowing{DirectSow: w(W, 0, 4), HarvestDaysMin: 60, HarvestDaysMax: 60}},
		{"plain sow is direct", "Sow April to June", domain.Sowing{DirectSow: w(M, 4, 6)}},
		{"after midsummer", "Sow after midsummer to avoid bolting", domain.Sowing{DirectSow: w(M, 7, 8)}},
		{"autumn sowing", "Sow in autumn for winter leaves", domain.Sowing{DirectSow: w(M, 9, 11)}},
		{"over the new year", "Sow under glass November to February", domain.Sowing{SowIndoors: w(M, 11, 2)}},
		{"abbreviated months", "Sowing: Mar-May\nHarvest: Jul-Oct", domain.Sowing{DirectSow: w(M, 3, 5)}},
		{"indoors named before transplanting", "Sow indoors 6 weeks before transplanting outside in May", domain.Sowing{SowIndoors: w(M, 5, 5)}},
		{"first timing wins", "Sow indoors in March. Sow indoors again in June for a late crop.", domain.Sowing{SowIndoors: w(M, 3, 3)}},
		{"harvest in weeks", "Quick crop, ready to harvest in 8-10 weeks.", domain.Sowing{HarvestDaysMin: 56, HarvestDaysMax: 70}},
		{"days to harvest first", "55 days to harvest. Sow direct April to July.", domain.Sowing{DirectSow: w(M, 4, 7), HarvestDaysMin: 55, HarvestDaysMax: 55}},
		{"no timing at all", "Sow thinly in drills. Sow every three weeks for a steady supply. Transplant when pencil-thick.", domain.Sowing{}},
		{"not about sowing", "A compact basil with purple leaves. Water in the morning.", domain.Sowing{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := domain.ParseSowing(c.text); got != c.want {
				t.Errorf("ParseSowing(%q)\n got %+v\nwant %+v", c.text, got, c.want)
			}
		})
	}
}
