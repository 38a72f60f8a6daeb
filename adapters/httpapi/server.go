// Package httpapi is Garden's JSON API and web-app server: thin handlers that decode a request,
// call core/app and encode the answer.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Services are the use cases the handlers call.
type Services struct {
	Plants        *app.Plants
	CareTasks     *app.CareTasks
	Journal       *app.Journal
	Dashboard     *app.Dashboard
	Labels        *app.Labels
	Calendar      *app.Calendar
	PlantDatabase *app.PlantDatabase
	// Sowing answers what can be sown this week (issue #24 item 7).
	Sowing        *app.SowingService
	Images        *app.Images
	Import        *app.CatalogueImport
	Jobs          *app.Jobs
	Sites         *app.Sites
	Maintenance   *app.Maintenance
	Notifications *app.Notifications
	Harvests      *app.Harvests
	Planning      *app.Planning
	// Sharing and ExpertQA are the community's plant sharing and expert Q&A (nil: not served).
	Sharing  *app.Sharing
	ExpertQA *app.ExpertQA
	Forum    *app.Forum
	// Backups serves the superadmin's backup download (nil: not served).
	Backups *app.Backups
	// Weather serves the dashboard's weather card and the place search (nil: the weather is
	// off, as with GARDEN_WEATHER=off).
	Weather *app.Weather
	// Webhooks serves /api/webhooks (nil: not served).
	Webhooks *app.Webhooks
	// Sensors serves /api/plants/{id}/sensors (nil: not served).
	Sensors *app.Sensors
	// Imports brings another application's garden in for the caller (nil: not served).
	Imports *app.Imports
	// UserData serves "Download my data" and account deletion (nil: not served).
	UserData *app.UserData
}

// Server holds the services the handlers call.
type Server struct {
	accounts *app.Accounts
	svc      Services
	ready    func(context.Context) error
	web      fs.FS
	log      *slog.Logger
	version  string
	proxies  []netip.Prefix
	logins   *addrLimiter
	reads    *readGate
	tr       ports.Translator
}

// Options configure a Server.
type Options struct {
	Accounts *app.Accounts
	Services Services
	// Ready reports whether the server can take traffic (database reachable, schema current).
	Ready func(context.Context) error
	// Web is the built web app (index.html and assets); nil serves a hint page instead.
	Web     fs.FS
	Log     *slog.Logger
	Version string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names the client address
	// (GARDEN_TRUSTED_PROXIES); empty: the direct peer is the client.
	TrustedProxies []netip.Prefix
	// LoginRate limits sign-in requests per client address; zero values take the defaults.
	LoginRate LoginRate
	// ReadConcurrency is how many signed-in reads run at once, the others queued in arrival
	// order (readGate): the database pool's size. Zero queues none.
	ReadConcurrency int
	// Translator writes the API's messages in the caller's language (nil: English only).
	Translator ports.Translator
}

// New builds a Server.
func New(o Options) *Server {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Translator == nil {
		o.Translator = ports.EnglishOnly{}
	}
	return &Server{tr: o.Translator, accounts: o.Accounts, svc: o.Services, ready: o.Ready, web: o.Web, log: o.Log, version: o.Version,
		proxies: o.TrustedProxies, logins: newAddrLimiter(o.LoginRate), reads: newReadGate(o.ReadConcurrency)}
}

// Handler returns the HTTP handler with every route. The routes are listed here, in one table.
func (s *Server) Handler() http.Handler {
	rt := newRouter()
	s.register(rt)
	return s.recoverer(s.warnUntrustedForwarding(s.compress(s.accessLog(securityHeaders(checkAddressText(rt.mux))))))
}

// register puts every route on mux.
func (s *Server) register(mux *router) {
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)

	mux.HandleFunc("POST /api/login", s.handleLogin)
	mux.HandleFunc("POST /api/logout", s.authed(s.handleLogout))
	mux.HandleFunc("GET /api/user", s.authed(s.handleUser))
	mux.HandleFunc("GET /api/auth-check", s.handleAuthCheck)
	mux.HandleFunc("POST /api/impersonate/{id}", s.authed(s.handleImpersonate))
	mux.HandleFunc("POST /api/end-impersonation", s.authed(s.handleEndImpersonation))

	mux.HandleFunc("GET /api/plants", s.authed(s.handleListPlants))
	mux.HandleFunc("POST /api/plants", s.write(domain.FunctionPlants, s.handleCreatePlant))
	mux.HandleFunc("GET /api/plants-limit", s.authed(s.handlePlantLimit))
	mux.HandleFunc("GET /api/plants/limit", s.authed(s.handlePlantLimit))
	mux.HandleFunc("GET /api/plants/{id}", s.authed(s.handleGetPlant))
	mux.HandleFunc("PATCH /api/plants/{id}", s.write(domain.FunctionPlants, s.handleUpdatePlant))
	mux.HandleFunc("DELETE /api/plants/{id}", s.write(domain.FunctionPlants, s.handleDeletePlant))
	mux.HandleFunc("GET /api/plants/{id}/care-tasks", s.authed(s.handlePlantTasks))
	mux.HandleFunc("GET /api/plants/{id}/journal-entries", s.authed(s.handlePlantJournal))
	mux.HandleFunc("GET /api/plants/{id}/care", s.authed(s.handleCareLog))
	mux.HandleFunc("POST /api/plants/{id}/care", s.write(domain.FunctionPlants, s.handleLogCare))
	mux.HandleFunc("DELETE /api/plants/{id}/care/{eventId}", s.write(domain.FunctionPlants, s.handleDeleteCare))
	mux.HandleFunc("GET /api/plants/{id}/qrcode", s.authed(s.handlePlantQR))
	mux.HandleFunc("GET /api/plants/{id}/qrcode/svg", s.authed(s.handlePlantQRSVG))

	mux.HandleFunc("GET /api/care-tasks", s.authed(s.handleListTasks))
	mux.HandleFunc("POST /api/care-tasks", s.write(domain.FunctionSchedule, s.handleCreateTask))
	mux.HandleFunc("GET /api/care-tasks/date/{date}", s.authed(s.handleTasksOfDate))
	mux.HandleFunc("PATCH /api/care-tasks/{id}/complete", s.write(domain.FunctionSchedule, s.handleCompleteTask))
	mux.HandleFunc("DELETE /api/care-tasks/{id}", s.write(domain.FunctionSchedule, s.handleDeleteTask))

	mux.HandleFunc("GET /api/journal-entries", s.authed(s.handleListJournal))
	mux.HandleFunc("POST /api/journal-entries", s.write(domain.FunctionJournal, s.handleCreateJournal))
	mux.HandleFunc("PATCH /api/journal-entries/{id}", s.write(domain.FunctionJournal, s.handleUpdateJournal))
	mux.HandleFunc("DELETE /api/journal-entries/{id}", s.write(domain.FunctionJournal, s.handleDeleteJournal))

	mux.HandleFunc("GET /api/dashboard/summary", s.authed(s.handleDashboardSummary))
	mux.HandleFunc("GET /api/weather", s.authed(s.handleWeather))
	mux.HandleFunc("GET /api/weather/places", s.authed(s.handlePlaces))

	mux.HandleFunc("GET /api/calendar/feed", s.authed(s.handleCalendarFeedURL))
	mux.HandleFunc("POST /api/calendar/feed/reset", s.write(domain.FunctionSchedule, s.handleCalendarFeedReset))
	mux.HandleFunc("GET /api/calendar/{file}", s.handleCalendarFeed)

	mux.HandleFunc("POST /api/upload/image", s.write("", s.handleUploadImage))
	mux.HandleFunc("GET /api/images/{key...}", s.handleImage)

	mux.HandleFunc("GET /api/plant-database", s.authed(s.handleListPlantDB))
	mux.HandleFunc("GET /api/plant-database/{id}", s.authed(s.handleGetPlantDB))
	mux.HandleFunc("POST /api/plant-database", s.write(domain.FunctionPlantDatabase, s.handleCreatePlantDB))
	mux.HandleFunc("PATCH /api/plant-database/{id}", s.write(domain.FunctionPlantDatabase, s.handleUpdatePlantDB))
	mux.HandleFunc("DELETE /api/plant-database/{id}", s.write(domain.FunctionPlantDatabase, s.handleDeletePlantDB))
	mux.HandleFunc("POST /api/plant-database/clear", s.write(domain.FunctionPlantDatabase, s.handleClearPlantDB(false)))
	mux.HandleFunc("POST /api/plant-database/clear-imported", s.write(domain.FunctionPlantDatabase, s.handleClearPlantDB(true)))

	mux.HandleFunc("GET /api/sowing", s.authed(s.handleSowing))
	mux.HandleFunc("GET /api/sowing/season", s.authed(s.handleSowingSeason))
	mux.HandleFunc("POST /api/sowing/{id}/reminder", s.write(domain.FunctionSchedule, s.handleSowingReminder))

	mux.HandleFunc("GET /api/ecommerce/plants", s.authedRemote(s.handleRemotePlants))
	mux.HandleFunc("POST /api/ecommerce/import-plants", s.write(domain.FunctionPlantDatabase, s.handleImportPlants))
	mux.HandleFunc("GET /api/ecommerce/import-status", s.authed(s.handleImportStatus))
	mux.HandleFunc("GET /api/ecommerce/schedule", s.authed(s.handleImportSchedule))
	mux.HandleFunc("POST /api/ecommerce/update-schedule", s.authed(s.handleUpdateImportSchedule))
	mux.HandleFunc("GET /api/ecommerce/import-history", s.authed(s.handleImportHistory))

	mux.HandleFunc("GET /api/sites", s.authed(s.handleListSites))
	mux.HandleFunc("POST /api/sites", s.write("", s.handleCreateSite))
	mux.HandleFunc("GET /api/sites/current", s.authed(s.handleCurrentSite))
	mux.HandleFunc("GET /api/sites/{id}", s.authed(s.handleGetSite))
	mux.HandleFunc("PATCH /api/sites/{id}", s.write("", s.handleUpdateSite))
	mux.HandleFunc("DELETE /api/sites/{id}", s.write("", s.handleDeleteSite))
	// The spec has both PATCH /api/sites/{id}/toggle-status and PATCH /api/sites/users/{id};
	// one pattern serves both, since the mux cannot tell "users" from an id.
	mux.HandleFunc("PATCH /api/sites/{first}/{second}", s.write("", s.handleSitesPatch))
	mux.HandleFunc("GET /api/site-categories", s.authed(s.handleSiteCategories))
	mux.HandleFunc("GET /api/admin/sites", s.authed(s.handleAdminSites))
	mux.HandleFunc("GET /api/admin/backup", s.authed(s.handleAdminBackup))

	mux.HandleFunc("GET /api/users", s.authed(s.handleListUsers))
	mux.HandleFunc("POST /api/users", s.write("", s.handleCreateUser))
	mux.HandleFunc("GET /api/users/{id}", s.authed(s.handleGetUser))
	mux.HandleFunc("PATCH /api/users/{id}", s.write("", s.handleUpdateUser))
	mux.HandleFunc("DELETE /api/users/{id}", s.write("", s.handleDeleteUser))
	mux.HandleFunc("PATCH /api/users/{id}/toggle-active", s.write("", s.handleToggleActive))
	mux.HandleFunc("GET /api/admin/users", s.authed(s.handleAdminUsers))
	mux.HandleFunc("PATCH /api/user/settings", s.write("", s.handleOwnSettings))
	mux.HandleFunc("POST /api/import/hortusfox", s.write(domain.FunctionPlants, s.handleImportHortusFox))
	mux.HandleFunc("POST /api/import/csv", s.write(domain.FunctionPlants, s.handleImportCSV))
	mux.HandleFunc("GET /api/import/csv-template", s.authed(s.handleCSVTemplate))
	mux.HandleFunc("GET /api/user/export", s.authed(s.handleUserExport))
	mux.HandleFunc("DELETE /api/user", s.write("", s.handleDeleteOwnAccount))
	mux.HandleFunc("GET /api/user-categories", s.authed(s.handleUserCategories))
	mux.HandleFunc("POST /api/user-categories", s.write("", s.handleCreateUserCategory))
	mux.HandleFunc("PATCH /api/user-categories/{id}", s.write("", s.handleUpdateUserCategory))
	mux.HandleFunc("DELETE /api/user-categories/{id}", s.write("", s.handleDeleteUserCategory))

	mux.HandleFunc("GET /api/sites/{id}/users", s.authed(s.handleSiteUsers))
	mux.HandleFunc("POST /api/sites/{id}/users", s.write("", s.handleAddSiteUser))
	mux.HandleFunc("PATCH /api/site-users/{id}/role", s.write("", s.handleSiteUserRole))
	mux.HandleFunc("PATCH /api/site-users/{id}/admin", s.write("", s.handleSiteUserAdmin))
	mux.HandleFunc("DELETE /api/site-users/{id}", s.write("", s.handleRemoveSiteUser))
	mux.HandleFunc("POST /api/sites/users", s.write("", s.handleCreateSiteUser))

	mux.HandleFunc("GET /api/maintenance/status", s.handleMaintenanceStatus)
	mux.HandleFunc("GET /api/maintenance/functions", s.authed(s.handleListFunctions))
	mux.HandleFunc("POST /api/maintenance/functions", s.authed(s.handleCreateFunction))
	mux.HandleFunc("PATCH /api/maintenance/functions/{id}", s.authed(s.handleSetFunction))
	mux.HandleFunc("DELETE /api/maintenance/functions/{id}", s.authed(s.handleDeleteFunction))
	mux.HandleFunc("POST /api/maintenance/site/{id}", s.authed(s.handleSetSiteMaintenance))

	s.notificationRoutes(mux)
	s.harvestRoutes(mux)
	s.planningRoutes(mux)
	s.gardenerRoutes(mux)
	s.todayRoutes(mux)
	s.sharingRoutes(mux)
	s.forumRoutes(mux)
	s.apiTokenRoutes(mux)
	s.webhookRoutes(mux)
	s.sensorRoutes(mux)
	s.securityRoutes(mux)
	s.passkeyRoutes(mux)
	s.oidcRoutes(mux)
	s.openAPIRoutes(mux)

	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
	})
	mux.Handle("/", s.webApp())
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.log, s.tr, err)
}

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": s.version})
}

func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	if s.ready != nil {
		if err := s.ready(r.Context()); err != nil {
			s.log.Warn("not ready", "err", err)
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "message": domain.ErrorMessage(err)})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// contentSecurityPolicy: scripts only from the app's own origin (index.html adds the hashes
// of its inline scripts: webApp). Radix sets inline style attributes, hence 'unsafe-inline'
// for styles only; images may come from seed stores' hosts, hence https: for img-src.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; " +
	"connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'"

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	log    *slog.Logger
}

func (r *statusRecorder) logger() *slog.Logger { return r.log }

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK, log: s.log}
		next.ServeHTTP(rec, r)
		if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || !s.log.Enabled(r.Context(), slog.LevelInfo) {
			return // load balancers poll these every few seconds; at level warn or error, nothing to build
		}
		status := rec.status
		if r.Context().Err() != nil && status < 400 {
			status = StatusClientClosedRequest // the client left before the answer
		}
		s.log.Info("http", "method", r.Method, "path", logPath(r), "status", status, "duration", time.Since(start).Round(time.Microsecond))
	})
}

// redactedFeed stands for a calendar feed's secret in the logs.
const redactedFeed = "/api/calendar/REDACTED.ics"

// logPath is a request's path as the logs show it: a calendar feed's address is its credential
// (calendar apps send no header), so the secret is left out, as any bearer token is.
func logPath(r *http.Request) string {
	p := r.URL.Path
	if rest, ok := strings.CutPrefix(p, "/api/calendar/"); ok && rest != "feed" && !strings.HasPrefix(rest, "feed/") {
		return redactedFeed
	}
	return p
}

// recoverer turns a panic in a handler into a 500 with the generic message, logging the stack.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "method", r.Method, "path", logPath(r), "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, errorJSON{Message: "Internal error.", Code: domain.EInternal})
			}
		}()
		next.ServeHTTP(w, r)
	})
}
