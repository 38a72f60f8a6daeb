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

// MsgReminderHour answers a reminder hour outside the day.
const MsgReminderHour = "Reminder hour must be a whole hour from 0 to 23"

// ValidateReminderHour checks a gardener's reminder hour (nil: the default hour).
func ValidateReminderHour(h *int) error {
	if h != nil && (*h < 0 || *h > 23) {
		return &Error{Code: EInvalid, Message: MsgReminderHour, Fields: map[string]string{"reminderHour": MsgReminderHour}}
	}
	return nil
}

// ReminderHoursAt are the reminder hours whose reminder is due at now in loc: the local hour,
// and also the hour before it when the clocks skipped it (the spring-forward night: a gardener
// whose hour is 02:00 in a zone that jumps from 02:00 to 03:00 is reminded at 03:00, not never).
// An hour the clocks repeat (autumn) is its own hour twice; the once-key per local date keeps
// the reminder to one. day is the local date (midnight UTC, the core's dates).
func ReminderHoursAt(now time.Time, loc *time.Location) (day time.Time, hours []int) {
	local := now.In(loc)
	h := local.Hour()
	hours = []int{h}
	if prev := now.Add(-time.Hour).In(loc).Hour(); (h-prev+24)%24 == 2 {
		hours = append(hours, (h+23)%24)
	}
	return DateOf(local), hours
}
