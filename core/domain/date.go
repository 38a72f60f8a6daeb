package domain

import (
	"strings"
	"time"
)

// DateLayout is how calendar dates travel and are stored: yyyy-MM-dd.
const DateLayout = "2006-01-02"

// MsgInvalidDate is the spec's message for a date that does not parse.
const MsgInvalidDate = "Please enter a valid date"

// The years a date may fall in. Dates travel as JSON and as SQL values; a year past 9999 (a
// far-future date plus a schedule) cannot be written as either, so every date the core accepts
// stays well inside (issue #16 item 6).
const (
	MinDateYear = 1900
	MaxDateYear = 2200
)

// MsgDateOutOfRange answers a date that parses but lies outside MinDateYear–MaxDateYear.
const MsgDateOutOfRange = "Please enter a date between the years 1900 and 2200"

// InDateRange reports whether t's year is within MinDateYear–MaxDateYear.
func InDateRange(t time.Time) bool {
	y := t.UTC().Year()
	return y >= MinDateYear && y <= MaxDateYear
}

// DateMessage is the message for a date field that ParseDate or ParseTimestamp refused: out of
// range when it is a date at all, otherwise not a valid date.
func DateMessage(s string) string {
	s = strings.TrimSpace(s)
	if _, err := time.Parse(DateLayout, s); err == nil {
		return MsgDateOutOfRange
	}
	if _, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return MsgDateOutOfRange
	}
	return MsgInvalidDate
}

// ParseDate reads a calendar date from "yyyy-MM-dd" or from an RFC 3339 timestamp, whose date is
// taken in its own offset (the offset the client wrote it in). It returns midnight UTC of that
// date, the one representation of a date in the core. Dates outside MinDateYear–MaxDateYear are
// refused (DateMessage says why).
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if d, err := time.Parse(DateLayout, s); err == nil {
		return d, InDateRange(d)
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return DateOf(t), InDateRange(DateOf(t))
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
// Like ParseDate, it refuses instants outside MinDateYear–MaxDateYear.
func ParseTimestamp(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), InDateRange(t)
	}
	if d, err := time.Parse(DateLayout, s); err == nil {
		return d, InDateRange(d)
	}
	return time.Time{}, false
}
