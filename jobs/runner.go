package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/go-co-op/gocron/v2"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgNoJob       = "No job named %q"
	MsgBadSchedule = "Bad schedule %q for %s: %v"
	MsgJobRunning  = "The job %s is already running"
)

// Job is a job plugin.
type Job interface {
	// Name identifies the job in storage, the API and the CLI.
	Name() string
	// DefaultSchedule is used until an admin changes it.
	DefaultSchedule() domain.JobSchedule
	// Run does the work; progress may be called with done of total steps.
	Run(ctx context.Context, progress func(done, total int)) (Result, error)
}

// Result is what a run reports.
type Result struct {
	Counts  map[string]int
	Message string
	// Details are returned to the caller of a manual run and not stored.
	Details []domain.JobDetail
}

var _ ports.JobScheduler = (*Runner)(nil)

// Runner schedules and runs the registered jobs.
type Runner struct {
	store  ports.JobStore
	locker ports.JobLocker
	clock  ports.Clock
	log    *slog.Logger
	// TickPrecision is the granularity of a scheduled run's claim: one run per job per tick.
	TickPrecision time.Duration
	// OnFinish, when set, hears every run this runner finished (the metrics endpoint counts them).
	OnFinish func(domain.JobRun)

	sched gocron.Scheduler
	mu    sync.Mutex
	jobs  map[string]*entry

	workers    []Worker
	stopWork   context.CancelFunc
	workerDone sync.WaitGroup
}

// Worker is a job plugin that runs for as long as the runner does instead of on a schedule
// (the outbox dispatcher, which claims its own work every few seconds and takes its own locks).
// Run returns once ctx has ended and its work in flight is finished or handed back.
type Worker interface {
	Name() string
	Run(ctx context.Context)
}

// AddWorker adds a worker; Start starts it and Shutdown stops it.
func (r *Runner) AddWorker(w Worker) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.workers = append(r.workers, w)
}

type entry struct {
	job      Job
	schedule domain.JobSchedule
	handle   gocron.Job // nil when not scheduled
}

// NewRunner builds a runner; call Register for each plugin, then Start.
func NewRunner(store ports.JobStore, locker ports.JobLocker, clock ports.Clock, log *slog.Logger) (*Runner, error) {
	if log == nil {
		log = slog.Default()
	}
	s, err := gocron.NewScheduler()
	if err != nil {
		return nil, err
	}
	return &Runner{store: store, locker: locker, clock: clock, log: log, TickPrecision: time.Minute, sched: s, jobs: map[string]*entry{}}, nil
}

// Register adds a plugin. Its schedule is stored with the plugin's default the first time.
func (r *Runner) Register(ctx context.Context, j Job) error {
	if _, err := r.store.JobSchedule(ctx, j.Name()); domain.ErrorCode(err) == domain.ENotFound {
		def := j.DefaultSchedule()
		def.Job, def.UpdatedAt = j.Name(), r.clock.Now()
		if err := r.store.SaveJobSchedule(ctx, &def); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.jobs[j.Name()] = &entry{job: j}
	return nil
}

// Names lists the registered jobs.
func (r *Runner) Names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.jobs))
	for n := range r.jobs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Start schedules every job from its stored schedule, starts the scheduler, and keeps
// schedules in step with storage every syncEvery (changes made on other replicas).
func (r *Runner) Start(ctx context.Context, syncEvery time.Duration) error {
	if err := r.RecoverAbandoned(ctx); err != nil {
		return err
	}
	for _, name := range r.Names() {
		if err := r.Reschedule(ctx, name); err != nil {
			return err
		}
	}
	if syncEvery > 0 {
		if _, err := r.sched.NewJob(gocron.DurationJob(syncEvery), gocron.NewTask(func() {
			for _, name := range r.Names() {
				if err := r.Reschedule(context.Background(), name); err != nil {
					r.log.Warn("job schedule sync failed", "job", name, "err", err)
				}
			}
		}), gocron.WithName("schedule-sync")); err != nil {
			return err
		}
	}
	r.sched.Start()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopWork == nil {
		var wctx context.Context
		wctx, r.stopWork = context.WithCancel(context.WithoutCancel(ctx))
		for _, w := range r.workers {
			r.workerDone.Add(1)
			go func() {
				defer r.workerDone.Done()
				r.log.Info("worker started", "worker", w.Name())
				w.Run(wctx)
			}()
		}
	}
	return nil
}

// MsgRunAbandoned ends a run whose process stopped (killed, crashed, restarted) mid-run.
const MsgRunAbandoned = "Interrupted: the process running this job stopped before it finished"

// RecoverAbandoned ends, as failed, the unfinished runs of every job nobody is running: a run
// is abandoned exactly when its job's lock is free, since a live run holds it (in any process
// or replica) and the lock dies with its holder.
func (r *Runner) RecoverAbandoned(ctx context.Context) error {
	for _, name := range r.Names() {
		unlock, ok, err := r.locker.TryLock(ctx, name)
		if err != nil {
			return err
		}
		if !ok {
			continue // running elsewhere right now: its run is not abandoned
		}
		n, err := r.store.FailUnfinishedJobRuns(ctx, name, r.clock.Now(), MsgRunAbandoned)
		unlock()
		if err != nil {
			return err
		}
		if n > 0 {
			r.log.Warn("abandoned job runs marked failed", "job", name, "runs", n)
		}
	}
	return nil
}

// Shutdown stops scheduling and the workers, and waits for running jobs and for the workers to
// finish their work in flight.
func (r *Runner) Shutdown() error {
	r.mu.Lock()
	stop := r.stopWork
	r.mu.Unlock()
	if stop != nil {
		stop()
	}
	err := r.sched.Shutdown()
	r.workerDone.Wait()
	return err
}

// Reschedule implements ports.JobScheduler.
func (r *Runner) Reschedule(ctx context.Context, name string) error {
	js, err := r.store.JobSchedule(ctx, name)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.jobs[name]
	if !ok {
		return domain.Errorf(domain.ENotFound, MsgNoJob, name)
	}
	if e.schedule.Enabled == js.Enabled && e.schedule.Cron == js.Cron && (e.handle != nil) == js.Enabled {
		return nil
	}
	if e.handle != nil {
		if err := r.sched.RemoveJob(e.handle.ID()); err != nil {
			return err
		}
		e.handle = nil
	}
	e.schedule = *js
	if !js.Enabled {
		r.log.Info("job disabled", "job", name)
		return nil
	}
	h, err := r.sched.NewJob(gocron.CronJob(js.Cron, true), gocron.NewTask(func() { r.runScheduled(name) }),
		gocron.WithName(name), gocron.WithSingletonMode(gocron.LimitModeReschedule))
	if err != nil {
		return domain.Errorf(domain.EInvalid, MsgBadSchedule, js.Cron, name, err)
	}
	e.handle = h
	r.log.Info("job scheduled", "job", name, "cron", js.Cron)
	return nil
}

// NextRun implements ports.JobScheduler.
func (r *Runner) NextRun(name string) (time.Time, bool) {
	r.mu.Lock()
	e, ok := r.jobs[name]
	r.mu.Unlock()
	if !ok || e.handle == nil {
		return time.Time{}, false
	}
	next, err := e.handle.NextRun()
	return next, err == nil && !next.IsZero()
}

func (r *Runner) entry(name string) (Job, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.jobs[name]
	if !ok {
		return nil, domain.Errorf(domain.ENotFound, MsgNoJob, name)
	}
	return e.job, nil
}

// runScheduled is what gocron calls on a tick.
func (r *Runner) runScheduled(name string) {
	job, err := r.entry(name)
	if err != nil {
		return
	}
	ctx := context.Background()
	tick := r.clock.Now().Truncate(r.TickPrecision).UTC().Format(time.RFC3339)
	unlock, ok, err := r.locker.TryLock(ctx, name)
	if err != nil || !ok {
		r.log.Info("scheduled run skipped: the job is running elsewhere", "job", name, "err", err)
		return
	}
	defer unlock()
	run := &domain.JobRun{Job: name, Trigger: domain.TriggerSchedule, StartedAt: r.clock.Now()}
	claimed, err := r.store.ClaimJobRun(ctx, run, tick)
	if err != nil {
		r.log.Error("claiming a scheduled run failed", "job", name, "err", err)
		return
	}
	if !claimed {
		return // another replica ran this tick
	}
	r.execute(ctx, job, run)
}

// RunNow implements ports.JobScheduler.
func (r *Runner) RunNow(ctx context.Context, name, trigger string) (*domain.JobRun, error) {
	job, err := r.entry(name)
	if err != nil {
		return nil, err
	}
	unlock, ok, err := r.locker.TryLock(ctx, name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.Errorf(domain.EConflict, MsgJobRunning, name)
	}
	defer unlock()
	run := &domain.JobRun{Job: name, Trigger: trigger, StartedAt: r.clock.Now()}
	// A manual run is not a tick of the schedule: its claim only needs to be unique.
	nonce := make([]byte, 8)
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	claimed, err := r.store.ClaimJobRun(ctx, run, trigger+"-"+hex.EncodeToString(nonce))
	if err != nil {
		return nil, err
	}
	if !claimed {
		return nil, domain.Errorf(domain.EConflict, MsgJobRunning, name)
	}
	r.execute(ctx, job, run)
	return run, nil
}

// execute runs a claimed run and records its end, whatever happens (a panic included).
func (r *Runner) execute(ctx context.Context, job Job, run *domain.JobRun) {
	var last time.Time
	progress := func(done, total int) {
		// Storage hears at most a few updates a second, and always the last one.
		if now := time.Now(); now.Sub(last) >= 300*time.Millisecond || done == total {
			last = now
			if err := r.store.ReportJobProgress(context.WithoutCancel(ctx), run.ID, done, total); err != nil {
				r.log.Warn("recording job progress failed", "job", run.Job, "err", err)
			}
		}
	}
	var res Result
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		res, err = job.Run(ctx, progress)
	}()
	end := r.clock.Now()
	run.FinishedAt, run.Counts, run.Details = &end, res.Counts, res.Details
	run.Success, run.Message = err == nil, res.Message
	if err != nil {
		run.Message = domain.ErrorMessage(err)
		if domain.ErrorCode(err) == domain.EInternal {
			r.log.Error("job failed", "job", run.Job, "err", err)
		}
	}
	if err := r.store.FinishJobRun(context.WithoutCancel(ctx), run); err != nil {
		r.log.Error("recording the end of a job run failed", "job", run.Job, "err", err)
	}
	r.log.Info("job finished", "job", run.Job, "trigger", run.Trigger, "success", run.Success, "counts", run.Counts, "duration", end.Sub(run.StartedAt))
	if r.OnFinish != nil {
		r.OnFinish(*run)
	}
}
