package httpapi

import (
	"encoding/json"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// optional is a JSON field that may be absent (Set false), null (Null true) or a value, so a
// PATCH can tell "leave as is" from "clear".
type optional[T any] struct {
	Set   bool
	Null  bool
	Value T
}

// UnmarshalJSON implements json.Unmarshaler; it is called only for fields present in the body.
func (o *optional[T]) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Null = true
		return nil
	}
	return json.Unmarshal(b, &o.Value)
}

// has reports whether the field carries a value (present and not null).
func (o optional[T]) has() bool { return o.Set && !o.Null }

// ptr returns the value's address, or nil when absent or null.
func (o optional[T]) ptr() *T {
	if !o.has() {
		return nil
	}
	v := o.Value
	return &v
}

// fieldErrors collects wire-level problems (unparseable dates) before the core validates.
type fieldErrors struct{ v domain.Validation }

// timestamp parses an optional RFC 3339 timestamp field; null clears it.
func (f *fieldErrors) timestamp(field string, o optional[string]) (*time.Time, bool) {
	if !o.has() {
		return nil, o.Set
	}
	t, ok := domain.ParseTimestamp(o.Value)
	if !ok {
		f.v.Add(field, domain.DateMessage(o.Value))
		return nil, false
	}
	return &t, true
}

// date parses a calendar date field (yyyy-MM-dd or a timestamp).
func (f *fieldErrors) date(field string, s string) time.Time {
	d, ok := domain.ParseDate(s)
	if !ok {
		f.v.Add(field, domain.DateMessage(s))
	}
	return d
}

func (f *fieldErrors) err() error { return f.v.Err() }
