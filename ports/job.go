package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// JobStore keeps job schedules and the record of every run.
type JobStore interface {
	// JobSchedule returns a job's schedule. Codes: not_found.
	JobSchedule(ctx context.Context, job string) (*domain.JobSchedule, error)
	// SaveJobSchedule creates or replaces a job's schedule.
	SaveJobSchedule(ctx context.Context, s *domain.JobSchedule) error
	// ClaimJobRun records the start of a run for tick and returns it; when another process
	// already claimed this job's tick, claimed is false and nothing is recorded.
	ClaimJobRun(ctx context.Context, run *domain.JobRun, tick string) (claimed bool, err error)
	// ReportJobProgress updates a running run's progress.
	ReportJobProgress(ctx context.Context, id int64, done, total int) error
	// FinishJobRun records the end of a run (FinishedAt, Success, Counts, Message).
	FinishJobRun(ctx context.Context, run *domain.JobRun) error
	// ListJobRuns returns a job's runs, newest first, at most limit.
	ListJobRuns(ctx context.Context, job string, limit int) ([]*domain.JobRun, error)
	// FailUnfinishedJobRuns ends every unfinished run of job as failed at at with message and
	// says how many; call it only while holding the job's lock.
	FailUnfinishedJobRuns(ctx context.Context, job string, at time.Time, message string) (int, error)
}

// JobLocker keeps one run of a job at a time across every process sharing the database.
type JobLocker interface {
	// TryLock takes the lock named key without waiting; ok is false when another holder has
	// it. The returned unlock releases it.
	TryLock(ctx context.Context, key string) (unlock func(), ok bool, err error)
}

// LeaseLocker is a JobLocker whose locks may be held for as long as a process lives (the one
// MQTT consumer of an installation). TryLease is TryLock with renew, which the holder calls
// every few seconds: false means the lock may be lost (its database session ended) and another
// process may hold it now, so the holder must stop and release.
type LeaseLocker interface {
	TryLease(ctx context.Context, key string) (renew func(context.Context) bool, unlock func(), ok bool, err error)
}

// JobScheduler is the running scheduler, as the core sees it.
type JobScheduler interface {
	// NextRun is when the job runs next; ok is false when it is not scheduled.
	NextRun(job string) (next time.Time, ok bool)
	// Reschedule reads the job's schedule from storage and applies it at once.
	Reschedule(ctx context.Context, job string) error
	// RunNow runs the job immediately with the given trigger, recording the run, and returns
	// it finished. Codes: not_found (no such job), conflict (already running).
	RunNow(ctx context.Context, job, trigger string) (*domain.JobRun, error)
}
