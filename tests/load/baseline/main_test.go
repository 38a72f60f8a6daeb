package main

import (
	"context"
	"fmt"
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
func BenchmarkBaseline(b *testing.B) {
	for _, name := range []string{"SQLite", "Postgres", "PostgresDatabaseSQL"} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			var store *sqlstore.Store
			var url, dir string
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
			now := time.Now().UTC()
			u := &domain.User{Username: "bench", Email: "bench@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
				NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
			must(b, store.CreateUser(ctx, u))
			must(b, store.CreateSession(ctx, &domain.Session{TokenHash: app.HashToken("bench-token"), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
			watered := now.AddDate(0, 0, -2)
			for i := range 50 {
				water, fert := 3, 30
				must(b, store.CreatePlant(ctx, &domain.Plant{UserID: u.ID, Name: fmt.Sprintf("Plant %d", i+1), Species: fmt.Sprintf("Species %d", i+1),
					Type: domain.Herbs, Location: fmt.Sprintf("Bed %d", (i+1)%5), WaterFrequency: &water, FertilizerFrequency: &fert,
					Notes: "Seeded by the load harness", LastWatered: &watered, LastFertilized: &now, AcquiredDate: now, CreatedAt: now}, 0))
			}
			var src *source
			if name == "Postgres" {
				src = openPool(b, url) // pgx's own pool, as the harness runs it
			} else {
				db, postgres := openDB(b, url, dir)
				src = sqlSource(db, postgres)
			}
			handler := plantsHandler(src)
			benchserve.Get(b, handler, "/api/plants", "bench-token")
		})
	}
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
