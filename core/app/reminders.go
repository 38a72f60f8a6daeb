package app

import (
	"context"
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
	delivery *Delivery
	clock    ports.Clock
	loc      *time.Location
	log      *slog.Logger
}

// NewCareReminders builds the reminder service. loc is the time zone whose calendar date is
// "today" (the server's local zone in production); nil means UTC.
func NewCareReminders(store ports.Store, notify ports.NotifyStore, delivery *Delivery, clock ports.Clock, loc *time.Location, log *slog.Logger) *CareReminders {
	if loc == nil {
		loc = time.UTC
	}
	if log == nil {
		log = slog.Default()
	}
	return &CareReminders{store: store, notify: notify, delivery: delivery, clock: clock, loc: loc, log: log}
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
	// Channels counts deliveries beyond the app, keyed like Delivery.Stats.
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
	for i, u := range wanted {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		switch status, report := r.remind(ctx, u, today, now); status {
		case reminderSent:
			out.Notified++
			report.Counts(out.Channels)
		case reminderAlreadySent:
			out.AlreadySent++
		case reminderNothingDue:
			out.NothingDue++
		default:
			out.Failed++
		}
		if progress != nil {
			progress(i+1, len(wanted))
		}
	}
	r.log.Info("care reminders sent", "day", today.Format(domain.DateLayout), "reminded", out.Notified, "already", out.AlreadySent,
		"nothingDue", out.NothingDue, "failed", out.Failed)
	return out, nil
}

type reminderStatus int

const (
	reminderFailed reminderStatus = iota
	reminderSent
	reminderAlreadySent
	reminderNothingDue
)

func (r *CareReminders) remind(ctx context.Context, u *domain.User, today, now time.Time) (reminderStatus, DeliveryReport) {
	plants, err := r.store.ListPlants(ctx, u.ID)
	if err != nil {
		r.log.Error("care reminders: reading plants failed", "user", u.ID, "err", err)
		return reminderFailed, DeliveryReport{}
	}
	tasks, err := r.store.ListTasks(ctx, u.ID, ports.TaskFilter{From: &today, To: &today, PendingRecurring: true})
	if err != nil {
		r.log.Error("care reminders: reading tasks failed", "user", u.ID, "err", err)
		return reminderFailed, DeliveryReport{}
	}
	yesterday := domain.AddDays(today, -1)
	pending, err := r.store.ListTasks(ctx, u.ID, ports.TaskFilter{To: &yesterday, PendingOnly: true})
	if err != nil {
		r.log.Error("care reminders: reading overdue tasks failed", "user", u.ID, "err", err)
		return reminderFailed, DeliveryReport{}
	}
	overdue := domain.OverdueTasks(pending, today)
	watering, fertilizing, _ := domain.CareReminders(plants, nil, today)
	n := domain.CareReminderNotification(u, today, watering, fertilizing, domain.TasksDueOn(tasks, today), overdue)
	if n == nil {
		return reminderNothingDue, DeliveryReport{}
	}
	n.CreatedAt = now
	if err := domain.ValidateNotification(n); err != nil {
		r.log.Error("care reminders: the reminder does not validate", "user", u.ID, "err", err)
		return reminderFailed, DeliveryReport{}
	}
	created, err := r.notify.CreateNotificationOnce(ctx, n, domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: today})
	if err != nil {
		r.log.Error("care reminders: storing the reminder failed", "user", u.ID, "err", err)
		return reminderFailed, DeliveryReport{}
	}
	if !created {
		return reminderAlreadySent, DeliveryReport{}
	}
	return reminderSent, r.delivery.Deliver(ctx, u, n)
}
