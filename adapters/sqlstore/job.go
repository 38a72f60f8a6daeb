package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"hash/fnv"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// JobSchedule implements ports.JobStore.
func (s *Store) JobSchedule(ctx context.Context, job string) (*domain.JobSchedule, error) {
	var r struct {
		Job       string    `db:"job"`
		Enabled   bool      `db:"enabled"`
		Cron      string    `db:"cron"`
		UpdatedAt time.Time `db:"updated_at"`
	}
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT job, enabled, cron, updated_at FROM job_schedules WHERE job = ?`), job); err != nil {
		return nil, translate(err)
	}
	return &domain.JobSchedule{Job: r.Job, Enabled: r.Enabled, Cron: r.Cron, UpdatedAt: r.UpdatedAt.UTC()}, nil
}

// SaveJobSchedule implements ports.JobStore.
func (s *Store) SaveJobSchedule(ctx context.Context, js *domain.JobSchedule) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO job_schedules (job, enabled, cron, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (job) DO UPDATE SET enabled = excluded.enabled, cron = excluded.cron, updated_at = excluded.updated_at`),
		js.Job, js.Enabled, js.Cron, utc(js.UpdatedAt))
	return translate(err)
}

// ClaimJobRun implements ports.JobStore.
func (s *Store) ClaimJobRun(ctx context.Context, run *domain.JobRun, tick string) (bool, error) {
	run.StartedAt = utc(run.StartedAt)
	err := s.db.GetContext(ctx, &run.ID, s.q(`INSERT INTO job_runs (job, tick, trigger, started_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (job, tick) DO NOTHING RETURNING id`), run.Job, tick, run.Trigger, run.StartedAt)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, translate(err)
}

// ReportJobProgress implements ports.JobStore.
func (s *Store) ReportJobProgress(ctx context.Context, id int64, done, total int) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE job_runs SET done = ?, total = ? WHERE id = ?`), done, total, id)
	return affectedOne(res, err)
}

// FinishJobRun implements ports.JobStore.
func (s *Store) FinishJobRun(ctx context.Context, run *domain.JobRun) error {
	counts, _ := json.Marshal(run.Counts)
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE job_runs SET finished_at = ?, success = ?, counts = ?, message = ? WHERE id = ?`),
		utcPtr(run.FinishedAt), run.Success, string(counts), run.Message, run.ID)
	return affectedOne(res, err)
}

// ListJobRuns implements ports.JobStore.
func (s *Store) ListJobRuns(ctx context.Context, job string, limit int) ([]*domain.JobRun, error) {
	var rows []struct {
		ID         int64        `db:"id"`
		Job        string       `db:"job"`
		Trigger    string       `db:"trigger"`
		StartedAt  time.Time    `db:"started_at"`
		FinishedAt sql.NullTime `db:"finished_at"`
		Success    bool         `db:"success"`
		Counts     string       `db:"counts"`
		Message    string       `db:"message"`
		Done       int          `db:"done"`
		Total      int          `db:"total"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT id, job, trigger, started_at, finished_at, success, counts, message, done, total
		FROM job_runs WHERE job = ? ORDER BY started_at DESC, id DESC LIMIT ?`), job, limit); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.JobRun, len(rows))
	for i, r := range rows {
		run := &domain.JobRun{ID: r.ID, Job: r.Job, Trigger: r.Trigger, StartedAt: r.StartedAt.UTC(), FinishedAt: nullTime(r.FinishedAt),
			Success: r.Success, Message: r.Message, Done: r.Done, Total: r.Total}
		_ = json.Unmarshal([]byte(r.Counts), &run.Counts)
		out[i] = run
	}
	return out, nil
}

// JobLocker returns the store's ports.JobLocker: PostgreSQL advisory locks, shared by every
// replica of the database; for SQLite, a lock file beside the database, which every process
// using that file shares (the server and a `gardenctl import run` from cron, issue #16 item 9).
// Both are released by the operating system or the database when their holder dies.
func (s *Store) JobLocker() ports.JobLocker {
	if s.dialect == Postgres {
		return &advisoryLocker{s: s}
	}
	if s.path != "" {
		return &fileLocker{base: s.path}
	}
	return &memoryLocker{held: map[string]bool{}}
}

// FailUnfinishedJobRuns implements ports.JobStore.
func (s *Store) FailUnfinishedJobRuns(ctx context.Context, job string, at time.Time, message string) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE job_runs SET finished_at = ?, success = ?, message = ? WHERE job = ? AND finished_at IS NULL`),
		utc(at), false, message, job)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

type advisoryLocker struct{ s *Store }

// TryLock implements ports.JobLocker with pg_try_advisory_lock on a connection of its own,
// held until unlock: the lock belongs to that session, so a crashed replica releases it.
func (l *advisoryLocker) TryLock(ctx context.Context, key string) (func(), bool, error) {
	conn, err := l.s.db.Connx(ctx)
	if err != nil {
		return nil, false, err
	}
	h := fnv.New64a()
	h.Write([]byte("garden-job:" + key))
	id := int64(h.Sum64())
	var ok bool
	if err := conn.GetContext(ctx, &ok, `SELECT pg_try_advisory_lock($1)`, id); err != nil {
		conn.Close()
		return nil, false, err
	}
	if !ok {
		conn.Close()
		return nil, false, nil
	}
	return func() {
		_, _ = conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, id)
		conn.Close()
	}, true, nil
}

type memoryLocker struct {
	mu   sync.Mutex
	held map[string]bool
}

// TryLock implements ports.JobLocker within one process.
func (l *memoryLocker) TryLock(_ context.Context, key string) (func(), bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held[key] {
		return nil, false, nil
	}
	l.held[key] = true
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		delete(l.held, key)
	}, true, nil
}

// JobLeaseLocker returns the store's ports.LeaseLocker (the same locks as JobLocker).
func (s *Store) JobLeaseLocker() ports.LeaseLocker {
	switch l := s.JobLocker().(type) {
	case *advisoryLocker:
		return l
	default:
		return heldLease{l}
	}
}

// heldLease renews locks that cannot be lost while their holder lives (a lock file's open
// descriptor, a lock within one process).
type heldLease struct{ ports.JobLocker }

// TryLease implements ports.LeaseLocker.
func (l heldLease) TryLease(ctx context.Context, key string) (func(context.Context) bool, func(), bool, error) {
	unlock, ok, err := l.TryLock(ctx, key)
	return func(context.Context) bool { return true }, unlock, ok, err
}

// TryLease implements ports.LeaseLocker: the advisory lock of TryLock, renewed by asking its
// session whether it still holds an advisory lock (the session holds only this one). A
// session the server ended, or a connection gone, is a lost lease.
func (l *advisoryLocker) TryLease(ctx context.Context, key string) (func(context.Context) bool, func(), bool, error) {
	conn, err := l.s.db.Connx(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	id := advisoryKey(key)
	var ok bool
	if err := conn.GetContext(ctx, &ok, `SELECT pg_try_advisory_lock($1)`, id); err != nil {
		conn.Close()
		return nil, nil, false, err
	}
	if !ok {
		conn.Close()
		return nil, nil, false, nil
	}
	renew := func(ctx context.Context) bool {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		var held bool
		err := conn.GetContext(ctx, &held, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted)`)
		return err == nil && held
	}
	return renew, func() {
		_, _ = conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, id)
		conn.Close()
	}, true, nil
}

// AdvisoryKey is the PostgreSQL advisory lock id of a job lock's key.
func AdvisoryKey(key string) int64 { return advisoryKey(key) }

func advisoryKey(key string) int64 {
	h := fnv.New64a()
	h.Write([]byte("garden-job:" + key))
	return int64(h.Sum64())
}
