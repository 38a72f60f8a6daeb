package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CoalesceWindow is how long one notification about a subject (a forum topic, a listing
// conversation, a question) holds back the next of its kind to the same user.
const CoalesceWindow = time.Hour

// Notifier is the only way to notify. It stores a notification for the bell and enqueues its
// push, e-mail and ntfy deliveries in the outbox, in the transaction of the change that causes
// them (Tx), so a change committed is a delivery accepted, and a change rolled back notifies
// nobody. The dispatcher makes the deliveries; the Notifier nudges it after each commit.
type Notifier struct {
	users      ports.UserStore
	notify     ports.NotifyStore
	dispatcher *Dispatcher
	clock      ports.Clock
	log        *slog.Logger
}

// NewNotifier builds the Notifier over the store and the dispatcher it nudges.
func NewNotifier(users ports.UserStore, notify ports.NotifyStore, dispatcher *Dispatcher, clock ports.Clock, log *slog.Logger) *Notifier {
	if log == nil {
		log = slog.Default()
	}
	return &Notifier{users: users, notify: notify, dispatcher: dispatcher, clock: clock, log: log}
}

// Note is one notification to one user: Notification.TargetID's.
type Note struct {
	Notification *domain.Notification
	// Coalesce, when set, names the subject ("listing:12:34"): the note is dropped when its user
	// had a notification of its kind about the subject within CoalesceWindow.
	Coalesce string
	// Keep, when set, may veto the recipient (a topic they may not see).
	Keep func(*domain.User) bool
}

// Tx runs fn in one transaction: the change and every note fn sends through the Notifier
// commit together. The dispatcher is nudged once it has committed.
func (x *Notifier) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	if x == nil {
		return fn(ctx)
	}
	if err := x.notify.InTx(ctx, fn); err != nil {
		return err
	}
	x.dispatcher.Nudge()
	return nil
}

// Send stores the notes for active recipients, less those coalesced or vetoed, and enqueues
// their deliveries, in ctx's transaction (Tx) or one of its own, in a constant number of
// statements whatever their number (up to a few hundred): the recipients, the coalescing
// windows, the notifications, the channel settings and the deliveries, one statement each. It
// returns the notes stored.
func (x *Notifier) Send(ctx context.Context, notes []Note) ([]Note, error) {
	if x == nil || len(notes) == 0 {
		return nil, nil
	}
	var stored []Note
	err := x.notify.InTx(ctx, func(ctx context.Context) error {
		now := x.clock.Now()
		var ids []int64
		seen := map[int64]bool{}
		for _, nt := range notes {
			if id := idOrZero(nt.Notification.TargetID); !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		users, err := x.users.ListUsers(ctx, ports.UserFilter{IDs: ids})
		if err != nil {
			return err
		}
		byID := make(map[int64]*domain.User, len(users))
		for _, u := range users {
			byID[u.ID] = u
		}
		var kept []Note
		var keys []domain.NotifyClaim
		for _, nt := range notes {
			n := nt.Notification
			u := byID[idOrZero(n.TargetID)]
			if u == nil || !u.IsActive || n.TargetType != domain.TargetUser || (nt.Keep != nil && !nt.Keep(u)) {
				continue
			}
			n.CreatedAt = now
			if err := domain.ValidateNotification(n); err != nil {
				x.log.Error("notification does not validate", "kind", n.Kind, "err", err)
				continue
			}
			kept = append(kept, nt)
			if nt.Coalesce != "" {
				keys = append(keys, domain.NotifyClaim{UserID: u.ID, Kind: n.Kind, Subject: nt.Coalesce})
			}
		}
		if len(keys) > 0 {
			taken, err := x.notify.ClaimNotifyWindows(ctx, keys, now, CoalesceWindow)
			if err != nil {
				return err
			}
			k := 0
			for _, nt := range kept {
				if nt.Coalesce == "" {
					stored = append(stored, nt)
					continue
				}
				if taken[k] {
					stored = append(stored, nt)
				}
				k++
			}
		} else {
			stored = kept
		}
		if len(stored) == 0 {
			return nil
		}
		ns := make([]*domain.Notification, len(stored))
		recipients := make([]*domain.User, len(stored))
		for i, nt := range stored {
			ns[i], recipients[i] = nt.Notification, byID[idOrZero(nt.Notification.TargetID)]
		}
		if err := x.notify.CreateNotifications(ctx, ns); err != nil {
			return err
		}
		return x.enqueue(ctx, ns, recipients, now, "")
	})
	if err != nil {
		return nil, err
	}
	x.dispatcher.Nudge()
	return stored, nil
}

// enqueue writes the deliveries of ns[i] to recipients[i] on the channels each recipient
// wants, with the settings read in one statement; claimer, when set, enqueues them leased to
// the dispatcher (delivered while the caller waits).
func (x *Notifier) enqueue(ctx context.Context, ns []*domain.Notification, recipients []*domain.User, now time.Time, claimer string) error {
	_, err := x.enqueueRows(ctx, ns, recipients, now, claimer)
	return err
}

func (x *Notifier) enqueueRows(ctx context.Context, ns []*domain.Notification, recipients []*domain.User, now time.Time, claimer string) ([]*domain.OutboxDelivery, error) {
	ids := make([]int64, 0, len(recipients))
	seen := map[int64]bool{}
	for _, u := range recipients {
		if !seen[u.ID] {
			seen[u.ID] = true
			ids = append(ids, u.ID)
		}
	}
	settings, err := x.notify.NotificationChannelsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	var rows []*domain.OutboxDelivery
	for i, n := range ns {
		u := recipients[i]
		wanted, _ := Channels(u, settings[u.ID])
		for _, ch := range wanted {
			r := &domain.OutboxDelivery{Channel: ch, UserID: u.ID, NotificationID: n.ID, CreatedAt: now, NextAttemptAt: now}
			if claimer != "" {
				until := now.Add(x.dispatcher.cfg.Lease)
				r.ClaimedBy, r.ClaimedUntil, r.Attempts = claimer, &until, 1
			}
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return rows, x.notify.EnqueueDeliveries(ctx, rows)
}

// Broadcast stores a notification for a site or everyone (or one user) and enqueues a delivery
// to each active recipient's channels, in one transaction. It returns how many users it
// reaches.
func (x *Notifier) Broadcast(ctx context.Context, n *domain.Notification) (int, error) {
	var reached int
	err := x.Tx(ctx, func(ctx context.Context) error {
		if err := x.notify.CreateNotification(ctx, n); err != nil {
			return err
		}
		recipients, err := x.notify.NotificationRecipients(ctx, n)
		if err != nil {
			return err
		}
		reached = len(recipients)
		ns := make([]*domain.Notification, len(recipients))
		for i := range recipients {
			ns[i] = n
		}
		return x.enqueue(ctx, ns, recipients, x.clock.Now(), "")
	})
	return reached, err
}

// SendOnce stores each item's notification unless its once-key is taken, and enqueues the
// deliveries of those stored to owners[i], in one transaction (the daily care reminder).
// created[i] tells whether items[i] was stored; queued counts the deliveries enqueued per
// channel.
func (x *Notifier) SendOnce(ctx context.Context, items []ports.OnceNotification, owners []*domain.User) (created []bool, queued map[string]int, err error) {
	queued = map[string]int{}
	err = x.Tx(ctx, func(ctx context.Context) error {
		var err error
		if created, err = x.notify.CreateNotificationsOnce(ctx, items); err != nil {
			return err
		}
		var ns []*domain.Notification
		var to []*domain.User
		for i := range created {
			if created[i] {
				ns, to = append(ns, items[i].Notification), append(to, owners[i])
			}
		}
		rows, err := x.enqueueRows(ctx, ns, to, x.clock.Now(), "")
		for _, r := range rows {
			queued[r.Channel]++
		}
		return err
	})
	return created, queued, err
}

// SendNow stores n for u and makes its deliveries while the caller waits (a test notification),
// through the outbox and under the dispatcher's bounds like any other, and reports what each
// channel did. A delivery that fails for a reason that may pass is retried later as usual.
func (x *Notifier) SendNow(ctx context.Context, u *domain.User, n *domain.Notification) (DeliveryReport, error) {
	report := DeliveryReport{}
	var rows []*domain.OutboxDelivery
	var skipped map[string]string
	err := x.notify.InTx(ctx, func(ctx context.Context) error {
		if err := x.notify.CreateNotification(ctx, n); err != nil {
			return err
		}
		settings, err := x.notify.NotificationChannelsOf(ctx, []int64{u.ID})
		if err != nil {
			return err
		}
		_, skipped = Channels(u, settings[u.ID])
		rows, err = x.enqueueRows(ctx, []*domain.Notification{n}, []*domain.User{u}, x.clock.Now(), x.dispatcher.cfg.ID)
		return err
	})
	if err != nil {
		return report, err
	}
	report.InApp = true
	done, err := x.dispatcher.deliverNow(ctx, rows)
	if err != nil {
		x.log.Warn("test notification: not every channel finished before the request ended", "err", err)
	}
	for ch, dst := range map[string]*ChannelReport{ChannelPush: &report.Push, ChannelEmail: &report.Email, ChannelNtfy: &report.Ntfy} {
		if why, ok := skipped[ch]; ok {
			*dst = ChannelReport{Status: DeliverySkipped, Reason: why}
		} else if r, ok := done[ch]; ok {
			*dst = r
		} else {
			*dst = ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: MsgDeliveryNotFinished, Retry: true}
		}
	}
	return report, nil
}
