package jobs

import (
	"context"
	"fmt"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// CatalogueImportJob is the nightly seed-store import (daily at 01:30 by default).
type CatalogueImportJob struct {
	Import *app.CatalogueImport
	// Configured says whether a store is set up; without one the schedule starts disabled.
	Configured bool
}

// CatalogueImportName is the import job's name.
const CatalogueImportName = "catalogue-import"

// Name implements Job.
func (CatalogueImportJob) Name() string { return CatalogueImportName }

// DefaultSchedule implements Job.
func (j CatalogueImportJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("01:30")
	return domain.JobSchedule{Enabled: j.Configured, Cron: cron}
}

// Run implements Job.
func (j CatalogueImportJob) Run(ctx context.Context, progress func(done, total int)) (Result, error) {
	// Both phases report: reading the store (products found so far), then saving them.
	res, err := j.Import.Run(ctx, func(p app.ImportProgress) { progress(p.Done, p.Total) })
	if err != nil {
		return Result{}, err
	}
	out := Result{
		Counts: map[string]int{"added": res.Added, "updated": res.Updated, "unchanged": res.Unchanged, "skipped": res.Skipped, "failed": res.Failed},
		Message: fmt.Sprintf(MsgCatalogueImportRun,
			res.Added, res.Updated, res.Unchanged, res.Skipped, res.Failed),
	}
	for _, d := range res.Details {
		out.Details = append(out.Details, domain.JobDetail{Name: d.Name, Status: d.Status, Message: d.Message})
	}
	return out, nil
}

// MsgCatalogueImportRun is a catalogue import's run message, which the plant database's admins
// read (in their language: the HTTP adapter translates it).
const MsgCatalogueImportRun = "%d added, %d updated, %d unchanged, %d skipped, %d failed"

// SessionCleanupJob deletes ended sessions and stale failed sign-ins (daily at 03:15).
type SessionCleanupJob struct{ Accounts *app.Accounts }

// Name implements Job.
func (SessionCleanupJob) Name() string { return "session-cleanup" }

// DefaultSchedule implements Job.
func (SessionCleanupJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("03:15")
	return domain.JobSchedule{Enabled: true, Cron: cron}
}

// Run implements Job.
func (j SessionCleanupJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	sessions, failures, err := j.Accounts.CleanupSessions(ctx)
	if err != nil {
		return Result{}, err
	}
	return Result{Counts: map[string]int{"sessions": sessions, "loginFailures": failures},
		Message: fmt.Sprintf("%d ended sessions and %d old failed sign-ins deleted", sessions, failures)}, nil
}

// ForumCleanupJob deletes the forum's stale visitor view keys and notification claims (daily at
// 03:40).
type ForumCleanupJob struct{ Forum *app.Forum }

// Name implements Job.
func (ForumCleanupJob) Name() string { return "forum-cleanup" }

// DefaultSchedule implements Job.
func (ForumCleanupJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("03:40")
	return domain.JobSchedule{Enabled: true, Cron: cron}
}

// Run implements Job.
func (j ForumCleanupJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	views, claims, err := j.Forum.Prune(ctx)
	if err != nil {
		return Result{}, err
	}
	return Result{Counts: map[string]int{"visitorViews": views, "claims": claims},
		Message: fmt.Sprintf("%d visitor view records and %d notification claims deleted", views, claims)}, nil
}
