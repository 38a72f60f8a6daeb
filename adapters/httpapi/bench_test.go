package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

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

// benchPlant adds the load harness's plant number i+1 (tests/load/bench.sh seeds the same).
func benchPlant(h *harness, tok string, i int) {
	h.plantWith(tok, map[string]any{"name": fmt.Sprintf("Plant %d", i+1), "species": fmt.Sprintf("Species %d", i+1),
		"plantType": "Herbs", "waterFrequency": 3, "fertilizerFrequency": 30, "location": fmt.Sprintf("Bed %d", (i+1)%5),
		"lastWatered": "2026-05-30T08:00:00Z", "notes": "Seeded by the load harness"})
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
				benchPlant(h, tok, i)
			}
			handler := h.srv.Config.Handler
			benchserve.Get(b, handler, "/api/plants", tok)
		})
	}
}

// BenchmarkHotReads is the load harness's other hot reads (issue #30 item 2) without the
// network, on its data: the dashboard's summary and the harvest list of a gardener with 50
// plants and 50 harvests, and the forum's latest topics (5).
func BenchmarkHotReads(b *testing.B) {
	for _, d := range dialects {
		h := newHarness(b, options{postgres: d.postgres, quiet: true})
		h.user("bench", domain.RoleUser)
		tok := h.login("bench", "password-bench")
		for i := range 50 {
			benchPlant(h, tok, i)
			if r := h.do("POST", "/api/harvests", tok, map[string]any{"plantId": 1, "harvestDate": fmt.Sprintf("2026-0%d-1%d", i%5+1, i%9),
				"quantity": i + 1, "unit": "g", "notes": "Load harness"}); r.status != 201 {
				b.Fatalf("harvest: %d %s", r.status, r.raw)
			}
		}
		c := &domain.ForumCategory{Name: "Vegetables", Slug: "vegetables", CreatedAt: time.Now().UTC()}
		if err := h.sql.CreateForumCategory(context.Background(), c); err != nil {
			b.Fatal(err)
		}
		for i := range 5 {
			if r := h.do("POST", "/api/forum/topics", tok, map[string]any{"title": fmt.Sprintf("Load topic %d", i+1), "categoryId": c.ID,
				"content": fmt.Sprintf("<p>Which tomatoes do well in a cold, wet summer? We tried three kinds along the south wall, topic %d.</p>", i+1)}); r.status != 201 {
				b.Fatalf("topic: %d %s", r.status, r.raw)
			}
		}
		handler := h.srv.Config.Handler
		for _, read := range []struct{ name, path string }{
			{"Dashboard", "/api/dashboard/summary"}, {"Harvests", "/api/harvests"}, {"LatestTopics", "/api/forum/topics/latest"},
		} {
			b.Run(read.name+"/"+d.name, func(b *testing.B) { benchserve.Get(b, handler, read.path, tok) })
		}
	}
}

// createPlantBody is the load harness's POST /api/plants (tests/load/bench.sh's writes).
const createPlantBody = `{"name":"Timed plant","species":"Basil","plantType":"Herbs","waterFrequency":3,"fertilizerFrequency":30,` +
	`"location":"Bed 1","lastWatered":"2026-05-20T08:00:00Z","notes":"Created by the load harness"}`

// BenchmarkCreatePlant is the harness's plant create without the network (issue #30 item 3):
// the app's side of the write the baseline's createPlantHandler answers with the same statements.
func BenchmarkCreatePlant(b *testing.B) {
	for _, d := range dialects {
		b.Run(d.name, func(b *testing.B) {
			h := newHarness(b, options{postgres: d.postgres, quiet: true})
			h.user("bench", domain.RoleUser)
			tok := h.login("bench", "password-bench")
			benchserve.Post(b, h.srv.Config.Handler, "/api/plants", tok, createPlantBody, 201)
		})
	}
}
