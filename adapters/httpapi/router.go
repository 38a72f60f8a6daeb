package httpapi

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gardenctl/garden/core/domain"
)

// route declares one route of the API, once: what the mux serves (method, path, handler), who
// may call it and how it is gated (access, role), and its OpenAPI operation (op). register
// serves the routes and OpenAPI documents them; each feature file holds its table (routeTables).
type route struct {
	method string
	// path is the mux's pattern after the method: {name} is a path value, {name...} the rest.
	path string
	// access is who may call the route and how a write is gated (zero: signed in, a read).
	access access
	// role is the least role that may call the route (403 otherwise), checked after access and
	// before the handler reads anything, so a caller without it learns nothing else. Rights
	// that depend on the request (a site admin for their own site) are the use case's.
	role domain.Role
	// handler serves a call with its principal (nil for a visitor when access lets one in).
	handler func(http.ResponseWriter, *http.Request, *domain.Principal)
	// open, instead of handler, serves a route anyone may call: no token is read.
	open func(http.ResponseWriter, *http.Request)
	// op is the route's operation in GET /api/openapi.json.
	op apiOp
	// docs, instead of op, documents a pattern that serves several of the spec's paths
	// ({first}/{second}, where the mux cannot tell a word from a value): one operation each.
	docs []documented
}

// documented is one of the spec's paths a route's pattern serves, with its operation.
type documented struct {
	path string
	op   apiOp
}

// access is who may call a route: signed in (the zero value), visitors too, or, for a write,
// signed in and gated by maintenance.
type access struct {
	kind accessKind
	// write gates the call by maintenance: the whole site, the caller's site, and function.
	write    bool
	function string
}

type accessKind int

const (
	// accessSignedIn needs a valid bearer token (401 otherwise) and queues at the read gate.
	accessSignedIn accessKind = iota
	// accessVisitors lets a caller without a token in as a visitor; a token that is not valid
	// is 401 (sharingVisitor).
	accessVisitors
	// accessReaders lets anyone in: a token that is not valid makes a visitor (reader).
	accessReaders
	// accessRemote is signed in without queueing at the read gate: a read that waits on another
	// server (authedRemote).
	accessRemote
)

var (
	// visitors: reads open to visitors; an invalid token is 401 (plant sharing, Q&A).
	visitors = access{kind: accessVisitors}
	// readers: reads open to anyone; an invalid token reads as a visitor (the forum).
	readers = access{kind: accessReaders}
	// remoteRead: a signed-in read that waits on another server.
	remoteRead = access{kind: accessRemote}
)

// writes is a signed-in write gated by maintenance: site-wide and site maintenance, and
// function's too when it is not "".
func writes(function string) access { return access{write: true, function: function} }

// routeTable is one feature's routes; served, when set, says whether this server serves them
// (an optional service present). The OpenAPI document names every table's routes.
type routeTable struct {
	routes func(*Server) []route
	served func(*Server) bool
}

// routeTables are the API's routes, one table per feature file. (A function, not a variable:
// the document's handler is in a table and reads them.)
func routeTables() []routeTable {
	return []routeTable{
		{routes: (*Server).healthRoutes},
		{routes: (*Server).openAPIRoutes},
		{routes: (*Server).sessionRoutes},
		{routes: (*Server).securityRoutes},
		{routes: (*Server).passkeyRoutes},
		{routes: (*Server).oidcRoutes},
		{routes: (*Server).apiTokenRoutes},
		{routes: (*Server).plantRoutes},
		{routes: (*Server).careLogRoutes},
		{routes: (*Server).careTaskRoutes},
		{routes: (*Server).todayRoutes},
		{routes: (*Server).journalRoutes},
		{routes: (*Server).dashboardRoutes},
		{routes: (*Server).weatherRoutes},
		{routes: (*Server).calendarRoutes},
		{routes: (*Server).imageRoutes},
		{routes: (*Server).plantDatabaseRoutes},
		{routes: (*Server).sowingRoutes},
		{routes: (*Server).ecommerceRoutes},
		{routes: (*Server).adminRoutes},
		{routes: (*Server).backupRoutes},
		{routes: (*Server).importRoutes},
		{routes: (*Server).userDataRoutes},
		{routes: (*Server).maintenanceRoutes},
		{routes: (*Server).notificationRoutes},
		{routes: (*Server).harvestRoutes},
		{routes: (*Server).planningRoutes},
		{routes: (*Server).forumRoutes},
		{routes: (*Server).sharingRoutes, served: func(s *Server) bool { return s.svc.Sharing != nil }},
		{routes: (*Server).expertQARoutes, served: func(s *Server) bool { return s.svc.ExpertQA != nil }},
		{routes: (*Server).webhookRoutes, served: func(s *Server) bool { return s.svc.Webhooks != nil }},
		{routes: (*Server).sensorRoutes, served: func(s *Server) bool { return s.svc.Sensors != nil }},
	}
}

// serve wraps a route's handler as its access says.
func (s *Server) serve(rt route) http.Handler {
	if err := rt.check(); err != nil {
		panic(err) // a table that contradicts itself: every test that starts a server fails
	}
	h := rt.handler
	if rt.role != "" {
		h = s.requireRole(rt.role, h)
	}
	switch {
	case rt.open != nil:
		return http.HandlerFunc(rt.open)
	case rt.access.write:
		return s.write(rt.access.function, h)
	case rt.access.kind == accessVisitors:
		return s.sharingVisitor(h)
	case rt.access.kind == accessReaders:
		return s.reader(h)
	case rt.access.kind == accessRemote:
		return s.authedRemote(h)
	default:
		return s.authed(h)
	}
}

// requireRole answers 403 (401 for a visitor) unless the caller has at least role.
func (s *Server) requireRole(role domain.Role, h func(http.ResponseWriter, *http.Request, *domain.Principal)) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		if err := domain.RequireRole(p, role); err != nil {
			s.fail(w, r, err)
			return
		}
		h(w, r, p)
	}
}

// check reports a declaration that contradicts itself.
func (rt route) check() error {
	name := rt.method + " " + rt.path
	switch {
	case (rt.open == nil) == (rt.handler == nil):
		return fmt.Errorf("route %s: exactly one of handler and open", name)
	case rt.open != nil && (rt.access != access{} || rt.role != ""):
		return fmt.Errorf("route %s: an open route has no access nor role", name)
	case rt.access.write && rt.access.kind != accessSignedIn:
		return fmt.Errorf("route %s: a write is signed in", name)
	case rt.access.function != "" && !rt.access.write:
		return fmt.Errorf("route %s: only a write is gated by a function", name)
	case len(rt.docs) > 0 && rt.op.summary != "":
		return fmt.Errorf("route %s: op or docs, not both", name)
	}
	return nil
}

// operation is one operation of the OpenAPI document, as a route declares it.
type operation struct {
	method, path string
	op           apiOp
	// public: answered without a token; visitor: a token is optional.
	public, visitor bool
}

// operations are the documented operations of every route of every table.
func operations() ([]operation, error) {
	s := &Server{} // the tables are read, never served
	var ops []operation
	for _, table := range routeTables() {
		for _, rt := range table.routes(s) {
			if err := rt.check(); err != nil {
				return nil, err
			}
			o := operation{method: rt.method, public: rt.open != nil,
				visitor: rt.access.kind == accessVisitors || rt.access.kind == accessReaders}
			docs := rt.docs
			if len(docs) == 0 {
				docs = []documented{{path: strings.ReplaceAll(rt.path, "...}", "}"), op: rt.op}}
			}
			for _, d := range docs {
				o.path, o.op = d.path, d.op
				ops = append(ops, o)
			}
		}
	}
	return ops, nil
}

// router is the ServeMux the routes are registered on, keeping their patterns in order (for the
// test that every route is documented).
type router struct {
	mux      *http.ServeMux
	patterns []string
}

func newRouter() *router { return &router{mux: http.NewServeMux()} }

// HandleFunc registers a handler for pattern, as http.ServeMux does.
func (rt *router) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	rt.Handle(pattern, http.HandlerFunc(h))
}

// Handle registers h for pattern, as http.ServeMux does.
func (rt *router) Handle(pattern string, h http.Handler) {
	rt.patterns = append(rt.patterns, pattern)
	rt.mux.Handle(pattern, h)
}
