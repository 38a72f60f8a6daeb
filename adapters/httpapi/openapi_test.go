package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/gardenctl/garden/adapters/httpapi"
)

var openAPI struct {
	once   sync.Once
	doc    *openapi3.T
	router routers.Router
	err    error
}

// openAPIRouter finds the documented operation of a request, for validateAnswer.
func openAPIRouter() (*openapi3.T, routers.Router, error) {
	openAPI.once.Do(func() {
		if openAPI.doc, openAPI.err = httpapi.OpenAPI(); openAPI.err == nil {
			openAPI.router, openAPI.err = gorillamux.NewRouter(openAPI.doc)
		}
	})
	return openAPI.doc, openAPI.router, openAPI.err
}

// validateAnswer checks a real answer of the API (status, headers, body) against the OpenAPI
// document with kin-openapi's openapi3filter: h.do calls it for every request, so every API test
// validates the document. An answer to a path the document does not name (the /api/ catch-all's
// 404) must still be the Error body.
func validateAnswer(t testing.TB, req *http.Request, res *http.Response, raw []byte) {
	t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") && req.URL.Path != "/healthz" && req.URL.Path != "/readyz" {
		return // the web app
	}
	doc, router, err := openAPIRouter()
	if err != nil {
		t.Fatalf("the OpenAPI document: %v", err)
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		if res.StatusCode < 400 {
			t.Errorf("%s %s answered %d, but the OpenAPI document has no such operation: %v", req.Method, req.URL.Path, res.StatusCode, err)
			return
		}
		var body any
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("%s %s answered %d without a JSON error body: %q", req.Method, req.URL.Path, res.StatusCode, raw)
			return
		}
		if err := doc.Components.Schemas["Error"].Value.VisitJSON(body, openapi3.EnableJSONSchema2020()); err != nil {
			t.Errorf("%s %s answered %d with a body that is not the Error schema: %v", req.Method, req.URL.Path, res.StatusCode, err)
		}
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(raw)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("%s %s answered %d, which the OpenAPI document does not allow: %v\nbody: %.600s", req.Method, req.URL.Path, res.StatusCode, err, raw)
	}
}

// TestOpenAPI_Served: GET /api/openapi.json serves the document, without signing in.
func TestOpenAPI_Served(t *testing.T) {
	h := newHarness(t, options{})
	r := h.do("GET", "/api/openapi.json", "", nil)
	expect(t, r, 200, "")
	want, err := httpapi.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(want)
	var got, wantAny any
	_ = json.Unmarshal([]byte(r.raw), &got)
	_ = json.Unmarshal(wantJSON, &wantAny)
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(wantAny)
	if !bytes.Equal(g, w) {
		t.Fatalf("served document differs from httpapi.OpenAPI()")
	}
	if r.body["openapi"] != "3.1.0" {
		t.Fatalf("openapi %v, want 3.1.0", r.body["openapi"])
	}
}

// TestOpenAPI_SecurityMatchesTheServer: an operation the document says needs a token answers
// 401 without one, and one it says is open (public, or open to visitors) does not.
func TestOpenAPI_SecurityMatchesTheServer(t *testing.T) {
	doc, _, err := openAPIRouter()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, options{})
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			concrete := strings.NewReplacer("{id}", "1", "{answerId}", "1", "{slug}", "general", "{date}", "2026-06-01",
				"{file}", "nope.ics", "{key}", "nope.png").Replace(path)
			open := op.Security != nil && (len(*op.Security) == 0 || slices.ContainsFunc(*op.Security, func(r openapi3.SecurityRequirement) bool { return len(r) == 0 }))
			r := h.do(method, concrete, "", nil)
			if open && r.status == http.StatusUnauthorized {
				t.Errorf("%s %s is open in the document but answers 401 without a token", method, path)
			}
			if !open && r.status != http.StatusUnauthorized {
				t.Errorf("%s %s needs a token in the document but answers %d without one", method, path, r.status)
			}
		}
	}
}
