package domain

import (
	"fmt"
	"time"
)

// LoginThrottle slows password guessing against one username: after MaxFailures failed sign-ins
// within Window, further attempts for that username are refused until the oldest counted failure
// leaves the window. It counts per username, not per address, because addresses are shared
// behind proxies and cheap to rotate.
type LoginThrottle struct {
	MaxFailures int
	Window      time.Duration
}

// DefaultLoginThrottle allows 5 failures in 15 minutes.
var DefaultLoginThrottle = LoginThrottle{MaxFailures: 5, Window: 15 * time.Minute}

// Check returns a rate-limited error when failures (the times of recent failed attempts, oldest
// first) already reach the limit at now.
func (t LoginThrottle) Check(failures []time.Time, now time.Time) error {
	recent := failures[:0:0]
	for _, f := range failures {
		if now.Sub(f) < t.Window {
			recent = append(recent, f)
		}
	}
	if t.MaxFailures <= 0 || len(recent) < t.MaxFailures {
		return nil
	}
	wait := recent[len(recent)-t.MaxFailures].Add(t.Window).Sub(now)
	minutes := int((wait + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	return &Error{
		Code:       ERateLimited,
		Message:    fmt.Sprintf("Too many failed login attempts. Please try again in %d %s.", minutes, unit),
		RetryAfter: wait,
	}
}
