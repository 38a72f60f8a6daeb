package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestMigrate0027_BackfillsOnce: the Experts flag is set once from the old name match (any
// case, surrounding spaces) and on no other category; the review counts start right
// (issue #22 items 8 and 9).
func TestMigrate0027_BackfillsOnce(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB) *sqlstore.Store{"SQLite": dbtest.SQLiteUnmigrated, "Postgres": dbtest.PostgresUnmigrated} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			if err := s.MigrateTo(ctx, 26); err != nil {
				t.Fatal(err)
			}
			db := s.DBForTest()
			at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
			for _, n := range []string{" EXPERTS ", "Volunteers", "Experts in training"} {
				if _, err := db.ExecContext(ctx, s.RebindForTest(`INSERT INTO user_categories (name, description, created_at) VALUES (?, '', ?)`), n, at); err != nil {
					t.Fatal(err)
				}
			}
			var cat int64
			if err := db.GetContext(ctx, &cat, s.RebindForTest(`INSERT INTO forum_categories (name, slug, description, sort_order, created_at, topics_count)
				VALUES ('Herbs', 'herbs', '', 1, ?, 3) RETURNING id`), at); err != nil {
				t.Fatal(err)
			}
			for _, review := range []bool{true, false, true} {
				if _, err := db.ExecContext(ctx, s.RebindForTest(`INSERT INTO forum_topics (category_id, title, content, body_text, created_at,
					pinned, locked, in_review, last_activity_at) VALUES (?, 'T', '', '', ?, ?, ?, ?, ?)`), cat, at, false, false, review, at); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var experts []string
			if err := db.SelectContext(ctx, &experts, `SELECT name FROM user_categories WHERE experts ORDER BY name`); err != nil {
				t.Fatal(err)
			}
			if len(experts) != 1 || experts[0] != " EXPERTS " {
				t.Fatalf("experts after the migration: %q", experts)
			}
			var review int
			if err := db.GetContext(ctx, &review, `SELECT review_topics_count FROM forum_categories`); err != nil || review != 2 {
				t.Fatalf("review_topics_count %d %v, want 2", review, err)
			}
		})
	}
}
