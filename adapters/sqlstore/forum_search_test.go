package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestSearchForum_PostgresSameAsRankingEveryMatch: whichever parts of the PostgreSQL forum
// search run (the walk of the newest ids, the rest of the window for a common word, the GIN
// index for a rare word or one only in old rows, nothing for a word no row has), its pages
// answer what one plain query over every match does: the newest forumRanked matches (by
// document key) ranked best first, ties newest first, then the older matches newest first,
// each document once, with the forum's visibility rules. 1,500 topics and 1,500 replies: more
// than the walked window (1,000 ids) of each.
func TestSearchForum_PostgresSameAsRankingEveryMatch(t *testing.T) {
	t.Parallel()
	// dbtest.Postgres skips the test when no PostgreSQL server is reachable.
	s := dbtest.Postgres(t)
	ctx := context.Background()
	db := s.DBForTest()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	var uids []int64
	for _, name := range []string{"searcher", "reviewed"} {
		u := &domain.User{Username: name, PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
			NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		uids = append(uids, u.ID)
	}
	me, other := uids[0], uids[1]
	// Words: "tomato" in every topic (title or body, once or three times: ranks differ and tie)
	// and every fourth reply; "sparse" in one row of seven; "replyonly" in every third reply;
	// "late" only in the oldest 20 topics and 15 replies (past the walked window); "rare" in
	// topic 17 and reply 1490; "zucchini" nowhere. One topic of 50 and one reply of 40 wait in
	// review, written by the other user.
	const n = 1500
	if _, err := db.ExecContext(ctx, s.RebindForTest(`INSERT INTO forum_categories (name, slug, created_at) VALUES ('Veg', 'veg', now());
		INSERT INTO forum_topics (category_id, author_id, title, content, body_text, created_at, last_activity_at, in_review)
		SELECT (SELECT id FROM forum_categories), CASE WHEN i % 50 = 0 THEN `+fmt.Sprint(other)+` ELSE `+fmt.Sprint(me)+` END,
			'Topic ' || i || CASE WHEN i % 3 = 0 THEN ' tomato' ELSE '' END || CASE WHEN i <= 20 THEN ' late' ELSE '' END
				|| CASE WHEN i = 17 THEN ' rare' ELSE '' END,
			'', 'Body' || CASE WHEN i % 3 <> 0 THEN ' tomatoes' ELSE '' END || CASE WHEN i % 2 = 0 THEN ' tomato tomato' ELSE '' END
				|| CASE WHEN i % 7 = 0 THEN ' sparse' ELSE '' END,
			now(), now(), i % 50 = 0
		FROM generate_series(1, `+fmt.Sprint(n)+`) i;
		INSERT INTO forum_posts (topic_id, author_id, content, body_text, created_at, updated_at, in_review)
		SELECT (j * 7) % `+fmt.Sprint(n)+` + 1, CASE WHEN j % 40 = 0 THEN `+fmt.Sprint(other)+` ELSE `+fmt.Sprint(me)+` END, '',
			'Reply ' || j || CASE WHEN j % 4 = 0 THEN ' tomato' ELSE '' END || CASE WHEN j % 8 = 0 THEN ' tomatoes tomato' ELSE '' END
				|| CASE WHEN j % 7 = 0 THEN ' sparse' ELSE '' END || CASE WHEN j % 3 = 0 THEN ' replyonly' ELSE '' END
				|| CASE WHEN j <= 15 THEN ' late' ELSE '' END || CASE WHEN j = 1490 THEN ' rare' ELSE '' END,
			now(), now(), j % 40 = 0
		FROM generate_series(1, `+fmt.Sprint(n)+`) j;
		ANALYZE forum_topics; ANALYZE forum_posts`)); err != nil {
		t.Fatal(err)
	}
	type hit struct{ topic, post int64 }
	viewers := map[string]domain.ForumViewer{"visitor": {}, "author": {UserID: other}, "superadmin": {Superadmin: true}}
	visible := map[string]func(alias string) string{
		"visitor": func(a string) string { return "NOT " + a + ".in_review" },
		"author": func(a string) string {
			return "(NOT " + a + ".in_review OR " + a + ".author_id = " + fmt.Sprint(other) + ")"
		},
		"superadmin": func(string) string { return "true" },
	}
	queries := [][]string{{"tomato"}, {"tom"}, {"sparse"}, {"replyonly"}, {"late"}, {"rare"}, {"zucchini"},
		{fmt.Sprint(n)}, {"tomato", "sparse"}, {"reply", "tomatoes"}}
	for name, viewer := range viewers {
		vis := visible[name]
		for _, terms := range queries {
			parts := make([]string, len(terms))
			for i, w := range terms {
				parts[i] = w + ":*"
			}
			tsq := strings.Join(parts, " & ")
			var want []hit
			rows, err := db.QueryContext(ctx, s.RebindForTest(`WITH m AS (
					SELECT t.id * 2 AS k, t.id AS topic_id, NULL::bigint AS post_id, t.search FROM forum_topics t
					WHERE t.search @@ to_tsquery('simple', ?) AND `+vis("t")+`
					UNION ALL
					SELECT p.id * 2 + 1, p.topic_id, p.id, p.search FROM forum_posts p JOIN forum_topics t ON t.id = p.topic_id
					WHERE p.search @@ to_tsquery('simple', ?) AND `+vis("p")+` AND `+vis("t")+`),
				r AS (SELECT m.*, row_number() OVER (ORDER BY k DESC) AS nth,
					ts_rank(m.search, to_tsquery('simple', ?)) * CASE WHEN m.post_id IS NULL THEN 2 ELSE 1 END AS rank FROM m)
				SELECT topic_id, post_id FROM r
				ORDER BY nth <= ? DESC, CASE WHEN nth <= ? THEN rank END DESC, k DESC`), tsq, tsq, tsq, domain.ForumSearchRanked, domain.ForumSearchRanked)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var h hit
				var post *int64
				if err := rows.Scan(&h.topic, &post); err != nil {
					t.Fatal(err)
				}
				if post != nil {
					h.post = *post
				}
				want = append(want, h)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			// Pages of 50 meet the ranked bound at a page's edge, pages of 30 cross it.
			for _, limit := range []int{50, 30} {
				var got []hit
				req := domain.PageRequest{Limit: limit}
				for pages := 0; ; pages++ {
					if pages > n {
						t.Fatalf("%s %v: the pages do not end", name, terms)
					}
					page, err := s.SearchForum(ctx, terms, viewer, req)
					if err != nil {
						t.Fatalf("%s %v: %v", name, terms, err)
					}
					for _, x := range page.Items {
						h := hit{topic: x.TopicID}
						if x.PostID != nil {
							h.post = *x.PostID
						}
						got = append(got, h)
					}
					if page.NextCursor == "" {
						break
					}
					req.Cursor = page.NextCursor
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s %v, pages of %d: %d hits, want %d; first difference at %d", name, terms, limit, len(got), len(want), firstDiff(got, want))
				}
			}
		}
	}
}

func firstDiff[T comparable](a, b []T) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
