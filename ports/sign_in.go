package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// TOTP makes and checks time-based one-time passwords (RFC 6238: 6 digits, 30 seconds, SHA-1,
// what every authenticator app reads).
type TOTP interface {
	// NewSecret returns a fresh base32 secret and its otpauth:// URL for issuer and account.
	NewSecret(issuer, account string) (secret, url string, err error)
	// Match reports whether code is valid for secret at at, allowing one step of clock drift
	// either way, and returns the time step it belongs to.
	Match(secret, code string, at time.Time) (step int64, ok bool)
}

// SignInStore keeps what two-factor sign-in and the Security page need: TOTP secrets,
// recovery codes, half-done sign-ins (tickets), sign-in events, and the sessions of one user.
type SignInStore interface {
	// TOTPByUser returns the user's TOTP enrolment, pending or confirmed. Codes: not_found.
	TOTPByUser(ctx context.Context, userID int64) (*domain.TOTPEnrolment, error)
	// SavePendingTOTP stores a new, unconfirmed secret for the user, replacing a pending one.
	// Codes: conflict (a confirmed enrolment exists).
	SavePendingTOTP(ctx context.Context, userID int64, secret string, at time.Time) error
	// ConfirmTOTP puts the pending secret in force with last step step and replaces the user's
	// recovery codes with hashes, in one transaction. Codes: not_found (nothing pending),
	// conflict (already confirmed).
	ConfirmTOTP(ctx context.Context, userID int64, step int64, at time.Time, recoveryHashes []string) error
	// AdvanceTOTPStep records step as the last code used, when it is later than the last one.
	// Codes: conflict (that step or a later one was already used), not_found.
	AdvanceTOTPStep(ctx context.Context, userID int64, step int64) error
	// DeleteSecondFactors removes the user's TOTP secret and recovery codes.
	DeleteSecondFactors(ctx context.Context, userID int64) error
	// UseRecoveryCode marks the user's unused code with this hash used at at. Codes:
	// not_found (no such unused code).
	UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) error
	// CountRecoveryCodes says how many unused recovery codes the user has.
	CountRecoveryCodes(ctx context.Context, userID int64) (int, error)

	// CreateLoginTicket inserts t and sets its ID.
	CreateLoginTicket(ctx context.Context, t *domain.LoginTicket) error
	// LoginTicketByHash returns a ticket that is still open at now without spending a try.
	// Codes: not_found (unknown, expired or out of tries).
	LoginTicketByHash(ctx context.Context, hash string, now time.Time, maxTries int) (*domain.LoginTicket, error)
	// TryLoginTicket spends one try of an open ticket atomically and returns it. Codes:
	// not_found (unknown, expired, or its tries were spent).
	TryLoginTicket(ctx context.Context, hash string, now time.Time, maxTries int) (*domain.LoginTicket, error)
	// DeleteLoginTicket removes a ticket (used).
	DeleteLoginTicket(ctx context.Context, id int64) error
	// DeleteLoginTicketsBefore removes tickets that expired before t and says how many.
	DeleteLoginTicketsBefore(ctx context.Context, t time.Time) (int, error)

	// RecordSignIn inserts a sign-in event and sets its ID.
	RecordSignIn(ctx context.Context, e *domain.SignInEvent) error
	// CountFailedCodes counts the user's failed second-factor attempts at or after since.
	CountFailedCodes(ctx context.Context, userID int64, since time.Time) (int, error)
	// ListSignIns returns one page of the user's sign-in events, newest first.
	ListSignIns(ctx context.Context, userID int64, page domain.PageRequest) (domain.Page[*domain.SignInEvent], error)
	// DeleteSignInsBefore removes sign-in events older than t and says how many.
	DeleteSignInsBefore(ctx context.Context, t time.Time) (int, error)

	// ListUserSessions returns one page of the user's own sessions open at now (not
	// impersonations of them), newest first.
	ListUserSessions(ctx context.Context, userID int64, now time.Time, page domain.PageRequest) (domain.Page[*domain.Session], error)
	// RevokeUserSession revokes one open session of the user, with its push devices. Codes:
	// not_found (no such open session of that user).
	RevokeUserSession(ctx context.Context, userID, id int64, at time.Time) error
	// RevokeOtherSessions revokes every open session of the user but keep, with their push
	// devices, and says how many.
	RevokeOtherSessions(ctx context.Context, userID, keep int64, at time.Time) (int, error)
	// TouchSession records that the session was used at at.
	TouchSession(ctx context.Context, id int64, at time.Time) error

	// SiteRequiresTwoFactor reports whether the site requires a second factor. Codes: not_found.
	SiteRequiresTwoFactor(ctx context.Context, siteID int64) (bool, error)
	// SetSiteRequiresTwoFactor sets it. Codes: not_found.
	SetSiteRequiresTwoFactor(ctx context.Context, siteID int64, on bool) error
}
