package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/adapters/i18n"
	"github.com/gardenctl/garden/adapters/imaging"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/qrcode"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/totp"
	"github.com/gardenctl/garden/adapters/weather"
	"github.com/gardenctl/garden/adapters/weather/weathertest"
	"github.com/gardenctl/garden/adapters/webhook"
	"github.com/gardenctl/garden/adapters/zipexport"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// harness is one API over a fresh SQLite store.
type harness struct {
	t        testing.TB
	srv      *httptest.Server
	handler  http.Handler
	store    testStore
	accounts *app.Accounts
	clock    *clock
	logs     *bytes.Buffer
	notify   *notifyFixture
	// weather is the weather service when the options gave a weather server.
	weather *app.Weather
	// hooks is the webhooks service (options.webhooks) and s the SQL store under it.
	hooks *app.Webhooks
	sql   *sqlstore.Store
}

// testStore is what the harness's services are given of the database, in one value so that a
// test can wrap it (failingStore); *sqlstore.Store implements it.
type testStore interface {
	app.AccountStore
	app.CalendarStore
	app.CareTaskStore
	app.CatalogueImportStore
	app.DashboardStore
	app.ForumStore
	app.HarvestStore
	app.JobStore
	app.JournalStore
	app.LabelStore
	app.MaintenanceStore
	app.NotificationUsers
	app.PlanningStore
	app.PlantStore
	app.QAStore
	app.SharingStore
	app.WeatherStore
	ports.PlantDatabaseStore
	ports.SiteStore
	ports.SowingStore
	ports.Readiness
}

type options struct {
	catalogue ports.Catalogue
	wrap      func(testStore) testStore
	ready     func(context.Context) error
	web       fstest.MapFS
	// open, when set, gives the migrated store (another dialect, a counted one).
	open func(testing.TB) *sqlstore.Store
	// postgres runs the harness on a fresh PostgreSQL schema instead of a SQLite file.
	postgres bool
	// The sign-in defences, when a test looks at them; the harness's defaults are generous.
	loginRate *httpapi.LoginRate
	throttle  *domain.LoginThrottle
	hasher    ports.PasswordHasher
	gate      *app.PasswordGate
	proxies   string
	// listen, when set, is the address the test server listens on (e.g. "127.0.0.1:0").
	listen string
	// quiet logs errors only, as the load harness runs the binary (GARDEN_LOG_LEVEL=error).
	quiet bool
	// writeLimits, when set, replaces the server's limits on messages, answers, questions,
	// listings and forum posts (an empty map: none); unset, the server's own apply.
	writeLimits domain.WriteLimits
	// weather, when set, is the Open-Meteo compatible server the weather service reads.
	weather *weathertest.Server
	// webhooks, when set, serves webhooks and makes the services emit their events.
	webhooks *webhookOptions
	// latitude, when set, is where each gardener's garden lies (the sowing service's estimate).
	latitude ports.GardenLatitude
	// oidc turns single sign-on on; passwordLoginOff leaves password sign-in to the protected
	// superadmin.
	oidc             *app.OIDCConfig
	passwordLoginOff bool
}

func newHarness(t testing.TB, o options) *harness {
	t.Helper()
	var s *sqlstore.Store
	if o.open != nil {
		s = o.open(t)
	} else if o.postgres {
		s = dbtest.Postgres(t)
	} else {
		s = dbtest.SQLite(t)
	}
	var store testStore = s
	if o.wrap != nil {
		store = o.wrap(s)
	}
	c := &clock{now: time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)}
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	logs := &bytes.Buffer{}
	var logOpts *slog.HandlerOptions
	if o.quiet {
		logOpts = &slog.HandlerOptions{Level: slog.LevelError}
	}
	log := slog.New(slog.NewTextHandler(&lockedWriter{w: logs}, logOpts))
	throttle := domain.LoginThrottle{MaxFailures: 3, Window: 10 * time.Minute}
	if o.throttle != nil {
		throttle = *o.throttle
	}
	var hasher ports.PasswordHasher = password.Fast
	if o.hasher != nil {
		hasher = o.hasher
	}
	acc, err := app.NewAccounts(store, hasher, c, app.AccountsConfig{SessionTTL: 24 * time.Hour, Throttle: throttle, Gate: o.gate,
		TOTP: totp.Codes{}, QR: qrcode.Renderer{}, WebAuthn: testCeremonies(t), OIDC: o.oidc, PasswordLoginOff: o.passwordLoginOff}, log)
	if err != nil {
		t.Fatal(err)
	}
	ready := o.ready
	if ready == nil {
		ready = store.Ready
	}
	cat := o.catalogue
	if cat == nil {
		cat = &fixedCatalogue{}
	}
	runner, err := jobs.NewRunner(s, s.JobLocker(), c, log)
	if err != nil {
		t.Fatal(err)
	}
	imports := app.NewCatalogueImport(store, cat, sanitize.New(), c, log)
	if err := runner.Register(context.Background(), jobs.CatalogueImportJob{Import: imports, Configured: true}); err != nil {
		t.Fatal(err)
	}
	nf := newNotifyFixture(store, s, c, log)
	tr := i18n.MustLoad()
	opts := httpapi.Options{Accounts: acc, Ready: ready, Log: log, Version: "test", Translator: tr, Services: httpapi.Services{
		Plants:        app.NewPlants(store, c),
		CareTasks:     app.NewCareTasks(store, c),
		Journal:       app.NewJournal(store, c),
		Dashboard:     app.NewDashboard(store, c),
		Labels:        app.NewLabels(store, qrcode.Renderer{}, "https://garden.example.org"),
		Calendar:      app.NewCalendar(store, c, "https://garden.example.org").WithTranslator(tr),
		PlantDatabase: app.NewPlantDatabase(store, sanitize.New(), c),
		Sowing:        app.NewSowing(store, o.latitude, app.NewPlants(store, c), app.NewCareTasks(store, c), c).WithTranslator(tr),
		Images:        app.NewImages(blobs, log).WithThumbnails(imaging.Thumbnails{}),
		Import:        imports,
		Jobs:          app.NewJobs(store, runner, c),
		Sites:         app.NewSites(store, c),
		Maintenance:   app.NewMaintenance(store, c),
		Notifications: nf.svc,
		Harvests:      app.NewHarvests(store, c, time.UTC),
		Planning:      app.NewPlanning(store, c).WithTranslator(tr),
		Sharing:       app.NewSharing(store, nf.svc, app.NewPlants(store, c), app.NewImages(blobs, log), c, app.SharingConfig{}, log).WithTranslator(tr),
		ExpertQA:      app.NewExpertQA(store, nf.svc, sanitize.NewUserContent(), c, log),
		Forum:         app.NewForum(store, sanitize.NewUserContent(), nf.svc, c, app.ForumConfig{}, log),
		Backups:       app.NewBackups(s, blobs, backup.Format{}, c, log),
		Imports:       app.NewImports(s, hortusfox.Reader{}, app.NewImages(blobs, log).WithThumbnails(imaging.Thumbnails{}), c, log).WithTranslator(tr),
		UserData:      app.NewUserData(s, blobs, zipexport.Format{}, hasher, c, log),
	}}
	if o.weather != nil {
		opts.Services.Weather = app.NewWeather(store, weather.New(weather.Config{BaseURL: o.weather.URL}), nf.svc.Notifier(), c, log)
	}
	// /api/webhooks is always served; the services emit events only with options.webhooks (the
	// statement counts of the other tests stay as they were).
	wo := webhookOptions{}
	if o.webhooks != nil {
		wo = *o.webhooks
	}
	hooks := app.NewWebhooks(s, nf.svc, webhook.New(webhook.Config{AllowPrivateHosts: wo.allowPrivate, UserAgent: "Garden/test"}),
		c, app.WebhooksConfig{Timeout: wo.timeout}, log)
	opts.Services.Webhooks = hooks
	opts.Services.Sensors = app.NewSensors(s, hooks, nf.svc.Notifier(), c, log)
	if o.webhooks != nil {
		opts.Services.Plants.WithWebhooks(hooks)
		opts.Services.CareTasks.WithWebhooks(hooks)
		opts.Services.Harvests.WithWebhooks(hooks)
		opts.Services.Sharing.WithWebhooks(hooks)
		opts.Services.Forum.WithWebhooks(hooks)
	}
	if o.writeLimits != nil {
		opts.Services.Sharing.WithWriteLimits(o.writeLimits)
		opts.Services.ExpertQA.WithWriteLimits(o.writeLimits)
		opts.Services.Forum.WithWriteLimits(o.writeLimits)
	}
	if o.web != nil {
		opts.Web = o.web
	}
	opts.LoginRate = httpapi.LoginRate{Burst: 1 << 20, Every: time.Nanosecond}
	if o.loginRate != nil {
		opts.LoginRate = *o.loginRate
	}
	if o.proxies != "" {
		if opts.TrustedProxies, err = httpapi.ParseTrustedProxies(o.proxies); err != nil {
			t.Fatal(err)
		}
	}
	handler := httpapi.New(opts).Handler()
	srv := httptest.NewUnstartedServer(handler)
	if o.listen != "" {
		srv.Listener.Close()
		if srv.Listener, err = net.Listen("tcp", o.listen); err != nil {
			t.Fatal(err)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return &harness{t: t, srv: srv, handler: handler, store: store, accounts: acc, clock: c, logs: logs, notify: nf, weather: opts.Services.Weather,
		hooks: hooks, sql: s}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (h *harness) user(username string, role domain.Role) *domain.User {
	h.t.Helper()
	u, err := h.accounts.CreateUser(context.Background(), app.NewUser{Username: username, Password: "password-" + username, Role: role})
	if err != nil {
		h.t.Fatal(err)
	}
	return u
}

// response is a decoded answer.
type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (h *harness) do(method, path, token string, body any) response {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, h.srv.URL+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	validateAnswer(h.t, req, res, raw)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

func (h *harness) login(username, pw string) string {
	h.t.Helper()
	r := h.do("POST", "/api/login", "", map[string]string{"username": username, "password": pw})
	if r.status != 200 {
		h.t.Fatalf("login %s: %d %s", username, r.status, r.raw)
	}
	return r.body["token"].(string)
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func expect(t *testing.T, r response, status int, message string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if message != "" && r.body["message"] != message {
		t.Fatalf("message %q, want %q", r.body["message"], message)
	}
	if status >= 400 && (r.body["code"] == nil || r.body["message"] == nil) {
		t.Fatalf("error body lacks message or code: %s", r.raw)
	}
}

func TestLogin(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	u := h.user("rosa", domain.RoleUser)

	t.Run("OK", func(t *testing.T) {
		r := h.do("POST", "/api/login", "", map[string]string{"username": "Rosa", "password": "password-rosa"})
		expect(t, r, 200, "")
		tok, _ := r.body["token"].(string)
		if len(tok) < 40 {
			t.Fatalf("token %q too short to be unguessable", tok)
		}
		user := r.body["user"].(map[string]any)
		if user["username"] != "rosa" || user["role"] != "user" || user["id"].(float64) != float64(u.ID) || user["lastLogin"] == nil {
			t.Fatalf("user %v", user)
		}
		if strings.Contains(r.raw, "argon2") || strings.Contains(strings.ToLower(r.raw), "password") {
			t.Fatalf("login answer leaks the password hash: %s", r.raw)
		}
		// The token is not stored in clear: its hash is.
		if _, err := h.store.SessionByTokenHash(context.Background(), tok); domain.ErrorCode(err) != domain.ENotFound {
			t.Fatal("the raw token is stored")
		}
		if _, err := h.store.SessionByTokenHash(context.Background(), app.HashToken(tok)); err != nil {
			t.Fatalf("token hash not stored: %v", err)
		}
	})
	t.Run("ErrWrongPassword", func(t *testing.T) {
		expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "wrong-password"}), 401, "Invalid username or password")
	})
	t.Run("ErrUnknownUserSameAnswer", func(t *testing.T) {
		expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "nobody", "password": "whatever"}), 401, "Invalid username or password")
	})
	t.Run("ErrValidation", func(t *testing.T) {
		r := h.do("POST", "/api/login", "", map[string]string{"username": "ro", "password": "12345"})
		expect(t, r, 400, "Username must be at least 3 characters")
		errs := r.body["errors"].(map[string]any)
		if errs["password"] != "Password must be at least 6 characters" {
			t.Fatalf("errors %v", errs)
		}
	})
	t.Run("ErrDeactivated", func(t *testing.T) {
		h.user("ivy", domain.RoleUser)
		if _, err := h.accounts.SetActive(context.Background(), "ivy", false); err != nil {
			t.Fatal(err)
		}
		expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "ivy", "password": "password-ivy"}), 403, domain.MsgAccountDeactivated)
	})
}

func TestLogin_ThrottlesRepeatedFailures(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("basil", domain.RoleUser)
	h.user("thyme", domain.RoleUser)
	bad := map[string]string{"username": "basil", "password": "wrong-password"}
	for i := 0; i < 3; i++ {
		expect(t, h.do("POST", "/api/login", "", bad), 401, "")
	}
	r := h.do("POST", "/api/login", "", map[string]string{"username": "BASIL", "password": "password-basil"})
	expect(t, r, 429, "Too many failed login attempts. Please try again in 10 minutes.")
	if r.header.Get("Retry-After") != "600" {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	// Another username is not affected.
	h.login("thyme", "password-thyme")
	// Once the window has passed, the right password works and clears the count.
	h.clock.Advance(10 * time.Minute)
	h.login("basil", "password-basil")
	for i := 0; i < 2; i++ {
		expect(t, h.do("POST", "/api/login", "", bad), 401, "")
	}
	h.login("basil", "password-basil")
}

func TestLogout_RevokesToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("sage", domain.RoleUser)
	tok := h.login("sage", "password-sage")
	other := h.login("sage", "password-sage")
	expect(t, h.do("GET", "/api/user", tok, nil), 200, "")
	r := h.do("POST", "/api/logout", tok, nil)
	if r.status != 204 {
		t.Fatalf("logout %d %s", r.status, r.raw)
	}
	expect(t, h.do("GET", "/api/user", tok, nil), 401, "You must be signed in.")
	expect(t, h.do("POST", "/api/logout", tok, nil), 401, "")
	// Only that session ended.
	expect(t, h.do("GET", "/api/user", other, nil), 200, "")
}

func TestUser_NeedsValidToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("mint", domain.RoleUser)
	tok := h.login("mint", "password-mint")
	r := h.do("GET", "/api/user", tok, nil)
	expect(t, r, 200, "")
	if r.body["username"] != "mint" || r.body["notificationPreferences"].(map[string]any)["careReminders"] != true {
		t.Fatalf("user %v", r.body)
	}
	expect(t, h.do("GET", "/api/user", "", nil), 401, "You must be signed in.")
	expect(t, h.do("GET", "/api/user", "not-a-token", nil), 401, "")
	req, _ := http.NewRequest("GET", h.srv.URL+"/api/user", nil)
	req.Header.Set("Authorization", "Basic "+tok)
	res, _ := h.srv.Client().Do(req)
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Fatalf("non-bearer scheme accepted: %d", res.StatusCode)
	}
	h.clock.Advance(24*time.Hour + time.Second)
	expect(t, h.do("GET", "/api/user", tok, nil), 401, "")
}

func TestUser_DeactivationEndsSessions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("fern", domain.RoleUser)
	tok := h.login("fern", "password-fern")
	if _, err := h.accounts.SetActive(context.Background(), "fern", false); err != nil {
		t.Fatal(err)
	}
	expect(t, h.do("GET", "/api/user", tok, nil), 401, "")
	if _, err := h.accounts.SetActive(context.Background(), "fern", true); err != nil {
		t.Fatal(err)
	}
	// Revoked tokens stay revoked after reactivation.
	expect(t, h.do("GET", "/api/user", tok, nil), 401, "")
}

func TestAuthCheck(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("dill", domain.RoleUser)
	tok := h.login("dill", "password-dill")
	for token, want := range map[string]bool{tok: true, "": false, "bogus": false} {
		r := h.do("GET", "/api/auth-check", token, nil)
		expect(t, r, 200, "")
		if r.body["authenticated"] != want {
			t.Fatalf("token %q: authenticated=%v", token, r.body["authenticated"])
		}
	}
}

func TestImpersonation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	super := h.user("boss", domain.RoleSuperadmin)
	h.user("deputy", domain.RoleAdmin)
	target := h.user("gardener", domain.RoleUser)
	sleeper := h.user("sleeper", domain.RoleUser)
	if _, err := h.accounts.SetActive(context.Background(), "sleeper", false); err != nil {
		t.Fatal(err)
	}
	superTok := h.login("boss", "password-boss")
	adminTok := h.login("deputy", "password-deputy")
	userTok := h.login("gardener", "password-gardener")
	path := func(id int64) string { return "/api/impersonate/" + strconv.FormatInt(id, 10) }

	t.Run("ErrSignedOut", func(t *testing.T) { expect(t, h.do("POST", path(target.ID), "", nil), 401, "") })
	t.Run("ErrUser", func(t *testing.T) {
		expect(t, h.do("POST", path(super.ID), userTok, nil), 403, "Only superadmins can impersonate other users")
	})
	t.Run("ErrAdmin", func(t *testing.T) {
		expect(t, h.do("POST", path(target.ID), adminTok, nil), 403, "Only superadmins can impersonate other users")
	})
	t.Run("ErrAdminCannotProbeIDs", func(t *testing.T) {
		expect(t, h.do("POST", path(99999), adminTok, nil), 403, "")
	})
	t.Run("ErrSelf", func(t *testing.T) {
		expect(t, h.do("POST", path(super.ID), superTok, nil), 403, "You cannot impersonate yourself")
	})
	t.Run("ErrMissing", func(t *testing.T) { expect(t, h.do("POST", path(99999), superTok, nil), 404, "User not found") })
	t.Run("ErrBadID", func(t *testing.T) { expect(t, h.do("POST", "/api/impersonate/abc", superTok, nil), 404, "") })
	t.Run("ErrInactive", func(t *testing.T) {
		expect(t, h.do("POST", path(sleeper.ID), superTok, nil), 403, domain.MsgCannotImpersonateInactive)
	})
	t.Run("ErrEndWithoutImpersonating", func(t *testing.T) {
		expect(t, h.do("POST", "/api/end-impersonation", superTok, nil), 409, "You are not impersonating anyone")
	})

	t.Run("StartActEnd", func(t *testing.T) {
		r := h.do("POST", path(target.ID), superTok, nil)
		expect(t, r, 200, "")
		impTok := r.body["token"].(string)
		if r.body["user"].(map[string]any)["username"] != "gardener" {
			t.Fatalf("impersonated user %v", r.body["user"])
		}
		me := h.do("GET", "/api/user", impTok, nil)
		if me.body["username"] != "gardener" {
			t.Fatalf("impersonation token acts as %v", me.body["username"])
		}
		expect(t, h.do("POST", path(super.ID), impTok, nil), 409, "End the current impersonation first")

		end := h.do("POST", "/api/end-impersonation", impTok, nil)
		expect(t, end, 200, "")
		back := end.body["token"].(string)
		if back == impTok || back == superTok || end.body["user"].(map[string]any)["username"] != "boss" {
			t.Fatalf("end-impersonation answered %v", end.body)
		}
		if h.do("GET", "/api/user", back, nil).body["username"] != "boss" {
			t.Fatal("the new token is not the superadmin's")
		}
		expect(t, h.do("GET", "/api/user", impTok, nil), 401, "")
		// The superadmin's own session was never touched.
		expect(t, h.do("GET", "/api/user", superTok, nil), 200, "")
	})

	t.Run("ErrSuperadminDemotedMeanwhile", func(t *testing.T) {
		h.user("boss2", domain.RoleSuperadmin)
		tok := h.login("boss2", "password-boss2")
		imp := h.do("POST", path(target.ID), tok, nil).body["token"].(string)
		if _, err := h.accounts.SetRole(context.Background(), "boss2", domain.RoleUser); err != nil {
			t.Fatal(err)
		}
		expect(t, h.do("POST", "/api/end-impersonation", imp, nil), 401, "")
		expect(t, h.do("GET", "/api/user", imp, nil), 401, "")
	})
}

func TestBadJSONBodies(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	cases := map[string]struct {
		body    string
		status  int
		message string
	}{
		"Empty":        {"", 400, "Request body is empty: send a JSON object"},
		"Truncated":    {`{"username":"abc"`, 400, "Request body is not valid JSON"},
		"Garbage":      {`username=abc&password=x`, 400, "Request body is not valid JSON"},
		"Array":        {`[1,2]`, 400, "Request body must be a JSON object"},
		"WrongType":    {`{"username":5,"password":"123456"}`, 400, "username must be a string"},
		"TwoObjects":   {`{"username":"abc","password":"123456"}{}`, 400, "Request body must hold a single JSON object"},
		"TooLarge":     {`{"username":"` + strings.Repeat("a", 1<<20) + `"}`, 413, "Request body is too large (limit 1048576 bytes)"},
		"NullIsEmpty":  {`null`, 400, "Username must be at least 3 characters"},
		"UnknownField": {`{"username":"abc","password":"123456","remember":true}`, 401, "Invalid username or password"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			expect(t, h.do("POST", "/api/login", "", c.body), c.status, c.message)
		})
	}
}

func TestUnknownAPIPath(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	r := h.do("GET", "/api/plants-that-do-not-exist", "", nil)
	expect(t, r, 404, "No such API endpoint: GET /api/plants-that-do-not-exist")
	if !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Fatalf("content type %q", r.header.Get("Content-Type"))
	}
}

// failingStore breaks one read the way a lost database connection would.
type failingStore struct{ testStore }

func (failingStore) UserByUsername(context.Context, string) (*domain.User, error) {
	return nil, errors.New(`pq: connection to "db.internal:5432" refused; password=hunter2`)
}

func TestInternalErrors_DoNotLeak(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{wrap: func(s testStore) testStore { return failingStore{s} }})
	r := h.do("POST", "/api/login", "", map[string]string{"username": "rosa", "password": "123456"})
	expect(t, r, 500, "Internal error.")
	if strings.Contains(r.raw, "hunter2") || strings.Contains(r.raw, "db.internal") {
		t.Fatalf("detail leaked: %s", r.raw)
	}
	if !strings.Contains(h.logs.String(), "db.internal") {
		t.Fatal("the detail was not logged for the operator")
	}
}

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	expect(t, h.do("GET", "/healthz", "", nil), 200, "")
	r := h.do("GET", "/readyz", "", nil)
	expect(t, r, 200, "")
	if r.body["status"] != "ready" {
		t.Fatalf("readyz %v", r.body)
	}
	down := newHarness(t, options{ready: func(context.Context) error { return domain.Errorf(domain.EUnavailable, "database unreachable") }})
	r = down.do("GET", "/readyz", "", nil)
	if r.status != 503 || r.body["message"] != "database unreachable" {
		t.Fatalf("readyz when down: %d %s", r.status, r.raw)
	}
	expect(t, down.do("GET", "/healthz", "", nil), 200, "")
}

func TestWebApp(t *testing.T) {
	t.Parallel()
	web := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>Garden</title>")},
		"assets/app-1a2b.js":   {Data: []byte("console.log(1)")},
		"favicon.svg":          {Data: []byte("<svg/>")},
		"sw.js":                {Data: []byte("self.addEventListener('push', () => {})")},
		"sw-precache.js":       {Data: []byte(`self.GARDEN_PRECACHE = {"version":"1","assets":[]};`)},
		"manifest.webmanifest": {Data: []byte(`{"name":"Garden","start_url":"/"}`)},
	}
	h := newHarness(t, options{web: web})
	get := func(path string) (int, http.Header, string) {
		res, err := h.srv.Client().Get(h.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	for _, p := range []string{"/", "/plants/12", "/auth?redirect=%2F", "/index.html"} {
		status, hdr, body := get(p)
		if status != 200 || !strings.Contains(body, "<title>Garden</title>") || hdr.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s: %d %q %q", p, status, hdr.Get("Cache-Control"), body)
		}
	}
	status, hdr, body := get("/assets/app-1a2b.js")
	if status != 200 || body != "console.log(1)" || !strings.Contains(hdr.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %q", status, hdr.Get("Cache-Control"))
	}
	for _, p := range []string{"/sw.js", "/sw-precache.js"} {
		if status, hdr, _ := get(p); status != 200 || hdr.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s (the service worker and its asset list): %d %q", p, status, hdr.Get("Cache-Control"))
		}
	}
	if status, hdr, body := get("/manifest.webmanifest"); status != 200 || hdr.Get("Content-Type") != "application/manifest+json" || !strings.Contains(body, `"start_url"`) {
		t.Fatalf("manifest: %d %q %q", status, hdr.Get("Content-Type"), body)
	}
	if status, _, _ := get("/assets/missing.js"); status != 404 {
		t.Fatalf("missing asset answered %d, want 404 (not the index page)", status)
	}
	_, hdr, _ = get("/")
	if hdr.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(hdr.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Fatalf("security headers missing: %v", hdr)
	}
	noWeb := newHarness(t, options{})
	res, _ := noWeb.srv.Client().Get(noWeb.srv.URL + "/")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(b), "make build") {
		t.Fatalf("unbuilt app page: %s", b)
	}
}

// fixedCatalogue is a store's catalogue as the adapter would return it: two products, one of
// them with a hostile description.
type fixedCatalogue struct{}

func (fixedCatalogue) Fetch(_ context.Context, progress ports.CatalogueProgress) (ports.CatalogueResult, error) {
	if progress != nil {
		progress(2, 2)
	}
	return ports.CatalogueResult{Products: []domain.CatalogueProduct{
		{ProductName: "Basil Genovese (PP)", CommonName: "Basil Genovese", ScientificName: "Ocimum basilicum", Type: domain.Herbs,
			StoreURL: "https://seeds.example/products/basil", Slug: "basil-genovese", Description: `<p>Sweet</p><img src=x onerror="alert(1)">`},
		{ProductName: "Tomato (PP)", CommonName: "Tomato", Type: domain.Vegetables, StoreURL: "https://seeds.example/products/tomato", Slug: "tomato"},
	}, Failures: []ports.CatalogueFailure{{Name: "Mint (PP)", URL: "https://seeds.example/products/mint", Message: "HTTP 500 after 3 retries"}}}, nil
}

type appNewUserT = app.NewUser
