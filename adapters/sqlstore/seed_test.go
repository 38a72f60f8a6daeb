package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestSeed: the bulk loader adds what it says next to existing rows, the rows read back through
// the store, and the identity sequences move past the given ids (a later insert succeeds).
func TestSeed(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
			first := &domain.User{Username: "before", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
				NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
			if err := s.CreateUser(ctx, first); err != nil {
				t.Fatal(err)
			}
			got, err := s.Seed(ctx, ports.SeedSpec{Plants: 120, PasswordHash: "hash", Now: now})
			if err != nil {
				t.Fatal(err)
			}
			// At least 50 sites whatever the size (a full page of the sites list); the users fill the first.
			want := ports.SeedCounts{Users: 3, Sites: 50, Plants: 120, Tasks: 240, JournalEntries: 120, Notifications: 56,
				ForumTopics: 15, ForumPosts: 6, Listings: 9, Questions: 9, Layouts: 3, Harvests: 15}
			if got != want {
				t.Fatalf("counts %+v, want %+v", got, want)
			}
			for table, n := range map[string]int{"users": 4, "sites": 50, "plants": 120, "care_tasks": 240, "journal_entries": 120, "notifications": 56,
				"forum_categories": 6, "forum_topics": 15, "forum_posts": 6, "plant_listings": 9, "expert_questions": 9, "garden_layouts": 3,
				"garden_beds": 6, "rotation_plans": 3, "harvests": 15} {
				if c := count(t, s, table); c != n {
					t.Errorf("%s: %d rows, want %d", table, c, n)
				}
			}
			// Each notice says whom it reached: its user, or the users of its site (3 on the first).
			var reached int
			if err := s.SQLDB().QueryRowContext(ctx, `SELECT sum(recipient_count) FROM notifications`).Scan(&reached); err != nil || reached != 3+6 {
				t.Errorf("the seeded notices reached %d recipients (%v), want 9", reached, err)
			}
			users, err := s.ListUsers(ctx, ports.UserFilter{})
			if err != nil || len(users) != 4 {
				t.Fatalf("%d users, %v", len(users), err)
			}
			seeded := users[len(users)-1]
			sites, err := s.ListSitesPage(ctx, ports.SiteQuery{}, domain.PageRequest{Limit: 50})
			if err != nil || len(sites.Items) != 50 || sites.NextCursor != "" {
				t.Fatalf("sites page %d (next %q) %v", len(sites.Items), sites.NextCursor, err)
			}
			ids := make([]int64, len(sites.Items))
			for i, site := range sites.Items {
				ids[i] = site.ID
			}
			perSite, err := s.CountUsersOfSites(ctx, ids)
			if err != nil || len(perSite) != 1 || seeded.SiteID == nil || perSite[*seeded.SiteID] != 3 || users[1].SiteID == nil || *users[1].SiteID != *seeded.SiteID {
				t.Fatalf("users per site %v (%v)", perSite, err)
			}
			plants, err := s.ListPlants(ctx, seeded.ID)
			if err != nil || len(plants) != 20 || plants[0].WaterFrequency == nil || plants[0].LastWatered == nil {
				t.Fatalf("last user's plants %d %v", len(plants), err)
			}
			tasks, err := s.ListTasks(ctx, seeded.ID, ports.TaskFilter{})
			if err != nil || len(tasks) != 40 || tasks[0].PlantName == "" {
				t.Fatalf("last user's tasks %d %v", len(tasks), err)
			}
			// The community rows read back too: the forum's categories count their topics.
			cats, err := s.ListForumCategories(ctx, domain.PageRequest{Limit: 50})
			if err != nil || len(cats.Items) != 6 {
				t.Fatalf("forum categories %d %v", len(cats.Items), err)
			}
			topics := 0
			for _, c := range cats.Items {
				topics += c.TopicsCount
			}
			if topics != 15 {
				t.Errorf("the categories count %d topics, want 15", topics)
			}
			// A second seed goes on from there, and ordinary inserts after it too.
			if got, err := s.Seed(ctx, ports.SeedSpec{Plants: 50, PasswordHash: "hash", Now: now}); err != nil || got.Users != 1 || got.Sites != 50 {
				t.Fatalf("second seed %+v %v", got, err)
			}
			p := &domain.Plant{UserID: first.ID, Name: "After the seed", Type: domain.Herbs, Status: domain.StatusHealthy, AcquiredDate: now, CreatedAt: now}
			if err := s.CreatePlant(ctx, p, 0); err != nil {
				t.Fatal(err)
			}
			if c := count(t, s, "plants"); c != 171 {
				t.Fatalf("%d plants after all", c)
			}
		})
	}
}

func count(t *testing.T, s *sqlstore.Store, table string) int {
	t.Helper()
	var n int
	if err := s.SQLDB().QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
