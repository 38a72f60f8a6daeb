package sqlstore

import (
	"database/sql/driver"
	"fmt"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// dbDate stores a calendar date: TEXT yyyy-MM-dd in SQLite (which sorts and compares as
// dates), DATE in PostgreSQL (which accepts and returns the same text).
type dbDate struct{ time.Time }

// Value implements driver.Valuer.
func (d dbDate) Value() (driver.Value, error) { return d.Time.Format(domain.DateLayout), nil }

// Scan implements sql.Scanner.
func (d *dbDate) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		d.Time = domain.DateOf(v)
		return nil
	case string:
		return d.parse(v)
	case []byte:
		return d.parse(string(v))
	}
	return fmt.Errorf("dbDate: cannot scan %T", src)
}

func (d *dbDate) parse(s string) error {
	t, ok := domain.ParseDate(s)
	if !ok {
		if len(s) >= 10 {
			t, ok = domain.ParseDate(s[:10])
		}
		if !ok {
			return fmt.Errorf("dbDate: bad date %q", s)
		}
	}
	d.Time = t
	return nil
}
