package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// sessionRoutes sign in and out and answer who the caller is.
func (s *Server) sessionRoutes() []route {
	return []route{
		{method: "POST", path: "/api/login", open: s.handleLogin,
			op: apiOp{summary: "Sign in: a bearer token and the user, or {twoFactor, ticket} when a second factor is due", in: loginRequest{}, out: loginAnswerJSON{}}},
		{method: "POST", path: "/api/logout", handler: s.handleLogout,
			op: apiOp{summary: "Sign out: revoke this token"}},
		{method: "GET", path: "/api/user", handler: s.handleUser,
			op: apiOp{summary: "The signed-in user, with their garden settings", out: ownUserJSON{}}},
		{method: "GET", path: "/api/auth-check", open: s.handleAuthCheck,
			op: apiOp{summary: "Whether the bearer token is valid (never 401)", out: authCheckJSON{}}},
		{method: "POST", path: "/api/impersonate/{id}", handler: s.handleImpersonate,
			op: apiOp{summary: "Act as another user (superadmin): a token for them", out: signedInJSON{}}},
		{method: "POST", path: "/api/end-impersonation", handler: s.handleEndImpersonation,
			op: apiOp{summary: "Stop impersonating: a token for the impersonator again", out: signedInJSON{}}},
	}
}

type principalKey struct{}

// bearerToken returns the token of an "Authorization: Bearer …" header, or "".
func bearerToken(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// authed wraps a handler that needs a signed-in caller: it resolves the bearer token and answers
// 401 itself when there is none or it is not valid.
func (s *Server) authed(h func(w http.ResponseWriter, r *http.Request, p *domain.Principal)) http.HandlerFunc {
	signedIn := s.authedRemote(h)
	return func(w http.ResponseWriter, r *http.Request) { s.reads.admit(w, r, signedIn) }
}

// authedRemote is authed for a read that waits on another server (a seed store): it does not
// queue at the read gate, so a slow remote holds none of its slots.
func (s *Server) authedRemote(h func(w http.ResponseWriter, r *http.Request, p *domain.Principal)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := s.accounts.Authenticate(r.Context(), bearerToken(r))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		// A read-only API token reads; every other method is a change, whatever the route.
		r = r.WithContext(context.WithValue(r.Context(), principalKey{}, p))
		if p.ReadOnly() && r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.fail(w, r, domain.Errorf(domain.EForbidden, domain.MsgTokenReadOnly))
			return
		}
		h(w, r, p)
	}
}

type loginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

type signedInJSON struct {
	Token string   `json:"token"`
	User  userJSON `json:"user"`
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r, s.proxies)
	if ok, wait := s.logins.allow(addr); !ok {
		// Answer a flooding address slowly (up to a second): each of its connections then
		// costs it a second per attempt instead of a busy loop, and us almost nothing.
		tarpit(r.Context(), min(wait, time.Second))
		s.fail(w, r, tooManySignIns(wait))
		return
	}
	var in loginRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.accounts.LoginFromClient(r.Context(), in.Username, in.Password, domain.Client{Addr: addr, UserAgent: r.UserAgent()})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if res.Ticket != "" {
		writeJSON(w, http.StatusOK, toTwoFactorDueJSON(res))
		return
	}
	writeJSON(w, http.StatusOK, signedInJSON{Token: res.Token, User: toUserJSON(res.User)})
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := s.accounts.Logout(r.Context(), p); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	writeJSON(w, http.StatusOK, toOwnUserJSON(p.User))
}

// handleAuthCheck always answers 200: it reports, it does not guard.
func (s *Server) handleAuthCheck(w http.ResponseWriter, r *http.Request) {
	_, err := s.accounts.Authenticate(r.Context(), bearerToken(r))
	if err != nil && domain.ErrorCode(err) != domain.EUnauthorized {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"authenticated": err == nil})
}

func (s *Server) handleImpersonate(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.accounts.Impersonate(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, signedInJSON{Token: res.Token, User: toUserJSON(res.User)})
}

func (s *Server) handleEndImpersonation(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	res, err := s.accounts.EndImpersonation(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, signedInJSON{Token: res.Token, User: toUserJSON(res.User)})
}
