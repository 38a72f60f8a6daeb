package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

type sessionRow struct {
	ID             int64         `db:"id"`
	TokenHash      string        `db:"token_hash"`
	UserID         int64         `db:"user_id"`
	ImpersonatorID sql.NullInt64 `db:"impersonator_id"`
	CreatedAt      time.Time     `db:"created_at"`
	ExpiresAt      time.Time     `db:"expires_at"`
	RevokedAt      sql.NullTime  `db:"revoked_at"`
}

// CreateSession implements ports.SessionStore.
func (s *Store) CreateSession(ctx context.Context, ses *domain.Session) error {
	err := s.db.GetContext(ctx, &ses.ID, s.q(`INSERT INTO sessions (token_hash, user_id, impersonator_id, created_at, expires_at, revoked_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		ses.TokenHash, ses.UserID, ses.ImpersonatorID, utc(ses.CreatedAt), utc(ses.ExpiresAt), utcPtr(ses.RevokedAt))
	return translate(err)
}

// SessionByTokenHash implements ports.SessionStore.
func (s *Store) SessionByTokenHash(ctx context.Context, hash string) (*domain.Session, error) {
	var r sessionRow
	err := s.db.GetContext(ctx, &r, s.q(`SELECT id, token_hash, user_id, impersonator_id, created_at, expires_at, revoked_at
		FROM sessions WHERE token_hash = ?`), hash)
	if err != nil {
		return nil, translate(err)
	}
	out := &domain.Session{ID: r.ID, TokenHash: r.TokenHash, UserID: r.UserID, ImpersonatorID: nullInt(r.ImpersonatorID),
		CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
	if r.RevokedAt.Valid {
		t := r.RevokedAt.Time.UTC()
		out.RevokedAt = &t
	}
	return out, nil
}

// RevokeSession implements ports.SessionStore.
func (s *Store) RevokeSession(ctx context.Context, id int64, at time.Time) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`), utc(at), id)
	return affectedOne(res, err)
}

// RevokeUserSessions implements ports.SessionStore.
func (s *Store) RevokeUserSessions(ctx context.Context, userID int64, at time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = ?
		WHERE (user_id = ? OR impersonator_id = ?) AND revoked_at IS NULL`), utc(at), userID, userID)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// DeleteSessionsBefore implements ports.SessionStore.
func (s *Store) DeleteSessionsBefore(ctx context.Context, t time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?`), utc(t), utc(t))
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
