package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgNoJob = "No job named %q"
)

// JobStore is what the jobs console reads and changes: schedules and runs.
type JobStore interface {
	// ports.JobStore's:
	JobSchedule(ctx context.Context, job string) (*domain.JobSchedule, error)
	ListJobRuns(ctx context.Context, job string, limit int) ([]*domain.JobRun, error)
	SaveJobSchedule(ctx context.Context, s *domain.JobSchedule) error
}

// Jobs lets admins and operators see and change job schedules, read run history and run a
// job now. The scheduler itself lives outside the core (package jobs).
type Jobs struct {
	store JobStore
	sched ports.JobScheduler
	clock ports.Clock
}

// NewJobs builds the jobs service.
func NewJobs(store JobStore, sched ports.JobScheduler, clock ports.Clock) *Jobs {
	return &Jobs{store: store, sched: sched, clock: clock}
}

// JobStatus is a job's schedule with its last and next run.
type JobStatus struct {
	Schedule domain.JobSchedule
	LastRun  *domain.JobRun
	NextRun  *time.Time
}

// Status returns a job's schedule and runs (admins only).
func (j *Jobs) Status(ctx context.Context, p *domain.Principal, job string) (*JobStatus, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	return j.StatusAsOperator(ctx, job)
}

// StatusAsOperator is Status for the command line.
func (j *Jobs) StatusAsOperator(ctx context.Context, job string) (*JobStatus, error) {
	js, err := j.store.JobSchedule(ctx, job)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, MsgNoJob, job)
		}
		return nil, err
	}
	out := &JobStatus{Schedule: *js}
	runs, err := j.store.ListJobRuns(ctx, job, 1)
	if err != nil {
		return nil, err
	}
	if len(runs) > 0 {
		out.LastRun = runs[0]
	}
	if next, ok := j.sched.NextRun(job); ok {
		out.NextRun = &next
	}
	return out, nil
}

// UpdateDaily sets a job's daily time ("HH:MM", nil keeps it) and whether it is enabled (nil
// keeps it), then applies the schedule at once (admins only).
func (j *Jobs) UpdateDaily(ctx context.Context, p *domain.Principal, job string, enabled *bool, hhmm *string) (*JobStatus, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	return j.UpdateDailyAsOperator(ctx, job, enabled, hhmm)
}

// UpdateDailyAsOperator is UpdateDaily for the command line.
func (j *Jobs) UpdateDailyAsOperator(ctx context.Context, job string, enabled *bool, hhmm *string) (*JobStatus, error) {
	js, err := j.store.JobSchedule(ctx, job)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, MsgNoJob, job)
		}
		return nil, err
	}
	if hhmm != nil {
		cron, err := domain.DailyCron(*hhmm)
		if err != nil {
			return nil, err
		}
		js.Cron = cron
	}
	if enabled != nil {
		js.Enabled = *enabled
	}
	js.UpdatedAt = j.clock.Now()
	if err := j.store.SaveJobSchedule(ctx, js); err != nil {
		return nil, err
	}
	if err := j.sched.Reschedule(ctx, job); err != nil {
		return nil, err
	}
	return j.StatusAsOperator(ctx, job)
}

// History returns a job's runs, newest first (admins only).
func (j *Jobs) History(ctx context.Context, p *domain.Principal, job string, limit int) ([]*domain.JobRun, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	return j.store.ListJobRuns(ctx, job, limit)
}

// HistoryAsOperator is History for the command line.
func (j *Jobs) HistoryAsOperator(ctx context.Context, job string, limit int) ([]*domain.JobRun, error) {
	return j.store.ListJobRuns(ctx, job, limit)
}

// RunNow runs a job at once and returns the finished run (admins only).
func (j *Jobs) RunNow(ctx context.Context, p *domain.Principal, job string) (*domain.JobRun, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	return j.sched.RunNow(ctx, job, domain.TriggerManual)
}

// RunNowAsOperator runs a job from the command line.
func (j *Jobs) RunNowAsOperator(ctx context.Context, job string) (*domain.JobRun, error) {
	return j.sched.RunNow(ctx, job, domain.TriggerCLI)
}
