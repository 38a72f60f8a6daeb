package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PasskeyCeremony is the first step of a passkey ceremony: the flow to name in the second step
// and the options for the browser (navigator.credentials.create or .get).
type PasskeyCeremony struct {
	Flow    string
	Options json.RawMessage
}

// userHandle is the WebAuthn user handle of an account: its id, 8 bytes big-endian.
func userHandle(id int64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, uint64(id))
	return b
}

func (a *Accounts) webAuthn() (ports.WebAuthn, error) {
	if a.cfg.WebAuthn == nil {
		return nil, domain.Errorf(domain.EUnavailable, "Passkeys are not configured")
	}
	return a.cfg.WebAuthn, nil
}

func (a *Accounts) passkeyUser(ctx context.Context, u *domain.User) (ports.PasskeyUser, error) {
	keys, err := a.store.ListPasskeys(ctx, u.ID)
	if err != nil {
		return ports.PasskeyUser{}, err
	}
	out := ports.PasskeyUser{Handle: userHandle(u.ID), Name: u.Username, DisplayName: u.FullName}
	if out.DisplayName == "" {
		out.DisplayName = u.Username
	}
	for _, k := range keys {
		out.Credentials = append(out.Credentials, k.Record)
	}
	return out, nil
}

func (a *Accounts) startFlow(ctx context.Context, userID *int64, purpose string, options, session []byte) (*PasskeyCeremony, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	f := &domain.WebAuthnFlow{Hash: hash, UserID: userID, Purpose: purpose, Session: session, ExpiresAt: a.clock.Now().Add(domain.WebAuthnFlowTTL)}
	if err := a.store.CreateWebAuthnFlow(ctx, f); err != nil {
		return nil, err
	}
	return &PasskeyCeremony{Flow: token, Options: options}, nil
}

func (a *Accounts) takeFlow(ctx context.Context, flow, purpose string) (*domain.WebAuthnFlow, error) {
	if flow == "" || len(flow) > 128 {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgPasskeyFlowExpired)
	}
	f, err := a.store.TakeWebAuthnFlow(ctx, HashToken(flow), purpose, a.clock.Now())
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgPasskeyFlowExpired)
	}
	return f, err
}

// BeginPasskeyRegistration starts adding a passkey to the caller's account.
func (a *Accounts) BeginPasskeyRegistration(ctx context.Context, p *domain.Principal) (*PasskeyCeremony, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, err
	}
	w, err := a.webAuthn()
	if err != nil {
		return nil, err
	}
	pu, err := a.passkeyUser(ctx, p.User)
	if err != nil {
		return nil, err
	}
	if len(pu.Credentials) >= domain.MaxPasskeysPerUser {
		return nil, domain.Errorf(domain.ELimitReached, domain.MsgPasskeyLimit)
	}
	options, session, err := w.BeginRegistration(pu)
	if err != nil {
		return nil, err
	}
	return a.startFlow(ctx, &p.User.ID, domain.FlowRegisterPasskey, options, session)
}

// FinishPasskeyRegistration checks the browser's answer and keeps the new passkey under name.
func (a *Accounts) FinishPasskeyRegistration(ctx context.Context, p *domain.Principal, flow, name string, response []byte) (*domain.Passkey, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, err
	}
	if name == "" {
		name = "Passkey"
	}
	name, err := domain.CleanPasskeyName(name)
	if err != nil {
		return nil, err
	}
	w, err := a.webAuthn()
	if err != nil {
		return nil, err
	}
	f, err := a.takeFlow(ctx, flow, domain.FlowRegisterPasskey)
	if err != nil {
		return nil, err
	}
	if f.UserID == nil || *f.UserID != p.User.ID {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgPasskeyFlowExpired)
	}
	pu, err := a.passkeyUser(ctx, p.User)
	if err != nil {
		return nil, err
	}
	id, record, err := w.FinishRegistration(pu, f.Session, response)
	if err != nil {
		return nil, err
	}
	key := &domain.Passkey{UserID: p.User.ID, CredentialID: base64.RawURLEncoding.EncodeToString(id), Name: name, Record: record, CreatedAt: a.clock.Now()}
	if err := a.store.CreatePasskey(ctx, key, domain.MaxPasskeysPerUser); err != nil {
		return nil, err
	}
	a.log.Info("passkey added", "user", p.User.Username)
	return key, nil
}

// Passkeys lists the caller's passkeys.
func (a *Accounts) Passkeys(ctx context.Context, p *domain.Principal) ([]*domain.Passkey, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, err
	}
	return a.store.ListPasskeys(ctx, p.User.ID)
}

// RenamePasskey renames one of the caller's passkeys.
func (a *Accounts) RenamePasskey(ctx context.Context, p *domain.Principal, id int64, name string) error {
	if err := requireOwnSession(p); err != nil {
		return err
	}
	name, err := domain.CleanPasskeyName(name)
	if err != nil {
		return err
	}
	return passkeyNotFound(a.store.RenamePasskey(ctx, p.User.ID, id, name))
}

// DeletePasskey removes one of the caller's passkeys.
func (a *Accounts) DeletePasskey(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireOwnSession(p); err != nil {
		return err
	}
	return passkeyNotFound(a.store.DeletePasskey(ctx, p.User.ID, id))
}

func passkeyNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPasskeyNotFound)
	}
	return err
}

// BeginPasskeySignIn starts a sign-in with a discoverable passkey: no username, no password.
func (a *Accounts) BeginPasskeySignIn(ctx context.Context) (*PasskeyCeremony, error) {
	w, err := a.webAuthn()
	if err != nil {
		return nil, err
	}
	options, session, err := w.BeginLogin()
	if err != nil {
		return nil, err
	}
	return a.startFlow(ctx, nil, domain.FlowPasskeySignIn, options, session)
}

// FinishPasskeySignIn checks the browser's assertion and opens a session. A passkey counts as
// two factors: no password and no code is asked, whatever the account or its site requires.
func (a *Accounts) FinishPasskeySignIn(ctx context.Context, flow string, response []byte, c domain.Client) (*SignedIn, error) {
	c = c.Clean()
	w, err := a.webAuthn()
	if err != nil {
		return nil, err
	}
	f, err := a.takeFlow(ctx, flow, domain.FlowPasskeySignIn)
	if err != nil {
		return nil, err
	}
	var key *domain.Passkey
	var user *domain.User
	lookup := func(credentialID, handle []byte) (ports.PasskeyUser, error) {
		k, err := a.store.PasskeyByCredentialID(ctx, base64.RawURLEncoding.EncodeToString(credentialID))
		if domain.ErrorCode(err) == domain.ENotFound {
			return ports.PasskeyUser{}, domain.Errorf(domain.EUnauthorized, domain.MsgPasskeyFailed)
		} else if err != nil {
			return ports.PasskeyUser{}, err
		}
		if !bytes.Equal(handle, userHandle(k.UserID)) {
			return ports.PasskeyUser{}, domain.Errorf(domain.EUnauthorized, domain.MsgPasskeyFailed)
		}
		u, err := a.store.UserByID(ctx, k.UserID)
		if err != nil {
			return ports.PasskeyUser{}, err
		}
		key, user = k, u
		return ports.PasskeyUser{Handle: handle, Name: u.Username, DisplayName: u.Username, Credentials: [][]byte{k.Record}}, nil
	}
	_, record, err := w.FinishLogin(f.Session, response, lookup)
	if err != nil {
		if user != nil {
			a.recordSignIn(ctx, user.ID, false, domain.MethodPasskey, c)
		}
		return nil, err
	}
	if !user.IsActive {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgAccountDeactivated)
	}
	now := a.clock.Now()
	if err := a.store.UsePasskey(ctx, key.ID, record, now); err != nil {
		return nil, err
	}
	if err := a.store.RecordLogin(ctx, user.ID, now); err != nil {
		return nil, err
	}
	user.LastLogin = &now
	a.recordSignIn(ctx, user.ID, true, domain.MethodPasskey, c)
	return a.openSession(ctx, user, nil, domain.MethodPasskey, c)
}
