package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.PasskeyStore = (*Store)(nil)

type passkeyRow struct {
	ID           int64        `db:"id"`
	UserID       int64        `db:"user_id"`
	CredentialID string       `db:"credential_id"`
	Name         string       `db:"name"`
	Record       string       `db:"record"`
	CreatedAt    time.Time    `db:"created_at"`
	LastUsedAt   sql.NullTime `db:"last_used_at"`
}

func (r passkeyRow) toDomain() *domain.Passkey {
	return &domain.Passkey{ID: r.ID, UserID: r.UserID, CredentialID: r.CredentialID, Name: r.Name, Record: []byte(r.Record),
		CreatedAt: r.CreatedAt.UTC(), LastUsedAt: nullTime(r.LastUsedAt)}
}

const passkeyColumns = `id, user_id, credential_id, name, record, created_at, last_used_at`

// CreatePasskey implements ports.PasskeyStore.
func (s *Store) CreatePasskey(ctx context.Context, p *domain.Passkey, max int) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, p.UserID); err != nil {
				return translate(err)
			}
		}
		var n int
		if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM passkeys WHERE user_id = ?`), p.UserID); err != nil {
			return translate(err)
		}
		if n >= max {
			return domain.Errorf(domain.ELimitReached, domain.MsgPasskeyLimit)
		}
		return translate(tx.GetContext(ctx, &p.ID, s.q(`INSERT INTO passkeys (user_id, credential_id, name, record, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`), p.UserID, p.CredentialID, p.Name, string(p.Record), utc(p.CreatedAt)))
	})
}

// ListPasskeys implements ports.PasskeyStore (passkeys_user; at most domain.MaxPasskeysPerUser).
func (s *Store) ListPasskeys(ctx context.Context, userID int64) ([]*domain.Passkey, error) {
	var rows []passkeyRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = ? ORDER BY id LIMIT ?`),
		userID, domain.MaxPasskeysPerUser); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Passkey, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, nil
}

// PasskeyByCredentialID implements ports.PasskeyStore.
func (s *Store) PasskeyByCredentialID(ctx context.Context, credentialID string) (*domain.Passkey, error) {
	var r passkeyRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+passkeyColumns+` FROM passkeys WHERE credential_id = ?`), credentialID); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// UsePasskey implements ports.PasskeyStore.
func (s *Store) UsePasskey(ctx context.Context, id int64, record []byte, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE passkeys SET record = ?, last_used_at = ? WHERE id = ?`), string(record), utc(at), id)
	return translate(err)
}

// RenamePasskey implements ports.PasskeyStore.
func (s *Store) RenamePasskey(ctx context.Context, userID, id int64, name string) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?`), name, id, userID)
	return affectedOne(res, err)
}

// DeletePasskey implements ports.PasskeyStore.
func (s *Store) DeletePasskey(ctx context.Context, userID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM passkeys WHERE id = ? AND user_id = ?`), id, userID)
	return affectedOne(res, err)
}

// CreateWebAuthnFlow implements ports.PasskeyStore.
func (s *Store) CreateWebAuthnFlow(ctx context.Context, f *domain.WebAuthnFlow) error {
	return translate(s.db.GetContext(ctx, &f.ID, s.q(`INSERT INTO webauthn_flows (flow_hash, user_id, purpose, session, expires_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), f.Hash, f.UserID, f.Purpose, string(f.Session), utc(f.ExpiresAt)))
}

// TakeWebAuthnFlow implements ports.PasskeyStore: one DELETE … RETURNING, so a flow is used once.
func (s *Store) TakeWebAuthnFlow(ctx context.Context, hash, purpose string, now time.Time) (*domain.WebAuthnFlow, error) {
	var r struct {
		ID        int64         `db:"id"`
		UserID    sql.NullInt64 `db:"user_id"`
		Purpose   string        `db:"purpose"`
		Session   string        `db:"session"`
		ExpiresAt time.Time     `db:"expires_at"`
	}
	err := s.db.GetContext(ctx, &r, s.q(`DELETE FROM webauthn_flows WHERE flow_hash = ? AND purpose = ? AND expires_at > ?
		RETURNING id, user_id, purpose, session, expires_at`), hash, purpose, utc(now))
	if err != nil {
		return nil, translate(err)
	}
	return &domain.WebAuthnFlow{ID: r.ID, Hash: hash, UserID: nullInt(r.UserID), Purpose: r.Purpose, Session: []byte(r.Session), ExpiresAt: r.ExpiresAt.UTC()}, nil
}

// DeleteWebAuthnFlowsBefore implements ports.PasskeyStore.
func (s *Store) DeleteWebAuthnFlowsBefore(ctx context.Context, t time.Time) (int, error) {
	return s.deleteCount(ctx, `DELETE FROM webauthn_flows WHERE expires_at < ?`, utc(t))
}
