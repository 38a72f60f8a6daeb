package jobs

import (
	"context"
	"fmt"
	"strconv"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// CareRemindersName is the care reminder job's name.
const CareRemindersName = "care-reminders"

// DefaultCareReminderTime is when care reminders go out unless configured otherwise: 08:00 in
// each gardener's own time zone.
const DefaultCareReminderTime = "08:00"

// CareRemindersJob sends each gardener with care reminders on one notification a day listing
// the plants needing water or fertilizer and the care tasks due. It runs every hour (at the
// minute of Time) and reminds the gardeners whose reminder hour (theirs, or the hour of Time)
// it is in their own time zone. Each user's reminder is recorded under a once-key for their
// local date, so a re-run or another replica never sends it twice.
type CareRemindersJob struct {
	Reminders *app.CareReminders
	// Time is "HH:MM" (DefaultCareReminderTime when empty or bad): HH is the default local
	// hour (given to the service with AtHour; see ReminderHour), MM the minute of every hour the
	// job runs at. Once stored, the schedule is changed through the jobs service.
	Time string
}

// reminderTime is t when it is a valid "HH:MM", else the default.
func reminderTime(t string) string {
	if _, err := domain.DailyCron(t); err != nil {
		return DefaultCareReminderTime
	}
	return t
}

// ReminderHour is the hour of an "HH:MM" reminder time (the default's for a bad one): the
// local hour of the gardeners who chose none.
func ReminderHour(t string) int {
	h, _ := strconv.Atoi(reminderTime(t)[:2])
	return h
}

// Name implements Job.
func (CareRemindersJob) Name() string { return CareRemindersName }

// DefaultSchedule implements Job: every hour at Time's minute.
func (j CareRemindersJob) DefaultSchedule() domain.JobSchedule {
	m, _ := strconv.Atoi(reminderTime(j.Time)[3:])
	return domain.JobSchedule{Enabled: true, Cron: fmt.Sprintf("0 %d * * * *", m)}
}

// Run implements Job.
func (j CareRemindersJob) Run(ctx context.Context, progress func(done, total int)) (Result, error) {
	run, err := j.Reminders.Run(ctx, progress)
	if err != nil {
		return Result{}, err
	}
	counts := map[string]int{"users": run.Users, "reminded": run.Notified, "alreadyReminded": run.AlreadySent,
		"nothingDue": run.NothingDue, "failed": run.Failed}
	for k, v := range run.Channels {
		counts[k] = v
	}
	return Result{Counts: counts, Message: run.Message()}, nil
}

// NotificationCleanupName is the notification cleanup job's name.
const NotificationCleanupName = "notification-cleanup"

// NotificationCleanupJob deletes notifications past the retention, notifications of deleted
// users and sites, and old once-keys (daily at 03:45).
type NotificationCleanupJob struct{ Notifications *app.Notifications }

// Name implements Job.
func (NotificationCleanupJob) Name() string { return NotificationCleanupName }

// DefaultSchedule implements Job.
func (NotificationCleanupJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("03:45")
	return domain.JobSchedule{Enabled: true, Cron: cron}
}

// Run implements Job.
func (j NotificationCleanupJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	n, err := j.Notifications.Prune(ctx)
	if err != nil {
		return Result{}, err
	}
	return Result{Counts: map[string]int{"notifications": n}, Message: fmt.Sprintf("%d old notifications deleted", n)}, nil
}
