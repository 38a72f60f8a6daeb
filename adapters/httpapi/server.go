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

// healthRoutes are the load balancer's probes.
func (s *Server) healthRoutes() []route {
	return []route{
		{method: "GET", path: "/healthz", open: s.handleHealthz,
			op: apiOp{summary: "Liveness: the process answers", out: healthJSON{}}},
		{method: "GET", path: "/readyz", open: s.handleReadyz,
			op: apiOp{summary: "Readiness: the database answers and the schema is current (503 when not)", out: readyJSON{}, also: []int{503}}},
	}
}

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

// Handler returns the HTTP handler with every route: the feature files' route tables (routeTables)
// and the catch-alls.
func (s *Server) Handler() http.Handler {
	rt := newRouter()
	s.register(rt)
	return s.recoverer(s.warnUntrustedForwarding(s.compress(s.accessLog(securityHeaders(checkAddressText(rt.mux))))))
}

// register puts every route on mux: each served table's routes, then the catch-alls, which the
// OpenAPI document does not name.
func (s *Server) register(mux *router) {
	for _, table := range routeTables() {
		if table.served != nil && !table.served(s) {
			continue
		}
		for _, rt := range table.routes(s) {
			mux.Handle(rt.method+" "+rt.path, s.serve(rt))
		}
	}
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

// The security headers' values, made once: Header.Set allocated a one-value slice for each
// of the four on every request. The map takes the shared slices as they are; a handler that
// sets one of these headers again replaces the slice, and one that adds a value to it gets a
// new array (each has room for one), so the shared ones are never written.
var (
	headerNoSniff = []string{"nosniff"}
	headerDeny    = []string{"DENY"}
	headerSameOr  = []string{"same-origin"}
	headerCSP     = []string{contentSecurityPolicy}
)

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["X-Content-Type-Options"] = headerNoSniff
		h["X-Frame-Options"] = headerDeny
		h["Referrer-Policy"] = headerSameOr
		h["Content-Security-Policy"] = headerCSP
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
