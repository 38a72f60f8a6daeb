package httpapi_test

import (
	"fmt"
	"testing"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/benchserve"
)

// BenchmarkAuthenticatedRequest measures one signed-in API call through the whole stack
// (router, token hash, session and user reads on SQLite, JSON encoding), without the network.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	h := newHarness(b, options{})
	h.user("bench", domain.RoleUser)
	tok := h.login("bench", "password-bench")
	handler := h.srv.Config.Handler
	benchserve.Get(b, handler, "/api/user", tok)
}

// BenchmarkListPlants is the load harness's request (tests/load/bench.sh) without the network:
// GET /api/plants, signed in, for a gardener with 50 plants, through the whole router.
func BenchmarkListPlants(b *testing.B) {
	for _, d := range dialects {
		b.Run(d.name, func(b *testing.B) {
			h := newHarness(b, options{postgres: d.postgres, quiet: true})
			h.user("bench", domain.RoleUser)
			tok := h.login("bench", "password-bench")
			for i := range 50 {
				h.plantWith(tok, map[string]any{"name": fmt.Sprintf("Plant %d", i+1), "species": fmt.Sprintf("Species %d", i+1),
					"plantType": "Herbs", "waterFrequency": 3, "fertilizerFrequency": 30, "location": fmt.Sprintf("Bed %d", (i+1)%5),
					"lastWatered": "2026-05-30T08:00:00Z", "notes": "Seeded by the load harness"})
			}
			handler := h.srv.Config.Handler
			benchserve.Get(b, handler, "/api/plants", tok)
		})
	}
}
