package httpapi

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/app"
)

// TestOpenAPI_CoversTheRouteTable: every route registered is documented, and every documented
// operation is served by a registered route (not by the /api/ catch-all).
func TestOpenAPI_CoversTheRouteTable(t *testing.T) {
	// Every optional service present, so that every route is registered.
	s := &Server{svc: Services{Sharing: &app.Sharing{}, ExpertQA: &app.ExpertQA{}, Webhooks: &app.Webhooks{}, Sensors: &app.Sensors{}}}
	rt := newRouter()
	s.register(rt)

	served := map[string]bool{}
	for _, pattern := range rt.patterns {
		if !strings.Contains(pattern, " ") {
			continue // the catch-alls: "/api/" answers 404, "/" the web app
		}
		served[pattern] = false
	}
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	documented := 0
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented++
			// A request for the documented path, each {param} filled in, must reach a route.
			var b strings.Builder
			for i, seg := range strings.Split(path, "/") {
				if i > 0 {
					b.WriteByte('/')
				}
				if strings.HasPrefix(seg, "{") {
					seg = "1"
				}
				b.WriteString(seg)
			}
			_, pattern := rt.mux.Handler(httptest.NewRequest(method, b.String(), nil))
			if _, ok := served[pattern]; !ok {
				t.Errorf("the document names %s %s, which no route serves (it reaches %q)", method, path, pattern)
				continue
			}
			served[pattern] = true
		}
	}
	var missing []string
	for pattern, ok := range served {
		if !ok {
			missing = append(missing, pattern)
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("route %s is missing from the OpenAPI document", m)
	}
	declared, err := operations()
	if err != nil {
		t.Fatal(err)
	}
	if documented != len(declared) {
		t.Errorf("%d operations in the document, %d declared by the route tables", documented, len(declared))
	}
}

// TestOpenAPI_IsValid: the document loads and validates as OpenAPI 3.1.
func TestOpenAPI_IsValid(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("openapi %q, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
}
