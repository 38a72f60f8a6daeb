package sqlstore

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// RecordLoginFailure implements ports.LoginFailureStore.
func (s *Store) RecordLoginFailure(ctx context.Context, username string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO login_failures (username, failed_at) VALUES (?, ?)`), strings.ToLower(username), utc(at))
	return translate(err)
}

// LoginFailuresSince implements ports.LoginFailureStore.
func (s *Store) LoginFailuresSince(ctx context.Context, username string, since time.Time) ([]time.Time, error) {
	var times []time.Time
	err := s.db.SelectContext(ctx, &times, s.q(`SELECT failed_at FROM login_failures WHERE username = ? AND failed_at >= ? ORDER BY failed_at`),
		strings.ToLower(username), utc(since))
	for i := range times {
		times[i] = times[i].UTC()
	}
	return times, translate(err)
}

// ClearLoginFailures implements ports.LoginFailureStore.
func (s *Store) ClearLoginFailures(ctx context.Context, username string) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM login_failures WHERE username = ?`), strings.ToLower(username))
	return translate(err)
}

// DeleteLoginFailuresBefore implements ports.LoginFailureStore.
func (s *Store) DeleteLoginFailuresBefore(ctx context.Context, t time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM login_failures WHERE failed_at < ?`), utc(t))
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// loginLockClass is the first key of the PostgreSQL advisory locks that serialise sign-in
// attempts per client address (the second is a hash of the address). Two-key advisory locks
// never collide with the one-key locks of migrations and jobs.
const loginLockClass = 16016

// ReserveLoginAttempt implements ports.LoginAttemptStore.
func (s *Store) ReserveLoginAttempt(ctx context.Context, username, addr string, at, since time.Time, check func(userAtAddr, atAddr []time.Time) error) (int64, error) {
	username = strings.ToLower(username)
	var id int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			// SQLite's immediate transaction already holds the database's write lock.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, loginLockClass, addr); err != nil {
				return translate(err)
			}
		}
		var atAddr []time.Time
		if err := tx.SelectContext(ctx, &atAddr, s.q(`SELECT failed_at FROM login_failures WHERE client_addr = ? AND failed_at >= ? ORDER BY failed_at`), addr, utc(since)); err != nil {
			return translate(err)
		}
		var userAtAddr []time.Time
		if err := tx.SelectContext(ctx, &userAtAddr, s.q(`SELECT failed_at FROM login_failures WHERE username = ? AND client_addr = ? AND failed_at >= ? ORDER BY failed_at`),
			username, addr, utc(since)); err != nil {
			return translate(err)
		}
		for _, ts := range [][]time.Time{atAddr, userAtAddr} {
			for i := range ts {
				ts[i] = ts[i].UTC()
			}
		}
		if err := check(userAtAddr, atAddr); err != nil {
			return err
		}
		return translate(tx.QueryRowxContext(ctx, s.q(`INSERT INTO login_failures (username, client_addr, failed_at) VALUES (?, ?, ?) RETURNING id`),
			username, addr, utc(at)).Scan(&id))
	})
	return id, err
}

// ForgetLoginAttempt implements ports.LoginAttemptStore.
func (s *Store) ForgetLoginAttempt(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM login_failures WHERE id = ?`), id)
	return translate(err)
}

// ClearLoginAttempts implements ports.LoginAttemptStore.
func (s *Store) ClearLoginAttempts(ctx context.Context, username, addr string) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM login_failures WHERE username = ? AND client_addr = ?`), strings.ToLower(username), addr)
	return translate(err)
}
