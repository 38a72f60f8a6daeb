package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// PasskeyUser is an account as a WebAuthn ceremony sees it: its user handle, names and the
// stored credentials (each an opaque record the WebAuthn adapter made).
type PasskeyUser struct {
	Handle      []byte
	Name        string
	DisplayName string
	Credentials [][]byte
}

// WebAuthn runs passkey ceremonies (W3C Web Authentication). Options and sessions are opaque
// JSON for the browser and for the store between the two steps of a ceremony.
type WebAuthn interface {
	// BeginRegistration returns the creation options for the browser (a discoverable
	// credential, the user's existing ones excluded) and the ceremony's session.
	BeginRegistration(u PasskeyUser) (options, session []byte, err error)
	// FinishRegistration checks the browser's attestation response and returns the new
	// credential's id and record. Codes: invalid (the response does not verify).
	FinishRegistration(u PasskeyUser, session, response []byte) (credentialID, record []byte, err error)
	// BeginLogin returns request options for a discoverable sign-in (no user named) and its session.
	BeginLogin() (options, session []byte, err error)
	// FinishLogin checks an assertion; lookup finds the account of a credential id and user
	// handle. It returns the credential id used and its updated record (the signature
	// counter). Codes: unauthorized (the assertion does not verify), lookup's error.
	FinishLogin(session, response []byte, lookup func(credentialID, userHandle []byte) (PasskeyUser, error)) (credentialID, record []byte, err error)
}

// PasskeyStore keeps passkeys and the sessions of passkey ceremonies in progress.
type PasskeyStore interface {
	// CreatePasskey inserts p unless its user has max passkeys. Codes: conflict (credential
	// registered), limit_reached.
	CreatePasskey(ctx context.Context, p *domain.Passkey, max int) error
	// ListPasskeys returns a user's passkeys, oldest first (at most domain.MaxPasskeysPerUser).
	ListPasskeys(ctx context.Context, userID int64) ([]*domain.Passkey, error)
	// PasskeyByCredentialID returns one passkey. Codes: not_found.
	PasskeyByCredentialID(ctx context.Context, credentialID string) (*domain.Passkey, error)
	// UsePasskey stores the passkey's updated record and its use at at.
	UsePasskey(ctx context.Context, id int64, record []byte, at time.Time) error
	// RenamePasskey renames one of the user's passkeys. Codes: not_found.
	RenamePasskey(ctx context.Context, userID, id int64, name string) error
	// DeletePasskey removes one of the user's passkeys. Codes: not_found.
	DeletePasskey(ctx context.Context, userID, id int64) error
	// CreateWebAuthnFlow stores a ceremony's session under the hash of its id.
	CreateWebAuthnFlow(ctx context.Context, f *domain.WebAuthnFlow) error
	// TakeWebAuthnFlow removes and returns an unexpired ceremony of this purpose (a flow is
	// used once). Codes: not_found.
	TakeWebAuthnFlow(ctx context.Context, hash string, purpose string, now time.Time) (*domain.WebAuthnFlow, error)
	// DeleteWebAuthnFlowsBefore removes ceremonies that expired before t.
	DeleteWebAuthnFlowsBefore(ctx context.Context, t time.Time) (int, error)
}
