package jobs_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// twoProcesses opens one database twice, as the server and a `gardenctl import run` from cron
// would: separate connections and, on SQLite, separate lock files handles.
func twoProcesses(t *testing.T, dialect string) (*sqlstore.Store, *sqlstore.Store) {
	t.Helper()
	if dialect == "Postgres" {
		url := dbtest.PostgresURL(t)
		return dbtest.Migrated(t, dbtest.Open(t, url)), dbtest.Open(t, url)
	}
	dir := t.TempDir()
	open := func() *sqlstore.Store {
		s, err := sqlstore.Open(context.Background(), "", dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	return dbtest.Migrated(t, open()), open()
}

// TestJobLock_AcrossProcesses: a job's lock taken through one opening of the database keeps
// the other out, on SQLite as on PostgreSQL (issue #16 item 9: the CLI and the server's
// imports overlapped on SQLite).
func TestJobLock_AcrossProcesses(t *testing.T) {
	t.Parallel()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			a, b := twoProcesses(t, dialect)
			ctx := context.Background()
			unlock, ok, err := a.JobLocker().TryLock(ctx, "catalogue-import")
			if err != nil || !ok {
				t.Fatalf("first lock: %v %v", ok, err)
			}
			if _, ok, err := b.JobLocker().TryLock(ctx, "catalogue-import"); err != nil || ok {
				t.Fatalf("second process took a held lock: ok=%v err=%v", ok, err)
			}
			if _, ok, _ := b.JobLocker().TryLock(ctx, "session-cleanup"); !ok {
				t.Fatal("another job's lock was refused")
			}
			unlock()
			u2, ok, err := b.JobLocker().TryLock(ctx, "catalogue-import")
			if err != nil || !ok {
				t.Fatalf("lock after release: %v %v", ok, err)
			}
			u2()
		})
	}
}

// TestRunner_RecoversAbandonedRuns: a run left unfinished by a killed process is marked failed
// at start-up, unless its job's lock shows it is still running elsewhere.
func TestRunner_RecoversAbandonedRuns(t *testing.T) {
	t.Parallel()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			a, b := twoProcesses(t, dialect)
			ctx := context.Background()
			var runs atomic.Int64
			job := countingJob{name: "catalogue-import", cron: "30 1 * * *", runs: &runs}
			// The "killed" run: claimed, never finished.
			claim := func() int64 {
				run := &domain.JobRun{Job: job.name, Trigger: domain.TriggerManual, StartedAt: time.Now()}
				if ok, err := a.ClaimJobRun(ctx, run, time.Now().Format(time.RFC3339Nano)); err != nil || !ok {
					t.Fatalf("claim: %v %v", ok, err)
				}
				return run.ID
			}
			status := func(id int64) *domain.JobRun {
				list, err := a.ListJobRuns(ctx, job.name, 10)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range list {
					if r.ID == id {
						return r
					}
				}
				t.Fatalf("run %d not found", id)
				return nil
			}
			id := claim()
			// Still running in the other process (it holds the lock): left alone.
			unlock, ok, err := b.JobLocker().TryLock(ctx, job.name)
			if err != nil || !ok {
				t.Fatal("other process could not lock")
			}
			r := newRunner(t, a, time.Minute, job)
			if err := r.RecoverAbandoned(ctx); err != nil {
				t.Fatal(err)
			}
			if got := status(id); got.FinishedAt != nil {
				t.Fatalf("a run whose job is locked elsewhere was ended: %+v", got)
			}
			unlock()
			// Nobody holds the lock: the run was abandoned, and start-up ends it as failed.
			if err := r.Start(ctx, 0); err != nil {
				t.Fatal(err)
			}
			got := status(id)
			if got.FinishedAt == nil || got.Success || got.Message != jobs.MsgRunAbandoned {
				t.Fatalf("abandoned run after start-up: finished=%v success=%v message=%q", got.FinishedAt, got.Success, got.Message)
			}
		})
	}
}
