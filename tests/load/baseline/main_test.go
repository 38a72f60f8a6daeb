package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/benchserve"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m, "")) }

// BenchmarkBaseline drives the baseline's handler without the network on the data of
// httpapi's BenchmarkListPlants (one gardener, 50 plants), the yardstick of its CPU per request.
func BenchmarkBaseline(b *testing.B) { benchmarkBaseline(b, false) }

// BenchmarkBaselineReads drives the baseline's dashboard summary, harvest list and latest
// topics the same way (httpapi's BenchmarkHotReads).
func BenchmarkBaselineReads(b *testing.B) { benchmarkBaseline(b, true) }

func benchmarkBaseline(b *testing.B, reads bool) {
	for _, name := range []string{"SQLite", "Postgres", "PostgresDatabaseSQL"} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			store, url, dir, u, now := benchGardener(b, name)
			watered := now.AddDate(0, 0, -2)
			var first int64
			for i := range 50 {
				water, fert := 3, 30
				p := &domain.Plant{UserID: u.ID, Name: fmt.Sprintf("Plant %d", i+1), Species: fmt.Sprintf("Species %d", i+1),
					Type: domain.Herbs, Location: fmt.Sprintf("Bed %d", (i+1)%5), WaterFrequency: &water, FertilizerFrequency: &fert,
					Notes: "Seeded by the load harness", LastWatered: &watered, LastFertilized: &now, AcquiredDate: now, CreatedAt: now}
				must(b, store.CreatePlant(ctx, p, 0))
				if i == 0 {
					first = p.ID
				}
			}
			var src *source
			if name == "Postgres" {
				src = openPool(b, url) // pgx's own pool, as the harness runs it
			} else {
				db, postgres := openDB(b, url, dir)
				src = sqlSource(db, postgres)
			}
			handler := plantsHandler(src)
			if !reads {
				benchserve.Get(b, handler, "/api/plants", "bench-token")
				return
			}
			// The other hot reads, on httpapi's BenchmarkHotReads's data: 50 harvests, 5 topics.
			for i := range 50 {
				q := float64(i + 1)
				must(b, store.CreateHarvest(ctx, &domain.Harvest{UserID: u.ID, PlantID: &first, PlantName: "Plant 1",
					HarvestDate: time.Date(2026, time.Month(i%5+1), 10+i%9, 0, 0, 0, 0, time.UTC), Quantity: &q, Unit: "g", Notes: "Load harness", CreatedAt: now}))
			}
			c := &domain.ForumCategory{Name: "Vegetables", Slug: "vegetables", CreatedAt: now}
			must(b, store.CreateForumCategory(ctx, c))
			for i := range 5 {
				text := fmt.Sprintf("Which tomatoes do well in a cold, wet summer? We tried three kinds along the south wall, topic %d.", i+1)
				must(b, store.CreateForumTopic(ctx, &domain.ForumTopic{CategoryID: c.ID, Title: fmt.Sprintf("Load topic %d", i+1), Content: "<p>" + text + "</p>",
					ContentText: text, AuthorID: &u.ID, CreatedAt: now, LastActivityAt: now}))
			}
			for _, read := range []struct {
				name, path string
				handler    http.Handler
			}{
				{"Dashboard", "/api/dashboard/summary", dashboardHandler(src)}, {"Harvests", "/api/harvests", harvestsHandler(src)},
				{"LatestTopics", "/api/forum/topics/latest", latestTopicsHandler(src)},
			} {
				b.Run(read.name, func(b *testing.B) { benchserve.Get(b, read.handler, read.path, "bench-token") })
			}
		})
	}
}

func must(b testing.TB, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkBaselineCreatePlant drives the bare POST /api/plants the way httpapi's
// BenchmarkCreatePlant drives the app's.
func BenchmarkBaselineCreatePlant(b *testing.B) {
	for _, name := range []string{"SQLite", "Postgres"} {
		b.Run(name, func(b *testing.B) {
			_, url, dir, _, _ := benchGardener(b, name)
			var src *source
			if name == "Postgres" {
				src = openPool(b, url)
			} else {
				db, postgres := openDB(b, url, dir)
				src = sqlSource(db, postgres)
			}
			body := `{"name":"Timed plant","species":"Basil","plantType":"Herbs","waterFrequency":3,"fertilizerFrequency":30,` +
				`"location":"Bed 1","lastWatered":"2026-05-20T08:00:00Z","notes":"Created by the load harness"}`
			benchserve.Post(b, createPlantHandler(src), "/api/plants", "bench-token", body, http.StatusCreated)
		})
	}
}

// benchGardener opens a migrated store of the named dialect ("SQLite", else PostgreSQL at
// url; SQLite in dir) with one gardener signed in as "bench-token", for the benchmarks.
func benchGardener(b *testing.B, name string) (store *sqlstore.Store, url, dir string, u *domain.User, now time.Time) {
	ctx := context.Background()
	if name != "SQLite" {
		url = dbtest.PostgresURL(b)
		store = dbtest.Migrated(b, dbtest.Open(b, url))
	} else {
		dir = b.TempDir()
		s, err := sqlstore.Open(ctx, "", dir)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		store = dbtest.Migrated(b, s)
	}
	now = time.Now().UTC()
	u = &domain.User{Username: "bench", Email: "bench@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
	must(b, store.CreateUser(ctx, u))
	must(b, store.CreateSession(ctx, &domain.Session{TokenHash: app.HashToken("bench-token"), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	return store, url, dir, u, now
}
