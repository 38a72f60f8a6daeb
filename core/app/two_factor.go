package app

import (
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// TOTPSetup is a TOTP secret waiting for its first code: the secret, its otpauth:// URL and,
// when a QR renderer is set, the URL as an SVG QR code.
type TOTPSetup struct {
	Secret     string
	OtpauthURL string
	QRSVG      string
}

// TwoFactorStatus is what the Security page shows about the caller's second factor.
type TwoFactorStatus struct {
	TOTPEnabled       bool
	RecoveryCodesLeft int
	RequiredBySite    bool
}

// secondFactorDue says what a sign-in with a right password still needs: a code (verify), an
// enrolment because the user's site requires one (setup), or nothing ("").
func (a *Accounts) secondFactorDue(ctx context.Context, u *domain.User) (domain.TicketPurpose, error) {
	enrol, err := a.store.TOTPByUser(ctx, u.ID)
	if err != nil && domain.ErrorCode(err) != domain.ENotFound {
		return "", err
	}
	if enrol.Confirmed() {
		return domain.TicketVerify, nil
	}
	required, err := a.requiredBySite(ctx, u)
	if err != nil || !required {
		return "", err
	}
	return domain.TicketSetup, nil
}

// requiredBySite reports whether the user's site requires a second factor.
func (a *Accounts) requiredBySite(ctx context.Context, u *domain.User) (bool, error) {
	if u.SiteID == nil {
		return false, nil
	}
	on, err := a.store.SiteRequiresTwoFactor(ctx, *u.SiteID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return false, nil
	}
	return on, err
}

// openTicket starts the second step of a sign-in.
func (a *Accounts) openTicket(ctx context.Context, u *domain.User, purpose domain.TicketPurpose) (*SignedIn, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	now := a.clock.Now()
	t := &domain.LoginTicket{Hash: hash, UserID: u.ID, Purpose: purpose, CreatedAt: now, ExpiresAt: now.Add(domain.LoginTicketTTL)}
	if err := a.store.CreateLoginTicket(ctx, t); err != nil {
		return nil, err
	}
	return &SignedIn{User: u, TwoFactor: purpose, Ticket: token}, nil
}

// recordSignIn notes an attempt on the account's history; a failure to write it is logged, not
// answered, since the attempt itself was decided.
func (a *Accounts) recordSignIn(ctx context.Context, userID int64, ok bool, method domain.SignInMethod, c domain.Client) {
	e := &domain.SignInEvent{UserID: userID, At: a.clock.Now(), Success: ok, Method: method, Address: c.Addr, UserAgent: c.UserAgent}
	if err := a.store.RecordSignIn(context.WithoutCancel(ctx), e); err != nil {
		a.log.Error("sign-in event not recorded", "err", err)
	}
}

func signInExpired() error { return domain.Errorf(domain.EUnauthorized, domain.MsgSignInExpired) }

func wrongCode() error {
	return &domain.Error{Code: domain.EUnauthorized, Message: domain.MsgCodeWrong, Fields: map[string]string{"code": domain.MsgCodeWrong}}
}

// StartTicketSetup gives the secret to enrol for a sign-in whose site requires a second factor
// (ticket of purpose setup). It spends no try; calling it again replaces the pending secret.
func (a *Accounts) StartTicketSetup(ctx context.Context, ticket string) (*TOTPSetup, error) {
	t, err := a.store.LoginTicketByHash(ctx, HashToken(ticket), a.clock.Now(), domain.MaxLoginTicketTries)
	if domain.ErrorCode(err) == domain.ENotFound || (err == nil && t.Purpose != domain.TicketSetup) {
		return nil, signInExpired()
	} else if err != nil {
		return nil, err
	}
	u, err := a.store.UserByID(ctx, t.UserID)
	if err != nil {
		return nil, err
	}
	return a.newTOTP(ctx, u)
}

// LoginSecondFactor finishes a sign-in with its ticket and a code: a current TOTP code or an
// unused recovery code (a ticket of purpose setup takes a code of the pending secret and
// answers the new recovery codes). A ticket lives domain.LoginTicketTTL and allows
// domain.MaxLoginTicketTries codes; every wrong code counts as a failed sign-in for the
// throttle, and more than domain.MaxSecondFactorFailures for the account from any address
// within the throttle's window are refused.
func (a *Accounts) LoginSecondFactor(ctx context.Context, ticket, code string, c domain.Client) (*SignedIn, error) {
	c = c.Clean()
	code = domain.NormalizeCode(code)
	if code == "" || len(code) > 64 {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgCodeRequired, Fields: map[string]string{"code": domain.MsgCodeRequired}}
	}
	if ticket == "" || len(ticket) > 128 {
		return nil, signInExpired()
	}
	now := a.clock.Now()
	t, err := a.store.TryLoginTicket(ctx, HashToken(ticket), now, domain.MaxLoginTicketTries)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, signInExpired()
	} else if err != nil {
		return nil, err
	}
	user, err := a.store.UserByID(ctx, t.UserID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, signInExpired()
	} else if err != nil {
		return nil, err
	}
	if !user.IsActive {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgAccountDeactivated)
	}
	since := now.Add(-a.cfg.Throttle.Window)
	reservation, err := a.store.ReserveLoginAttempt(ctx, user.Username, c.Addr, now, since,
		func(userAtAddr, atAddr []time.Time) error {
			return a.cfg.Throttle.CheckAttempt(userAtAddr, atAddr, now)
		})
	if err != nil {
		return nil, err
	}
	forget := func() { _ = a.store.ForgetLoginAttempt(context.WithoutCancel(ctx), reservation) }
	if n, err := a.store.CountFailedCodes(ctx, user.ID, since); err != nil {
		forget()
		return nil, err
	} else if n >= domain.MaxSecondFactorFailures {
		forget()
		return nil, &domain.Error{Code: domain.ERateLimited, Message: domain.MsgTooManyCodes, RetryAfter: a.cfg.Throttle.Window}
	}

	var method domain.SignInMethod
	var recovery []string
	var ok bool
	switch t.Purpose {
	case domain.TicketSetup:
		method = domain.MethodTOTP
		recovery, ok, err = a.confirmTOTP(ctx, user.ID, code)
	default:
		method, ok, err = a.checkSecondFactor(ctx, user.ID, code)
	}
	if err != nil {
		forget()
		return nil, err
	}
	if !ok {
		a.recordSignIn(ctx, user.ID, false, method, c)
		return nil, wrongCode() // the reservation stays: a wrong code is a failed sign-in
	}
	if err := a.store.ClearLoginAttempts(ctx, user.Username, c.Addr); err != nil {
		return nil, err
	}
	if err := a.store.DeleteLoginTicket(ctx, t.ID); err != nil {
		return nil, err
	}
	if err := a.store.RecordLogin(ctx, user.ID, now); err != nil {
		return nil, err
	}
	user.LastLogin = &now
	a.recordSignIn(ctx, user.ID, true, method, c)
	res, err := a.openSession(ctx, user, nil, method, c)
	if err != nil {
		return nil, err
	}
	res.RecoveryCodes = recovery
	return res, nil
}

// checkSecondFactor checks code against the user's confirmed TOTP secret (a 6-digit code,
// each time step once) or their unused recovery codes (spent by the check).
func (a *Accounts) checkSecondFactor(ctx context.Context, userID int64, code string) (domain.SignInMethod, bool, error) {
	if !domain.IsTOTPCode(code) {
		err := a.store.UseRecoveryCode(ctx, userID, HashToken(code), a.clock.Now())
		if domain.ErrorCode(err) == domain.ENotFound {
			return domain.MethodRecoveryCode, false, nil
		}
		return domain.MethodRecoveryCode, err == nil, err
	}
	if a.cfg.TOTP == nil {
		return domain.MethodTOTP, false, domain.Errorf(domain.EInternal, "two-factor codes are not configured")
	}
	enrol, err := a.store.TOTPByUser(ctx, userID)
	if domain.ErrorCode(err) == domain.ENotFound || (err == nil && !enrol.Confirmed()) {
		return domain.MethodTOTP, false, nil
	} else if err != nil {
		return domain.MethodTOTP, false, err
	}
	step, ok := a.cfg.TOTP.Match(enrol.Secret, code, a.clock.Now())
	if !ok {
		return domain.MethodTOTP, false, nil
	}
	err = a.store.AdvanceTOTPStep(ctx, userID, step)
	switch {
	case err == nil:
		return domain.MethodTOTP, true, nil
	case domain.ErrorCode(err) == domain.EConflict || domain.ErrorCode(err) == domain.ENotFound:
		return domain.MethodTOTP, false, nil // a replayed code, or the factor was removed meanwhile
	default:
		return domain.MethodTOTP, false, err
	}
}

// newTOTP makes and stores a pending secret for u.
func (a *Accounts) newTOTP(ctx context.Context, u *domain.User) (*TOTPSetup, error) {
	if a.cfg.TOTP == nil {
		return nil, domain.Errorf(domain.EInternal, "two-factor codes are not configured")
	}
	secret, url, err := a.cfg.TOTP.NewSecret(a.cfg.Issuer, u.Username)
	if err != nil {
		return nil, err
	}
	if err := a.store.SavePendingTOTP(ctx, u.ID, secret, a.clock.Now()); err != nil {
		return nil, err
	}
	out := &TOTPSetup{Secret: secret, OtpauthURL: url}
	if a.cfg.QR != nil {
		if out.QRSVG, err = a.cfg.QR.SVG(url); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// confirmTOTP puts the pending secret in force when code matches it, and returns the new
// recovery codes (shown once; only their hashes are kept).
func (a *Accounts) confirmTOTP(ctx context.Context, userID int64, code string) ([]string, bool, error) {
	if a.cfg.TOTP == nil {
		return nil, false, domain.Errorf(domain.EInternal, "two-factor codes are not configured")
	}
	enrol, err := a.store.TOTPByUser(ctx, userID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, false, domain.Errorf(domain.EConflict, domain.MsgTOTPNotStarted)
	} else if err != nil {
		return nil, false, err
	}
	if enrol.Confirmed() {
		return nil, false, domain.Errorf(domain.EConflict, domain.MsgTOTPAlreadyOn)
	}
	step, ok := a.cfg.TOTP.Match(enrol.Secret, code, a.clock.Now())
	if !ok {
		return nil, false, nil
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, false, err
	}
	if err := a.store.ConfirmTOTP(ctx, userID, step, a.clock.Now(), hashes); err != nil {
		return nil, false, err
	}
	return codes, true, nil
}

// newRecoveryCodes returns domain.RecoveryCodeCount codes of 80 random bits each, written as
// four groups of four base32 letters, and their hashes. 80 bits make an unsalted SHA-256 as
// safe as a slow hash would make a password.
func newRecoveryCodes() (codes, hashes []string, err error) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	for range domain.RecoveryCodeCount {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			return nil, nil, err
		}
		var sb strings.Builder
		for i, c := range b {
			if i > 0 && i%4 == 0 {
				sb.WriteByte('-')
			}
			sb.WriteByte(alphabet[int(c)%len(alphabet)]) // 256 is a multiple of 32: uniform
		}
		code := sb.String()
		codes = append(codes, code)
		hashes = append(hashes, HashToken(domain.NormalizeCode(code)))
	}
	return codes, hashes, nil
}

// requireOwnSession allows the Security page's changes only to a person in a browser session
// of their own: not an API token, not a superadmin acting as them.
func requireOwnSession(p *domain.Principal) error {
	if p == nil || p.User == nil {
		return domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	if p.Session == nil {
		return domain.Errorf(domain.EForbidden, domain.MsgSessionOnly)
	}
	if p.IsImpersonating() {
		return domain.Errorf(domain.EForbidden, domain.MsgNotWhileImpersonating)
	}
	return nil
}

// StartTOTP begins the caller's TOTP enrolment: a new pending secret. Codes: conflict (already
// on), forbidden (not a session of their own).
func (a *Accounts) StartTOTP(ctx context.Context, p *domain.Principal) (*TOTPSetup, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, err
	}
	return a.newTOTP(ctx, p.User)
}

// ConfirmTOTP puts the caller's pending secret in force with a code from their app and returns
// the recovery codes, shown this once.
func (a *Accounts) ConfirmTOTP(ctx context.Context, p *domain.Principal, code string) ([]string, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, err
	}
	code = domain.NormalizeCode(code)
	if !domain.IsTOTPCode(code) {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgCodeWrong, Fields: map[string]string{"code": domain.MsgCodeWrong}}
	}
	codes, ok, err := a.confirmTOTP(ctx, p.User.ID, code)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgCodeWrong, Fields: map[string]string{"code": domain.MsgCodeWrong}}
	}
	a.log.Info("two-factor sign-in turned on", "user", p.User.Username)
	return codes, nil
}

// DisableTOTP turns the caller's second factor off after checking their password; a site that
// requires a second factor keeps it on.
func (a *Accounts) DisableTOTP(ctx context.Context, p *domain.Principal, password string) error {
	if err := requireOwnSession(p); err != nil {
		return err
	}
	if password == "" {
		return &domain.Error{Code: domain.EInvalid, Message: domain.MsgPasswordRequired, Fields: map[string]string{"password": domain.MsgPasswordRequired}}
	}
	if required, err := a.requiredBySite(ctx, p.User); err != nil {
		return err
	} else if required {
		return domain.Errorf(domain.EForbidden, domain.MsgTwoFactorRequiredBySite)
	}
	if err := a.checkCurrentPassword(ctx, p.User, password); err != nil {
		if domain.ErrorCode(err) == domain.EInvalid {
			return &domain.Error{Code: domain.EInvalid, Message: domain.MsgCurrentPasswordWrong, Fields: map[string]string{"password": domain.MsgCurrentPasswordWrong}}
		}
		return err
	}
	if _, err := a.store.TOTPByUser(ctx, p.User.ID); domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.EConflict, domain.MsgTOTPOff)
	} else if err != nil {
		return err
	}
	a.log.Info("two-factor sign-in turned off", "user", p.User.Username)
	return a.store.DeleteSecondFactors(ctx, p.User.ID)
}

// TwoFactor tells the caller whether their second factor is on, how many recovery codes are
// left, and whether their site requires one.
func (a *Accounts) TwoFactor(ctx context.Context, p *domain.Principal) (*TwoFactorStatus, error) {
	if p == nil || p.User == nil {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	out := &TwoFactorStatus{}
	enrol, err := a.store.TOTPByUser(ctx, p.User.ID)
	if err != nil && domain.ErrorCode(err) != domain.ENotFound {
		return nil, err
	}
	out.TOTPEnabled = enrol.Confirmed()
	if out.TOTPEnabled {
		if out.RecoveryCodesLeft, err = a.store.CountRecoveryCodes(ctx, p.User.ID); err != nil {
			return nil, err
		}
	}
	if out.RequiredBySite, err = a.requiredBySite(ctx, p.User); err != nil {
		return nil, err
	}
	return out, nil
}

// ResetTwoFactor removes a user's second factor (the operator's `gardenctl users reset-2fa`,
// for someone who lost their phone and their recovery codes). Their next sign-in asks for the
// password only, or for a new enrolment when their site requires one.
func (a *Accounts) ResetTwoFactor(ctx context.Context, username string) (*domain.User, error) {
	u, err := a.UserByUsername(ctx, username)
	if err != nil {
		return nil, err
	}
	if err := a.store.DeleteSecondFactors(ctx, u.ID); err != nil {
		return nil, err
	}
	a.log.Info("second factor reset by an operator", "user", u.Username)
	return u, nil
}

// Sessions lists the caller's open sessions, newest first.
func (a *Accounts) Sessions(ctx context.Context, p *domain.Principal, page domain.PageRequest) (domain.Page[*domain.Session], error) {
	if err := requireOwnSession(p); err != nil {
		return domain.Page[*domain.Session]{}, err
	}
	return a.store.ListUserSessions(ctx, p.User.ID, a.clock.Now(), page)
}

// EndSession signs one of the caller's sessions out. Codes: not_found.
func (a *Accounts) EndSession(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireOwnSession(p); err != nil {
		return err
	}
	err := a.store.RevokeUserSession(ctx, p.User.ID, id, a.clock.Now())
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgSessionNotFound)
	}
	return err
}

// EndOtherSessions signs the caller out everywhere but here and says how many sessions ended.
func (a *Accounts) EndOtherSessions(ctx context.Context, p *domain.Principal) (int, error) {
	if err := requireOwnSession(p); err != nil {
		return 0, err
	}
	return a.store.RevokeOtherSessions(ctx, p.User.ID, p.Session.ID, a.clock.Now())
}

// SignIns lists the caller's recent sign-ins, newest first.
func (a *Accounts) SignIns(ctx context.Context, p *domain.Principal, page domain.PageRequest) (domain.Page[*domain.SignInEvent], error) {
	if err := requireOwnSession(p); err != nil {
		return domain.Page[*domain.SignInEvent]{}, err
	}
	return a.store.ListSignIns(ctx, p.User.ID, page)
}

// SiteRequiresTwoFactor tells a site's manager whether the site requires a second factor.
func (a *Accounts) SiteRequiresTwoFactor(ctx context.Context, p *domain.Principal, siteID int64) (bool, error) {
	if err := domain.RequireSiteManager(p, siteID); err != nil {
		return false, err
	}
	on, err := a.store.SiteRequiresTwoFactor(ctx, siteID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return false, domain.Errorf(domain.ENotFound, domain.MsgSiteNotFound)
	}
	return on, err
}

// SetSiteRequiresTwoFactor lets a site's manager require a second factor of the site's users:
// each is asked to enrol at their next sign-in; sessions already open stay.
func (a *Accounts) SetSiteRequiresTwoFactor(ctx context.Context, p *domain.Principal, siteID int64, on bool) error {
	if err := domain.RequireSiteManager(p, siteID); err != nil {
		return err
	}
	err := a.store.SetSiteRequiresTwoFactor(ctx, siteID, on)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgSiteNotFound)
	}
	if err == nil {
		a.log.Info("site two-factor requirement changed", "site", siteID, "required", on, "by", p.User.Username)
	}
	return err
}
