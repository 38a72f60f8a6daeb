package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now().UTC() }

// TestSameAnswers holds the yardstick to the app: on the same data, on both databases, the
// baseline's plant list, dashboard summary, harvest list and latest topics are byte for byte
// the app's (adapters/httpapi with the real services). The load harness checks the same again
// on its own seed before it measures.
func TestSameAnswers(t *testing.T) {
	for _, name := range []string{"SQLite", "Postgres"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			var store *sqlstore.Store
			var url, dir string
			if name == "Postgres" {
				url = dbtest.PostgresURL(t)
				store = dbtest.Migrated(t, dbtest.Open(t, url))
			} else {
				dir = t.TempDir()
				s, err := sqlstore.Open(ctx, "", dir)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				store = dbtest.Migrated(t, s)
			}
			token := seedReads(t, store)
			var src *source
			if name == "Postgres" {
				src = openPool(t, url)
			} else {
				db, postgres := openDB(t, url, dir)
				src = sqlSource(db, postgres)
			}
			quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
			accounts, err := app.NewAccounts(store, password.Fast, wallClock{}, app.AccountsConfig{SessionTTL: time.Hour}, quiet)
			if err != nil {
				t.Fatal(err)
			}
			appHandler := httpapi.New(httpapi.Options{Accounts: accounts, Log: quiet, Services: httpapi.Services{
				Plants:    app.NewPlants(store, wallClock{}),
				Dashboard: app.NewDashboard(store, wallClock{}),
				Harvests:  app.NewHarvests(store, wallClock{}, time.UTC),
				Forum:     app.NewForum(store, sanitize.NewUserContent(), nil, wallClock{}, app.ForumConfig{}, quiet),
			}}).Handler()
			for path, bare := range map[string]http.Handler{
				"/api/plants": plantsHandler(src), "/api/dashboard/summary": dashboardHandler(src),
				"/api/harvests": harvestsHandler(src), "/api/forum/topics/latest": latestTopicsHandler(src),
			} {
				want, got := get(t, appHandler, path, token), get(t, bare, path, token)
				if len(want) < 200 {
					t.Errorf("GET %s: the seed shows too little to compare: %s", path, want)
				}
				if testing.Verbose() {
					t.Logf("GET %s: %.300s", path, want)
				}
				if !bytes.Equal(want, got) {
					t.Errorf("GET %s: the baseline's answer differs from the app's\napp:      %s\nbaseline: %s", path, want, got)
				}
			}
		})
	}
}

// seedReads writes what the harness's reads see: a gardener with 50 plants (some due), care
// tasks done this month and pending ones, 50 harvests and a few topics by two gardeners, one of
// them under review; it returns the first gardener's bearer token.
func seedReads(t *testing.T, store *sqlstore.Store) string {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	today := domain.DateOf(now)
	user := func(name string) *domain.User {
		u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
			NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
		must(t, store.CreateUser(ctx, u))
		return u
	}
	u, other := user("bench"), user("other")
	must(t, store.CreateSession(ctx, &domain.Session{TokenHash: hashToken("bench-token"), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	watered := now.AddDate(0, 0, -4)
	var plants []*domain.Plant
	for i := range 50 {
		water, fert := 3+i%5, 30
		p := &domain.Plant{UserID: u.ID, Name: fmt.Sprintf("Plant %d", i+1), Species: fmt.Sprintf("Species %d", i+1),
			Type: domain.Herbs, Location: fmt.Sprintf("Bed %d", (i+1)%5), WaterFrequency: &water, FertilizerFrequency: &fert,
			Notes: "Seeded by the load harness", LastWatered: &watered, LastFertilized: &now, AcquiredDate: now, CreatedAt: now}
		must(t, store.CreatePlant(ctx, p, 0))
		plants = append(plants, p)
	}
	for i, p := range plants[:10] {
		done := now.AddDate(0, 0, -i)
		must(t, store.CreateTask(ctx, &domain.CareTask{UserID: u.ID, PlantID: p.ID, Type: domain.TaskWater, ScheduledDate: domain.AddDays(today, -i),
			Completed: true, CompletedAt: &done, CreatedAt: now}))
		note := "Repot into a bigger pot"
		must(t, store.CreateTask(ctx, &domain.CareTask{UserID: u.ID, PlantID: p.ID, Type: domain.TaskRepot, ScheduledDate: domain.AddDays(today, i-3),
			Notes: &note, CreatedAt: now}))
	}
	for i := range 50 {
		q := float64(i + 1)
		unit := []domain.HarvestUnit{"g", "kg", "items", "bunches"}[i%4]
		must(t, store.CreateHarvest(ctx, &domain.Harvest{UserID: u.ID, PlantID: &plants[i%5].ID, PlantName: plants[i%5].Name,
			HarvestDate: domain.AddDays(today, -i%9), Quantity: &q, Unit: unit, Notes: "Load harness", CreatedAt: now}))
	}
	c := &domain.ForumCategory{Name: "Vegetables", Slug: "vegetables", CreatedAt: now}
	must(t, store.CreateForumCategory(ctx, c))
	for i := range 6 {
		author := u
		if i%2 == 1 {
			author = other
		}
		text := fmt.Sprintf("Topic %d: which tomatoes do well in a cold, wet summer? ", i+1)
		for len(text) < 150*(i%3) {
			text += "We tried three kinds along the south wall last year. "
		}
		at := now.Add(time.Duration(i) * time.Minute)
		must(t, store.CreateForumTopic(ctx, &domain.ForumTopic{CategoryID: c.ID, Title: fmt.Sprintf("Topic %d", i+1), Content: "<p>" + text + "</p>",
			ContentText: text, AuthorID: &author.ID, CreatedAt: at, LastActivityAt: at, InReview: i == 3}))
	}
	return "bench-token"
}

func get(t *testing.T, h http.Handler, path, token string) []byte {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", path, rec.Code, rec.Body)
	}
	return rec.Body.Bytes()
}
