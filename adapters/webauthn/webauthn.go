// Package webauthn implements ports.WebAuthn with go-webauthn: passkeys (discoverable
// credentials) registered for a signed-in user and used to sign in without a password.
package webauthn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.WebAuthn = (*Ceremonies)(nil)

// Ceremonies runs registrations and sign-ins for one relying party: Garden at its base URL.
type Ceremonies struct {
	w *webauthn.WebAuthn
}

// New builds the relying party of baseURL: its host is the RP ID, its origin the only one
// allowed.
func New(baseURL, displayName string) (*Ceremonies, error) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("webauthn: base URL %q: not an absolute URL", baseURL)
	}
	w, err := webauthn.New(&webauthn.Config{RPID: u.Hostname(), RPDisplayName: displayName, RPOrigins: []string{u.Scheme + "://" + u.Host}})
	if err != nil {
		return nil, err
	}
	return &Ceremonies{w: w}, nil
}

type user struct {
	u     ports.PasskeyUser
	creds []webauthn.Credential
}

func (x *user) WebAuthnID() []byte                         { return x.u.Handle }
func (x *user) WebAuthnName() string                       { return x.u.Name }
func (x *user) WebAuthnDisplayName() string                { return x.u.DisplayName }
func (x *user) WebAuthnCredentials() []webauthn.Credential { return x.creds }

func load(u ports.PasskeyUser) (*user, error) {
	out := &user{u: u}
	for _, rec := range u.Credentials {
		var c webauthn.Credential
		if err := json.Unmarshal(rec, &c); err != nil {
			return nil, err
		}
		out.creds = append(out.creds, c)
	}
	return out, nil
}

// BeginRegistration implements ports.WebAuthn.
func (c *Ceremonies) BeginRegistration(u ports.PasskeyUser) ([]byte, []byte, error) {
	x, err := load(u)
	if err != nil {
		return nil, nil, err
	}
	var exclude []protocol.CredentialDescriptor
	for _, cred := range x.creds {
		exclude = append(exclude, cred.Descriptor())
	}
	creation, session, err := c.w.BeginRegistration(x,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(exclude))
	if err != nil {
		return nil, nil, err
	}
	return marshalPair(creation, session)
}

// FinishRegistration implements ports.WebAuthn.
func (c *Ceremonies) FinishRegistration(u ports.PasskeyUser, session, response []byte) ([]byte, []byte, error) {
	x, err := load(u)
	if err != nil {
		return nil, nil, err
	}
	var s webauthn.SessionData
	if err := json.Unmarshal(session, &s); err != nil {
		return nil, nil, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBody(bytes.NewReader(response))
	if err != nil {
		return nil, nil, failed(domain.EInvalid, err)
	}
	cred, err := c.w.CreateCredential(x, s, parsed)
	if err != nil {
		return nil, nil, failed(domain.EInvalid, err)
	}
	rec, err := json.Marshal(cred)
	return cred.ID, rec, err
}

// BeginLogin implements ports.WebAuthn.
func (c *Ceremonies) BeginLogin() ([]byte, []byte, error) {
	assertion, session, err := c.w.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		return nil, nil, err
	}
	return marshalPair(assertion, session)
}

// FinishLogin implements ports.WebAuthn.
func (c *Ceremonies) FinishLogin(session, response []byte, lookup func(credentialID, userHandle []byte) (ports.PasskeyUser, error)) ([]byte, []byte, error) {
	var s webauthn.SessionData
	if err := json.Unmarshal(session, &s); err != nil {
		return nil, nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBody(bytes.NewReader(response))
	if err != nil {
		return nil, nil, failed(domain.EUnauthorized, err)
	}
	var lookupErr error
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		u, err := lookup(rawID, userHandle)
		if err != nil {
			lookupErr = err
			return nil, err
		}
		return load(u)
	}
	cred, err := c.w.ValidateDiscoverableLogin(handler, s, parsed)
	if lookupErr != nil {
		return nil, nil, lookupErr
	}
	if err != nil {
		return nil, nil, failed(domain.EUnauthorized, err)
	}
	rec, err := json.Marshal(cred)
	return cred.ID, rec, err
}

func marshalPair(options, session any) ([]byte, []byte, error) {
	o, err := json.Marshal(options)
	if err != nil {
		return nil, nil, err
	}
	s, err := json.Marshal(session)
	return o, s, err
}

// failed is a ceremony that did not verify: the client sees the one sentence, the cause stays
// for the log.
func failed(code string, cause error) error {
	return &domain.Error{Code: code, Message: domain.MsgPasskeyFailed, Cause: cause}
}
