package sqlstore

import (
	"database/sql/driver"
	"fmt"
	"strings"
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
	// Stored dates are read whatever their year: the range is checked on input, and a row
	// written before the check must still load.
	s = strings.TrimSpace(s)
	if len(s) >= 10 {
		if t, err := time.Parse(domain.DateLayout, s[:10]); err == nil {
			d.Time = t
			return nil
		}
	}
	return fmt.Errorf("dbDate: bad date %q", s)
}

// nullDate scans a date that may be NULL (a min() over no rows).
type nullDate struct {
	d     dbDate
	valid bool
}

// Scan implements sql.Scanner.
func (n *nullDate) Scan(src any) error {
	if src == nil {
		n.valid = false
		return nil
	}
	n.valid = true
	return n.d.Scan(src)
}

func (n nullDate) ptr() *time.Time {
	if !n.valid {
		return nil
	}
	t := n.d.Time
	return &t
}
