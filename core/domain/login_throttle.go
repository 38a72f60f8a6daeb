package domain

import (
	"fmt"
	"time"
)

// LoginThrottle slows password guessing: after MaxFailures failed sign-ins for one username from
// one client address within Window, further attempts for that username from that address are
// refused until the oldest counted failure leaves the window; after MaxAddressFailures failures
// from one address (any usernames), every attempt from it is. Counting per (username, address)
// rather than per username means a stranger elsewhere cannot lock the owner out (issue #16).
type LoginThrottle struct {
	MaxFailures        int
	MaxAddressFailures int
	Window             time.Duration
}

// DefaultLoginThrottle allows 5 failures per username and address, and 50 per address, in 15
// minutes.
var DefaultLoginThrottle = LoginThrottle{MaxFailures: 5, MaxAddressFailures: 50, Window: 15 * time.Minute}

// CheckAttempt applies both limits: failures of this username from this address, and failures
// from this address.
func (t LoginThrottle) CheckAttempt(userAtAddr, atAddr []time.Time, now time.Time) error {
	if err := t.Check(userAtAddr, now); err != nil {
		return err
	}
	if t.MaxAddressFailures <= 0 {
		return nil
	}
	return LoginThrottle{MaxFailures: t.MaxAddressFailures, Window: t.Window}.Check(atAddr, now)
}

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
