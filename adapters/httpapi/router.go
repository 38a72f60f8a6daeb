package httpapi

import "net/http"

// router is the ServeMux the routes are registered on, keeping their patterns in order: the
// route table that GET /api/openapi.json documents and its completeness test checks.
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
