package app

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// OIDCConfig turns OpenID Connect sign-in on (issue #28 item 1).
type OIDCConfig struct {
	Provider ports.OIDCProvider
	// Name is the provider's name on the sign-in button.
	Name string
	// AllowedDomains, when not empty, admits only verified e-mail addresses of these domains.
	AllowedDomains []string
	// Roles maps values of the role claim to a new account's role and site; when not empty,
	// a sign-in whose claim matches none is refused.
	Roles []domain.OIDCRole
	// AutoCreate makes an account for an unknown identity (the site's user limit holds).
	AutoCreate bool
}

// OIDCStart is the first step of a sign-in at the identity provider: the flow the browser keeps
// for the second step and the provider's address to send it to.
type OIDCStart struct {
	Flow string
	URL  string
}

// OIDCSignedIn is the end of a sign-in at the identity provider: a session (or a second factor
// still due, as after a password), or a link to an existing account waiting for its password.
type OIDCSignedIn struct {
	*SignedIn
	// LinkTicket is set when the provider's verified e-mail belongs to an account that is not
	// linked yet: LinkOIDC with the account's password links it and signs in.
	LinkTicket   string
	LinkUsername string
}

type oidcFlow struct {
	State    string `json:"state"`
	Nonce    string `json:"nonce"`
	Verifier string `json:"verifier"`
}

type oidcLink struct {
	Issuer  string `json:"issuer"`
	Subject string `json:"subject"`
	Email   string `json:"email"`
}

func (a *Accounts) oidc() (*OIDCConfig, error) {
	if a.cfg.OIDC == nil || a.cfg.OIDC.Provider == nil {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgOIDCOff)
	}
	return a.cfg.OIDC, nil
}

// SignInOptions says which ways to sign in the sign-in page offers.
type SignInOptions struct {
	Password bool
	// OIDCName is the identity provider's button label; empty when OIDC is off.
	OIDCName string
}

// SignInOptions reports the sign-in page's options (public).
func (a *Accounts) SignInOptions() SignInOptions {
	o := SignInOptions{Password: !a.cfg.PasswordLoginOff}
	if c, err := a.oidc(); err == nil {
		o.OIDCName = c.Name
	}
	return o
}

// BeginOIDC starts a sign-in at the identity provider. State, nonce and the PKCE verifier stay
// in the database under the hash of the returned flow id, so any replica can finish it.
func (a *Accounts) BeginOIDC(ctx context.Context) (*OIDCStart, error) {
	c, err := a.oidc()
	if err != nil {
		return nil, err
	}
	var f oidcFlow
	for _, p := range []*string{&f.State, &f.Nonce, &f.Verifier} {
		if *p, _, err = newToken(); err != nil {
			return nil, err
		}
	}
	url, err := c.Provider.AuthURL(ctx, f.State, f.Nonce, f.Verifier)
	if err != nil {
		return nil, err
	}
	session, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	flow, err := a.putFlow(ctx, nil, domain.FlowOIDCSignIn, session, a.clock.Now().Add(domain.OIDCFlowTTL))
	if err != nil {
		return nil, err
	}
	return &OIDCStart{Flow: flow, URL: url}, nil
}

func (a *Accounts) putFlow(ctx context.Context, userID *int64, purpose string, session []byte, expires time.Time) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	return token, a.store.CreateWebAuthnFlow(ctx, &domain.WebAuthnFlow{Hash: hash, UserID: userID, Purpose: purpose, Session: session, ExpiresAt: expires})
}

func (a *Accounts) takeOIDCFlow(ctx context.Context, flow, purpose string) (*domain.WebAuthnFlow, error) {
	if flow == "" || len(flow) > 128 {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgOIDCExpired)
	}
	f, err := a.store.TakeWebAuthnFlow(ctx, HashToken(flow), purpose, a.clock.Now())
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgOIDCExpired)
	}
	return f, err
}

func oidcFailed(why string) error {
	return &domain.Error{Code: domain.EUnauthorized, Message: domain.MsgOIDCFailed, Cause: fmt.Errorf("oidc: %s", why)}
}

// FinishOIDC ends the sign-in the browser started with flow, after the provider sent it back
// with state and code. The flow is used once; its state must be the one sent back, the ID
// token's nonce the one sent out, and the code is exchanged with the flow's PKCE verifier.
func (a *Accounts) FinishOIDC(ctx context.Context, flow, state, code string, c domain.Client) (*OIDCSignedIn, error) {
	c = c.Clean()
	cfg, err := a.oidc()
	if err != nil {
		return nil, err
	}
	f, err := a.takeOIDCFlow(ctx, flow, domain.FlowOIDCSignIn)
	if err != nil {
		return nil, err
	}
	var kept oidcFlow
	if err := json.Unmarshal(f.Session, &kept); err != nil {
		return nil, err
	}
	if state == "" || subtle.ConstantTimeCompare([]byte(state), []byte(kept.State)) != 1 {
		return nil, oidcFailed("state differs from the flow's")
	}
	if code == "" {
		return nil, oidcFailed("no code")
	}
	claims, err := cfg.Provider.Exchange(ctx, code, kept.Verifier)
	if err != nil {
		return nil, err
	}
	if claims.Nonce == "" || subtle.ConstantTimeCompare([]byte(claims.Nonce), []byte(kept.Nonce)) != 1 {
		return nil, oidcFailed("nonce differs from the flow's")
	}
	if claims.Subject == "" || claims.Issuer == "" {
		return nil, oidcFailed("no subject")
	}
	if len(cfg.AllowedDomains) > 0 && (!claims.EmailVerified || !domain.EmailDomainAllowed(claims.Email, cfg.AllowedDomains)) {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgOIDCDomain)
	}
	role, hasRole := domain.MatchOIDCRole(cfg.Roles, claims.Roles)
	if len(cfg.Roles) > 0 && !hasRole {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgOIDCNoRole)
	}

	id, err := a.store.IdentityBySubject(ctx, claims.Issuer, claims.Subject)
	switch {
	case err == nil:
		user, err := a.store.UserByID(ctx, id.UserID)
		if err != nil {
			return nil, err
		}
		return a.oidcSignIn(ctx, user, id, c)
	case domain.ErrorCode(err) != domain.ENotFound:
		return nil, err
	}

	if claims.EmailVerified && claims.Email != "" {
		matches, err := a.store.UsersByEmail(ctx, claims.Email, 2)
		if err != nil {
			return nil, err
		}
		if len(matches) > 1 {
			return nil, domain.Errorf(domain.EConflict, domain.MsgOIDCAmbiguous)
		}
		if len(matches) == 1 {
			u := matches[0]
			if !u.IsActive {
				return nil, domain.Errorf(domain.EForbidden, domain.MsgAccountDeactivated)
			}
			session, err := json.Marshal(oidcLink{Issuer: claims.Issuer, Subject: claims.Subject, Email: claims.Email})
			if err != nil {
				return nil, err
			}
			ticket, err := a.putFlow(ctx, &u.ID, domain.FlowOIDCLink, session, a.clock.Now().Add(domain.OIDCFlowTTL))
			if err != nil {
				return nil, err
			}
			return &OIDCSignedIn{LinkTicket: ticket, LinkUsername: u.Username}, nil
		}
	}
	if !cfg.AutoCreate {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgOIDCNoAccount)
	}
	user, err := a.createOIDCUser(ctx, claims, role, hasRole)
	if err != nil {
		return nil, err
	}
	id = &domain.Identity{UserID: user.ID, Issuer: claims.Issuer, Subject: claims.Subject, Email: verifiedEmail(claims), CreatedAt: a.clock.Now()}
	if err := a.store.CreateIdentity(ctx, id); err != nil {
		// Another tab or replica linked this subject at the same moment: the account made
		// here has no way in, so it goes again.
		_ = a.store.DeleteUser(context.WithoutCancel(ctx), user.ID, nil)
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, domain.Errorf(domain.EConflict, domain.MsgOIDCLinkedElsewhere)
		}
		return nil, err
	}
	a.log.Info("account created by single sign-on", "user", user.Username)
	return a.oidcSignIn(ctx, user, id, c)
}

func verifiedEmail(c *ports.OIDCClaims) string {
	if c.EmailVerified {
		return strings.TrimSpace(c.Email)
	}
	return ""
}

// createOIDCUser makes an account without a password for a new identity: the username from
// preferred_username or the e-mail's local part, made unique with a number; role and site from
// the role mapping. The store refuses a site that is full.
func (a *Accounts) createOIDCUser(ctx context.Context, claims *ports.OIDCClaims, role domain.OIDCRole, hasRole bool) (*domain.User, error) {
	u := &domain.User{Email: verifiedEmail(claims), FullName: strings.TrimSpace(claims.Name), Role: domain.RoleUser, IsActive: true,
		NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: a.clock.Now()}
	if hasRole {
		u.Role, u.SiteID, u.IsSiteAdmin = role.Role, role.SiteID, role.SiteAdmin
	}
	if len(u.FullName) > 100 {
		u.FullName = u.FullName[:100]
	}
	if err := domain.CheckUserShape(u); err != nil {
		return nil, err
	}
	base := usernameFrom(claims)
	for i := 1; i <= 20; i++ {
		u.Username = base
		if i > 1 {
			u.Username = fmt.Sprintf("%s%d", base, i)
		}
		if i == 20 {
			tok, _, err := newToken()
			if err != nil {
				return nil, err
			}
			u.Username = "user-" + strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(tok))[:12]
		}
		err := a.store.CreateUser(ctx, u)
		if err == nil {
			return u, nil
		}
		if domain.ErrorCode(err) != domain.EConflict {
			return nil, err
		}
	}
	return nil, domain.Errorf(domain.EConflict, domain.MsgUsernameTaken)
}

// usernameFrom picks a valid username from the claims, keeping only the characters usernames
// allow.
func usernameFrom(c *ports.OIDCClaims) string {
	for _, cand := range []string{c.PreferredUsername, strings.SplitN(c.Email, "@", 2)[0], c.Name} {
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(cand)) {
			if r == '.' || r == '-' || r == '_' || r == '@' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' {
				b.WriteRune(r)
			}
		}
		s := b.String()
		if len(s) > domain.MaxUsernameLength-3 {
			s = s[:domain.MaxUsernameLength-3]
		}
		if len(s) >= domain.MinUsernameLength {
			return s
		}
	}
	return "gardener"
}

// oidcSignIn opens the session of a linked identity's account, or a second-factor ticket when
// the account has one or its site requires one: the provider stands in for the password only.
func (a *Accounts) oidcSignIn(ctx context.Context, user *domain.User, id *domain.Identity, c domain.Client) (*OIDCSignedIn, error) {
	if !user.IsActive {
		a.recordSignIn(ctx, user.ID, false, domain.MethodOIDC, c)
		return nil, domain.Errorf(domain.EForbidden, domain.MsgAccountDeactivated)
	}
	now := a.clock.Now()
	if err := a.store.UseIdentity(ctx, id.ID, now); err != nil {
		return nil, err
	}
	purpose, err := a.secondFactorDue(ctx, user)
	if err != nil {
		return nil, err
	}
	if purpose != "" {
		s, err := a.openTicket(ctx, user, purpose)
		return &OIDCSignedIn{SignedIn: s}, err
	}
	if err := a.store.RecordLogin(ctx, user.ID, now); err != nil {
		return nil, err
	}
	user.LastLogin = &now
	a.recordSignIn(ctx, user.ID, true, domain.MethodOIDC, c)
	s, err := a.openSession(ctx, user, nil, domain.MethodOIDC, c)
	return &OIDCSignedIn{SignedIn: s}, err
}

// LinkOIDC links the identity a first sign-in found to the account with its verified e-mail,
// once the account's password is given, and signs in. A wrong password counts as a failed
// sign-in (the throttle bounds the tries) and keeps the ticket until it expires.
func (a *Accounts) LinkOIDC(ctx context.Context, ticket, password string, c domain.Client) (*OIDCSignedIn, error) {
	c = c.Clean()
	if _, err := a.oidc(); err != nil {
		return nil, err
	}
	if password == "" {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPasswordRequired, Fields: map[string]string{"password": domain.MsgPasswordRequired}}
	}
	f, err := a.takeOIDCFlow(ctx, ticket, domain.FlowOIDCLink)
	if err != nil {
		return nil, err
	}
	if f.UserID == nil {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgOIDCExpired)
	}
	var link oidcLink
	if err := json.Unmarshal(f.Session, &link); err != nil {
		return nil, err
	}
	user, err := a.store.UserByID(ctx, *f.UserID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.EUnauthorized, domain.MsgOIDCExpired)
	} else if err != nil {
		return nil, err
	}
	now := a.clock.Now()
	reservation, err := a.store.ReserveLoginAttempt(ctx, user.Username, c.Addr, now, now.Add(-a.cfg.Throttle.Window),
		func(userAtAddr, atAddr []time.Time) error {
			return a.cfg.Throttle.CheckAttempt(userAtAddr, atAddr, now)
		})
	if err != nil {
		return nil, err
	}
	if err := a.checkCurrentPassword(ctx, user, password); err != nil {
		if domain.ErrorCode(err) != domain.EInvalid {
			_ = a.store.ForgetLoginAttempt(context.WithoutCancel(ctx), reservation)
			return nil, err
		}
		a.recordSignIn(ctx, user.ID, false, domain.MethodOIDC, c)
		// The same ticket stays usable until it expires; the throttle counts this failure.
		if err := a.store.CreateWebAuthnFlow(ctx, &domain.WebAuthnFlow{Hash: f.Hash, UserID: f.UserID, Purpose: f.Purpose, Session: f.Session, ExpiresAt: f.ExpiresAt}); err != nil {
			return nil, err
		}
		return nil, &domain.Error{Code: domain.EUnauthorized, Message: domain.MsgWrongPassword, Fields: map[string]string{"password": domain.MsgWrongPassword}}
	}
	_ = a.store.ForgetLoginAttempt(context.WithoutCancel(ctx), reservation)
	id := &domain.Identity{UserID: user.ID, Issuer: link.Issuer, Subject: link.Subject, Email: link.Email, CreatedAt: now}
	if err := a.store.CreateIdentity(ctx, id); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, domain.Errorf(domain.EConflict, domain.MsgOIDCLinkedElsewhere)
		}
		return nil, err
	}
	a.log.Info("identity linked", "user", user.Username)
	return a.oidcSignIn(ctx, user, id, c)
}

// Identities lists the caller's linked identities.
func (a *Accounts) Identities(ctx context.Context, p *domain.Principal) ([]*domain.Identity, bool, error) {
	if err := requireOwnSession(p); err != nil {
		return nil, false, err
	}
	list, err := a.store.ListIdentities(ctx, p.User.ID)
	if err != nil {
		return nil, false, err
	}
	has, err := a.hasPassword(ctx, p.User)
	return list, has, err
}

func (a *Accounts) hasPassword(ctx context.Context, u *domain.User) (bool, error) {
	fresh, err := a.store.UserByID(ctx, u.ID) // a principal may be read without its hash
	if err != nil {
		return false, err
	}
	return fresh.PasswordHash != "", nil
}

// UnlinkIdentity removes one of the caller's identities; an account without a password keeps
// its identity, its only way in.
func (a *Accounts) UnlinkIdentity(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireOwnSession(p); err != nil {
		return err
	}
	has, err := a.hasPassword(ctx, p.User)
	if err != nil {
		return err
	}
	if !has {
		return domain.Errorf(domain.EForbidden, domain.MsgIdentityNoPassword)
	}
	err = a.store.DeleteIdentity(ctx, p.User.ID, id)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgIdentityNotFound)
	}
	if err == nil {
		a.log.Info("identity unlinked", "user", p.User.Username)
	}
	return err
}
