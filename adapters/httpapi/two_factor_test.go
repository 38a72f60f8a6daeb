package httpapi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/totp"
	"github.com/gardenctl/garden/adapters/webauthn"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// onBothDatabasesWith runs test on a harness of each database, with options o.
func onBothDatabasesWith(t *testing.T, o options, test func(t *testing.T, h *harness)) {
	t.Helper()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			o := o
			o.open = open
			test(t, newHarness(t, o))
		})
	}
}

// code is the TOTP code of secret at the harness's clock.
func (h *harness) code(secret string) string {
	h.t.Helper()
	c, err := totp.Code(secret, h.clock.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// enrolTOTP turns TOTP on for the session's user and returns the secret and recovery codes.
func (h *harness) enrolTOTP(t *testing.T, session string) (string, []string) {
	t.Helper()
	r := h.do("POST", "/api/user/2fa/totp", session, nil)
	expect(t, r, 200, "")
	secret := r.body["secret"].(string)
	r = h.do("POST", "/api/user/2fa/totp/confirm", session, map[string]string{"code": h.code(secret)})
	expect(t, r, 200, "")
	var codes []string
	for _, c := range r.body["recoveryCodes"].([]any) {
		codes = append(codes, c.(string))
	}
	// The code just used may not sign in again: the next sign-in uses the next time step.
	h.clock.Advance(30 * time.Second)
	return secret, codes
}

// ticket signs in with the password and returns the ticket of the second step.
func (h *harness) ticket(t *testing.T, username string) string {
	t.Helper()
	r := h.do("POST", "/api/login", "", map[string]string{"username": username, "password": "password-" + username})
	expect(t, r, 200, "")
	if r.body["twoFactor"] != "required" || r.body["token"] != nil || r.body["user"] != nil {
		t.Fatalf("a sign-in with a second factor due answered %s", r.raw)
	}
	return r.body["ticket"].(string)
}

func (h *harness) openSessions(t *testing.T, userID int64) int {
	t.Helper()
	page, err := h.store.ListUserSessions(context.Background(), userID, h.clock.Now(), domain.PageRequest{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return len(page.Items)
}

// TestTwoFactor_Enrolment: a secret with its otpauth URL and QR code; a wrong code confirms
// nothing; the right one answers 10 distinct recovery codes, stored hashed.
func TestTwoFactor_Enrolment(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		session := h.login("rosa", "password-rosa")
		r := h.do("POST", "/api/user/2fa/totp", session, nil)
		expect(t, r, 200, "")
		secret := r.body["secret"].(string)
		if url, _ := r.body["otpauthUrl"].(string); !strings.HasPrefix(url, "otpauth://totp/Garden:rosa?") || !strings.Contains(url, "secret="+secret) {
			t.Fatalf("otpauthUrl %q", url)
		}
		if svg, _ := r.body["qrSvg"].(string); !strings.Contains(svg, "<svg") {
			t.Fatalf("qrSvg %q", svg)
		}
		expect(t, h.do("POST", "/api/user/2fa/totp/confirm", session, map[string]string{"code": "000000x"}), 400, domain.MsgCodeWrong)
		wrong := "123456"
		if wrong == h.code(secret) {
			wrong = "654321"
		}
		expect(t, h.do("POST", "/api/user/2fa/totp/confirm", session, map[string]string{"code": wrong}), 400, domain.MsgCodeWrong)
		r = h.do("GET", "/api/user/2fa", session, nil)
		if r.body["totpEnabled"] != false {
			t.Fatalf("enabled before confirmation: %s", r.raw)
		}
		r = h.do("POST", "/api/user/2fa/totp/confirm", session, map[string]string{"code": h.code(secret)})
		expect(t, r, 200, "")
		codes := r.body["recoveryCodes"].([]any)
		seen := map[any]bool{}
		for _, c := range codes {
			seen[c] = true
		}
		if len(codes) != domain.RecoveryCodeCount || len(seen) != domain.RecoveryCodeCount {
			t.Fatalf("recovery codes %v", codes)
		}
		r = h.do("GET", "/api/user/2fa", session, nil)
		if r.body["totpEnabled"] != true || r.body["recoveryCodesLeft"] != float64(10) {
			t.Fatalf("status %s", r.raw)
		}
		// Only hashes are kept: the clear code is no stored hash, its SHA-256 is.
		u, _ := h.store.UserByUsername(context.Background(), "rosa")
		first := codes[0].(string)
		if err := h.store.UseRecoveryCode(context.Background(), u.ID, first, h.clock.Now()); domain.ErrorCode(err) != domain.ENotFound {
			t.Fatalf("a recovery code is stored in clear: %v", err)
		}
		// A second enrolment while one is on is refused.
		expect(t, h.do("POST", "/api/user/2fa/totp", session, nil), 409, domain.MsgTOTPAlreadyOn)
	})
}

// TestTwoFactor_SignInWithCode: the password answers a ticket and no token; the code gives the
// token; the same code cannot be used twice.
func TestTwoFactor_SignInWithCode(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		u := h.user("rosa", domain.RoleUser)
		secret, _ := h.enrolTOTP(t, h.login("rosa", "password-rosa"))
		before := h.openSessions(t, u.ID)
		ticket := h.ticket(t, "rosa")
		if h.openSessions(t, u.ID) != before {
			t.Fatal("the password alone opened a session")
		}
		code := h.code(secret)
		r := h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": code})
		expect(t, r, 200, "")
		token := r.body["token"].(string)
		expect(t, h.do("GET", "/api/user", token, nil), 200, "")
		if r.body["recoveryCodes"] != nil {
			t.Fatalf("recovery codes shown again: %s", r.raw)
		}
		// The ticket is spent, and the code's time step is used.
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": code}), 401, domain.MsgSignInExpired)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": code}), 401, domain.MsgCodeWrong)
		// The sign-in is recorded with its method.
		r = h.do("GET", "/api/user/sign-ins", token, nil)
		expect(t, r, 200, "")
		var list []map[string]any
		_ = jsonUnmarshal([]byte(r.raw), &list)
		if len(list) < 2 || list[0]["method"] != "totp" || list[0]["success"] != false || list[1]["method"] != "totp" || list[1]["success"] != true {
			t.Fatalf("sign-ins %s", r.raw)
		}
	})
}

// TestTwoFactor_RecoveryCodeOnce: a recovery code signs in once, however it is typed.
func TestTwoFactor_RecoveryCodeOnce(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		_, codes := h.enrolTOTP(t, h.login("rosa", "password-rosa"))
		typed := " " + strings.ToUpper(codes[3]) + " "
		r := h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": typed})
		expect(t, r, 200, "")
		token := r.body["token"].(string)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": codes[3]}), 401, domain.MsgCodeWrong)
		r = h.do("GET", "/api/user/2fa", token, nil)
		if r.body["recoveryCodesLeft"] != float64(9) {
			t.Fatalf("status %s", r.raw)
		}
		// Another unused code still works.
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": codes[4]}), 200, "")
	})
}

// TestTwoFactor_FiveWrongCodes: a ticket allows five codes; the sixth, even right, is refused,
// and the throttle counts the wrong codes as failed sign-ins.
func TestTwoFactor_FiveWrongCodes(t *testing.T) {
	t.Parallel()
	generous := domain.LoginThrottle{MaxFailures: 20, Window: 10 * time.Minute}
	onBothDatabasesWith(t, options{throttle: &generous}, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		secret, _ := h.enrolTOTP(t, h.login("rosa", "password-rosa"))
		ticket := h.ticket(t, "rosa")
		right := h.code(secret)
		for i := range domain.MaxLoginTicketTries {
			wrong := []string{"000001", "000002", "000003", "000004", "000005"}[i]
			if wrong == right {
				wrong = "999999"
			}
			expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": wrong}), 401, domain.MsgCodeWrong)
		}
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": right}), 401, domain.MsgSignInExpired)
		u, _ := h.store.UserByUsername(context.Background(), "rosa")
		if n := h.openSessions(t, u.ID); n != 1 {
			t.Fatalf("%d sessions, want only the enrolling one", n)
		}
	})
}

// TestTwoFactor_ThrottleCountsWrongCodes: with the harness's throttle (3 failures), three
// wrong codes refuse the next sign-in step from that address with 429, password included; the
// right password does not wipe the count.
func TestTwoFactor_ThrottleCountsWrongCodes(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		secret, _ := h.enrolTOTP(t, h.login("rosa", "password-rosa"))
		right := h.code(secret)
		for range 3 {
			wrong := "000000"
			if wrong == right {
				wrong = "111111"
			}
			expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": wrong}), 401, domain.MsgCodeWrong)
		}
		r := h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "password-rosa"})
		expect(t, r, 429, "")
	})
}

// TestTwoFactor_ExpiredTicket: a ticket lives five minutes.
func TestTwoFactor_ExpiredTicket(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		secret, _ := h.enrolTOTP(t, h.login("rosa", "password-rosa"))
		ticket := h.ticket(t, "rosa")
		h.clock.Advance(domain.LoginTicketTTL + time.Second)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": h.code(secret)}), 401, domain.MsgSignInExpired)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": "made-up", "code": h.code(secret)}), 401, domain.MsgSignInExpired)
		// Just inside the five minutes, a fresh ticket works.
		ticket = h.ticket(t, "rosa")
		h.clock.Advance(domain.LoginTicketTTL - time.Second)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": h.code(secret)}), 200, "")
	})
}

// TestTwoFactor_NoSessionWithoutEveryFactor: every way in without the second factor is
// refused; API tokens made before keep working; turning it off needs the password.
func TestTwoFactor_NoSessionWithoutEveryFactor(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		u := h.user("rosa", domain.RoleUser)
		session := h.login("rosa", "password-rosa")
		apiToken, _ := h.apiToken(session, "password-rosa", domain.ScopeWrite)
		secret, _ := h.enrolTOTP(t, session)
		expect(t, h.do("GET", "/api/user", apiToken, nil), 200, "")
		// An API token cannot manage the second factor.
		expect(t, h.do("DELETE", "/api/user/2fa/totp", apiToken, map[string]string{"password": "password-rosa"}), 403, domain.MsgSessionOnly)
		// The ticket is no bearer token, and a wrong password gives no ticket.
		ticket := h.ticket(t, "rosa")
		expect(t, h.do("GET", "/api/user", ticket, nil), 401, "")
		r := h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "wrong-password"})
		expect(t, r, 401, "")
		if r.body["ticket"] != nil {
			t.Fatalf("a wrong password got a ticket: %s", r.raw)
		}
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": ""}), 400, domain.MsgCodeRequired)
		if n := h.openSessions(t, u.ID); n != 1 {
			t.Fatalf("%d sessions, want only the enrolling one", n)
		}
		// Turning it off needs the password; then the password alone signs in again.
		expect(t, h.do("DELETE", "/api/user/2fa/totp", session, map[string]string{"password": "wrong-password"}), 400, domain.MsgCurrentPasswordWrong)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": h.code(secret)}), 200, "")
		expect(t, h.do("DELETE", "/api/user/2fa/totp", session, map[string]string{"password": "password-rosa"}), 204, "")
		h.login("rosa", "password-rosa")
		// An operator's reset removes a second factor, too.
		h.enrolTOTP(t, session)
		h.ticket(t, "rosa")
		if _, err := h.accounts.ResetTwoFactor(context.Background(), "rosa"); err != nil {
			t.Fatal(err)
		}
		h.login("rosa", "password-rosa")
	})
}

// TestTwoFactor_SiteRequiresIt: a site admin requires a second factor; the site's user then
// enrols during sign-in (setup ticket) and gets a session with recovery codes; they cannot turn
// it off; another site's admin and a plain user cannot change the requirement.
func TestTwoFactor_SiteRequiresIt(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		site, other := h.newSite("Allotment"), h.newSite("Orchard")
		admin, err := h.accounts.CreateUser(context.Background(), app.NewUser{Username: "hazel", Password: "password-hazel", Role: domain.RoleUser, SiteID: &site, IsSiteAdmin: true})
		if err != nil {
			t.Fatal(err)
		}
		_ = admin
		adminToken := h.login("hazel", "password-hazel")
		_, userToken := h.member("rosa", domain.RoleUser, &site)
		_, outsiderToken := h.member("ivy", domain.RoleAdmin, &other)
		path := "/api/sites/" + strconv.FormatInt(site, 10) + "/security"
		expect(t, h.do("PUT", path, userToken, map[string]bool{"requireTwoFactor": true}), 403, "")
		expect(t, h.do("PUT", path, outsiderToken, map[string]bool{"requireTwoFactor": true}), 403, "")
		expect(t, h.do("PUT", path, adminToken, map[string]bool{"requireTwoFactor": true}), 200, "")
		r := h.do("GET", path, adminToken, nil)
		if r.body["requireTwoFactor"] != true {
			t.Fatalf("security %s", r.raw)
		}
		// Sessions already open stay; the next sign-in must enrol.
		expect(t, h.do("GET", "/api/user", userToken, nil), 200, "")
		r = h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "password-rosa"})
		if r.body["twoFactor"] != "setup" || r.body["token"] != nil {
			t.Fatalf("login %s", r.raw)
		}
		ticket := r.body["ticket"].(string)
		r = h.do("POST", "/api/login/2fa/setup", "", map[string]string{"ticket": ticket})
		expect(t, r, 200, "")
		secret := r.body["secret"].(string)
		r = h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": ticket, "code": h.code(secret)})
		expect(t, r, 200, "")
		if codes, _ := r.body["recoveryCodes"].([]any); len(codes) != domain.RecoveryCodeCount {
			t.Fatalf("recovery codes %s", r.raw)
		}
		token := r.body["token"].(string)
		expect(t, h.do("DELETE", "/api/user/2fa/totp", token, map[string]string{"password": "password-rosa"}), 403, domain.MsgTwoFactorRequiredBySite)
		h.clock.Advance(30 * time.Second)
		expect(t, h.do("POST", "/api/login/2fa", "", map[string]string{"ticket": h.ticket(t, "rosa"), "code": h.code(secret)}), 200, "")
	})
}

// TestSecurity_Sessions: the caller's open sessions with device, address and method, the
// current one marked; "Sign out" ends one, "Sign out everywhere else" all but this one; nobody
// ends another's session; the sign-in history pages newest first with failures.
func TestSecurity_Sessions(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		h.user("rosa", domain.RoleUser)
		h.user("ivy", domain.RoleUser)
		expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "wrong-password"}), 401, "")
		tokens := []string{h.login("rosa", "password-rosa"), h.login("rosa", "password-rosa"), h.login("rosa", "password-rosa")}
		ivy := h.login("ivy", "password-ivy")
		r := h.do("GET", "/api/user/sessions?limit=2", tokens[2], nil)
		expect(t, r, 200, "")
		var page []map[string]any
		_ = jsonUnmarshal([]byte(r.raw), &page)
		if len(page) != 2 || page[0]["current"] != true || page[1]["current"] != false || page[0]["method"] != "password" ||
			page[0]["address"] != "127.0.0.1" || !strings.Contains(page[0]["userAgent"].(string), "Go-http-client") || page[0]["lastSeenAt"] == nil {
			t.Fatalf("sessions %s", r.raw)
		}
		next := r.header.Get("Link")
		if next == "" {
			t.Fatal("no next page")
		}
		r = h.do("GET", "/api/user/sessions?limit=2&cursor="+r.header.Get("X-Next-Cursor"), tokens[2], nil)
		_ = jsonUnmarshal([]byte(r.raw), &page)
		if len(page) != 1 {
			t.Fatalf("second page %s", r.raw)
		}
		first := int64(page[0]["id"].(float64))
		// Another user cannot end it; its owner can.
		expect(t, h.do("DELETE", "/api/user/sessions/"+strconv.FormatInt(first, 10), ivy, nil), 404, domain.MsgSessionNotFound)
		expect(t, h.do("GET", "/api/user", tokens[0], nil), 200, "")
		expect(t, h.do("DELETE", "/api/user/sessions/"+strconv.FormatInt(first, 10), tokens[2], nil), 204, "")
		expect(t, h.do("GET", "/api/user", tokens[0], nil), 401, "")
		r = h.do("POST", "/api/user/sessions/sign-out-others", tokens[2], nil)
		expect(t, r, 200, "")
		if r.body["revoked"] != float64(1) {
			t.Fatalf("revoked %s", r.raw)
		}
		expect(t, h.do("GET", "/api/user", tokens[1], nil), 401, "")
		expect(t, h.do("GET", "/api/user", tokens[2], nil), 200, "")
		expect(t, h.do("GET", "/api/user", ivy, nil), 200, "")
		// The history: three successes, then the failure, newest first.
		r = h.do("GET", "/api/user/sign-ins", tokens[2], nil)
		var events []map[string]any
		_ = jsonUnmarshal([]byte(r.raw), &events)
		if len(events) != 4 || events[0]["success"] != true || events[3]["success"] != false || events[3]["method"] != "password" {
			t.Fatalf("sign-ins %s", r.raw)
		}
		// Last seen moves when the session is used after a while.
		h.clock.Advance(domain.SessionTouchEvery + time.Minute)
		expect(t, h.do("GET", "/api/user", tokens[2], nil), 200, "")
		r = h.do("GET", "/api/user/sessions", tokens[2], nil)
		_ = jsonUnmarshal([]byte(r.raw), &page)
		if seen, _ := time.Parse(time.RFC3339, page[0]["lastSeenAt"].(string)); !seen.Equal(h.clock.Now()) {
			t.Fatalf("last seen %v, want %v", seen, h.clock.Now())
		}
	})
}

func testCeremonies(t testing.TB) *webauthn.Ceremonies {
	c, err := webauthn.New("http://localhost:8080", "Garden")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPasskeys_Ceremonies: the steps a browser cannot skip. Registration needs a session of
// one's own and gives discoverable-credential options; a sign-in's flow is used once, expires,
// and an assertion that does not verify opens no session. (The whole ceremony with Chromium's
// virtual authenticator is tests/e2e/specs/passkeys.spec.ts.)
func TestPasskeys_Ceremonies(t *testing.T) {
	t.Parallel()
	onBothDatabases(t, func(t *testing.T, h *harness) {
		u := h.user("rosa", domain.RoleUser)
		session := h.login("rosa", "password-rosa")
		apiToken, _ := h.apiToken(session, "password-rosa", domain.ScopeWrite)
		expect(t, h.do("POST", "/api/user/passkeys/begin", apiToken, nil), 403, domain.MsgSessionOnly)
		r := h.do("POST", "/api/user/passkeys/begin", session, nil)
		expect(t, r, 200, "")
		pk := r.body["options"].(map[string]any)["publicKey"].(map[string]any)
		if sel := pk["authenticatorSelection"].(map[string]any); sel["residentKey"] != "required" {
			t.Fatalf("options %s", r.raw)
		}
		if user := pk["user"].(map[string]any); user["name"] != "rosa" {
			t.Fatalf("user %v", user)
		}
		bogus := map[string]any{"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": map[string]any{"clientDataJSON": "e30", "attestationObject": "oA"}}
		expect(t, h.do("POST", "/api/user/passkeys", session, map[string]any{"flow": r.body["flow"], "name": "Laptop", "credential": bogus}), 400, domain.MsgPasskeyFailed)
		expect(t, h.do("GET", "/api/user/passkeys", session, nil), 200, "")

		r = h.do("POST", "/api/login/passkey/begin", "", nil)
		expect(t, r, 200, "")
		if pk := r.body["options"].(map[string]any)["publicKey"].(map[string]any); pk["challenge"] == nil || pk["allowCredentials"] != nil {
			t.Fatalf("sign-in options name credentials: %s", r.raw)
		}
		flow := r.body["flow"]
		assertion := map[string]any{"id": "AAAA", "rawId": "AAAA", "type": "public-key",
			"response": map[string]any{"clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA", "userHandle": "AA"}}
		before := h.openSessions(t, u.ID)
		expect(t, h.do("POST", "/api/login/passkey/finish", "", map[string]any{"flow": flow, "credential": assertion}), 401, domain.MsgPasskeyFailed)
		expect(t, h.do("POST", "/api/login/passkey/finish", "", map[string]any{"flow": flow, "credential": assertion}), 401, domain.MsgPasskeyFlowExpired)
		r = h.do("POST", "/api/login/passkey/begin", "", nil)
		h.clock.Advance(domain.WebAuthnFlowTTL + time.Second)
		expect(t, h.do("POST", "/api/login/passkey/finish", "", map[string]any{"flow": r.body["flow"], "credential": assertion}), 401, domain.MsgPasskeyFlowExpired)
		if h.openSessions(t, u.ID) != before {
			t.Fatal("a failed passkey sign-in opened a session")
		}
		expect(t, h.do("DELETE", "/api/user/passkeys/99", session, nil), 404, domain.MsgPasskeyNotFound)
	})
}
