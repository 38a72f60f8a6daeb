package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// BenchmarkAuthenticatedRequest measures one signed-in API call through the whole stack
// (router, token hash, session and user reads on SQLite, JSON encoding), without the network.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	h := newHarness(b, options{})
	h.user("bench", domain.RoleUser)
	tok := h.login("bench", "password-bench")
	handler := h.srv.Config.Handler
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("GET", "/api/user", nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
}
