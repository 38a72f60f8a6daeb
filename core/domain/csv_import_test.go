package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func TestParseCSVDate(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		in, locale string
		want       time.Time
		ok         bool
	}{
		{"2026-03-28", "de-DE", day(2026, 3, 28), true},
		{"2026-03-28 08:15:00", "en-US", day(2026, 3, 28), true},
		{"3/28/2026", "en-US", day(2026, 3, 28), true},
		{"28/03/2026", "en-GB", day(2026, 3, 28), true},
		{"28.03.2026", "de-DE", day(2026, 3, 28), true},
		{"05.04.26", "de-DE", day(2026, 4, 5), true},
		{"28/03/2026", "en-US", time.Time{}, false},
		{"31.02.2026", "de-DE", time.Time{}, false},
		{"soon", "en-US", time.Time{}, false},
	} {
		got, ok := domain.ParseCSVDate(c.in, c.locale)
		if ok != c.ok || !got.Equal(c.want) {
			t.Errorf("ParseCSVDate(%q, %q) = %v %v, want %v %v", c.in, c.locale, got, ok, c.want, c.ok)
		}
	}
}

func TestGuessCSVMapping(t *testing.T) {
	t.Parallel()
	got := domain.GuessCSVMapping(domain.CSVPlants, []string{"Plant Name", "Scientific name", "Room", "Last watered", "Water every (days)", "Comments", "Pot size"})
	want := map[string]int{"name": 0, "species": 1, "location": 2, "lastWatered": 3, "waterFrequency": 4, "notes": 5}
	for f, i := range want {
		if got[f] != i {
			t.Errorf("%s → %d, want %d (%v)", f, got[f], i, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("an unknown header was guessed: %v", got)
	}
}
