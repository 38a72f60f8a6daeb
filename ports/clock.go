package ports

import "time"

// Clock tells the time. The core never calls time.Now itself, so tests can fix the clock.
type Clock interface {
	Now() time.Time
}
