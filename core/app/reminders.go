package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CareReminders sends each gardener one notification a day listing what needs doing: plants
// needing water or fertilizer (spec 01 §4's derived reminders, the rule of a plant's status),
// care tasks due that day and overdue tasks.
type CareReminders struct {
	store    ports.Store
	notify   ports.NotifyStore
	notifier *Notifier
	clock    ports.Clock
	loc      *time.Location
	log      *slog.Logger
	hooks    *Webhooks
}

// WithWebhooks makes each day's reminder emit plant.needs_water for each plant due and
// task.due for each task due that day, in the reminder's transaction.
func (r *CareReminders) WithWebhooks(w *Webhooks) *CareReminders {
	r.hooks = w
	return r
}

// reminderEvents are the webhook events of the reminders stored: one per plant due for water,
// one per task due on the day.
func reminderEvents(items []ports.OnceNotification, created []bool, digests map[int64]*ports.CareDigest) []domain.WebhookEvent {
	var evs []domain.WebhookEvent
	add := func(typ string, user int64, v map[string]any) {
		payload, _ := json.Marshal(v)
		evs = append(evs, domain.WebhookEvent{Type: typ, UserIDs: []int64{user}, Payload: payload})
	}
	for i, it := range items {
		if !created[i] {
			continue
		}
		d := digests[it.Key.UserID]
		if d == nil {
			continue
		}
		for _, p := range d.Watering {
			add(domain.EventPlantNeedsWater, d.UserID, map[string]any{"plantId": p.PlantID, "plantName": p.Name,
				"dueDate": p.DueDate.Format(domain.DateLayout), "userId": d.UserID})
		}
		for _, t := range d.Today {
			add(domain.EventTaskDue, d.UserID, map[string]any{"taskId": t.ID, "plantId": t.PlantID, "plantName": t.PlantName,
				"type": t.Type, "scheduledDate": t.ScheduledDate.Format(domain.DateLayout), "userId": d.UserID})
		}
	}
	return evs
}

// NewCareReminders builds the reminder service. loc is the time zone whose calendar date is
// "today" (the server's local zone in production); nil means UTC.
func NewCareReminders(store ports.Store, notify ports.NotifyStore, notifier *Notifier, clock ports.Clock, loc *time.Location, log *slog.Logger) *CareReminders {
	if loc == nil {
		loc = time.UTC
	}
	if log == nil {
		log = slog.Default()
	}
	return &CareReminders{store: store, notify: notify, notifier: notifier, clock: clock, loc: loc, log: log}
}

// ReminderRun sums up one run.
type ReminderRun struct {
	Day time.Time
	// Users is how many active users with care reminders on were looked at.
	Users int
	// Notified got today's reminder in this run; AlreadySent got it earlier today (another
	// replica, an earlier run); NothingDue had nothing to do today; Failed could not be read or
	// stored (they are tried again by the next run today).
	Notified, AlreadySent, NothingDue, Failed int
	// Channels counts the deliveries beyond the app enqueued in the outbox, keyed
	// "<channel>_queued" (push_queued, email_queued, ntfy_queued).
	Channels map[string]int
}

// Message is the run's one-line summary.
func (r ReminderRun) Message() string {
	return fmt.Sprintf("%s: %d reminded, %d already reminded, %d with nothing due, %d failed", r.Day.Format(domain.DateLayout),
		r.Notified, r.AlreadySent, r.NothingDue, r.Failed)
}

// Run sends today's reminders. Each user's reminder is stored under a once-key for (user, day)
// in the same transaction as the notification, so a second run the same day, on this replica
// or another, sends nothing twice. Users whose care reminders are off and deactivated users are
// skipped. progress, when not nil, hears done of total users.
//
// The run is set-based: the users reminded already today are read by their once-keys, and
// every other user's due plants and tasks come aggregated per user (ids in the reminder's
// order, the few names its text shows) in a fixed number of statements; the reminders are
// stored in batches with their deliveries enqueued in the outbox in the same transaction, so
// its statements do not grow with the users (only with the batches of reminderBatch users).
// A user holding today's once-key counts as AlreadySent whatever is due now.
func (r *CareReminders) Run(ctx context.Context, progress func(done, total int)) (ReminderRun, error) {
	now := r.clock.Now()
	today := domain.DateOf(now.In(r.loc))
	out := ReminderRun{Day: today, Channels: map[string]int{}}
	users, err := r.store.ListUsers(ctx, ports.UserFilter{})
	if err != nil {
		return out, err
	}
	var wanted []*domain.User
	for _, u := range users {
		if u.IsActive && u.NotificationPrefs.CareReminders {
			wanted = append(wanted, u)
		}
	}
	out.Users = len(wanted)
	if len(wanted) == 0 {
		return out, nil
	}
	digests, reminded, err := r.store.CareDigests(ctx, today, domain.KindCareReminder, domain.MaxReminderNames)
	if err != nil {
		return out, err
	}
	sent := make(map[int64]bool, len(reminded))
	for _, id := range reminded {
		sent[id] = true
	}
	for start := 0; start < len(wanted); start += reminderBatch {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		batch := wanted[start:min(start+reminderBatch, len(wanted))]
		var items []ports.OnceNotification
		var owners []*domain.User
		for _, u := range batch {
			if sent[u.ID] {
				out.AlreadySent++
				continue
			}
			var n *domain.Notification
			if d := digests[u.ID]; d != nil {
				n = domain.CareReminderNotification(u, today, d.Watering, d.Fertilizing, d.Today, d.Overdue)
			}
			if n == nil {
				out.NothingDue++
				continue
			}
			n.CreatedAt = now
			if err := domain.ValidateNotification(n); err != nil {
				r.log.Error("care reminders: the reminder does not validate", "user", u.ID, "err", err)
				out.Failed++
				continue
			}
			items = append(items, ports.OnceNotification{Notification: n, Key: domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: today}})
			owners = append(owners, u)
		}
		var created []bool
		if len(items) > 0 {
			var queued map[string]int
			err = r.hooks.Tx(ctx, func(ctx context.Context) error {
				var err error
				if created, queued, err = r.notifier.SendOnce(ctx, items, owners); err != nil || r.hooks == nil {
					return err
				}
				return r.hooks.EmitAll(ctx, reminderEvents(items, created, digests))
			})
			if err != nil {
				r.log.Error("care reminders: storing the reminders failed", "users", len(items), "err", err)
				out.Failed += len(items)
				created = nil
			}
			for ch, n := range queued {
				out.Channels[ch+"_queued"] += n
			}
		}
		for i := range created {
			if created[i] {
				out.Notified++
			} else {
				out.AlreadySent++
			}
		}
		if progress != nil {
			progress(start+len(batch), len(wanted))
		}
	}
	r.log.Info("care reminders sent", "day", today.Format(domain.DateLayout), "reminded", out.Notified, "already", out.AlreadySent,
		"nothingDue", out.NothingDue, "failed", out.Failed)
	return out, nil
}

// reminderBatch is how many users' reminders are stored and delivered together.
const reminderBatch = 500
