package httpapi_test

import (
	"context"
	"net/url"
	"strconv"
	"testing"

	"github.com/gardenctl/garden/adapters/oidc"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/oidctest"
)

// ssoConfig is single sign-on against the test provider (tests/oidcprovider), a real OpenID
// provider process on 127.0.0.1. The callback address is never served here: the test reads the
// code and state from the provider's redirect, as the sign-in page does.
func ssoConfig(t *testing.T, change func(*app.OIDCConfig)) *app.OIDCConfig {
	t.Helper()
	p, err := oidc.New(oidc.Config{Issuer: oidctest.Issuer(t), ClientID: oidctest.ClientID, ClientSecret: oidctest.ClientSecret,
		RedirectURL: "http://127.0.0.1:8080/login/oidc", RoleClaim: "groups"})
	if err != nil {
		t.Fatal(err)
	}
	c := &app.OIDCConfig{Provider: p, Name: "Household ID", AutoCreate: true}
	if change != nil {
		change(c)
	}
	return c
}

// ssoStart begins a sign-in and returns the flow and the provider's address.
func (h *harness) ssoStart() (flow, authURL string) {
	h.t.Helper()
	r := h.do("POST", "/api/login/oidc/begin", "", nil)
	if r.status != 200 {
		h.t.Fatalf("begin: %d %s", r.status, r.raw)
	}
	return r.body["flow"].(string), r.body["url"].(string)
}

// sso signs in at the provider as username and finishes at Garden with what it sent back.
func (h *harness) sso(username string) response {
	h.t.Helper()
	flow, authURL := h.ssoStart()
	back := oidctest.SignIn(h.t, authURL, username)
	return h.ssoFinish(flow, back)
}

func (h *harness) ssoFinish(flow string, back *url.URL) response {
	h.t.Helper()
	q := back.Query()
	if q.Get("error") != "" {
		h.t.Fatalf("the provider answered %s: %s", q.Get("error"), q.Get("error_description"))
	}
	return h.do("POST", "/api/login/oidc/finish", "", map[string]string{"flow": flow, "state": q.Get("state"), "code": q.Get("code")})
}

func TestOIDC_SignInCreatesThenLinks(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.name, func(t *testing.T) {
			h := newHarness(t, options{postgres: d.postgres, oidc: ssoConfig(t, nil)})
			opts := h.do("GET", "/api/login/options", "", nil)
			expect(t, opts, 200, "")
			if opts.body["password"] != true || opts.body["oidc"].(map[string]any)["name"] != "Household ID" {
				t.Fatalf("options: %s", opts.raw)
			}

			// First sign-in: the account is made from the claims, without a password.
			r := h.sso("alice")
			expect(t, r, 200, "")
			token := r.body["token"].(string)
			user := r.body["user"].(map[string]any)
			if user["username"] != "alice" || user["email"] != "alice@household.test" {
				t.Fatalf("new account: %s", r.raw)
			}
			me := h.do("GET", "/api/user", token, nil)
			expect(t, me, 200, "")
			ids := h.do("GET", "/api/user/identities", token, nil)
			expect(t, ids, 200, "")
			list := ids.body["identities"].([]any)
			if len(list) != 1 || ids.body["hasPassword"] != false || ids.body["provider"] != "Household ID" {
				t.Fatalf("identities: %s", ids.raw)
			}
			// Its only way in stays.
			idID := int64(list[0].(map[string]any)["id"].(float64))
			expect(t, h.do("DELETE", "/api/user/identities/"+strconv.FormatInt(idID, 10), token, nil), 403, domain.MsgIdentityNoPassword)
			// No password: a password sign-in is refused like a wrong one.
			expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "alice", "password": "anything"}), 401, domain.MsgInvalidCredentials)

			// Second sign-in: the same account.
			again := h.sso("alice")
			expect(t, again, 200, "")
			if again.body["user"].(map[string]any)["id"] != user["id"] {
				t.Fatalf("second sign-in reached another account: %s", again.raw)
			}
			signIns := h.do("GET", "/api/user/sign-ins", token, nil)
			expect(t, signIns, 200, "")
			var items []map[string]any
			_ = jsonUnmarshal([]byte(signIns.raw), &items)
			if len(items) != 3 || items[1]["method"] != "password" || items[0]["method"] != "oidc" || items[0]["success"] != true {
				t.Fatalf("sign-ins: %s", signIns.raw)
			}

			// An existing account with the provider's verified e-mail links after its password.
			dave, err := h.accounts.CreateUser(context.Background(), app.NewUser{Username: "dave", Password: "password-dave", Email: "Dave@Household.test"})
			if err != nil {
				t.Fatal(err)
			}
			link := h.sso("dave")
			expect(t, link, 200, "")
			l := link.body["link"].(map[string]any)
			if l["username"] != "dave" || link.body["token"] != nil {
				t.Fatalf("link offer: %s", link.raw)
			}
			ticket := l["ticket"].(string)
			expect(t, h.do("POST", "/api/login/oidc/link", "", map[string]string{"ticket": ticket, "password": "wrong-password"}), 401, domain.MsgWrongPassword)
			linked := h.do("POST", "/api/login/oidc/link", "", map[string]string{"ticket": ticket, "password": "password-dave"})
			expect(t, linked, 200, "")
			if int64(linked.body["user"].(map[string]any)["id"].(float64)) != dave.ID {
				t.Fatalf("linked to another account: %s", linked.raw)
			}
			// The ticket was used; the next sign-in goes straight in.
			expect(t, h.do("POST", "/api/login/oidc/link", "", map[string]string{"ticket": ticket, "password": "password-dave"}), 401, domain.MsgOIDCExpired)
			direct := h.sso("dave")
			expect(t, direct, 200, "")
			daveToken := direct.body["token"].(string)
			// With a password, the identity can be unlinked; the next sign-in asks to link again.
			dids := h.do("GET", "/api/user/identities", daveToken, nil)
			expect(t, dids, 200, "")
			if dids.body["hasPassword"] != true {
				t.Fatalf("dave's identities: %s", dids.raw)
			}
			did := int64(dids.body["identities"].([]any)[0].(map[string]any)["id"].(float64))
			expect(t, h.do("DELETE", "/api/user/identities/"+strconv.FormatInt(idID, 10), daveToken, nil), 404, domain.MsgIdentityNotFound)
			expect(t, h.do("DELETE", "/api/user/identities/"+strconv.FormatInt(did, 10), daveToken, nil), 204, "")
			if r := h.sso("dave"); r.body["link"] == nil {
				t.Fatalf("after unlinking: %s", r.raw)
			}
		})
	}
}

func TestOIDC_WrongStateOrNonceIsRefused(t *testing.T) {
	h := newHarness(t, options{oidc: ssoConfig(t, nil)})

	// Another state than the flow's (a callback forged or from another browser's flow).
	flow, authURL := h.ssoStart()
	back := oidctest.SignIn(t, authURL, "alice")
	q := back.Query()
	expect(t, h.do("POST", "/api/login/oidc/finish", "", map[string]string{"flow": flow, "state": q.Get("state") + "x", "code": q.Get("code")}), 401, domain.MsgOIDCFailed)
	// The flow was spent by the failed try.
	expect(t, h.do("POST", "/api/login/oidc/finish", "", map[string]string{"flow": flow, "state": q.Get("state"), "code": q.Get("code")}), 401, domain.MsgOIDCExpired)
	// Another browser's flow with this callback's state and code.
	other, _ := h.ssoStart()
	expect(t, h.do("POST", "/api/login/oidc/finish", "", map[string]string{"flow": other, "state": q.Get("state"), "code": q.Get("code")}), 401, domain.MsgOIDCFailed)

	// An ID token with another nonce than the flow's.
	flow, authURL = h.ssoStart()
	u, _ := url.Parse(authURL)
	v := u.Query()
	v.Set("nonce", "replayed-nonce")
	u.RawQuery = v.Encode()
	expect(t, h.ssoFinish(flow, oidctest.SignIn(t, u.String(), "alice")), 401, domain.MsgOIDCFailed)

	// A code exchanged without the PKCE verifier of its challenge.
	flow, authURL = h.ssoStart()
	u, _ = url.Parse(authURL)
	v = u.Query()
	v.Set("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
	u.RawQuery = v.Encode()
	expect(t, h.ssoFinish(flow, oidctest.SignIn(t, u.String(), "alice")), 401, domain.MsgOIDCFailed)

	// Nothing of it made an account.
	if _, err := h.store.UserByUsername(context.Background(), "alice"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("an account was made: %v", err)
	}
}

func TestOIDC_DomainsAndAutoCreate(t *testing.T) {
	h := newHarness(t, options{oidc: ssoConfig(t, func(c *app.OIDCConfig) { c.AllowedDomains = []string{"household.test"} })})
	expect(t, h.sso("carol"), 403, domain.MsgOIDCDomain) // elsewhere.test
	expect(t, h.sso("erin"), 403, domain.MsgOIDCDomain)  // household.test, but not verified
	expect(t, h.sso("alice"), 200, "")

	off := newHarness(t, options{oidc: ssoConfig(t, func(c *app.OIDCConfig) { c.AutoCreate = false })})
	expect(t, off.sso("alice"), 403, domain.MsgOIDCNoAccount)
	if _, err := off.store.UserByUsername(context.Background(), "alice"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("an account was made: %v", err)
	}
	// An existing account still links.
	if _, err := off.accounts.CreateUser(context.Background(), app.NewUser{Username: "dave", Password: "password-dave", Email: "dave@household.test"}); err != nil {
		t.Fatal(err)
	}
	if r := off.sso("dave"); r.body["link"] == nil {
		t.Fatalf("link: %s", r.raw)
	}
}

func TestOIDC_RolesAndUserLimit(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.name, func(t *testing.T) {
			var site int64 = 1
			h := newHarness(t, options{postgres: d.postgres, oidc: ssoConfig(t, func(c *app.OIDCConfig) {
				c.Roles = []domain.OIDCRole{
					{Value: "garden-admins", Role: domain.RoleUser, SiteID: &site, SiteAdmin: true},
					{Value: "family", Role: domain.RoleUser, SiteID: &site},
				}
			})})
			s := &domain.Site{Name: "Household", Country: domain.DefaultCountry, Status: domain.SiteActive, UserLimit: 2, CreatedAt: h.clock.Now()}
			if err := h.store.CreateSite(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			if s.ID != site {
				t.Fatalf("site id %d", s.ID)
			}
			expect(t, h.sso("heidi"), 403, domain.MsgOIDCNoRole) // neighbours: no mapping

			bob := h.sso("bob") // family and garden-admins: the first mapping wins
			expect(t, bob, 200, "")
			b, err := h.store.UserByUsername(context.Background(), "bob")
			if err != nil || b.SiteID == nil || *b.SiteID != site || !b.IsSiteAdmin || b.Role != domain.RoleUser {
				t.Fatalf("bob: %+v %v", b, err)
			}
			alice := h.sso("alice")
			expect(t, alice, 200, "")
			a, err := h.store.UserByUsername(context.Background(), "alice")
			if err != nil || a.SiteID == nil || *a.SiteID != site || a.IsSiteAdmin {
				t.Fatalf("alice: %+v %v", a, err)
			}
			// The site is full: no third account.
			expect(t, h.sso("frank"), 403, domain.MsgUserLimitReached)
			if _, err := h.store.UserByUsername(context.Background(), "frank"); domain.ErrorCode(err) != domain.ENotFound {
				t.Fatalf("frank was made: %v", err)
			}
		})
	}
}

func TestOIDC_PasswordLoginOff(t *testing.T) {
	h := newHarness(t, options{oidc: ssoConfig(t, nil), passwordLoginOff: true})
	if _, _, err := h.accounts.EnsureProtectedAdmin(context.Background(), "admin", "password-admin"); err != nil {
		t.Fatal(err)
	}
	h.user("gardener", domain.RoleUser)
	opts := h.do("GET", "/api/login/options", "", nil)
	if opts.body["password"] != false {
		t.Fatalf("options: %s", opts.raw)
	}
	expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "gardener", "password": "password-gardener"}), 403, domain.MsgPasswordLoginOff)
	expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "nobody", "password": "password-nobody"}), 403, domain.MsgPasswordLoginOff)
	h.login("admin", "password-admin") // the protected superadmin keeps it
	expect(t, h.sso("alice"), 200, "")
}

func TestOIDC_SecondFactorStillDue(t *testing.T) {
	h := newHarness(t, options{oidc: ssoConfig(t, nil)})
	site := h.newSite("Strict")
	if err := h.store.SetSiteRequiresTwoFactor(context.Background(), site, true); err != nil {
		t.Fatal(err)
	}
	u, err := h.accounts.CreateUser(context.Background(), app.NewUser{Username: "grace", Password: "password-grace", Email: "grace@household.test", SiteID: &site})
	if err != nil {
		t.Fatal(err)
	}
	link := h.sso("grace")
	ticket := link.body["link"].(map[string]any)["ticket"].(string)
	r := h.do("POST", "/api/login/oidc/link", "", map[string]string{"ticket": ticket, "password": "password-grace"})
	expect(t, r, 200, "")
	if r.body["twoFactor"] != "setup" || r.body["token"] != nil {
		t.Fatalf("a site requiring a second factor: %s", r.raw)
	}
	if r := h.sso("grace"); r.body["twoFactor"] != "setup" {
		t.Fatalf("signed in again: %s", r.raw)
	}
	_ = u
}

func TestOIDC_Off(t *testing.T) {
	h := newHarness(t, options{})
	opts := h.do("GET", "/api/login/options", "", nil)
	expect(t, opts, 200, "")
	if opts.body["oidc"] != nil || opts.body["password"] != true {
		t.Fatalf("options: %s", opts.raw)
	}
	expect(t, h.do("POST", "/api/login/oidc/begin", "", nil), 404, domain.MsgOIDCOff)
}
