package domain

import (
	"strings"
	"sync"
	"time"
)

// The gardener's own day (issue #24 item 6): "today", "due" and "overdue" are the calendar
// date in the gardener's time zone, not the server's.

// MsgTimeZone answers a time zone that is not an IANA name.
const MsgTimeZone = "Time zone must be an IANA name such as Europe/Paris"

// MaxTimeZoneLength bounds a zone name (the longest IANA names are about 30 characters).
const MaxTimeZoneLength = 64

var zones sync.Map // name → *time.Location, so a request does not read the zone file again

// Location returns the zone named name, UTC for "" or a name that is not a zone.
func Location(name string) *time.Location {
	if name == "" {
		return time.UTC
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := loadZone(name)
	if err != nil {
		return time.UTC
	}
	zones.Store(name, loc)
	return loc
}

func loadZone(name string) (*time.Location, error) {
	// LoadLocation also takes "Local" and relative file paths; only IANA names are zones here.
	if name == "Local" || len(name) > MaxTimeZoneLength || strings.Contains(name, "..") || strings.HasPrefix(name, "/") {
		return nil, Errorf(EInvalid, MsgTimeZone)
	}
	return time.LoadLocation(name)
}

// ValidateTimeZone checks that name is an IANA zone name ("UTC" included).
func ValidateTimeZone(name string) error {
	if name == "" {
		return &Error{Code: EInvalid, Message: MsgTimeZone, Fields: map[string]string{"timeZone": MsgTimeZone}}
	}
	if _, err := loadZone(name); err != nil {
		return &Error{Code: EInvalid, Message: MsgTimeZone, Fields: map[string]string{"timeZone": MsgTimeZone}}
	}
	return nil
}

// TodayIn is the calendar date (midnight UTC, the core's dates) of now in the zone named zone.
func TodayIn(now time.Time, zone string) time.Time {
	return DateOf(now.In(Location(zone)))
}
