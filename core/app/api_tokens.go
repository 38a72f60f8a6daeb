package app

import (
	"context"
	"strings"

	"github.com/gardenctl/garden/core/domain"
)

// NewAPIToken is a token just created: Token is shown once and never stored.
type NewAPIToken struct {
	Token string
	*domain.APIToken
}

// CreateAPIToken makes a personal API token for the signed-in caller (not for a token), who
// confirms it with their password: a token outlives the session that made it, so a stolen or
// forgotten-open session alone must not be able to mint one. The password is checked last, in
// the password gate, after every other rule passed.
func (a *Accounts) CreateAPIToken(ctx context.Context, p *domain.Principal, password, name string, scope domain.TokenScope, days int) (*NewAPIToken, error) {
	if err := domain.CheckCanManageTokens(p); err != nil {
		return nil, err
	}
	if p.IsImpersonating() {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgNoTokensWhileImpersonating)
	}
	t, err := domain.NewAPIToken(p.User.ID, name, scope, days, a.clock.Now())
	if err != nil {
		return nil, err
	}
	if password == "" {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgTokenPasswordRequired,
			Fields: map[string]string{"password": domain.MsgTokenPasswordRequired}}
	}
	if err := a.checkCurrentPassword(ctx, p.User, password); err != nil {
		if domain.ErrorCode(err) == domain.EInvalid {
			return nil, &domain.Error{Code: domain.EForbidden, Message: domain.MsgTokenPasswordWrong,
				Fields: map[string]string{"password": domain.MsgTokenPasswordWrong}}
		}
		return nil, err
	}
	secret, _, err := newToken()
	if err != nil {
		return nil, err
	}
	secret = domain.APITokenPrefix + secret
	t.TokenHash = HashToken(secret)
	if err := a.store.CreateAPIToken(ctx, t, domain.MaxAPITokensPerUser, a.clock.Now()); err != nil {
		return nil, err
	}
	return &NewAPIToken{Token: secret, APIToken: t}, nil
}

// ListAPITokens returns the caller's active tokens, newest first.
func (a *Accounts) ListAPITokens(ctx context.Context, p *domain.Principal) ([]*domain.APIToken, error) {
	if p == nil || p.User == nil {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	return a.store.ListAPITokens(ctx, p.User.ID, a.clock.Now())
}

// RevokeAPIToken revokes one of the caller's tokens.
func (a *Accounts) RevokeAPIToken(ctx context.Context, p *domain.Principal, id int64) error {
	if err := domain.CheckCanManageTokens(p); err != nil {
		return err
	}
	return a.store.RevokeAPIToken(ctx, p.User.ID, id, a.clock.Now())
}

// ListAPITokensAsOperator lists active tokens for the command line: everyone's, or one user's.
func (a *Accounts) ListAPITokensAsOperator(ctx context.Context, username string, limit int) ([]*domain.APIToken, error) {
	var userID int64
	if username != "" {
		u, err := a.UserByUsername(ctx, username)
		if err != nil {
			return nil, err
		}
		userID = u.ID
	}
	return a.store.ListAllAPITokens(ctx, userID, a.clock.Now(), limit)
}

// RevokeAPITokenAsOperator revokes any token by id from the command line.
func (a *Accounts) RevokeAPITokenAsOperator(ctx context.Context, id int64) error {
	return a.store.RevokeAPIToken(ctx, 0, id, a.clock.Now())
}

// authenticateAPIToken signs a request in with a personal API token: active, of an active user.
// Its last use is written at most once a minute, so reads stay reads.
func (a *Accounts) authenticateAPIToken(ctx context.Context, token string) (*domain.Principal, error) {
	unauthorized := domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	t, err := a.store.APITokenByHash(ctx, HashToken(token))
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, unauthorized
	} else if err != nil {
		return nil, err
	}
	now := a.clock.Now()
	if !t.ActiveAt(now) {
		return nil, unauthorized
	}
	u, err := a.store.UserByID(ctx, t.UserID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, unauthorized
	} else if err != nil {
		return nil, err
	}
	if !u.IsActive {
		return nil, unauthorized
	}
	if t.NeedsTouch(now) {
		if err := a.store.TouchAPIToken(ctx, t.ID, now); err != nil {
			a.log.Warn("recording an API token's use failed", "token", t.ID, "err", err)
		}
		t.LastUsedAt = &now
	}
	return &domain.Principal{User: u, APIToken: t}, nil
}

// isAPIToken tells personal API tokens from sign-in tokens by their prefix.
func isAPIToken(token string) bool { return strings.HasPrefix(token, domain.APITokenPrefix) }
