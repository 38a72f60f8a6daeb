package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// CalendarFeedStore keeps each user's secret calendar feed token.
type CalendarFeedStore interface {
	// CalendarToken returns the user's feed token, or "" when none was made.
	CalendarToken(ctx context.Context, userID int64) (string, error)
	// SetCalendarToken replaces the user's feed token. Codes: not_found, conflict.
	SetCalendarToken(ctx context.Context, userID int64, token string) error
	// UserByCalendarToken finds the owner of a feed token. Codes: not_found.
	UserByCalendarToken(ctx context.Context, token string) (*domain.User, error)
}
