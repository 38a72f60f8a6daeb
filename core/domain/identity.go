package domain

import (
	"strings"
	"time"
)

// MethodOIDC is a sign-in through the configured OpenID Connect provider (issue #28 item 1).
const MethodOIDC SignInMethod = "oidc"

// OIDC constants.
const (
	// OIDCFlowTTL is how long a sign-in may stay at the identity provider, and how long a
	// pending link waits for the account's password.
	OIDCFlowTTL = 10 * time.Minute
	// FlowOIDCSignIn and FlowOIDCLink are the purposes of the stored flows.
	FlowOIDCSignIn = "oidc"
	FlowOIDCLink   = "oidc-link"
	// MaxIdentitiesPerUser bounds the identities listed for one account (one provider today).
	MaxIdentitiesPerUser = 10
)

// OIDC messages.
const (
	MsgOIDCOff             = "Single sign-on is not configured"
	MsgOIDCFailed          = "The sign-in with your identity provider could not be verified. Please try again."
	MsgOIDCExpired         = "Your sign-in has expired. Please sign in again."
	MsgOIDCDomain          = "Your e-mail address's domain is not allowed to sign in here"
	MsgOIDCNoAccount       = "No Garden account belongs to this identity. Ask an administrator to create one."
	MsgOIDCNoRole          = "Your identity provider gives you no role in Garden"
	MsgOIDCEmailRequired   = "Your identity provider did not share a verified e-mail address"
	MsgOIDCAmbiguous       = "Several Garden accounts use this e-mail address. Ask an administrator to link yours."
	MsgOIDCLinkedElsewhere = "This identity is already linked to another account"
	MsgIdentityNotFound    = "Linked identity not found"
	MsgIdentityNoPassword  = "Set a password before unlinking your only way to sign in"
	MsgPasswordLoginOff    = "Password sign-in is turned off. Use single sign-on."
	MsgWrongPassword       = "Wrong password"
)

// Identity links an account to a subject of an OpenID provider: (Issuer, Subject) is unique.
type Identity struct {
	ID         int64
	UserID     int64
	Issuer     string
	Subject    string
	Email      string
	CreatedAt  time.Time
	LastUsedAt *time.Time
}

// EmailDomainAllowed reports whether email's domain is one of allowed (case-insensitive); an
// empty list allows every domain.
func EmailDomainAllowed(email string, allowed []string) bool {
	if len(allowed) == 0 {
		return true
	}
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return false
	}
	d := strings.ToLower(email[at+1:])
	for _, a := range allowed {
		if strings.EqualFold(strings.TrimSpace(a), d) {
			return true
		}
	}
	return false
}

// OIDCRole is what one value of the provider's role claim makes of a new account: a Garden
// role and, optionally, a site (site admin or a member of it).
type OIDCRole struct {
	Value     string
	Role      Role
	SiteID    *int64
	SiteAdmin bool
}

// MatchOIDCRole returns the first mapping (in configured order) whose value the claim holds.
func MatchOIDCRole(mapping []OIDCRole, values []string) (OIDCRole, bool) {
	for _, m := range mapping {
		for _, v := range values {
			if v == m.Value {
				return m, true
			}
		}
	}
	return OIDCRole{}, false
}
