package domain

import (
	"strings"
	"time"
)

// SignInMethod says how a session was opened or a sign-in was attempted.
type SignInMethod string

// Sign-in methods (issue #28).
const (
	MethodPassword     SignInMethod = "password"
	MethodTOTP         SignInMethod = "totp"
	MethodRecoveryCode SignInMethod = "recovery_code"
	MethodPasskey      SignInMethod = "passkey"
	MethodImpersonate  SignInMethod = "impersonation"
)

// TicketPurpose says what the second step of a sign-in is for.
type TicketPurpose string

// Ticket purposes: verify an enrolled second factor, or enrol one that the site requires.
const (
	TicketVerify TicketPurpose = "verify"
	TicketSetup  TicketPurpose = "setup"
)

// Two-factor constants of issue #28 item 2.
const (
	// LoginTicketTTL is how long a sign-in waits for its second factor.
	LoginTicketTTL = 5 * time.Minute
	// MaxLoginTicketTries is how many codes one ticket allows.
	MaxLoginTicketTries = 5
	// RecoveryCodeCount is how many one-time recovery codes a confirmation gives.
	RecoveryCodeCount = 10
	// MaxSecondFactorFailures bounds wrong codes for one account from all addresses together
	// within the throttle's window: a stolen password used from many addresses still cannot
	// guess its way through the second factor.
	MaxSecondFactorFailures = 10
	// SessionTouchEvery is how stale a session's last-seen time may get before a request
	// writes it again: the Security page needs minutes, not every request.
	SessionTouchEvery = 5 * time.Minute
	// SignInHistoryDays is how long sign-in events are kept.
	SignInHistoryDays = 90
)

// Two-factor messages.
const (
	MsgSignInExpired           = "Your sign-in has expired. Please sign in again."
	MsgCodeWrong               = "Invalid verification code"
	MsgCodeRequired            = "Enter the 6-digit code from your app or a recovery code"
	MsgTOTPAlreadyOn           = "Two-factor sign-in is already on"
	MsgTOTPNotStarted          = "Start the two-factor set-up first"
	MsgTOTPOff                 = "Two-factor sign-in is not on"
	MsgTwoFactorRequiredBySite = "Your site requires two-factor sign-in"
	MsgSessionOnly             = "This needs a signed-in browser session, not an API token"
	MsgNotWhileImpersonating   = "Not available while impersonating"
	MsgSessionNotFound         = "Session not found"
	MsgTooManyCodes            = "Too many wrong codes. Please try again later."
)

// TOTPEnrolment is a user's TOTP secret: pending until ConfirmedAt is set.
type TOTPEnrolment struct {
	UserID      int64
	Secret      string
	ConfirmedAt *time.Time
	// LastStep is the time step of the last accepted code; a code of that step or an earlier
	// one is refused, so an overheard code cannot be replayed.
	LastStep  int64
	CreatedAt time.Time
}

// Confirmed reports whether the enrolment is in force.
func (e *TOTPEnrolment) Confirmed() bool { return e != nil && e.ConfirmedAt != nil }

// LoginTicket is a sign-in whose password was right and whose second factor is still due.
type LoginTicket struct {
	ID        int64
	Hash      string
	UserID    int64
	Purpose   TicketPurpose
	Tries     int
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SignInEvent is one sign-in attempt of a known account.
type SignInEvent struct {
	ID        int64
	UserID    int64
	At        time.Time
	Success   bool
	Method    SignInMethod
	Address   string
	UserAgent string
}

// Client is where a request comes from: its address and the browser's User-Agent.
type Client struct {
	Addr      string
	UserAgent string
}

// MaxUserAgentLength bounds the User-Agent a session keeps.
const MaxUserAgentLength = 255

// Clean returns c with the User-Agent cut to MaxUserAgentLength bytes at a rune boundary.
func (c Client) Clean() Client {
	ua := strings.ToValidUTF8(c.UserAgent, "")
	if len(ua) > MaxUserAgentLength {
		ua = ua[:MaxUserAgentLength]
		ua = strings.ToValidUTF8(ua, "")
	}
	c.UserAgent = ua
	return c
}

// IsTOTPCode reports whether code looks like a 6-digit TOTP code rather than a recovery code.
func IsTOTPCode(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NormalizeCode trims spaces and removes inner spaces and dashes, lower-casing letters, so that
// "1234 56" and "ABCD-EFGH-…" are read as typed on a phone.
func NormalizeCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(code) {
		if r == ' ' || r == '-' || r == '\t' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
