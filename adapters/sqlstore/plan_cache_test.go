package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestPlantPage_PostgresReusesItsPlan: the first page of plants, the most read statement, is
// planned once per connection. With "OFFSET $n" in it PostgreSQL could not cost a generic
// plan and planned it again on every call (three times its execution time).
func TestPlantPage_PostgresReusesItsPlan(t *testing.T) {
	t.Parallel()
	// dbtest.Postgres skips the test when no PostgreSQL server is reachable.
	s := dbtest.Postgres(t)
	ctx := context.Background()
	// The page runs on the hot reads' pool (hot_read.go), which opens connections as needed and
	// hands back the last one freed: read one after the other, the pages and the plan
	// statistics below share one connection.
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	u := &domain.User{Username: "planner", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	days := 3
	for _, name := range []string{"Basil", "Fern", "Mint"} {
		p := &domain.Plant{UserID: u.ID, Name: name, Type: domain.PlantType("Herbs"), WaterFrequency: &days, LastWatered: &now,
			AcquiredDate: now, CreatedAt: now}
		if err := s.CreatePlant(ctx, p, 0); err != nil {
			t.Fatal(err)
		}
	}
	for range 8 {
		page, err := s.PagePlants(ctx, u.ID, now, domain.PlantQuery{}, 0, 51)
		if err != nil || len(page) != 3 {
			t.Fatalf("page: %d plants, %v", len(page), err)
		}
	}
	var generic, custom int64
	err := s.HotPoolForTest().QueryRow(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements
		WHERE statement LIKE '%derived_status%' AND statement NOT LIKE '%OFFSET%'`).Scan(&generic, &custom)
	if err != nil {
		t.Fatalf("the first page's prepared statement: %v", err)
	}
	if generic == 0 {
		t.Fatalf("the first page was planned on every call: %d custom plans, no generic one", custom)
	}
	// A later page still pages.
	if page, err := s.PagePlants(ctx, u.ID, now, domain.PlantQuery{}, 2, 51); err != nil || len(page) != 1 || page[0].Name != "Mint" {
		t.Fatalf("the page after two plants: %v, %v", page, err)
	}
}
