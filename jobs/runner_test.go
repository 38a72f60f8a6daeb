package jobs_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m, "")) }

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now().UTC() }

// countingJob counts its runs across every runner that holds it.
type countingJob struct {
	name  string
	cron  string
	runs  *atomic.Int64
	sleep time.Duration
	fail  error
}

func (j countingJob) Name() string { return j.name }
func (j countingJob) DefaultSchedule() domain.JobSchedule {
	return domain.JobSchedule{Enabled: true, Cron: j.cron}
}
func (j countingJob) Run(ctx context.Context, progress func(done, total int)) (jobs.Result, error) {
	j.runs.Add(1)
	progress(1, 2)
	time.Sleep(j.sleep)
	progress(2, 2)
	return jobs.Result{Counts: map[string]int{"done": 1}, Message: "ran"}, j.fail
}

func newRunner(t *testing.T, s *sqlstore.Store, precision time.Duration, js ...jobs.Job) *jobs.Runner {
	t.Helper()
	r, err := jobs.NewRunner(s, s.JobLocker(), wallClock{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.TickPrecision = precision
	for _, j := range js {
		if err := r.Register(context.Background(), j); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { r.Shutdown() })
	return r
}

// TestRunner_OneRunPerTickAcrossReplicas: two runners on one PostgreSQL database, each with the
// same every-second job, must run each tick once between them.
func TestRunner_OneRunPerTickAcrossReplicas(t *testing.T) {
	t.Parallel()
	url := dbtest.PostgresURL(t)
	a, b := dbtest.Migrated(t, dbtest.Open(t, url)), dbtest.Open(t, url)
	var runs atomic.Int64
	job := countingJob{name: "tick-once-" + time.Now().Format("150405.000"), cron: "* * * * * *", runs: &runs}
	ra := newRunner(t, a, time.Second, job)
	rb := newRunner(t, b, time.Second, job)
	ctx := context.Background()
	if err := ra.Start(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if err := rb.Start(ctx, 0); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3500 * time.Millisecond)
	ra.Shutdown()
	rb.Shutdown()
	history, err := a.ListJobRuns(ctx, job.name, 100)
	if err != nil {
		t.Fatal(err)
	}
	n := runs.Load()
	if n < 2 || n > 4 {
		t.Fatalf("%d runs in 3.5 s of an every-second job shared by two replicas; want one per tick (2–4)", n)
	}
	if int64(len(history)) != n {
		t.Fatalf("%d runs but %d recorded", n, len(history))
	}
	for _, run := range history {
		if !run.Success || run.FinishedAt == nil || run.Counts["done"] != 1 || run.Done != 2 || run.Total != 2 || run.Trigger != domain.TriggerSchedule {
			t.Fatalf("recorded run %+v", run)
		}
	}
}

func TestRunner_RescheduleAndDisable(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			var runs atomic.Int64
			job := countingJob{name: "nightly", cron: "0 30 1 * * *", runs: &runs}
			r := newRunner(t, s, time.Minute, job)
			if err := r.Start(ctx, 0); err != nil {
				t.Fatal(err)
			}
			next, ok := r.NextRun("nightly")
			if !ok || next.Hour() != 1 || next.Minute() != 30 {
				t.Fatalf("next run %v %v", next, ok)
			}
			cron, _ := domain.DailyCron("04:45")
			if err := s.SaveJobSchedule(ctx, &domain.JobSchedule{Job: "nightly", Enabled: true, Cron: cron, UpdatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			if err := r.Reschedule(ctx, "nightly"); err != nil {
				t.Fatal(err)
			}
			next, ok = r.NextRun("nightly")
			if !ok || next.Hour() != 4 || next.Minute() != 45 {
				t.Fatalf("after reschedule: %v %v", next, ok)
			}
			if err := s.SaveJobSchedule(ctx, &domain.JobSchedule{Job: "nightly", Enabled: false, Cron: cron, UpdatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			r.Reschedule(ctx, "nightly")
			if _, ok := r.NextRun("nightly"); ok {
				t.Fatal("a disabled job still has a next run")
			}
			if err := r.Reschedule(ctx, "nope"); domain.ErrorCode(err) != domain.ENotFound {
				t.Fatalf("unknown job: %v", err)
			}
		})
	}
}

// TestRunner_SyncPicksUpOtherReplicasChanges: a schedule changed in storage (by another
// replica) reaches this runner through its periodic sync, without a restart.
func TestRunner_SyncPicksUpOtherReplicasChanges(t *testing.T) {
	t.Parallel()
	s := dbtest.SQLite(t)
	ctx := context.Background()
	var runs atomic.Int64
	r := newRunner(t, s, time.Minute, countingJob{name: "synced", cron: "0 30 1 * * *", runs: &runs})
	if err := r.Start(ctx, 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	cron, _ := domain.DailyCron("22:10")
	s.SaveJobSchedule(ctx, &domain.JobSchedule{Job: "synced", Enabled: true, Cron: cron, UpdatedAt: time.Now()})
	deadline := time.Now().Add(3 * time.Second)
	for {
		if next, ok := r.NextRun("synced"); ok && next.Hour() == 22 && next.Minute() == 10 {
			return
		}
		if time.Now().After(deadline) {
			next, _ := r.NextRun("synced")
			t.Fatalf("schedule not synced: next %v", next)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRunner_RunNow(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			var runs atomic.Int64
			slow := countingJob{name: "slow-" + name + time.Now().Format("150405.000"), cron: "0 0 3 * * *", runs: &runs, sleep: 300 * time.Millisecond}
			broken := countingJob{name: "broken-" + name + time.Now().Format("150405.000"), cron: "0 0 3 * * *", runs: &runs, fail: errors.New("disk on fire")}
			r := newRunner(t, s, time.Minute, slow, broken)
			var wg sync.WaitGroup
			var conflicts atomic.Int64
			for i := 0; i < 3; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := r.RunNow(ctx, slow.name, domain.TriggerManual); domain.ErrorCode(err) == domain.EConflict {
						conflicts.Add(1)
					} else if err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if conflicts.Load() != 2 || runs.Load() != 1 {
				t.Fatalf("3 concurrent manual runs: %d conflicts, %d runs; want 2 and 1", conflicts.Load(), runs.Load())
			}
			run, err := r.RunNow(ctx, broken.name, domain.TriggerCLI)
			if err != nil {
				t.Fatal(err)
			}
			if run.Success || run.Message != "Internal error." || run.FinishedAt == nil {
				t.Fatalf("failed run %+v", run)
			}
			history, _ := s.ListJobRuns(ctx, broken.name, 5)
			if len(history) != 1 || history[0].Success || history[0].Trigger != domain.TriggerCLI {
				t.Fatalf("history %+v", history)
			}
			if _, err := r.RunNow(ctx, "missing", domain.TriggerManual); domain.ErrorCode(err) != domain.ENotFound {
				t.Fatalf("unknown job: %v", err)
			}
		})
	}
}
