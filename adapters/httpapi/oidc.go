package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// signInOptionsJSON tells the sign-in page which ways in it offers (public).
type signInOptionsJSON struct {
	Password bool            `json:"password"`
	OIDC     *oidcOptionJSON `json:"oidc"`
}

type oidcOptionJSON struct {
	Name string `json:"name"`
}

type oidcStartJSON struct {
	Flow string `json:"flow"`
	URL  string `json:"url"`
}

type oidcFinishInput struct {
	Flow  string `json:"flow"`
	State string `json:"state"`
	Code  string `json:"code"`
}

type oidcLinkInput struct {
	Ticket   string `json:"ticket"`
	Password string `json:"password"`
}

// oidcLinkJSON says a first sign-in found an account with the provider's verified e-mail:
// its password links the identity (POST /api/login/oidc/link).
type oidcLinkJSON struct {
	Ticket   string `json:"ticket"`
	Username string `json:"username"`
}

// oidcAnswerJSON documents the end of a sign-in at the identity provider: {token, user},
// {twoFactor, ticket} as after a password, or {link: {ticket, username}}.
type oidcAnswerJSON struct {
	Token     string        `json:"token,omitempty"`
	User      *userJSON     `json:"user,omitempty"`
	TwoFactor string        `json:"twoFactor,omitempty"`
	Ticket    string        `json:"ticket,omitempty"`
	Link      *oidcLinkJSON `json:"link,omitempty"`
}

type identityJSON struct {
	ID         int64      `json:"id"`
	Issuer     string     `json:"issuer"`
	Email      string     `json:"email"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

type identitiesJSON struct {
	Provider    string         `json:"provider"`
	HasPassword bool           `json:"hasPassword"`
	Identities  []identityJSON `json:"identities"`
}

func (s *Server) oidcRoutes() []route {
	return []route{
		{method: "GET", path: "/api/login/options", open: s.handleSignInOptions,
			op: apiOp{summary: "The sign-in page's options: password sign-in on or off, and the identity provider's name when single sign-on is on", out: signInOptionsJSON{}}},
		{method: "POST", path: "/api/login/oidc/begin", open: s.handleOIDCBegin,
			op: apiOp{summary: "Start a sign-in at the identity provider: the flow to keep and the provider's address to go to", out: oidcStartJSON{}}},
		{method: "POST", path: "/api/login/oidc/finish", open: s.handleOIDCFinish,
			op: apiOp{summary: "Finish it with the flow and the state and code the provider sent back: a token, {twoFactor, ticket}, or {link} when an account has the e-mail", in: oidcFinishInput{}, out: oidcAnswerJSON{}}},
		{method: "POST", path: "/api/login/oidc/link", open: s.handleOIDCLink,
			op: apiOp{summary: "Link the identity to the account with its e-mail once that account's password is given, and sign in", in: oidcLinkInput{}, out: oidcAnswerJSON{}}},
		{method: "GET", path: "/api/user/identities", handler: s.handleListIdentities,
			op: apiOp{summary: "The caller's linked identities, and whether the account has a password", out: identitiesJSON{}}},
		{method: "DELETE", path: "/api/user/identities/{id}", access: writes(""), handler: s.handleUnlinkIdentity,
			op: apiOp{summary: "Unlink an identity (only an account with a password)"}},
	}
}

func (s *Server) handleSignInOptions(w http.ResponseWriter, r *http.Request) {
	o := s.accounts.SignInOptions()
	out := signInOptionsJSON{Password: o.Password}
	if o.OIDCName != "" {
		out.OIDC = &oidcOptionJSON{Name: o.OIDCName}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleOIDCBegin(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.signInAllowed(w, r); !ok {
		return
	}
	start, err := s.accounts.BeginOIDC(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, oidcStartJSON{Flow: start.Flow, URL: start.URL})
}

func (s *Server) writeOIDCAnswer(w http.ResponseWriter, r *http.Request, res *app.OIDCSignedIn, err error) {
	switch {
	case err != nil:
		s.fail(w, r, err)
	case res.LinkTicket != "":
		writeJSON(w, http.StatusOK, oidcAnswerJSON{Link: &oidcLinkJSON{Ticket: res.LinkTicket, Username: res.LinkUsername}})
	case res.Ticket != "":
		writeJSON(w, http.StatusOK, toTwoFactorDueJSON(res.SignedIn))
	default:
		writeJSON(w, http.StatusOK, signedInJSON{Token: res.Token, User: toUserJSON(res.User)})
	}
}

func (s *Server) handleOIDCFinish(w http.ResponseWriter, r *http.Request) {
	addr, ok := s.signInAllowed(w, r)
	if !ok {
		return
	}
	var in oidcFinishInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.accounts.FinishOIDC(r.Context(), in.Flow, in.State, in.Code, domain.Client{Addr: addr, UserAgent: r.UserAgent()})
	s.writeOIDCAnswer(w, r, res, err)
}

func (s *Server) handleOIDCLink(w http.ResponseWriter, r *http.Request) {
	addr, ok := s.signInAllowed(w, r)
	if !ok {
		return
	}
	var in oidcLinkInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.accounts.LinkOIDC(r.Context(), in.Ticket, in.Password, domain.Client{Addr: addr, UserAgent: r.UserAgent()})
	s.writeOIDCAnswer(w, r, res, err)
}

func (s *Server) handleListIdentities(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	list, has, err := s.accounts.Identities(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := identitiesJSON{Provider: s.accounts.SignInOptions().OIDCName, HasPassword: has, Identities: make([]identityJSON, len(list))}
	for i, id := range list {
		out.Identities[i] = identityJSON{ID: id.ID, Issuer: id.Issuer, Email: id.Email, CreatedAt: id.CreatedAt, LastUsedAt: id.LastUsedAt}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleUnlinkIdentity(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgIdentityNotFound}, s.accounts.UnlinkIdentity)
}
