package sqlstore_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestPGNewest_SameAsOrderByLimit: whichever parts of pgNewest run (the newest n ids, the rest
// of the window when the word is common there, the index for older rows), it answers the
// newest n matching rows, each once: what a plain ORDER BY id DESC LIMIT n does.
func TestPGNewest_SameAsOrderByLimit(t *testing.T) {
	t.Parallel()
	// dbtest.Postgres skips the test when no PostgreSQL server is reachable.
	s := dbtest.Postgres(t)
	ctx := context.Background()
	db := s.DBForTest()
	// 3,000 rows: "common" in every other row, "sparse" in every seventh (below one in five),
	// "late" only in the first rows (found by the index, past the walked window), "rare" in
	// two rows far apart, "none" nowhere.
	if _, err := db.ExecContext(ctx, `CREATE TABLE newest_words (id bigint PRIMARY KEY, word text NOT NULL);
		INSERT INTO newest_words SELECT i, CASE WHEN i IN (17, 2951) THEN 'rare' WHEN i % 2 = 0 THEN 'common'
			WHEN i % 7 = 0 THEN 'sparse' WHEN i <= 30 THEN 'late' ELSE 'other' END FROM generate_series(1, 3000) i`); err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"common", "sparse", "late", "rare", "none"} {
		for _, n := range []int{5, 40, 51, 250} {
			var want []int64
			if err := db.SelectContext(ctx, &want, s.RebindForTest(`SELECT id FROM newest_words WHERE word = ? ORDER BY id DESC LIMIT ?`), word, n); err != nil {
				t.Fatal(err)
			}
			q, args := sqlstore.PGNewestForTest(`w.id`, `newest_words w`, "newest_words", "w", `w.word = ?`, []any{word}, "", nil, n)
			var got []int64
			if err := db.SelectContext(ctx, &got, s.RebindForTest(`SELECT id FROM `+q+` x ORDER BY id DESC`), args...); err != nil {
				t.Fatalf("%s, n %d: %v", word, n, err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s, n %d: got %v, want %v", word, n, got, want)
			}
		}
	}
}
