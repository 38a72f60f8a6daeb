package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type apiTokenRow struct {
	ID         int64        `db:"id"`
	UserID     int64        `db:"user_id"`
	Name       string       `db:"name"`
	Scope      string       `db:"scope"`
	TokenHash  string       `db:"token_hash"`
	CreatedAt  time.Time    `db:"created_at"`
	ExpiresAt  time.Time    `db:"expires_at"`
	LastUsedAt sql.NullTime `db:"last_used_at"`
	RevokedAt  sql.NullTime `db:"revoked_at"`
}

const apiTokenColumns = `id, user_id, name, scope, token_hash, created_at, expires_at, last_used_at, revoked_at`

func (r *apiTokenRow) toDomain() *domain.APIToken {
	return &domain.APIToken{ID: r.ID, UserID: r.UserID, Name: r.Name, Scope: domain.TokenScope(r.Scope), TokenHash: r.TokenHash,
		CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), LastUsedAt: nullTime(r.LastUsedAt), RevokedAt: nullTime(r.RevokedAt)}
}

// CreateAPIToken implements ports.APITokenStore. The count and the insert share a transaction
// that locks the user's row, so parallel creations cannot pass the limit.
func (s *Store) CreateAPIToken(ctx context.Context, t *domain.APIToken, max int, now time.Time) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var owner int64
		if err := tx.GetContext(ctx, &owner, s.q(`SELECT id FROM users WHERE id = ?`+s.forUpdate()), t.UserID); err != nil {
			return translate(err)
		}
		var n int
		if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?`),
			t.UserID, utc(now)); err != nil {
			return translate(err)
		}
		if n >= max {
			return domain.Errorf(domain.ELimitReached, domain.MsgTokenLimit)
		}
		return translate(tx.GetContext(ctx, &t.ID, s.q(`INSERT INTO api_tokens (user_id, name, scope, token_hash, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), t.UserID, t.Name, string(t.Scope), t.TokenHash, utc(t.CreatedAt), utc(t.ExpiresAt)))
	})
}

// APITokenByHash implements ports.APITokenStore.
func (s *Store) APITokenByHash(ctx context.Context, hash string) (*domain.APIToken, error) {
	var r apiTokenRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+apiTokenColumns+` FROM api_tokens WHERE token_hash = ?`), hash); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListAPITokens implements ports.APITokenStore.
func (s *Store) ListAPITokens(ctx context.Context, userID int64, now time.Time) ([]*domain.APIToken, error) {
	return s.listAPITokens(ctx, `SELECT `+apiTokenColumns+` FROM api_tokens
		WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT ?`, userID, utc(now), domain.MaxAPITokensPerUser)
}

// ListAllAPITokens implements ports.APITokenStore.
func (s *Store) ListAllAPITokens(ctx context.Context, userID int64, now time.Time, limit int) ([]*domain.APIToken, error) {
	if userID != 0 {
		return s.listAPITokens(ctx, `SELECT `+apiTokenColumns+` FROM api_tokens
			WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT ?`, userID, utc(now), limit)
	}
	return s.listAPITokens(ctx, `SELECT `+apiTokenColumns+` FROM api_tokens
		WHERE revoked_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT ?`, utc(now), limit)
}

func (s *Store) listAPITokens(ctx context.Context, query string, args ...any) ([]*domain.APIToken, error) {
	var rows []apiTokenRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.APIToken, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// RevokeAPIToken implements ports.APITokenStore, with the push devices the token registered.
func (s *Store) RevokeAPIToken(ctx context.Context, userID, id int64, at time.Time) error {
	query, args := `UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, []any{utc(at), id}
	if userID != 0 {
		query += ` AND user_id = ?`
		args = append(args, userID)
	}
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(query), args...)
		if err != nil {
			return translate(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return domain.Errorf(domain.ENotFound, domain.MsgTokenNotFound)
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE api_token_id = ?`), id)
		return translate(err)
	})
}

// RevokeUserAPITokens implements ports.APITokenStore, with the push devices the tokens
// registered.
func (s *Store) RevokeUserAPITokens(ctx context.Context, userID int64, at time.Time) (int, error) {
	var n int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE api_token_id IN
			(SELECT id FROM api_tokens WHERE user_id = ?)`), userID); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`), utc(at), userID)
		if err != nil {
			return translate(err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// TouchAPIToken implements ports.APITokenStore.
func (s *Store) TouchAPIToken(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE api_tokens SET last_used_at = ? WHERE id = ?`), utc(at), id)
	return translate(err)
}
