package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestMigrate_0030StartsTheCareLog: plants stored before migration 0030 get one care event
// for each of their last dates (source import), and keep those dates and their schedule.
func TestMigrate_0030StartsTheCareLog(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(*testing.T) *sqlstore.Store{"SQLite": newSQLite, "Postgres": newPostgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name == "Postgres" && !dbtest.Available() {
				t.Skip("PostgreSQL unavailable (see the notice above)")
			}
			ctx := context.Background()
			s := open(t)
			if err := s.MigrateTo(ctx, 29); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
			u := &domain.User{Username: "ann", Email: "ann@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
				NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
			createUserAtOldSchema(t, s, u)
			db := s.DBForTest()
			watered, fed := now.AddDate(0, 0, -3), now.AddDate(0, 0, -10)
			insert := func(name string, watered, fed *time.Time) {
				if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO plants (user_id, name, plant_type, water_frequency,
					fertilizer_frequency, last_watered, last_fertilized, acquired_date, created_at) VALUES (?, ?, 'Herbs', 7, 30, ?, ?, ?, ?)`),
					u.ID, name, watered, fed, now, now); err != nil {
					t.Fatal(err)
				}
			}
			insert("Both", &watered, &fed)
			insert("Watered", &watered, nil)
			insert("Neither", nil, nil)
			if err := s.MigrateTo(ctx, 30); err != nil {
				t.Fatal(err)
			}
			// The rest of the migrations add columns the store reads; they leave the log as 0030 wrote it.
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			plants, err := s.ListPlants(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]domain.CareKind{"Both": {domain.CareFertilize, domain.CareWater}, "Watered": {domain.CareWater}, "Neither": nil}
			for _, p := range plants {
				log, err := s.PageCareEvents(ctx, u.ID, p.ID, "", domain.PageRequest{Limit: 10})
				if err != nil {
					t.Fatal(err)
				}
				kinds := want[p.Name]
				if len(log.Items) != len(kinds) {
					t.Fatalf("%s: %d events, want %d", p.Name, len(log.Items), len(kinds))
				}
				for i, e := range log.Items {
					at := watered
					if e.Kind == domain.CareFertilize {
						at = fed
					}
					// Newest first: the watering (3 days ago) before the fertilizing (10 days ago).
					if e.Kind != kinds[len(kinds)-1-i] || e.Source != domain.CareImported || !e.At.Equal(at) {
						t.Fatalf("%s: event %d is %+v", p.Name, i, e)
					}
				}
				if p.WaterMode != domain.ModeFixed || p.SuggestedWaterFrequency != nil || *p.EffectiveWaterFrequency() != 7 {
					t.Fatalf("%s: mode %s suggested %v", p.Name, p.WaterMode, p.SuggestedWaterFrequency)
				}
			}
		})
	}
}

// createUserAtOldSchema inserts u with the columns every schema version has: a migration test
// that stops at an early version cannot use CreateUser, which writes the newest columns.
func createUserAtOldSchema(t *testing.T, s *sqlstore.Store, u *domain.User) {
	t.Helper()
	db := s.DBForTest()
	if err := db.GetContext(context.Background(), &u.ID, db.Rebind(`INSERT INTO users (username, email, full_name, password_hash, role,
		is_active, is_protected, site_id, notifications_enabled, pref_email, pref_care_reminders, pref_weekly_digest, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		u.Username, u.Email, u.FullName, u.PasswordHash, string(u.Role), u.IsActive, u.IsProtected, u.SiteID, u.NotificationsEnabled,
		u.NotificationPrefs.Email, u.NotificationPrefs.CareReminders, u.NotificationPrefs.WeeklyDigest, u.CreatedAt); err != nil {
		t.Fatal(err)
	}
}
