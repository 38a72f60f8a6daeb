package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestMigrate_0021BackfillsRecipientCount: notifications stored before migration 0021 get the
// number of active users they reach counted once, as the console counted it live before (for a
// site or everyone, accounts created by the time it was sent).
func TestMigrate_0021BackfillsRecipientCount(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(*testing.T) *sqlstore.Store{"SQLite": newSQLite, "Postgres": newPostgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name == "Postgres" && !dbtest.Available() {
				t.Skip("PostgreSQL unavailable (see the notice above)")
			}
			ctx := context.Background()
			s := open(t)
			if err := s.MigrateTo(ctx, 20); err != nil {
				t.Fatal(err)
			}
			sent := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
			north := &domain.Site{Name: "North", Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: sent}
			if err := s.CreateSite(ctx, north); err != nil {
				t.Fatal(err)
			}
			user := func(name string, site *int64, active bool, created time.Time) int64 {
				u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: active,
					SiteID: site, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: created}
				createUserAtOldSchema(t, s, u)
				return u.ID
			}
			before := sent.Add(-time.Hour)
			ann := user("ann", &north.ID, true, before)
			user("bo", &north.ID, true, before)
			idle := user("idle", &north.ID, false, before)
			user("late", &north.ID, true, sent.Add(time.Hour))
			user("solo", nil, true, before)
			db := s.DBForTest()
			insert := func(title, target string, id *int64) {
				if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO notifications (kind, title, content, target_type, target_id, data, created_at)
					VALUES ('admin', ?, 'x', ?, ?, '{}', ?)`), title, target, id, sent); err != nil {
					t.Fatal(err)
				}
			}
			insert("global", "global", nil)
			insert("north", "site", &north.ID)
			insert("ann", "user", &ann)
			insert("idle", "user", &idle)
			if err := s.MigrateTo(ctx, 21); err != nil {
				t.Fatal(err)
			}
			var rows []struct {
				Title string `db:"title"`
				Count int    `db:"recipient_count"`
			}
			if err := db.SelectContext(ctx, &rows, `SELECT title, recipient_count FROM notifications`); err != nil {
				t.Fatal(err)
			}
			// ann, bo and solo are active and were there; idle is inactive, late came after.
			want := map[string]int{"global": 3, "north": 2, "ann": 1, "idle": 0}
			if len(rows) != len(want) {
				t.Fatalf("%d notifications after the migration", len(rows))
			}
			for _, r := range rows {
				if r.Count != want[r.Title] {
					t.Errorf("%s: recipient_count %d, want %d", r.Title, r.Count, want[r.Title])
				}
			}
		})
	}
}
