package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

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
	if ses.Method == "" {
		ses.Method = domain.MethodPassword
	}
	err := s.db.GetContext(ctx, &ses.ID, s.q(`INSERT INTO sessions (token_hash, user_id, impersonator_id, created_at, expires_at, revoked_at,
		method, user_agent, client_addr, last_seen_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		ses.TokenHash, ses.UserID, ses.ImpersonatorID, utc(ses.CreatedAt), utc(ses.ExpiresAt), utcPtr(ses.RevokedAt),
		string(ses.Method), ses.UserAgent, ses.Address, utcPtr(ses.LastSeenAt))
	return translate(err)
}

// sessionColumns are a session's columns as the session reads name them; the hash is not read
// back: it is the key the caller gave (each column is a cost on every request).
const sessionColumns = `s.id AS ses_id, s.impersonator_id AS ses_impersonator_id, s.created_at AS ses_created_at,
	s.expires_at AS ses_expires_at, s.revoked_at AS ses_revoked_at, s.last_seen_at AS ses_last_seen_at`

// sessionUserQuery reads a session and its whole user, with the row's version, by token hash
// in one statement: a token this replica has not seen, or whose user changed.
var sessionUserQuery = `SELECT ` + sessionColumns + `, u.row_version, ` + prefixColumns("u.", userColumns) +
	` FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`

// sessionVersionQuery reads a session with its user's id and row version: when they match the
// user this replica kept for the token (sessionUserCache), the request needs nothing more.
var sessionVersionQuery = `SELECT ` + sessionColumns + `, u.id, u.row_version
	FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`

// prefixColumns qualifies each column of a comma-separated list with prefix.
func prefixColumns(prefix, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = prefix + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// SessionAndUserByTokenHash implements ports.SessionStore. Every signed-in request runs it: a
// hot read (pgx's own pool on PostgreSQL, a statement prepared once on SQLite), scanned without
// reflection. A token seen before reads 8 columns, not 41, when its user's row is unchanged
// (sessionUserCache); otherwise it reads the whole user too (a second statement when the user
// changed since).
func (s *Store) SessionAndUserByTokenHash(ctx context.Context, hash string) (*domain.Session, *domain.User, error) {
	var ses sessionColumnsRow
	var userID, version int64
	if kept, ok := s.sessionUsers.lookup(hash); ok {
		dest := append(ses.dest(), &userID, &version)
		if err := s.hotQueryRow(ctx, s.hotSQL(sessionVersionQuery), []any{hash}, dest...); err != nil {
			return nil, nil, err
		}
		if userID == kept.user.ID && version == kept.version {
			u := kept.user
			return ses.toDomain(hash, u.ID), &u, nil
		}
	}
	var r userRow
	dest := append(append(ses.dest(), &version), r.dest()...)
	if err := s.hotQueryRow(ctx, s.hotSQL(sessionUserQuery), []any{hash}, dest...); err != nil {
		return nil, nil, err
	}
	u := r.toDomain()
	s.sessionUsers.put(hash, version, u)
	return ses.toDomain(hash, u.ID), u, nil
}

// sessionColumnsRow holds sessionColumns as scanned.
type sessionColumnsRow struct {
	ID             int64
	ImpersonatorID sql.NullInt64
	CreatedAt      time.Time
	ExpiresAt      time.Time
	RevokedAt      sql.NullTime
	LastSeenAt     sql.NullTime
}

// dest points at r's fields in the order of sessionColumns.
func (r *sessionColumnsRow) dest() []any {
	return []any{&r.ID, &r.ImpersonatorID, &r.CreatedAt, &r.ExpiresAt, &r.RevokedAt, &r.LastSeenAt}
}

func (r *sessionColumnsRow) toDomain(hash string, userID int64) *domain.Session {
	ses := &domain.Session{ID: r.ID, TokenHash: hash, UserID: userID, ImpersonatorID: nullInt(r.ImpersonatorID),
		CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), LastSeenAt: nullTime(r.LastSeenAt)}
	if r.RevokedAt.Valid {
		t := r.RevokedAt.Time.UTC()
		ses.RevokedAt = &t
	}
	return ses
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

// RevokeSession implements ports.SessionStore. The session's push devices go in the same
// transaction: a signed-out browser receives nothing more for that user.
func (s *Store) RevokeSession(ctx context.Context, id int64, at time.Time) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`), utc(at), id)
		if err := affectedOne(res, err); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE session_id = ?`), id)
		return translate(err)
	})
}

// RevokeUserSessions implements ports.SessionStore, with the sessions' push devices.
func (s *Store) RevokeUserSessions(ctx context.Context, userID int64, at time.Time) (int, error) {
	var n int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE session_id IN
			(SELECT id FROM sessions WHERE user_id = ? OR impersonator_id = ?)`), userID, userID); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = ?
			WHERE (user_id = ? OR impersonator_id = ?) AND revoked_at IS NULL`), utc(at), userID, userID)
		if err != nil {
			return translate(err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// DeleteEndedDevices implements ports.SessionStore.
func (s *Store) DeleteEndedDevices(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE expires_at <= ?`), utc(now))
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
