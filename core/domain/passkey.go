package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Passkey is a WebAuthn credential of a user: signing in with it needs no password and counts
// as two factors (something the user has, unlocked by something they are or know).
type Passkey struct {
	ID     int64
	UserID int64
	// CredentialID is the credential's id, base64url without padding.
	CredentialID string
	Name         string
	// Record is the WebAuthn adapter's stored credential (public key, counter, flags).
	Record     []byte
	CreatedAt  time.Time
	LastUsedAt *time.Time
}

// WebAuthnFlow is a passkey ceremony between its two steps.
type WebAuthnFlow struct {
	ID        int64
	Hash      string
	UserID    *int64
	Purpose   string
	Session   []byte
	ExpiresAt time.Time
}

// Passkey constants.
const (
	MaxPasskeysPerUser    = 20
	MaxPasskeyNameLength  = 60
	WebAuthnFlowTTL       = 5 * time.Minute
	FlowRegisterPasskey   = "register"
	FlowPasskeySignIn     = "login"
	MsgPasskeyName        = "Passkey name must be 1 to 60 characters"
	MsgPasskeyNotFound    = "Passkey not found"
	MsgPasskeyLimit       = "You have 20 passkeys: remove one before adding another"
	MsgPasskeyFailed      = "The passkey could not be verified"
	MsgPasskeyFlowExpired = "The passkey request has expired. Please try again."
)

// CleanPasskeyName trims a passkey's name and checks its length.
func CleanPasskeyName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n < 1 || n > MaxPasskeyNameLength {
		return "", &Error{Code: EInvalid, Message: MsgPasskeyName, Fields: map[string]string{"name": MsgPasskeyName}}
	}
	return name, nil
}
