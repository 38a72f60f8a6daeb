package app

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// AccountsConfig tunes sessions and the sign-in throttle.
type AccountsConfig struct {
	// SessionTTL is how long a bearer token stays valid after sign-in.
	SessionTTL time.Duration
	Throttle   domain.LoginThrottle
	// ImpersonationTTL is how long an impersonation session lasts (default: one hour).
	ImpersonationTTL time.Duration
	// Gate bounds concurrent password hashing; nil builds one with the defaults.
	Gate *PasswordGate
	// TOTP makes and checks second-factor codes; nil: nobody can enrol, and a sign-in that
	// needs a code fails closed.
	TOTP ports.TOTP
	// QR draws the enrolment's QR code; nil: the otpauth URL and secret only.
	QR ports.QRCodeRenderer
	// Issuer names Garden in authenticator apps (default "Garden").
	Issuer string
	// WebAuthn runs passkey ceremonies; nil: passkeys are not offered.
	WebAuthn ports.WebAuthn
	// OIDC turns OpenID Connect sign-in on; nil: off.
	OIDC *OIDCConfig
	// PasswordLoginOff refuses password sign-in to every account but the protected superadmin.
	PasswordLoginOff bool
}

// AccountStore is what Accounts keeps: users, sessions, sign-ins, second factors, passkeys,
// identities, API tokens, the sign-in throttle and user categories.
type AccountStore interface {
	ports.APITokenStore
	ports.IdentityStore
	ports.LoginAttemptStore
	ports.PasskeyStore
	ports.SessionStore
	ports.SignInStore
	ports.UserCategoryStore
	ports.UserStore
	// ports.GardenSettingsStore's:
	SaveGardenSettings(ctx context.Context, userID int64, g domain.GardenSettings) error
	// ports.LoginFailureStore's:
	ClearLoginFailures(ctx context.Context, username string) error
	DeleteLoginFailuresBefore(ctx context.Context, t time.Time) (int, error)
	// ports.SiteStore's:
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
}

// Accounts signs people in and out and administers user accounts.
type Accounts struct {
	store  AccountStore
	hasher ports.PasswordHasher
	clock  ports.Clock
	cfg    AccountsConfig
	log    *slog.Logger
	gate   *PasswordGate
}

// NewAccounts builds the accounts service.
func NewAccounts(store AccountStore, hasher ports.PasswordHasher, clock ports.Clock, cfg AccountsConfig, log *slog.Logger) (*Accounts, error) {
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.ImpersonationTTL <= 0 {
		cfg.ImpersonationTTL = time.Hour
	}
	if cfg.Gate == nil {
		cfg.Gate = NewPasswordGate(PasswordGateConfig{})
	}
	if cfg.Issuer == "" {
		cfg.Issuer = "Garden"
	}
	// One real verification at start seeds the time an unknown username is made to take.
	dummy, err := hasher.Hash("garden-dummy-password")
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if _, err := hasher.Verify(dummy, "garden-dummy-password"); err != nil {
		return nil, err
	}
	cfg.Gate.observe(time.Since(start))
	if log == nil {
		log = slog.Default()
	}
	return &Accounts{store: store, hasher: hasher, clock: clock, cfg: cfg, log: log, gate: cfg.Gate}, nil
}

// hash hashes a new password in one of the gate's slots.
func (a *Accounts) hash(ctx context.Context, password string) (string, error) {
	var h string
	var herr error
	if err := a.gate.Do(ctx, func() { h, herr = a.hasher.Hash(password) }); err != nil {
		return "", err
	}
	return h, herr
}

// SignedIn is the answer to a successful sign-in or impersonation change. When a second factor
// is still due, Token is empty and TwoFactor and Ticket say how to go on.
type SignedIn struct {
	Token string
	User  *domain.User
	// TwoFactor is verify (a code is due) or setup (the site requires an enrolment first).
	TwoFactor domain.TicketPurpose
	Ticket    string
	// RecoveryCodes are set when the sign-in confirmed a new enrolment: shown once.
	RecoveryCodes []string
}

// Login checks a username and password and opens a session; the attempt counts against the
// empty client address (the command line and tests). The API uses LoginFrom.
func (a *Accounts) Login(ctx context.Context, username, password string) (*SignedIn, error) {
	return a.LoginFrom(ctx, username, password, "")
}

// LoginFrom checks a username and password sent from client address addr and opens a session.
// The whole check runs in one of the password gate's slots, so a flood waits in a short queue
// (or is refused with 429) before touching the database. Inside, the attempt is reserved
// (counted as failed) atomically with the throttle's check before the password is verified, so
// parallel attempts cannot overrun the limit; a right password takes the reservation back.
// Unknown usernames wait as long as a check takes, without computing one.
func (a *Accounts) LoginFrom(ctx context.Context, username, password, addr string) (*SignedIn, error) {
	return a.LoginFromClient(ctx, username, password, domain.Client{Addr: addr})
}

// LoginFromClient is LoginFrom with the browser's User-Agent, which the session and the
// account's sign-in history keep. When the account has a second factor (or its site requires
// one) the answer carries a ticket instead of a token: LoginSecondFactor finishes the sign-in.
// The throttle's earlier failures are then kept until the second factor is right, so that
// the right password cannot wipe the count of wrong codes.
func (a *Accounts) LoginFromClient(ctx context.Context, username, password string, c domain.Client) (*SignedIn, error) {
	c = c.Clean()
	addr := c.Addr
	username = domain.NormalizeUsername(username)
	if err := domain.ValidateLogin(username, password); err != nil {
		return nil, err
	}
	release, err := a.gate.Enter(ctx) // returns ctx's error when the client already left
	if err != nil {
		return nil, err
	}
	defer release()
	now := a.clock.Now()
	reservation, err := a.store.ReserveLoginAttempt(ctx, username, addr, now, now.Add(-a.cfg.Throttle.Window),
		func(userAtAddr, atAddr []time.Time) error {
			return a.cfg.Throttle.CheckAttempt(userAtAddr, atAddr, now)
		})
	if err != nil {
		return nil, err
	}
	// Never checked, or not a failure: the reservation goes, even if the client has gone.
	forget := func() { _ = a.store.ForgetLoginAttempt(context.WithoutCancel(ctx), reservation) }

	user, err := a.store.UserByUsername(ctx, username)
	if err != nil && domain.ErrorCode(err) != domain.ENotFound {
		forget()
		return nil, err
	}
	if a.cfg.PasswordLoginOff && (user == nil || !user.IsProtected) {
		forget()
		return nil, domain.Errorf(domain.EForbidden, domain.MsgPasswordLoginOff)
	}
	ok := false
	if err := ctx.Err(); err != nil {
		forget()
		return nil, err // the client left while queued: hash nothing for nobody to read
	}
	if user != nil && user.PasswordHash == "" {
		err = a.gate.standIn(ctx) // an account made by single sign-on has no password
	} else if user != nil {
		ok, err = a.gate.verifyIn(func() (bool, error) { return a.hasher.Verify(user.PasswordHash, password) })
	} else {
		err = a.gate.standIn(ctx)
	}
	if err != nil {
		forget()
		return nil, err
	}
	release() // the slot is for hashing; the rest is ordinary database work
	if user == nil || !ok {
		if user != nil {
			a.recordSignIn(ctx, user.ID, false, domain.MethodPassword, c)
		}
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgInvalidCredentials)
	}
	if !user.IsActive {
		forget()
		return nil, domain.Errorf(domain.EForbidden, domain.MsgAccountDeactivated)
	}
	purpose, err := a.secondFactorDue(ctx, user)
	if err != nil {
		forget()
		return nil, err
	}
	if purpose != "" {
		forget() // the password was right; earlier failures stay until the second factor is
		return a.openTicket(ctx, user, purpose)
	}
	if err := a.store.ClearLoginAttempts(ctx, username, addr); err != nil {
		return nil, err
	}
	if err := a.store.RecordLogin(ctx, user.ID, now); err != nil {
		return nil, err
	}
	user.LastLogin = &now
	a.recordSignIn(ctx, user.ID, true, domain.MethodPassword, c)
	return a.openSession(ctx, user, nil, domain.MethodPassword, c)
}

func (a *Accounts) openSession(ctx context.Context, user *domain.User, impersonator *int64, method domain.SignInMethod, c domain.Client) (*SignedIn, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	now := a.clock.Now()
	ttl := a.cfg.SessionTTL
	if impersonator != nil && a.cfg.ImpersonationTTL < ttl {
		ttl = a.cfg.ImpersonationTTL // acting as someone else is for a support call, not a month
	}
	s := &domain.Session{TokenHash: hash, UserID: user.ID, ImpersonatorID: impersonator, CreatedAt: now, ExpiresAt: now.Add(ttl),
		Method: method, UserAgent: c.UserAgent, Address: c.Addr, LastSeenAt: &now}
	if err := a.store.CreateSession(ctx, s); err != nil {
		return nil, err
	}
	return &SignedIn{Token: token, User: user}, nil
}

// errNotSignedIn is the answer to a token that signs no one in; made when it is the answer,
// not on every request (Authenticate runs on each signed-in call).
func errNotSignedIn() error { return domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn) }

// Authenticate resolves a bearer token to its principal. Unknown, expired and revoked tokens,
// and tokens of deactivated users, are unauthorized.
func (a *Accounts) Authenticate(ctx context.Context, token string) (*domain.Principal, error) {
	if token == "" {
		return nil, errNotSignedIn()
	}
	if isAPIToken(token) {
		return a.authenticateAPIToken(ctx, token)
	}
	// One read for the session and its user: every signed-in request pays for it.
	s, u, err := a.store.SessionAndUserByTokenHash(ctx, HashToken(token))
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, errNotSignedIn()
	} else if err != nil {
		return nil, err
	}
	if !s.ActiveAt(a.clock.Now()) || !u.IsActive {
		return nil, errNotSignedIn()
	}
	if s.ImpersonatorID != nil {
		// The impersonator's rights are checked on every request: a superadmin who was demoted,
		// deactivated or deleted meanwhile no longer acts as anyone.
		imp, err := a.store.UserByID(ctx, *s.ImpersonatorID)
		if err != nil && domain.ErrorCode(err) != domain.ENotFound {
			return nil, err
		}
		if err != nil || !imp.IsActive || imp.Role != domain.RoleSuperadmin {
			_ = a.store.RevokeSession(ctx, s.ID, a.clock.Now())
			return nil, errNotSignedIn()
		}
	}
	if now := a.clock.Now(); s.LastSeenAt == nil || now.Sub(*s.LastSeenAt) >= domain.SessionTouchEvery {
		// At most one write per session every few minutes: the Security page's "last seen".
		if err := a.store.TouchSession(ctx, s.ID, now); err != nil {
			a.log.Warn("session last-seen not recorded", "err", err)
		}
		s.LastSeenAt = &now
	}
	return &domain.Principal{User: u, Session: s}, nil
}

// Logout revokes the caller's session.
func (a *Accounts) Logout(ctx context.Context, p *domain.Principal) error {
	if p == nil || p.Session == nil {
		return domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	return a.store.RevokeSession(ctx, p.Session.ID, a.clock.Now())
}

// Impersonate lets a superadmin act as another user: it opens a session for the target that
// remembers the superadmin, so that EndImpersonation can return to them.
func (a *Accounts) Impersonate(ctx context.Context, actor *domain.Principal, targetID int64) (*SignedIn, error) {
	// Check the caller before looking the target up, so nobody else learns which ids exist.
	if err := domain.CheckCanImpersonate(actor); err != nil {
		return nil, err
	}
	target, err := a.store.UserByID(ctx, targetID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	} else if err != nil {
		return nil, err
	}
	if err := domain.CheckImpersonation(actor, target); err != nil {
		return nil, err
	}
	a.log.Info("impersonation started", "superadmin", actor.User.Username, "target", target.Username)
	return a.openSession(ctx, target, &actor.User.ID, domain.MethodImpersonate, domain.Client{})
}

// EndImpersonation closes an impersonation session and signs the original superadmin back in
// with a fresh token.
func (a *Accounts) EndImpersonation(ctx context.Context, actor *domain.Principal) (*SignedIn, error) {
	if actor == nil || actor.Session == nil {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	if !actor.IsImpersonating() {
		return nil, domain.Errorf(domain.EConflict, domain.MsgNotImpersonating)
	}
	original, err := a.store.UserByID(ctx, *actor.Session.ImpersonatorID)
	if domain.ErrorCode(err) == domain.ENotFound || (err == nil && (!original.IsActive || original.Role != domain.RoleSuperadmin)) {
		// The superadmin was removed or demoted meanwhile: close the session, sign nobody in.
		_ = a.store.RevokeSession(ctx, actor.Session.ID, a.clock.Now())
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	} else if err != nil {
		return nil, err
	}
	if err := a.store.RevokeSession(ctx, actor.Session.ID, a.clock.Now()); err != nil {
		return nil, err
	}
	a.log.Info("impersonation ended", "superadmin", original.Username, "target", actor.User.Username)
	return a.openSession(ctx, original, nil, domain.MethodImpersonate, domain.Client{})
}

// NewUser is the input for creating an account.
type NewUser struct {
	Username    string
	Password    string
	Email       string
	FullName    string
	Role        domain.Role
	SiteID      *int64
	IsSiteAdmin bool
	CategoryID  *int64
}

// CreateUser creates an account after checking the admin form's rules and the account rules.
// It is the operator's path (CLI); the HTTP admin path adds the caller's permissions on top.
func (a *Accounts) CreateUser(ctx context.Context, in NewUser) (*domain.User, error) {
	in.Username = domain.NormalizeUsername(in.Username)
	in.Email = strings.TrimSpace(in.Email)
	var v domain.Validation
	domain.ValidateUsername(&v, in.Username)
	domain.ValidatePassword(&v, in.Password, domain.MinAdminPasswordLength)
	domain.ValidateEmail(&v, in.Email)
	if in.Role == "" {
		in.Role = domain.RoleUser
	}
	if _, err := domain.ParseRole(string(in.Role)); err != nil {
		return nil, err
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	u := &domain.User{
		Username: in.Username, Email: in.Email, FullName: strings.TrimSpace(in.FullName),
		Role: in.Role, IsActive: true, SiteID: in.SiteID, IsSiteAdmin: in.IsSiteAdmin, CategoryID: in.CategoryID,
		NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: a.clock.Now(),
	}
	if err := domain.CheckUserShape(u); err != nil {
		return nil, err
	}
	if err := a.checkReferences(ctx, u); err != nil {
		return nil, err
	}
	hash, err := a.hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	u.PasswordHash = hash
	if err := a.store.CreateUser(ctx, u); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, &domain.Error{Code: domain.EConflict, Message: domain.MsgUsernameTaken, Fields: map[string]string{"username": domain.MsgUsernameTaken}}
		}
		return nil, err
	}
	return u, nil
}

// checkReferences makes sure the site and category a user points to exist.
func (a *Accounts) checkReferences(ctx context.Context, u *domain.User) error {
	if u.SiteID != nil {
		if _, err := a.store.SiteByID(ctx, *u.SiteID); domain.ErrorCode(err) == domain.ENotFound {
			return &domain.Error{Code: domain.EInvalid, Message: domain.MsgSiteNotFound, Fields: map[string]string{"siteId": domain.MsgSiteNotFound}}
		} else if err != nil {
			return err
		}
	}
	if u.CategoryID != nil {
		if _, err := a.store.UserCategoryByID(ctx, *u.CategoryID); domain.ErrorCode(err) == domain.ENotFound {
			return &domain.Error{Code: domain.EInvalid, Message: "Category not found", Fields: map[string]string{"categoryId": "Category not found"}}
		} else if err != nil {
			return err
		}
	}
	return nil
}

// ListUsers returns users, optionally narrowed.
func (a *Accounts) ListUsers(ctx context.Context, filter ports.UserFilter) ([]*domain.User, error) {
	return a.store.ListUsers(ctx, filter)
}

// UserByUsername finds one user.
func (a *Accounts) UserByUsername(ctx context.Context, username string) (*domain.User, error) {
	u, err := a.store.UserByUsername(ctx, domain.NormalizeUsername(username))
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	}
	return u, err
}

// ChangeUser applies change to the named user under the account rules, in one transaction.
func (a *Accounts) ChangeUser(ctx context.Context, username string, change func(*domain.User) error) (*domain.User, error) {
	u, err := a.UserByUsername(ctx, username)
	if err != nil {
		return nil, err
	}
	var deactivated, demoted, newPassword bool
	updated, err := a.store.UpdateUser(ctx, u.ID, func(cur *domain.User) error {
		before := *cur
		if err := change(cur); err != nil {
			return err
		}
		if err := domain.CheckUserChange(&before, cur); err != nil {
			return err
		}
		if (cur.SiteID != nil && !sameID(before.SiteID, cur.SiteID)) || (cur.CategoryID != nil && !sameID(before.CategoryID, cur.CategoryID)) {
			if err := a.checkReferences(ctx, cur); err != nil {
				return err
			}
		}
		deactivated = before.IsActive && !cur.IsActive
		demoted = before.Role == domain.RoleSuperadmin && cur.Role != domain.RoleSuperadmin
		newPassword = before.PasswordHash != cur.PasswordHash
		return nil
	})
	if err != nil {
		return nil, err
	}
	switch {
	case deactivated || newPassword:
		if err := a.endAccess(ctx, updated.ID); err != nil {
			return nil, err
		}
	case demoted:
		// A demoted superadmin is signed out, which also ends every impersonation they
		// started; their API tokens keep working with a user's rights (every request reads the
		// role afresh).
		if _, err := a.store.RevokeUserSessions(ctx, updated.ID, a.clock.Now()); err != nil {
			return nil, err
		}
	}
	return updated, nil
}

// endAccess ends every way to act as a user: it is the one place that does, and ChangeUser
// calls it whenever the password changes (by its owner, an admin, or `gardenctl users
// reset-password`) and when the account is deactivated (deleting the account deletes all of it
// with the row). It revokes the user's sessions, the impersonations of them, and their API
// tokens for good (reactivating or changing the password back brings none back), and with them
// every push device those registered. The calendar feed is not a way to act: its own secret
// stays, but it answers nothing while the account is deactivated (see Calendar.Events).
func (a *Accounts) endAccess(ctx context.Context, userID int64) error {
	now := a.clock.Now()
	if _, err := a.store.RevokeUserSessions(ctx, userID, now); err != nil {
		return err
	}
	_, err := a.store.RevokeUserAPITokens(ctx, userID, now)
	return err
}

// SetRole changes a user's role.
func (a *Accounts) SetRole(ctx context.Context, username string, role domain.Role) (*domain.User, error) {
	if _, err := domain.ParseRole(string(role)); err != nil {
		return nil, err
	}
	return a.ChangeUser(ctx, username, func(u *domain.User) error {
		u.Role = role
		if role == domain.RoleSuperadmin && !u.IsProtected {
			// A superadmin has system-wide rights, so a promotion drops the site tie instead of
			// refusing: that is what the admin form does when the role changes.
			u.SiteID, u.IsSiteAdmin = nil, false
		}
		return nil
	})
}

// SetActive activates or deactivates a user.
func (a *Accounts) SetActive(ctx context.Context, username string, active bool) (*domain.User, error) {
	return a.ChangeUser(ctx, username, func(u *domain.User) error {
		u.IsActive = active
		return nil
	})
}

// ResetPassword sets a new password and signs the user out everywhere: sessions, API tokens and
// push devices end (endAccess).
func (a *Accounts) ResetPassword(ctx context.Context, username, password string) (*domain.User, error) {
	var v domain.Validation
	domain.ValidatePassword(&v, password, domain.MinAdminPasswordLength)
	if err := v.Err(); err != nil {
		return nil, err
	}
	hash, err := a.hash(ctx, password)
	if err != nil {
		return nil, err
	}
	u, err := a.ChangeUser(ctx, username, func(u *domain.User) error {
		u.PasswordHash = hash
		return nil
	})
	if err != nil {
		return nil, err // the new hash always differs (a fresh salt): ChangeUser ended every access
	}
	if err := a.store.ClearLoginFailures(ctx, u.Username); err != nil {
		return nil, err
	}
	return u, nil
}

// EnsureProtectedAdmin creates the protected system superadmin when none exists. When password
// is empty it generates one and returns it, so the caller can print it once; otherwise the
// returned password is empty. created is false when the account already existed.
func (a *Accounts) EnsureProtectedAdmin(ctx context.Context, username, password string) (created bool, generated string, err error) {
	if _, err := a.store.ProtectedUser(ctx); err == nil {
		return false, "", nil
	} else if domain.ErrorCode(err) != domain.ENotFound {
		return false, "", err
	}
	if username == "" {
		username = "admin"
	}
	if password == "" {
		if generated, err = RandomPassword(20); err != nil {
			return false, "", err
		}
		password = generated
	}
	var v domain.Validation
	domain.ValidateUsername(&v, username)
	domain.ValidatePassword(&v, password, domain.MinAdminPasswordLength)
	if err := v.Err(); err != nil {
		return false, "", err
	}
	hash, err := a.hash(ctx, password)
	if err != nil {
		return false, "", err
	}
	u := &domain.User{
		Username: username, PasswordHash: hash, Role: domain.RoleSuperadmin, IsActive: true, IsProtected: true,
		FullName: "System Administrator", NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(),
		CreatedAt: a.clock.Now(),
	}
	if err := a.store.CreateUser(ctx, u); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			// Another replica created it at the same moment, or an ordinary account holds the
			// name: only the second is a problem worth stopping for.
			if _, perr := a.store.ProtectedUser(ctx); perr == nil {
				return false, "", nil
			}
			return false, "", domain.Errorf(domain.EConflict, "Cannot create the system superadmin: the username %q is taken by an ordinary account; set GARDEN_ADMIN_USERNAME to another name", username)
		}
		return false, "", err
	}
	return true, generated, nil
}

func sameID(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// CleanupSessions deletes the push devices of sessions and API tokens that expired by now,
// sessions that ended (expired or revoked) more than a day ago, and failed sign-ins the
// throttle no longer counts. It returns how many sessions and failures it deleted.
func (a *Accounts) CleanupSessions(ctx context.Context) (sessions, failures int, err error) {
	now := a.clock.Now()
	if n, err := a.store.DeleteEndedDevices(ctx, now); err != nil {
		return 0, 0, err
	} else if n > 0 {
		a.log.Info("push devices of ended sessions deleted", "devices", n)
	}
	if sessions, err = a.store.DeleteSessionsBefore(ctx, now.Add(-24*time.Hour)); err != nil {
		return 0, 0, err
	}
	failures, err = a.store.DeleteLoginFailuresBefore(ctx, now.Add(-a.cfg.Throttle.Window))
	if err != nil {
		return sessions, failures, err
	}
	if _, err := a.store.DeleteLoginTicketsBefore(ctx, now); err != nil {
		return sessions, failures, err
	}
	if _, err := a.store.DeleteWebAuthnFlowsBefore(ctx, now); err != nil {
		return sessions, failures, err
	}
	if _, err = a.store.DeleteSignInsBefore(ctx, now.Add(-domain.SignInHistoryDays*24*time.Hour)); err != nil {
		return sessions, failures, err
	}
	// The day's new and edited users join the rest of the search index in one piece, so an
	// administrator's search opens one piece however the users came (issue #30 item 6).
	return sessions, failures, a.store.CompactUserSearch(ctx)
}
