package domain_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// FuzzParseDate: whatever a client sends as a date, an accepted one lies in the allowed years,
// can be encoded as JSON (the far-future date that emptied the plant list could not), survives
// a year of schedule arithmetic, and a refused one has one of the two messages.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-06-01", "2026-06-01T10:00:00+02:00", "9999-12-31T23:59:59Z", "0000-01-01", "1900-01-01",
		"2200-12-31T23:59:59.999999999-23:59", "2026-02-30", " 2026-06-01 ", "", "x", "2026-06-01T24:00:00Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, parse := range map[string]func(string) (time.Time, bool){"ParseDate": domain.ParseDate, "ParseTimestamp": domain.ParseTimestamp} {
			d, ok := parse(s)
			if !ok {
				if m := domain.DateMessage(s); m != domain.MsgInvalidDate && m != domain.MsgDateOutOfRange {
					t.Fatalf("%s(%q) refused with message %q", name, s, m)
				}
				continue
			}
			if !domain.InDateRange(d) {
				t.Fatalf("%s(%q) = %v, outside the allowed years", name, s, d)
			}
			if _, err := json.Marshal(domain.AddDays(d, 366)); err != nil {
				t.Fatalf("%s(%q) = %v cannot be encoded a year on: %v", name, s, d, err)
			}
		}
	})
}
