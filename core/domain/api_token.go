package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Personal API tokens let a gardener script Garden (Home Assistant, a shell) with the same
// bearer header as a sign-in, without their password. A token has a name, a scope and an
// expiry; only a hash of it is stored and it is shown once, at creation.

// TokenScope is what an API token may do.
type TokenScope string

// The scopes.
const (
	ScopeRead  TokenScope = "read"
	ScopeWrite TokenScope = "write"
)

// APITokenPrefix starts every API token, so that the server (and a secret scanner) can tell
// one from a sign-in token at a glance.
const APITokenPrefix = "gdn_"

// API token limits.
const (
	MaxAPITokenNameLen   = 100
	MaxAPITokenDays      = 365
	MaxAPITokensPerUser  = 50
	APITokenTouchEvery   = time.Minute // last use is written at most this often per token
	DefaultAPITokenDays  = 90
	apiTokenNameMinChars = 1
)

// API token messages.
const (
	MsgTokenName       = "Token name must be 1 to 100 characters"
	MsgTokenScope      = "Scope must be read or write"
	MsgTokenExpiry     = "Expiry must be between 1 and 365 days"
	MsgTokenLimit      = "You have 50 API tokens: revoke one before creating another"
	MsgTokenNotFound   = "API token not found"
	MsgTokenReadOnly   = "This API token is read-only: it cannot change anything"
	MsgTokenNoManage   = "API tokens cannot create or revoke API tokens: sign in to manage them"
	MsgTokenNoImperson = "API tokens cannot impersonate: sign in to impersonate"
	// MsgTokenPasswordRequired and MsgTokenPasswordWrong answer a token creation without the
	// account's password, or with a wrong one: a stolen sign-in alone cannot mint a credential
	// that outlives it.
	MsgTokenPasswordRequired = "Enter your password to create an API token"
	MsgTokenPasswordWrong    = "Your password is incorrect: no token was created"
	// MsgTokenNoCalendarFeed answers an API token asking for the calendar feed's secret
	// address, which would outlive the token.
	MsgTokenNoCalendarFeed = "API tokens cannot read or reset the calendar feed address: sign in to copy it"
)

// APIToken is one personal API token. TokenHash is the SHA-256 of the token.
type APIToken struct {
	ID         int64
	UserID     int64
	Name       string
	Scope      TokenScope
	TokenHash  string
	CreatedAt  time.Time
	ExpiresAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
}

// ActiveAt reports whether the token may be used at now.
func (t *APIToken) ActiveAt(now time.Time) bool {
	return t.RevokedAt == nil && now.Before(t.ExpiresAt)
}

// NeedsTouch reports whether the last use is old enough to be written again.
func (t *APIToken) NeedsTouch(now time.Time) bool {
	return t.LastUsedAt == nil || now.Sub(*t.LastUsedAt) >= APITokenTouchEvery
}

// NewAPIToken checks a creation request and returns the token to store (without its hash).
func NewAPIToken(userID int64, name string, scope TokenScope, days int, now time.Time) (*APIToken, error) {
	name = strings.TrimSpace(name)
	var v Validation
	if n := utf8.RuneCountInString(name); n < apiTokenNameMinChars || n > MaxAPITokenNameLen {
		v.Add("name", MsgTokenName)
	}
	if scope != ScopeRead && scope != ScopeWrite {
		v.Add("scope", MsgTokenScope)
	}
	if days < 1 || days > MaxAPITokenDays {
		v.Add("expiresInDays", MsgTokenExpiry)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &APIToken{UserID: userID, Name: name, Scope: scope, CreatedAt: now, ExpiresAt: now.AddDate(0, 0, days)}, nil
}

// ReadOnly reports whether the caller came with a read-only API token.
func (p *Principal) ReadOnly() bool {
	return p != nil && p.APIToken != nil && p.APIToken.Scope != ScopeWrite
}

// CheckCanManageTokens refuses API-token callers: a token must not mint or revoke tokens,
// or a leaked one could outlive its own expiry.
func CheckCanManageTokens(p *Principal) error {
	if p == nil || p.User == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if p.APIToken != nil {
		return Errorf(EForbidden, MsgTokenNoManage)
	}
	return nil
}
