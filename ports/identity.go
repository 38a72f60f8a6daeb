package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// OIDCClaims is what a verified sign-in at the OpenID provider says about its subject: the ID
// token's claims with the UserInfo endpoint's added.
type OIDCClaims struct {
	Issuer            string
	Subject           string
	Nonce             string
	Email             string
	EmailVerified     bool
	Name              string
	PreferredUsername string
	// Roles are the values of the configured role claim (a string or a list of strings).
	Roles []string
}

// OIDCProvider runs the authorization code flow with PKCE against one OpenID provider.
type OIDCProvider interface {
	// AuthURL is where the browser goes to sign in: state, nonce and the S256 challenge of
	// verifier are in it, and the redirect goes back to Garden's own callback page.
	AuthURL(ctx context.Context, state, nonce, verifier string) (string, error)
	// Exchange trades code for tokens with verifier, verifies the ID token (issuer, audience,
	// signature, expiry) and returns its claims; the caller checks the nonce. Codes:
	// unauthorized (the code or the token does not verify), unavailable (the provider cannot
	// be reached).
	Exchange(ctx context.Context, code, verifier string) (*OIDCClaims, error)
}

// IdentityStore keeps the links between accounts and OpenID subjects.
type IdentityStore interface {
	// CreateIdentity inserts i and sets its ID. Codes: conflict ((issuer, subject) is linked).
	CreateIdentity(ctx context.Context, i *domain.Identity) error
	// IdentityBySubject returns the identity of (issuer, subject). Codes: not_found.
	IdentityBySubject(ctx context.Context, issuer, subject string) (*domain.Identity, error)
	// ListIdentities returns a user's identities, oldest first (at most domain.MaxIdentitiesPerUser).
	ListIdentities(ctx context.Context, userID int64) ([]*domain.Identity, error)
	// UseIdentity records a sign-in with the identity at at.
	UseIdentity(ctx context.Context, id int64, at time.Time) error
	// DeleteIdentity removes one of the user's identities. Codes: not_found.
	DeleteIdentity(ctx context.Context, userID, id int64) error
	// UsersByEmail returns at most limit users whose e-mail is email (ignoring case), by id.
	UsersByEmail(ctx context.Context, email string, limit int) ([]*domain.User, error)
}
