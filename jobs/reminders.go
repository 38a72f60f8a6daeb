package jobs

import (
	"context"
	"fmt"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// CareRemindersName is the care reminder job's name.
const CareRemindersName = "care-reminders"

// DefaultCareReminderTime is when care reminders go out unless configured otherwise.
const DefaultCareReminderTime = "08:00"

// CareRemindersJob sends each gardener with care reminders on one notification a day listing
// the plants needing water or fertilizer and the care tasks due (daily at 08:00 by default).
// Each user's reminder is recorded under a once-key for the day, so a re-run or another replica
// never sends it twice.
type CareRemindersJob struct {
	Reminders *app.CareReminders
	// Time is the initial daily time, "HH:MM" (DefaultCareReminderTime when empty); once
	// stored, the schedule is changed through the jobs service, like the import's.
	Time string
}

// Name implements Job.
func (CareRemindersJob) Name() string { return CareRemindersName }

// DefaultSchedule implements Job.
func (j CareRemindersJob) DefaultSchedule() domain.JobSchedule {
	cron, err := domain.DailyCron(j.Time)
	if err != nil {
		cron, _ = domain.DailyCron(DefaultCareReminderTime)
	}
	return domain.JobSchedule{Enabled: true, Cron: cron}
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
