package ports

import (
	"context"
	"time"
)

// WriteSlotStore reserves a user's writes atomically (issue #22): parallel writes cannot all
// read "under the limit" before any of them is counted, so N+k at once store exactly N. A slot
// is reserved before the row it stands for is written and stays when that row is deleted, so
// deleting does not give the writes back.
type WriteSlotStore interface {
	// ReserveWriteSlot, in one transaction serialised per (kind, user), reads the times of the
	// user's slots of kind at or after since (oldest first), passes them to check, and when
	// check returns nil records a slot at at and returns its id. Slots of the user and kind
	// older than since are forgotten in the same transaction. Codes: check's error.
	ReserveWriteSlot(ctx context.Context, kind string, userID int64, at, since time.Time, check func(recent []time.Time) error) (int64, error)
	// ForgetWriteSlot gives a reservation back: the write it was for did not happen.
	ForgetWriteSlot(ctx context.Context, id int64) error
}
