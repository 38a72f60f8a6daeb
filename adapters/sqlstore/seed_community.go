package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// seedForumCategories is how many forum categories a seed adds when the forum has none; each
// seeded user opens seedTopicsPerUser topics and seedListingsPerUser listings and questions.
const (
	seedForumCategories = 6
	seedTopicsPerUser   = 5
	seedListingsPerUser = 3
)

// The community tables a seed fills beside the garden ones, with their columns. Each seeded user
// opens five forum topics (the first with two replies) and three sharing listings, asks three
// expert questions (every fourth has an answer), draws a garden layout of two beds, keeps a
// rotation group and plan and records five harvests.
var communityTables = []seedTable{
	{table: "forum_topics", cols: []string{"id", "category_id", "author_id", "title", "content", "body_text", "created_at",
		"post_count", "view_count", "pinned", "locked", "in_review", "last_activity_at"}},
	{table: "forum_posts", cols: []string{"id", "topic_id", "author_id", "content", "body_text", "created_at", "updated_at", "likes", "in_review"}},
	{table: "plant_listings", cols: []string{"id", "user_id", "title", "plant_name", "plant_type", "species", "description", "listing_type",
		"price_cents", "quantity", "location", "status", "source_plant_id", "created_at", "updated_at", "expires_at"}},
	{table: "expert_questions", cols: []string{"id", "user_id", "title", "content", "content_text", "status", "answer_count", "expert_answered",
		"created_at", "updated_at"}},
	{table: "question_tags", cols: []string{"question_id", "tag"}},
	{table: "expert_answers", cols: []string{"id", "question_id", "user_id", "content", "by_expert", "created_at"}},
	{table: "garden_layouts", cols: []string{"id", "user_id", "name", "description", "width", "height", "version", "created_at", "updated_at"}},
	{table: "garden_beds", cols: []string{"id", "layout_id", "position", "name", "x", "y", "width", "height", "color"}},
	{table: "rotation_groups", cols: []string{"id", "user_id", "name", "description", "color", "created_at"}},
	{table: "rotation_plans", cols: []string{"id", "user_id", "name", "description", "start_year", "duration", "gap", "layout_id", "created_at", "updated_at"}},
	{table: "harvests", cols: []string{"id", "user_id", "plant_id", "plant_name", "harvest_date", "quantity", "unit", "unit_kind",
		"common_quantity", "notes", "bed_id", "created_at", "updated_at"}},
}

// communityIDTables are the community tables with an id column (question_tags has none).
var communityIDTables = []string{"forum_categories", "forum_topics", "forum_posts", "plant_listings", "expert_questions",
	"expert_answers", "garden_layouts", "garden_beds", "rotation_groups", "rotation_plans", "harvests"}

type seedTable struct {
	table string
	cols  []string
	rows  [][]any
}

// communitySeed builds the community rows of one batch of seeded users; ids go on from base.
type communitySeed struct {
	now        time.Time
	today      time.Time
	categories []int64
	ids        map[string]int64
	tables     []seedTable
}

func (s *Store) newCommunitySeed(ctx context.Context, now time.Time) (*communitySeed, error) {
	c := &communitySeed{now: now, today: domain.DateOf(now), ids: map[string]int64{}}
	for _, t := range communityIDTables {
		var id int64
		if err := s.db.GetContext(ctx, &id, `SELECT COALESCE(MAX(id), 0) FROM `+t); err != nil {
			return nil, translate(err)
		}
		c.ids[t] = id
	}
	if err := s.db.SelectContext(ctx, &c.categories, `SELECT id FROM forum_categories ORDER BY id`); err != nil {
		return nil, translate(err)
	}
	if len(c.categories) == 0 {
		var rows [][]any
		for i := range seedForumCategories {
			c.ids["forum_categories"]++
			id := c.ids["forum_categories"]
			c.categories = append(c.categories, id)
			rows = append(rows, []any{id, fmt.Sprintf("Seed category %d", id), fmt.Sprintf("seed-%d", id), "Seeded category.", i, now.AddDate(-1, 0, 0)})
		}
		err := s.withTx(ctx, func(tx *sqlx.Tx) error {
			return s.insertRows(ctx, tx, "forum_categories", []string{"id", "name", "slug", "description", "sort_order", "created_at"}, rows)
		})
		if err != nil {
			return nil, err
		}
	}
	c.reset()
	return c, nil
}

func (c *communitySeed) reset() {
	c.tables = make([]seedTable, len(communityTables))
	for i, t := range communityTables {
		c.tables[i] = seedTable{table: t.table, cols: t.cols}
	}
}

func (c *communitySeed) add(table string, row ...any) {
	for i := range c.tables {
		if c.tables[i].table == table {
			c.tables[i].rows = append(c.tables[i].rows, row)
			return
		}
	}
	panic("seed: no table " + table)
}

func (c *communitySeed) next(table string) int64 {
	c.ids[table]++
	return c.ids[table]
}

// user adds the community rows of the seeded user uid, whose plants are firstPlant..lastPlant
// and whose neighbour (another seeded user) replies to the forum and answers questions.
func (c *communitySeed) user(uid, neighbour, firstPlant, lastPlant int64) {
	n := int(uid)
	ago := func(d int) time.Time {
		return c.now.Add(-time.Duration(d)*24*time.Hour - time.Duration(n%3600)*time.Second)
	}

	// Five topics per user (the first with two replies), half of them in the first category, so
	// that a 1k-plant forum fills a first page (50) of the latest, popular and first category's
	// lists as a 1M-plant one does: the bench compares pages of the same length.
	for k := range seedTopicsPerUser {
		topic := c.next("forum_topics")
		category := c.categories[0]
		if k%2 == 1 && len(c.categories) > 1 {
			category = c.categories[1+(n+k)%(len(c.categories)-1)]
		}
		replies := 0
		if k == 0 {
			replies = 2
		}
		c.add("forum_topics", topic, category, uid, fmt.Sprintf("Topic %d about tomatoes", topic),
			"<p>Seeded topic.</p>", "Seeded topic.", ago((n+k)%300+2), replies, (n+k*37)%500, false, false, false, ago((n+k)%300))
		for j := range replies {
			author := uid
			if j == 0 {
				author = neighbour
			}
			post := c.next("forum_posts")
			c.add("forum_posts", post, topic, author, "<p>Seeded reply.</p>", "Seeded reply.", ago(n%300+1-j), ago(n%300+1-j), n%7, false)
		}
	}

	// Three listings and three questions per user: 60 of each fill a first page at 1k plants.
	for k := range seedListingsPerUser {
		m := n*seedListingsPerUser + k
		kind := []string{"Free", "Swap", "Sell"}[m%3]
		var price any
		if kind == "Sell" {
			price = 100 + m%900
		}
		listing := c.next("plant_listings")
		c.add("plant_listings", listing, uid, fmt.Sprintf("Seedlings %d", listing), fmt.Sprintf("Plant %d", firstPlant),
			[]string{"Herbs", "Vegetables", "Fruits", "Flowers"}[m%4], fmt.Sprintf("Species %d", m%500), "Seeded listing.", kind, price,
			1+m%5, fmt.Sprintf("City %d", n%50), "Open", firstPlant, ago(m%20), ago(m%20), c.now.AddDate(0, 0, 10+m%20))

		q := c.next("expert_questions")
		answered := m%4 == 0
		status, answers := "Open", 0
		if answered {
			status, answers = "Answered", 1
		}
		c.add("expert_questions", q, uid, fmt.Sprintf("Why do my leaves yellow %d", q), "<p>Seeded question.</p>", "Seeded question.",
			status, answers, false, ago(m%200), ago(m%200))
		c.add("question_tags", q, []string{"tomatoes", "pests", "soil", "watering", "roses", "herbs"}[m%6])
		if answered {
			c.add("expert_answers", c.next("expert_answers"), q, neighbour, "<p>Seeded answer.</p>", false, ago(m%200))
		}
	}

	layout := c.next("garden_layouts")
	c.add("garden_layouts", layout, uid, fmt.Sprintf("Garden %d", layout), "Seeded layout.", 20.0, 10.0, 1, ago(100), ago(100))
	var beds [2]int64
	for j := range beds {
		beds[j] = c.next("garden_beds")
		c.add("garden_beds", beds[j], layout, j, fmt.Sprintf("Bed %d", j+1), float64(1+j*8), 1.0, 6.0, 4.0, "#4caf50")
	}
	c.add("rotation_groups", c.next("rotation_groups"), uid, "Brassicas", "Seeded group.", "#8bc34a", ago(100))
	c.add("rotation_plans", c.next("rotation_plans"), uid, fmt.Sprintf("Rotation %d", uid), "Seeded plan.", c.now.Year(), 4, 3, layout, ago(100), ago(100))

	span := lastPlant - firstPlant + 1
	for j := range 5 {
		plant := firstPlant + int64(j*7)%span
		grams := float64(50 + (n*31+j*17)%950)
		common, _, _ := domain.ToCommon(grams, domain.HarvestUnit("g"))
		c.add("harvests", c.next("harvests"), uid, plant, fmt.Sprintf("Plant %d", plant), dbDate{domain.AddDays(c.today, -((n + j*73) % 400))},
			grams, "g", "mass", common, "Seeded harvest.", beds[j%2], ago(j), ago(j))
	}
}

// write inserts the batch's rows (and, on SQLite, the forum's search rows) and starts a new batch.
func (c *communitySeed) write(ctx context.Context, s *Store, tx *sqlx.Tx, out *ports.SeedCounts) error {
	for _, t := range c.tables {
		n := len(t.rows)
		switch t.table {
		case "forum_topics":
			out.ForumTopics += n
		case "forum_posts":
			out.ForumPosts += n
		case "plant_listings":
			out.Listings += n
		case "expert_questions":
			out.Questions += n
		case "garden_layouts":
			out.Layouts += n
		case "harvests":
			out.Harvests += n
		}
		if err := s.insertRows(ctx, tx, t.table, t.cols, t.rows); err != nil {
			return err
		}
		if s.dialect != SQLite {
			continue
		}
		// forum_search rowids: topic id * 2, reply id * 2 + 1 (see 0008_forum.sql).
		var search [][]any
		switch t.table {
		case "forum_topics":
			for _, r := range t.rows {
				search = append(search, []any{r[0].(int64) * 2, r[3], r[5]})
			}
		case "forum_posts":
			for _, r := range t.rows {
				search = append(search, []any{r[0].(int64)*2 + 1, "", r[4]})
			}
		}
		if err := s.insertRows(ctx, tx, "forum_search", []string{"rowid", "title", "body"}, search); err != nil {
			return err
		}
	}
	c.reset()
	return nil
}

// finish counts each category's topics and, on PostgreSQL, moves the identity sequences past the
// given ids.
func (c *communitySeed) finish(ctx context.Context, s *Store) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE forum_categories SET topics_count = (SELECT COUNT(*) FROM forum_topics t WHERE t.category_id = forum_categories.id),
		review_topics_count = (SELECT COUNT(*) FROM forum_topics t WHERE t.category_id = forum_categories.id AND t.in_review)`); err != nil {
		return translate(err)
	}
	if s.dialect != Postgres {
		return nil
	}
	for _, t := range communityIDTables {
		if _, err := s.db.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'), GREATEST((SELECT MAX(id) FROM `+t+`), 1))`); err != nil {
			return translate(err)
		}
	}
	return nil
}
