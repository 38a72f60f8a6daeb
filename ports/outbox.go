package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// OutboxStore keeps the deliveries that leave the process (push, e-mail, ntfy) and the
// coalescing windows of notifications. Its writes join the transaction of InTx when given its
// context, so a change and the notifications and deliveries it causes commit together.
type OutboxStore interface {
	// InTx runs fn in one transaction, committed when fn returns nil. Every store write given
	// the context fn receives joins that transaction; reads of other methods may not see it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// ClaimNotifyWindows takes, for each key, the window of one notification at at: taken[i]
	// is false when keys[i] was taken within window before at (by anyone). One statement per
	// few hundred keys.
	ClaimNotifyWindows(ctx context.Context, keys []domain.NotifyClaim, at time.Time, window time.Duration) (taken []bool, err error)
	// EnqueueDeliveries inserts ds (pending; claimed when ClaimedBy is set) and sets their IDs,
	// in a few statements whatever their number.
	EnqueueDeliveries(ctx context.Context, ds []*domain.OutboxDelivery) error
	// ClaimDeliveries leases at most limit pending deliveries of channel that are due at now
	// (next_attempt_at passed, no live lease) to claimer until until, counting an attempt on
	// each, oldest first. Concurrent claimers never get the same row (PostgreSQL: FOR UPDATE
	// SKIP LOCKED).
	ClaimDeliveries(ctx context.Context, channel, claimer string, now, until time.Time, limit int) ([]*domain.OutboxDelivery, error)
	// DueChannels returns the channels that have deliveries ClaimDeliveries would claim at
	// now: a read, so an idle dispatcher's pass takes no write lock.
	DueChannels(ctx context.Context, now time.Time) ([]string, error)
	// FinishDelivery records an attempt's end for a delivery still leased by d.ClaimedBy:
	// its Status, Attempts, NextAttemptAt, LastError and FinishedAt, and clears the lease. A
	// delivery whose lease another claimer took over is left alone (ok false).
	FinishDelivery(ctx context.Context, d *domain.OutboxDelivery) (ok bool, err error)
	// NotificationsByID returns the notifications with these ids that still exist.
	NotificationsByID(ctx context.Context, ids []int64) (map[int64]*domain.Notification, error)
	// OutboxDepth returns, per channel with pending deliveries, how many are pending and when
	// the oldest was created.
	OutboxDepth(ctx context.Context) ([]OutboxChannelDepth, error)
	// OutboxCounts returns how many deliveries of the notification are in each status, per
	// channel: counts[channel][status].
	OutboxCounts(ctx context.Context, notificationID int64) (map[string]map[string]int, error)
	// PruneOutbox deletes finished deliveries that finished before before and coalescing
	// windows taken before before; it returns how many deliveries it deleted.
	PruneOutbox(ctx context.Context, before time.Time) (int, error)
}

// OutboxChannelDepth is the pending deliveries of one channel.
type OutboxChannelDepth struct {
	Channel string
	Pending int
	Oldest  time.Time
}
