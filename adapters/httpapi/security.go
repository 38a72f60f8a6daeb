package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// twoFactorDueJSON answers POST /api/login when a second factor is due: twoFactor is
// "required" (a code) or "setup" (the site requires an enrolment first), and no token.
type twoFactorDueJSON struct {
	TwoFactor string `json:"twoFactor"`
	Ticket    string `json:"ticket"`
}

func toTwoFactorDueJSON(res *app.SignedIn) twoFactorDueJSON {
	due := "required"
	if res.TwoFactor == domain.TicketSetup {
		due = "setup"
	}
	return twoFactorDueJSON{TwoFactor: due, Ticket: res.Ticket}
}

// loginAnswerJSON documents POST /api/login's two answers: {token, user} when signed in,
// {twoFactor, ticket} when a second factor is due.
type loginAnswerJSON struct {
	Token     string    `json:"token,omitempty"`
	User      *userJSON `json:"user,omitempty"`
	TwoFactor string    `json:"twoFactor,omitempty"`
	Ticket    string    `json:"ticket,omitempty"`
}

type secondFactorInput struct {
	Ticket string `json:"ticket"`
	Code   string `json:"code"`
}

type ticketInput struct {
	Ticket string `json:"ticket"`
}

// signedIn2FAJSON is the token and user of a finished sign-in, with the recovery codes when it
// confirmed a new enrolment (shown once).
type signedIn2FAJSON struct {
	Token         string   `json:"token"`
	User          userJSON `json:"user"`
	RecoveryCodes []string `json:"recoveryCodes,omitempty"`
}

type totpSetupJSON struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
	QRSVG      string `json:"qrSvg,omitempty"`
}

func toTOTPSetupJSON(t *app.TOTPSetup) totpSetupJSON {
	return totpSetupJSON{Secret: t.Secret, OtpauthURL: t.OtpauthURL, QRSVG: t.QRSVG}
}

type codeInput struct {
	Code string `json:"code"`
}

type recoveryCodesJSON struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

type passwordInput struct {
	Password string `json:"password"`
}

type twoFactorStatusJSON struct {
	TOTPEnabled       bool `json:"totpEnabled"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
	RequiredBySite    bool `json:"requiredBySite"`
}

type sessionJSON struct {
	ID         int64      `json:"id"`
	Method     string     `json:"method"`
	UserAgent  string     `json:"userAgent"`
	Address    string     `json:"address"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastSeenAt *time.Time `json:"lastSeenAt"`
	ExpiresAt  time.Time  `json:"expiresAt"`
	Current    bool       `json:"current"`
}

type signInJSON struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Success   bool      `json:"success"`
	Method    string    `json:"method"`
	Address   string    `json:"address"`
	UserAgent string    `json:"userAgent"`
}

func toSignInJSON(e *domain.SignInEvent) signInJSON {
	return signInJSON{ID: e.ID, At: e.At, Success: e.Success, Method: string(e.Method), Address: e.Address, UserAgent: e.UserAgent}
}

type revokedJSON struct {
	Revoked int `json:"revoked"`
}

type siteSecurityJSON struct {
	RequireTwoFactor bool `json:"requireTwoFactor"`
}

func (s *Server) securityRoutes() []route {
	return []route{
		{method: "POST", path: "/api/login/2fa", open: s.handleLoginSecondFactor,
			op: apiOp{summary: "Finish a sign-in with its ticket and a TOTP code or an unused recovery code (5 tries, 5 minutes)", in: secondFactorInput{}, out: signedIn2FAJSON{}}},
		{method: "POST", path: "/api/login/2fa/setup", open: s.handleLoginSetup,
			op: apiOp{summary: "The TOTP secret to enrol, for a sign-in whose site requires a second factor (ticket of twoFactor setup)", in: ticketInput{}, out: totpSetupJSON{}}},
		{method: "GET", path: "/api/user/2fa", handler: s.handleTwoFactorStatus,
			op: apiOp{summary: "Whether the caller's second factor is on, recovery codes left, and whether their site requires one", out: twoFactorStatusJSON{}}},
		{method: "POST", path: "/api/user/2fa/totp", access: writes(""), handler: s.handleStartTOTP,
			op: apiOp{summary: "Start TOTP enrolment: a new secret, its otpauth URL and QR code", out: totpSetupJSON{}}},
		{method: "POST", path: "/api/user/2fa/totp/confirm", access: writes(""), handler: s.handleConfirmTOTP,
			op: apiOp{summary: "Confirm TOTP enrolment with a code: 10 recovery codes, shown once", in: codeInput{}, out: recoveryCodesJSON{}}},
		{method: "DELETE", path: "/api/user/2fa/totp", access: writes(""), handler: s.handleDisableTOTP,
			op: apiOp{summary: "Turn TOTP off (the password confirms)", in: passwordInput{}}},
		{method: "GET", path: "/api/user/sessions", handler: s.handleListSessions,
			op: apiOp{summary: "The caller's open sessions, newest first", out: []sessionJSON{}, page: true}},
		{method: "DELETE", path: "/api/user/sessions/{id}", access: writes(""), handler: s.handleEndSession,
			op: apiOp{summary: "Sign one of the caller's sessions out"}},
		{method: "POST", path: "/api/user/sessions/sign-out-others", access: writes(""), handler: s.handleEndOtherSessions,
			op: apiOp{summary: "Sign out everywhere else", out: revokedJSON{}}},
		{method: "GET", path: "/api/user/sign-ins", handler: s.handleListSignIns,
			op: apiOp{summary: "The caller's recent sign-ins (success and failure, with the method), newest first", out: []signInJSON{}, page: true}},
		{method: "GET", path: "/api/sites/{id}/security", handler: s.handleSiteSecurity,
			op: apiOp{summary: "Whether a site requires a second factor (its admins, superadmins)", out: siteSecurityJSON{}}},
		{method: "PUT", path: "/api/sites/{id}/security", access: writes(""), handler: s.handleSetSiteSecurity,
			op: apiOp{summary: "Require a second factor of a site's users, or not (its admins, superadmins)", in: siteSecurityJSON{}, out: siteSecurityJSON{}}},
	}
}

// signInAllowed applies the per-address sign-in rate to the steps after the password too.
func (s *Server) signInAllowed(w http.ResponseWriter, r *http.Request) (string, bool) {
	addr := clientAddr(r, s.proxies)
	if ok, wait := s.logins.allow(addr); !ok {
		tarpit(r.Context(), min(wait, time.Second))
		s.fail(w, r, tooManySignIns(wait))
		return addr, false
	}
	return addr, true
}

func (s *Server) handleLoginSecondFactor(w http.ResponseWriter, r *http.Request) {
	addr, ok := s.signInAllowed(w, r)
	if !ok {
		return
	}
	var in secondFactorInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.accounts.LoginSecondFactor(r.Context(), in.Ticket, in.Code, domain.Client{Addr: addr, UserAgent: r.UserAgent()})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, signedIn2FAJSON{Token: res.Token, User: toUserJSON(res.User), RecoveryCodes: res.RecoveryCodes})
}

func (s *Server) handleLoginSetup(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.signInAllowed(w, r); !ok {
		return
	}
	var in ticketInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	setup, err := s.accounts.StartTicketSetup(r.Context(), in.Ticket)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toTOTPSetupJSON(setup))
}

func (s *Server) handleTwoFactorStatus(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*app.TwoFactorStatus, error) {
		return s.accounts.TwoFactor(r.Context(), p)
	}, func(st *app.TwoFactorStatus) twoFactorStatusJSON {
		return twoFactorStatusJSON{TOTPEnabled: st.TOTPEnabled, RecoveryCodesLeft: st.RecoveryCodesLeft, RequiredBySite: st.RequiredBySite}
	})
}

func (s *Server) handleStartTOTP(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*app.TOTPSetup, error) {
		return s.accounts.StartTOTP(r.Context(), p)
	}, toTOTPSetupJSON)
}

func (s *Server) handleConfirmTOTP(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(q request[codeInput]) (recoveryCodesJSON, error) {
		codes, err := s.accounts.ConfirmTOTP(r.Context(), p, q.in.Code)
		return recoveryCodesJSON{RecoveryCodes: codes}, err
	}, asIs)
}

func (s *Server) handleDisableTOTP(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{}, func(q request[passwordInput]) error {
		return s.accounts.DisableTOTP(r.Context(), p, q.in.Password)
	})
}

func (s *Server) handleListSessions(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.Session], error) {
		return s.accounts.Sessions(r.Context(), p, page)
	}, func(x *domain.Session) sessionJSON {
		return sessionJSON{ID: x.ID, Method: string(x.Method), UserAgent: x.UserAgent, Address: x.Address, CreatedAt: x.CreatedAt,
			LastSeenAt: x.LastSeenAt, ExpiresAt: x.ExpiresAt, Current: p.Session != nil && p.Session.ID == x.ID}
	})
}

func (s *Server) handleEndSession(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgSessionNotFound}, s.accounts.EndSession)
}

func (s *Server) handleEndOtherSessions(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (revokedJSON, error) {
		n, err := s.accounts.EndOtherSessions(r.Context(), p)
		return revokedJSON{Revoked: n}, err
	}, asIs)
}

func (s *Server) handleListSignIns(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.SignInEvent], error) {
		return s.accounts.SignIns(r.Context(), p, page)
	}, toSignInJSON)
}

func (s *Server) handleSiteSecurity(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgSiteNotFound}, func(q request[noBody]) (siteSecurityJSON, error) {
		on, err := s.accounts.SiteRequiresTwoFactor(r.Context(), p, q.id)
		return siteSecurityJSON{RequireTwoFactor: on}, err
	}, asIs)
}

func (s *Server) handleSetSiteSecurity(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgSiteNotFound}, func(q request[siteSecurityJSON]) (siteSecurityJSON, error) {
		err := s.accounts.SetSiteRequiresTwoFactor(r.Context(), p, q.id, q.in.RequireTwoFactor)
		return q.in, err
	}, asIs)
}
