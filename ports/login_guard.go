package ports

import (
	"context"
	"time"
)

// LoginAttemptStore reserves sign-in attempts atomically, so that parallel attempts cannot all
// read "under the limit" before any of them is counted (issue #16 item 3). Failures are kept per
// (username, client address) and read per address too.
type LoginAttemptStore interface {
	// ReserveLoginAttempt, in one transaction serialised per client address, reads the failure
	// times since since of (username, addr) and of addr (oldest first), passes them to check,
	// and when check returns nil records a failure of (username, addr) at at and returns its
	// id. The attempt counts as failed until ForgetLoginAttempt or ClearLoginAttempts removes
	// it. Codes: check's error.
	ReserveLoginAttempt(ctx context.Context, username, addr string, at, since time.Time, check func(userAtAddr, atAddr []time.Time) error) (int64, error)
	// ForgetLoginAttempt removes one reservation: the attempt was never checked (busy server,
	// client gone) or did not fail.
	ForgetLoginAttempt(ctx context.Context, id int64) error
	// ClearLoginAttempts forgets the failures of username from addr (after a successful
	// sign-in from there); failures from other addresses stay.
	ClearLoginAttempts(ctx context.Context, username, addr string) error
}
