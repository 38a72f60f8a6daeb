package sqlstore

import (
	"context"
	"database/sql"

	"github.com/gardenctl/garden/core/domain"
)

// CalendarToken implements ports.CalendarFeedStore.
func (s *Store) CalendarToken(ctx context.Context, userID int64) (string, error) {
	var tok sql.NullString
	if err := s.db.GetContext(ctx, &tok, s.q(`SELECT calendar_token FROM users WHERE id = ?`), userID); err != nil {
		return "", translate(err)
	}
	return tok.String, nil
}

// SetCalendarToken implements ports.CalendarFeedStore.
func (s *Store) SetCalendarToken(ctx context.Context, userID int64, token string) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE users SET calendar_token = ? WHERE id = ?`), nullString(token), userID)
	return affectedOne(res, err)
}

// UserByCalendarToken implements ports.CalendarFeedStore.
func (s *Store) UserByCalendarToken(ctx context.Context, token string) (*domain.User, error) {
	if token == "" {
		return nil, domain.Errorf(domain.ENotFound, "not found")
	}
	return s.getUser(ctx, s.db, `calendar_token = ?`, token)
}
