package ports

import (
	"context"
	"time"
)

// LoginFailureStore counts failed sign-ins per username (case-insensitive), shared by every
// replica so that the throttle holds behind a load balancer.
type LoginFailureStore interface {
	// RecordLoginFailure notes one failed attempt at at.
	RecordLoginFailure(ctx context.Context, username string, at time.Time) error
	// LoginFailuresSince returns the times of failures at or after since, oldest first.
	LoginFailuresSince(ctx context.Context, username string, since time.Time) ([]time.Time, error)
	// ClearLoginFailures forgets a username's failures (after a successful sign-in).
	ClearLoginFailures(ctx context.Context, username string) error
	// DeleteLoginFailuresBefore forgets every failure older than t and says how many.
	DeleteLoginFailuresBefore(ctx context.Context, t time.Time) (int, error)
}
