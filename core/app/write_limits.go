package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// writeLimiter reserves a user's write of one kind before it is stored (issue #22): the store
// counts and records the slot in one serialised transaction, so parallel requests cannot all
// pass the limit. Over the limit nothing is written and the caller gets rate_limited with the
// wait until a slot frees.
type writeLimiter struct {
	slots  ports.WriteSlotStore
	clock  ports.Clock
	limits domain.WriteLimits
}

func newWriteLimiter(slots ports.WriteSlotStore, clock ports.Clock) *writeLimiter {
	return &writeLimiter{slots: slots, clock: clock, limits: domain.DefaultWriteLimits()}
}

// reserve takes one slot of kind for user id, or refuses. undo gives the slot back when the
// write then does not happen (the row's insert failed): it runs even if the client has gone.
func (w *writeLimiter) reserve(ctx context.Context, kind domain.WriteKind, userID int64) (undo func(), err error) {
	limit, ok := w.limits[kind]
	if !ok || len(limit.Windows) == 0 {
		return func() {}, nil
	}
	now := w.clock.Now()
	id, err := w.slots.ReserveWriteSlot(ctx, string(kind), userID, now, now.Add(-limit.Span()), func(recent []time.Time) error {
		return limit.Check(recent, now)
	})
	if err != nil {
		return nil, err
	}
	return func() { _ = w.slots.ForgetWriteSlot(context.WithoutCancel(ctx), id) }, nil
}
