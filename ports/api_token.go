package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// APITokenStore keeps personal API tokens by the hash of the token.
type APITokenStore interface {
	// CreateAPIToken inserts t and sets its ID, unless its user already has max active tokens.
	// Codes: conflict (hash exists), limit_reached (max reached).
	CreateAPIToken(ctx context.Context, t *domain.APIToken, max int, now time.Time) error
	// APITokenByHash returns a token whatever its state. Codes: not_found.
	APITokenByHash(ctx context.Context, hash string) (*domain.APIToken, error)
	// ListAPITokens returns a user's tokens that are neither revoked nor expired at now, newest
	// first (at most domain.MaxAPITokensPerUser exist).
	ListAPITokens(ctx context.Context, userID int64, now time.Time) ([]*domain.APIToken, error)
	// ListAllAPITokens returns at most limit active tokens of every user (userID 0) or of one,
	// newest first, for operators.
	ListAllAPITokens(ctx context.Context, userID int64, now time.Time, limit int) ([]*domain.APIToken, error)
	// RevokeAPIToken revokes token id; userID 0 means any user's (operators). Codes: not_found
	// (no such active token of that user).
	RevokeAPIToken(ctx context.Context, userID, id int64, at time.Time) error
	// RevokeUserAPITokens revokes every active token of a user and says how many. Revoking
	// (here and in RevokeAPIToken) deletes the push devices the tokens registered, in the same
	// transaction.
	RevokeUserAPITokens(ctx context.Context, userID int64, at time.Time) (int, error)
	// TouchAPIToken records a use at at.
	TouchAPIToken(ctx context.Context, id int64, at time.Time) error
}
