package domain

import "time"

// Session is a signed-in bearer token. Only a hash of the token is kept.
type Session struct {
	ID        int64
	TokenHash string
	UserID    int64
	// ImpersonatorID is the superadmin acting as UserID, or nil for an ordinary sign-in.
	ImpersonatorID *int64
	CreatedAt      time.Time
	ExpiresAt      time.Time
	RevokedAt      *time.Time
	// Method is how the session was opened; UserAgent and Address are the browser and client
	// address that opened it; LastSeenAt is when it was last used (to SessionTouchEvery).
	Method     SignInMethod
	UserAgent  string
	Address    string
	LastSeenAt *time.Time
}

// ActiveAt reports whether the session may be used at now.
func (s *Session) ActiveAt(now time.Time) bool {
	return s.RevokedAt == nil && now.Before(s.ExpiresAt)
}

// Principal is the authenticated caller of a request: the user the session acts as, and the
// session itself.
type Principal struct {
	User    *User
	Session *Session
	// APIToken is set, and Session nil, when the caller came with a personal API token.
	APIToken *APIToken
}

// IsImpersonating reports whether a superadmin is acting as another user.
func (p *Principal) IsImpersonating() bool {
	return p != nil && p.Session != nil && p.Session.ImpersonatorID != nil
}

// RequireRole returns nil when p is signed in with at least role min, else an unauthorized or
// forbidden error with the Access Denied sentence of spec 01 §2.
func RequireRole(p *Principal, min Role) error {
	if p == nil || p.User == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if p.User.Role.AtLeast(min) {
		return nil
	}
	if min == RoleSuperadmin {
		return Errorf(EForbidden, MsgSuperadminRequired)
	}
	return Errorf(EForbidden, MsgAdminRequired)
}

// CheckCanImpersonate decides whether actor may impersonate anyone: only a signed-in
// superadmin who is not already impersonating (spec 01 §5, spec 02 §6).
func CheckCanImpersonate(actor *Principal) error {
	if actor == nil || actor.User == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if actor.APIToken != nil {
		return Errorf(EForbidden, MsgTokenNoImperson)
	}
	if actor.IsImpersonating() {
		return Errorf(EConflict, MsgAlreadyImpersonating)
	}
	if actor.User.Role != RoleSuperadmin {
		return Errorf(EForbidden, MsgOnlySuperadminsImpersonate)
	}
	return nil
}

// CheckImpersonation decides whether actor may start acting as target: CheckCanImpersonate,
// then never themself and never a deactivated account.
func CheckImpersonation(actor *Principal, target *User) error {
	if err := CheckCanImpersonate(actor); err != nil {
		return err
	}
	if actor.User.ID == target.ID {
		return Errorf(EForbidden, MsgCannotImpersonateSelf)
	}
	if !target.IsActive {
		return Errorf(EForbidden, MsgCannotImpersonateInactive)
	}
	return nil
}

// FreshSignIn is how recent a session must be to stand in for a password that an account made
// by single sign-on does not have (deleting the account).
const FreshSignIn = 10 * time.Minute
