package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.IdentityStore = (*Store)(nil)

type identityRow struct {
	ID         int64        `db:"id"`
	UserID     int64        `db:"user_id"`
	Issuer     string       `db:"issuer"`
	Subject    string       `db:"subject"`
	Email      string       `db:"email"`
	CreatedAt  time.Time    `db:"created_at"`
	LastUsedAt sql.NullTime `db:"last_used_at"`
}

func (r identityRow) toDomain() *domain.Identity {
	return &domain.Identity{ID: r.ID, UserID: r.UserID, Issuer: r.Issuer, Subject: r.Subject, Email: r.Email,
		CreatedAt: r.CreatedAt.UTC(), LastUsedAt: nullTime(r.LastUsedAt)}
}

const identityColumns = `id, user_id, issuer, subject, email, created_at, last_used_at`

// CreateIdentity implements ports.IdentityStore.
func (s *Store) CreateIdentity(ctx context.Context, i *domain.Identity) error {
	return translate(s.db.GetContext(ctx, &i.ID, s.q(`INSERT INTO identities (user_id, issuer, subject, email, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), i.UserID, i.Issuer, i.Subject, i.Email, utc(i.CreatedAt)))
}

// IdentityBySubject implements ports.IdentityStore (the unique (issuer, subject) index).
func (s *Store) IdentityBySubject(ctx context.Context, issuer, subject string) (*domain.Identity, error) {
	var r identityRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+identityColumns+` FROM identities WHERE issuer = ? AND subject = ?`), issuer, subject); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListIdentities implements ports.IdentityStore (identities_user).
func (s *Store) ListIdentities(ctx context.Context, userID int64) ([]*domain.Identity, error) {
	var rows []identityRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+identityColumns+` FROM identities WHERE user_id = ? ORDER BY id LIMIT ?`),
		userID, domain.MaxIdentitiesPerUser); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Identity, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, nil
}

// UseIdentity implements ports.IdentityStore.
func (s *Store) UseIdentity(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE identities SET last_used_at = ? WHERE id = ?`), utc(at), id)
	return translate(err)
}

// DeleteIdentity implements ports.IdentityStore.
func (s *Store) DeleteIdentity(ctx context.Context, userID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM identities WHERE id = ? AND user_id = ?`), id, userID)
	return affectedOne(res, err)
}

// UsersByEmail implements ports.IdentityStore (users_email_lower).
func (s *Store) UsersByEmail(ctx context.Context, email string, limit int) ([]*domain.User, error) {
	var rows []userRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+userColumns+` FROM users WHERE lower(email) = ? ORDER BY id LIMIT ?`),
		strings.ToLower(strings.TrimSpace(email)), limit); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}
