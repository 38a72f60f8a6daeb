package domain

import (
	"strings"
	"time"
)

// DateLayout is how calendar dates travel and are stored: yyyy-MM-dd.
const DateLayout = "2006-01-02"

// MsgInvalidDate is the spec's message for a date that does not parse.
const MsgInvalidDate = "Please enter a valid date"

// ParseDate reads a calendar date from "yyyy-MM-dd" or from an RFC 3339 timestamp, whose date is
// taken in its own offset (the offset the client wrote it in). It returns midnight UTC of that
// date, the one representation of a date in the core.
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if d, err := time.Parse(DateLayout, s); err == nil {
		return d, true
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return DateOf(t), true
	}
	return time.Time{}, false
}

// DateOf returns the calendar date of t in t's own location, as midnight UTC.
func DateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// AddDays moves a date by n calendar days.
func AddDays(date time.Time, n int) time.Time { return date.AddDate(0, 0, n) }

// ParseTimestamp reads an RFC 3339 timestamp, or a bare date as midnight UTC.
func ParseTimestamp(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true
	}
	if d, err := time.Parse(DateLayout, s); err == nil {
		return d, true
	}
	return time.Time{}, false
}
