package sqlstore

import (
	"context"
	"strings"
	"time"
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
