package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// passkeyCeremonyJSON is a ceremony's first step: the flow to send back and the options for
// navigator.credentials.create (publicKey inside) or .get.
type passkeyCeremonyJSON struct {
	Flow    string         `json:"flow"`
	Options map[string]any `json:"options"`
}

func toPasskeyCeremonyJSON(c *app.PasskeyCeremony) (passkeyCeremonyJSON, error) {
	out := passkeyCeremonyJSON{Flow: c.Flow}
	err := json.Unmarshal(c.Options, &out.Options)
	return out, err
}

// passkeyFinishInput is a ceremony's second step: the flow and the browser's
// PublicKeyCredential as JSON (ids and buffers base64url); name only when registering.
type passkeyFinishInput struct {
	Flow       string         `json:"flow"`
	Name       string         `json:"name,omitempty"`
	Credential map[string]any `json:"credential"`
}

type passkeyJSON struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

func toPasskeyJSON(k *domain.Passkey) passkeyJSON {
	return passkeyJSON{ID: k.ID, Name: k.Name, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt}
}

type passkeyNameInput struct {
	Name string `json:"name"`
}

func (s *Server) passkeyRoutes() []route {
	return []route{
		{method: "POST", path: "/api/login/passkey/begin", open: s.handlePasskeySignInBegin,
			op: apiOp{summary: "Start a passkey sign-in (discoverable: no username): options for navigator.credentials.get", out: passkeyCeremonyJSON{}}},
		{method: "POST", path: "/api/login/passkey/finish", open: s.handlePasskeySignInFinish,
			op: apiOp{summary: "Finish a passkey sign-in with the browser's assertion: a token (a passkey counts as two factors)", in: passkeyFinishInput{}, out: signedInJSON{}}},
		{method: "GET", path: "/api/user/passkeys", handler: s.handleListPasskeys,
			op: apiOp{summary: "The caller's passkeys (at most 20)", out: []passkeyJSON{}}},
		{method: "POST", path: "/api/user/passkeys/begin", access: writes(""), handler: s.handlePasskeyRegisterBegin,
			op: apiOp{summary: "Start adding a passkey: options for navigator.credentials.create", out: passkeyCeremonyJSON{}}},
		{method: "POST", path: "/api/user/passkeys", access: writes(""), handler: s.handlePasskeyRegisterFinish,
			op: apiOp{summary: "Finish adding a passkey with the browser's attestation", in: passkeyFinishInput{}, out: passkeyJSON{}, status: 201}},
		{method: "PATCH", path: "/api/user/passkeys/{id}", access: writes(""), handler: s.handleRenamePasskey,
			op: apiOp{summary: "Rename a passkey", in: passkeyNameInput{}}},
		{method: "DELETE", path: "/api/user/passkeys/{id}", access: writes(""), handler: s.handleDeletePasskey,
			op: apiOp{summary: "Remove a passkey"}},
	}
}

func credentialBytes(in passkeyFinishInput) ([]byte, error) {
	if in.Credential == nil {
		return nil, domain.Errorf(domain.EInvalid, domain.MsgPasskeyFailed)
	}
	return json.Marshal(in.Credential)
}

func (s *Server) handlePasskeySignInBegin(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.signInAllowed(w, r); !ok {
		return
	}
	c, err := s.accounts.BeginPasskeySignIn(r.Context())
	var out passkeyCeremonyJSON
	if err == nil {
		out, err = toPasskeyCeremonyJSON(c)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handlePasskeySignInFinish(w http.ResponseWriter, r *http.Request) {
	addr, ok := s.signInAllowed(w, r)
	if !ok {
		return
	}
	var in passkeyFinishInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	cred, err := credentialBytes(in)
	var res *app.SignedIn
	if err == nil {
		res, err = s.accounts.FinishPasskeySignIn(r.Context(), in.Flow, cred, domain.Client{Addr: addr, UserAgent: r.UserAgent()})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, signedInJSON{Token: res.Token, User: toUserJSON(res.User)})
}

func (s *Server) handleListPasskeys(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.Passkey, error) {
		return s.accounts.Passkeys(r.Context(), p)
	}, each(toPasskeyJSON))
}

func (s *Server) handlePasskeyRegisterBegin(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (passkeyCeremonyJSON, error) {
		c, err := s.accounts.BeginPasskeyRegistration(r.Context(), p)
		if err != nil {
			return passkeyCeremonyJSON{}, err
		}
		return toPasskeyCeremonyJSON(c)
	}, asIs)
}

func (s *Server) handlePasskeyRegisterFinish(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(endpoint{}), func(q request[passkeyFinishInput]) (*domain.Passkey, error) {
		cred, err := credentialBytes(q.in)
		if err != nil {
			return nil, err
		}
		return s.accounts.FinishPasskeyRegistration(r.Context(), p, q.in.Flow, q.in.Name, cred)
	}, toPasskeyJSON)
}

func (s *Server) handleRenamePasskey(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgPasskeyNotFound}, func(q request[passkeyNameInput]) error {
		return s.accounts.RenamePasskey(r.Context(), p, q.id, q.in.Name)
	})
}

func (s *Server) handleDeletePasskey(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgPasskeyNotFound}, s.accounts.DeletePasskey)
}
