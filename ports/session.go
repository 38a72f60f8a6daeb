package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// SessionStore keeps bearer sessions by token hash.
type SessionStore interface {
	// CreateSession inserts s and sets its ID. Codes: conflict (hash exists).
	CreateSession(ctx context.Context, s *domain.Session) error
	// SessionByTokenHash returns a session whatever its state. Codes: not_found.
	SessionByTokenHash(ctx context.Context, hash string) (*domain.Session, error)
	// SessionAndUserByTokenHash returns a session, whatever its state, with its user, in one
	// read: every signed-in request starts with it. Codes: not_found.
	SessionAndUserByTokenHash(ctx context.Context, hash string) (*domain.Session, *domain.User, error)
	// RevokeSession marks one session revoked at at; revoking twice keeps the first time. The
	// push devices registered with the session are deleted in the same transaction.
	// Codes: not_found.
	RevokeSession(ctx context.Context, id int64, at time.Time) error
	// RevokeUserSessions revokes every open session of a user (as user or impersonator) and
	// returns how many it revoked; the push devices of the user's sessions are deleted in the
	// same transaction.
	RevokeUserSessions(ctx context.Context, userID int64, at time.Time) (int, error)
	// DeleteEndedDevices deletes the push devices whose session or API token expired at or
	// before now, and says how many.
	DeleteEndedDevices(ctx context.Context, now time.Time) (int, error)
	// DeleteSessionsBefore removes sessions that expired or were revoked before t.
	DeleteSessionsBefore(ctx context.Context, t time.Time) (int, error)
}
