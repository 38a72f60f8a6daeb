package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestCompactUserSearch_SameAnswers: the user search pages the same users, in the same order,
// before and after the search index is compacted (issue #30 item 6), and on SQLite the index
// is one segment afterwards, however many transactions added the users.
func TestCompactUserSearch_SameAnswers(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
			for i := range 120 { // one transaction each: a segment each, merged by levels
				full := fmt.Sprintf("Seed Gardener %d", i)
				if i%7 == 0 {
					full = fmt.Sprintf("Rose Grower %d", i)
				}
				u := &domain.User{Username: fmt.Sprintf("user-%d", i), Email: fmt.Sprintf("user-%d@example.org", i), FullName: full,
					PasswordHash: "x", Role: domain.RoleUser, IsActive: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
				if err := s.CreateUser(ctx, u); err != nil {
					t.Fatal(err)
				}
			}
			pages := func() [][]int64 {
				var out [][]int64
				for _, q := range []string{"gardener", "grower", "user-1", "zucchini", "ar"} {
					var ids []int64
					page := domain.PageRequest{Limit: 30}
					for {
						p, err := s.ListUsersPage(ctx, ports.UserQuery{Search: q}, page)
						if err != nil {
							t.Fatal(err)
						}
						for _, u := range p.Items {
							ids = append(ids, u.ID)
						}
						if p.NextCursor == "" {
							break
						}
						page.Cursor = p.NextCursor
					}
					out = append(out, ids)
				}
				return out
			}
			before := pages()
			if len(before[0]) != 102 || len(before[1]) != 18 || len(before[3]) != 0 {
				t.Fatalf("matches: %d gardeners, %d growers, %d zucchini", len(before[0]), len(before[1]), len(before[3]))
			}
			if err := s.CompactUserSearch(ctx); err != nil {
				t.Fatal(err)
			}
			if after := pages(); !slices.EqualFunc(before, after, slices.Equal) {
				t.Fatalf("pages changed:\nbefore %v\nafter  %v", before, after)
			}
			if name == "SQLite" {
				var segments int
				if err := s.DBForTest().GetContext(ctx, &segments, `SELECT count(DISTINCT id >> 37) FROM users_search_data WHERE id > 10`); err != nil {
					t.Fatal(err)
				}
				if segments != 1 {
					t.Fatalf("%d segments after compacting, want 1", segments)
				}
			}
		})
	}
}
