package main

// The three writes of issue #30 item 3, each answered by a bare handler that sends the
// statements gardenctl sends for it (read from PostgreSQL's statement log of one request, in
// the same order, with the same transactions), with nothing else: creating a plant, watering one
// plant now and replying to a topic that 20 gardeners watch. docs/decisions.md says why these
// statements are the fair yardstick.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
)

// txn is one transaction of a source.
type txn struct {
	query    func(ctx context.Context, q string, args ...any) (rowScanner, error)
	exec     func(ctx context.Context, q string, args ...any) error
	commit   func(ctx context.Context) error
	rollback func(ctx context.Context)
}

// sql writes q for the source's database: $n placeholders on PostgreSQL; on SQLite, whose
// immediate transaction already holds the write lock, no row locks, and max() for GREATEST().
func (s *source) sql(q string) string {
	if s.postgres {
		return dollarPlaceholders(q)
	}
	q = strings.ReplaceAll(q, " FOR UPDATE OF t", "")
	q = strings.ReplaceAll(q, " FOR UPDATE", "")
	return strings.ReplaceAll(q, "GREATEST(", "MAX(")
}

// inTx runs fn in one transaction of s, committed when fn returns nil.
func (s *source) inTx(ctx context.Context, fn func(tx *txn) error) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.rollback(ctx)
		return err
	}
	return tx.commit(ctx)
}

// one runs q (a query) and scans its first row into dest.
func one(ctx context.Context, query func(context.Context, string, ...any) (rowScanner, error), q string, args []any, dest ...any) error {
	rows, err := query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	return rows.Scan(dest...)
}

// drain runs q and reads every row into n throw-away columns, as the app reads rows it needs.
func drain(ctx context.Context, query func(context.Context, string, ...any) (rowScanner, error), n int, q string, args ...any) (int, error) {
	rows, err := query(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	dest := make([]any, n)
	for i := range dest {
		dest[i] = new(any)
	}
	count := 0
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return count, err
		}
		count++
	}
	return count, rows.Err()
}

// The statements, as gardenctl's store writes them (adapters/sqlstore).
const (
	plantColumns = `SELECT id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
		fertilizer_frequency, notes, growth_progress, last_watered, last_fertilized, acquired_date, created_at, water_mode,
		fertilize_mode, suggested_water_frequency, suggested_fertilizer_frequency, water_learned_from, fertilize_learned_from,
		water_delay_days, outdoor, water_advance_days, fertilize_delay_days, (SELECT min(t.scheduled_date) FROM care_tasks t WHERE t.plant_id = plants.id AND t.task_type = 'water' AND NOT t.completed) AS water_task_due, (SELECT min(t.scheduled_date) FROM care_tasks t WHERE t.plant_id = plants.id AND t.task_type = 'fertilize' AND NOT t.completed) AS fertilize_task_due, (SELECT min(ps.dry_since) FROM plant_sensors ps WHERE ps.plant_id = plants.id AND ps.dry_since IS NOT NULL
			AND (plants.last_watered IS NULL OR ps.dry_since > plants.last_watered)) AS sensor_dry_at FROM plants`
	taskColumns = `SELECT t.id, t.user_id, t.plant_id, p.name AS plant_name, t.task_type, t.scheduled_date, t.completed,
		t.completed_at, t.notes, t.is_recurring, t.recurring_days, t.created_at
		FROM care_tasks t JOIN plants p ON p.id = t.plant_id`
	insertPlant = `INSERT INTO plants (user_id, name, species, plant_type, location,
			image_url, light_needs, water_frequency, fertilizer_frequency, notes, growth_progress, last_watered,
			last_fertilized, acquired_date, created_at, water_mode, fertilize_mode, suggested_water_frequency,
			suggested_fertilizer_frequency, water_learned_from, fertilize_learned_from, water_delay_days, outdoor, water_advance_days,
			fertilize_delay_days)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	insertCareEvent = `INSERT INTO care_events (user_id, plant_id, kind, source, at, note, feedback,
				postpone_days, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	updatePlant = `UPDATE plants SET name = ?, species = ?, plant_type = ?, location = ?, image_url = ?,
			light_needs = ?, water_frequency = ?, fertilizer_frequency = ?, notes = ?, growth_progress = ?,
			last_watered = ?, last_fertilized = ?, acquired_date = ?, water_mode = ?, fertilize_mode = ?,
			suggested_water_frequency = ?, suggested_fertilizer_frequency = ?, water_learned_from = ?, fertilize_learned_from = ?,
			water_delay_days = ?, outdoor = ?, water_advance_days = ?, fertilize_delay_days = ? WHERE id = ? AND user_id = ?`
	careHistory  = `SELECT * FROM (SELECT 'w' AS part, kind, at, feedback, id FROM care_events WHERE plant_id = ? AND kind = 'water' ORDER BY at DESC, id DESC LIMIT 9) w UNION ALL SELECT * FROM (SELECT 'f' AS part, kind, at, feedback, id FROM care_events WHERE plant_id = ? AND kind = 'fertilize' ORDER BY at DESC, id DESC LIMIT 9) f UNION ALL SELECT * FROM (SELECT 'b' AS part, kind, at, feedback, id FROM care_events WHERE plant_id = ? AND feedback <> '' ORDER BY at DESC, id DESC LIMIT 32) b`
	topicColumns = `SELECT t.id, t.category_id, c.slug AS category_slug, c.name AS category_name, t.author_id, u.username,
		t.title, t.content, t.body_text, t.created_at, t.post_count, t.view_count, t.pinned, t.locked, t.in_review, t.last_activity_at, t.edited_at FROM forum_topics t JOIN forum_categories c ON c.id = t.category_id LEFT JOIN users u ON u.id = t.author_id WHERE t.id = ?`
	userColumns = `SELECT id, username, email, full_name, password_hash, role, is_active, is_protected, category_id, site_id,
		is_site_admin, site_role, site_joined_at, notifications_enabled, pref_email, pref_push, pref_care_reminders, pref_weekly_digest, created_at, last_login,
		garden_location_name, garden_latitude, garden_longitude, winter_factor, winter_hemisphere, rain_threshold_mm, frost_threshold_c, heat_threshold_c,
		last_spring_frost, first_autumn_frost, time_zone, reminder_hour, language, theme, units FROM users WHERE 1 = 1 AND id IN (`
)

// plantInput is the body of POST /api/plants the harness sends.
type plantInput struct {
	Name                string     `json:"name"`
	Species             string     `json:"species"`
	PlantType           string     `json:"plantType"`
	WaterFrequency      *int       `json:"waterFrequency"`
	FertilizerFrequency *int       `json:"fertilizerFrequency"`
	Location            string     `json:"location"`
	LastWatered         *time.Time `json:"lastWatered"`
	Notes               string     `json:"notes"`
}

func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

// createPlantHandler answers POST /api/plants: in one transaction the gardener's row locked (the
// plant limit's serialisation), the plant inserted and its first waterings and feedings logged,
// then its due tasks read, as gardenctl does.
func createPlantHandler(src *source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		var in plantInput
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || len(in.Name) < 2 {
			http.Error(w, `{"message":"Plant name must be at least 2 characters","code":"invalid"}`, http.StatusBadRequest)
			return
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		p := &domain.Plant{UserID: g.id, Name: in.Name, Species: in.Species, Type: domain.PlantType(in.PlantType), Location: in.Location,
			WaterFrequency: in.WaterFrequency, FertilizerFrequency: in.FertilizerFrequency, Notes: in.Notes, LastWatered: in.LastWatered,
			LastFertilized: &now, AcquiredDate: now, CreatedAt: now, WaterMode: domain.ModeFixed, FertilizeMode: domain.ModeFixed,
			WaterLearnedFrom: 1, FertilizeLearnedFrom: 1}
		ctx := r.Context()
		err := src.inTx(ctx, func(tx *txn) error {
			var id int64
			if err := one(ctx, tx.query, src.sql(`SELECT id FROM users WHERE id = ? FOR UPDATE`), []any{g.id}, &id); err != nil {
				return err
			}
			if err := one(ctx, tx.query, src.sql(insertPlant), []any{p.UserID, p.Name, p.Species, string(p.Type), p.Location, p.ImageURL, p.LightNeeds,
				p.WaterFrequency, p.FertilizerFrequency, p.Notes, p.GrowthProgress, p.LastWatered, p.LastFertilized, p.AcquiredDate, p.CreatedAt,
				string(p.WaterMode), string(p.FertilizeMode), nil, nil, p.WaterLearnedFrom, p.FertilizeLearnedFrom, 0, false, 0, 0}, &p.ID); err != nil {
				return err
			}
			if p.LastWatered != nil {
				if err := one(ctx, tx.query, src.sql(insertCareEvent), []any{g.id, p.ID, "water", "import", *p.LastWatered, "", "", 0, now}, &id); err != nil {
					return err
				}
			}
			return one(ctx, tx.query, src.sql(insertCareEvent), []any{g.id, p.ID, "fertilize", "import", now, "", "", 0, now}, &id)
		})
		if err != nil {
			fail(w, err)
			return
		}
		day := domain.TodayIn(now, g.zone)
		if _, err := drain(ctx, src.query, 12, src.sql(taskColumns+` WHERE t.user_id = ? AND t.plant_id = ? AND t.completed = ? AND (t.scheduled_date <= ?) ORDER BY t.scheduled_date, t.id`),
			g.id, p.ID, false, day.Format(time.DateOnly)); err != nil {
			fail(w, err)
			return
		}
		writeJSONStatus(w, http.StatusCreated, toPlant(p))
	})
}

// waterHandler answers POST /api/plants/water for one plant ({"plantIds":[id]}): the garden's
// plants and due tasks read, a task for the watering made and completed in one transaction with
// the plant locked, the care logged, the recent care read for the learned interval and the plant
// updated, then the plant and its due tasks read back, as gardenctl's "water now" does.
func waterHandler(src *source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		var in struct {
			PlantIDs []int64 `json:"plantIds"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || len(in.PlantIDs) != 1 {
			http.Error(w, `{"message":"one plant","code":"invalid"}`, http.StatusBadRequest)
			return
		}
		ctx := r.Context()
		id := in.PlantIDs[0]
		now := time.Now().UTC().Truncate(time.Microsecond)
		day := domain.TodayIn(now, g.zone).Format(time.DateOnly)
		// The garden's plants (the ones asked for must be among them).
		rows, err := src.query(ctx, src.sql(plantColumns+` WHERE user_id = ? ORDER BY id`), g.id)
		if err != nil {
			fail(w, err)
			return
		}
		var row plantRow
		found := false
		dest := row.dest()[:29]
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				fail(w, err)
				return
			}
			found = found || row.p.ID == id
		}
		rows.Close()
		if !found {
			http.Error(w, `{"message":"Plant not found","code":"not_found"}`, http.StatusNotFound)
			return
		}
		if _, err := drain(ctx, src.query, 12, src.sql(taskColumns+` WHERE t.user_id = ? AND t.completed = ? AND (t.scheduled_date <= ?) ORDER BY t.scheduled_date, t.id`), g.id, false, day); err != nil {
			fail(w, err)
			return
		}
		var taskID int64
		if err := one(ctx, src.query, src.sql(`INSERT INTO care_tasks (user_id, plant_id, task_type, scheduled_date, completed,
			completed_at, notes, is_recurring, recurring_days, created_at)
			SELECT ?, p.id, ?, ?, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ? RETURNING id`),
			[]any{g.id, "water", day, false, nil, nil, false, nil, now, id, g.id}, &taskID); err != nil {
			fail(w, err)
			return
		}
		var name string
		if err := one(ctx, src.query, src.sql(`SELECT name FROM plants WHERE id = ?`), []any{id}, &name); err != nil {
			fail(w, err)
			return
		}
		err = src.inTx(ctx, func(tx *txn) error {
			if _, err := drain(ctx, tx.query, 12, src.sql(taskColumns+` WHERE t.id = ? AND t.user_id = ? FOR UPDATE OF t`), taskID, g.id); err != nil {
				return err
			}
			if err := one(ctx, tx.query, src.sql(plantColumns+` WHERE id = ? AND user_id = ? FOR UPDATE`), []any{id, g.id}, dest...); err != nil {
				return err
			}
			if err := tx.exec(ctx, src.sql(`UPDATE care_tasks SET completed = ?, completed_at = ? WHERE id = ? AND user_id = ?`), true, now, taskID, g.id); err != nil {
				return err
			}
			var eventID int64
			if err := one(ctx, tx.query, src.sql(insertCareEvent), []any{g.id, id, "water", "task", now, "", "", 0, now}, &eventID); err != nil {
				return err
			}
			waterings, err := drain(ctx, tx.query, 5, src.sql(careHistory), id, id, id)
			if err != nil {
				return err
			}
			p := &row.p
			return tx.exec(ctx, src.sql(updatePlant), p.Name, p.Species, row.plantType, p.Location, p.ImageURL, p.LightNeeds,
				row.water, row.fert, p.Notes, p.GrowthProgress, now, row.fertilized, p.AcquiredDate, row.waterMode, row.fertMode,
				row.sugWater, row.sugFert, min(waterings, 9), p.FertilizeLearnedFrom, p.WaterDelayDays, p.Outdoor, p.WaterAdvanceDays,
				p.FertilizeDelayDays, id, g.id)
		})
		if err != nil {
			fail(w, err)
			return
		}
		if err := one(ctx, src.query, src.sql(plantColumns+` WHERE id = ? AND user_id = ?`), []any{id, g.id}, dest...); err != nil {
			fail(w, err)
			return
		}
		row.status = string(domain.StatusHealthy)
		p, err := row.plant()
		if err != nil {
			fail(w, err)
			return
		}
		if _, err := drain(ctx, src.query, 12, src.sql(taskColumns+` WHERE t.user_id = ? AND t.plant_id = ? AND t.completed = ? AND (t.scheduled_date <= ?) ORDER BY t.scheduled_date, t.id`),
			g.id, id, false, day); err != nil {
			fail(w, err)
			return
		}
		writeJSON(w, map[string]any{"plants": []plant{toPlant(p)}})
	})
}

// Forum posting's write limit (domain.ForumPostsPerMinute) and its advisory-lock class, as the
// store takes it (adapters/sqlstore/write_slots.go).
const (
	postsPerMinute = domain.ForumPostsPerMinute
	writeLockClass = 22022
)

// replyHandler answers POST /api/forum/topics/{id}/posts as gardenctl does: the topic and the
// caller's watch read; a posting slot reserved (advisory lock, stale slots dropped, recent ones
// counted, one inserted) in its own transaction; the topic's followers read (participants and
// watchers); then in one transaction the topic locked, the post inserted, the topic's count
// bumped, the replier's name and the followers read, each follower's reply notification
// claimed (at most one per topic per hour) and, for each claim won, the notification, the
// channel look-up and the outbox row written, and the webhooks of the event looked up.
func replyHandler(src *source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		ctx := r.Context()
		topicID, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil {
			http.Error(w, `{"message":"Topic not found","code":"not_found"}`, http.StatusNotFound)
			return
		}
		var in struct {
			Content string `json:"content"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || len(in.Content) < 2 {
			http.Error(w, `{"message":"Please write a reply","code":"invalid"}`, http.StatusBadRequest)
			return
		}
		var title string
		var topic = make([]any, 17)
		for i := range topic {
			topic[i] = new(any)
		}
		topic[6] = &title
		if err := one(ctx, src.query, src.sql(topicColumns), []any{topicID}, topic...); err != nil {
			http.Error(w, `{"message":"Topic not found","code":"not_found"}`, http.StatusNotFound)
			return
		}
		var level string
		if err := one(ctx, src.query, src.sql(`SELECT level FROM forum_watches WHERE user_id = ? AND topic_id = ?`), []any{g.id, topicID}, &level); err != nil && !noRows(err) {
			fail(w, err)
			return
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		limited := false
		err = src.inTx(ctx, func(tx *txn) error {
			if src.postgres {
				if err := tx.exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2 || ':' || $3::bigint))`, writeLockClass, "forum_post", g.id); err != nil {
					return err
				}
			}
			if err := tx.exec(ctx, src.sql(`DELETE FROM write_slots WHERE user_id = ? AND kind = ? AND reserved_at < ?`), g.id, "forum_post", now.Add(-time.Minute)); err != nil {
				return err
			}
			n, err := drain(ctx, tx.query, 1, src.sql(`SELECT reserved_at FROM write_slots WHERE user_id = ? AND kind = ? ORDER BY reserved_at`), g.id, "forum_post")
			if err != nil {
				return err
			}
			if n >= postsPerMinute {
				limited = true
				return errors.New("rate limited")
			}
			var id int64
			return one(ctx, tx.query, src.sql(`INSERT INTO write_slots (user_id, kind, reserved_at) VALUES (?, ?, ?) RETURNING id`), []any{g.id, "forum_post", now}, &id)
		})
		if limited {
			http.Error(w, `{"message":"You are posting too fast","code":"rate_limited"}`, http.StatusTooManyRequests)
			return
		}
		if err != nil {
			fail(w, err)
			return
		}
		followers := map[int64]bool{}
		var order []int64
		add := func(id int64) {
			if !followers[id] {
				followers[id] = true
				order = append(order, id)
			}
		}
		if err := eachID(ctx, src.query, src.sql(`SELECT author_id FROM forum_topics WHERE id = ? AND author_id IS NOT NULL
			UNION SELECT author_id FROM forum_posts WHERE topic_id = ? AND author_id IS NOT NULL`), []any{topicID, topicID}, add); err != nil {
			fail(w, err)
			return
		}
		muted := map[int64]bool{}
		rows, err := src.query(ctx, src.sql(`SELECT user_id, level FROM forum_watches WHERE topic_id = ?`), topicID)
		if err != nil {
			fail(w, err)
			return
		}
		for rows.Next() {
			var id int64
			var lv string
			if err := rows.Scan(&id, &lv); err != nil {
				rows.Close()
				fail(w, err)
				return
			}
			if lv == string(domain.WatchMuted) {
				muted[id] = true
			} else if lv == string(domain.WatchWatching) {
				add(id)
			}
		}
		rows.Close()
		var to []int64
		for _, id := range order {
			if id != g.id && !muted[id] {
				to = append(to, id)
			}
		}
		var postID int64
		err = src.inTx(ctx, func(tx *txn) error {
			if _, err := drain(ctx, tx.query, 17, src.sql(topicColumns+` FOR UPDATE OF t`), topicID); err != nil {
				return err
			}
			if err := one(ctx, tx.query, src.sql(`INSERT INTO forum_posts (topic_id, author_id, content, body_text, created_at, updated_at, in_review)
				VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), []any{topicID, g.id, in.Content, in.Content, now, now, false}, &postID); err != nil {
				return err
			}
			if err := tx.exec(ctx, src.sql(`UPDATE forum_topics SET post_count = post_count + 1,
				last_activity_at = GREATEST(last_activity_at, ?) WHERE id = ?`), now, topicID); err != nil {
				return err
			}
			var username string
			if err := one(ctx, tx.query, src.sql(`SELECT username FROM users WHERE id = ?`), []any{g.id}, &username); err != nil {
				return err
			}
			if len(to) == 0 {
				return nil
			}
			if _, err := drain(ctx, tx.query, 35, src.sql(userColumns+placeholders(len(to))+`) ORDER BY id`), ids(to)...); err != nil {
				return err
			}
			subject := fmt.Sprintf("topic:%d", topicID)
			var claim strings.Builder
			claim.WriteString(`INSERT INTO notification_claims (user_id, kind, subject, claimed_at) VALUES `)
			args := make([]any, 0, 4*len(to)+1)
			for i, id := range to {
				if i > 0 {
					claim.WriteString(", ")
				}
				claim.WriteString("(?, ?, ?, ?)")
				args = append(args, id, "forum_reply", subject, now)
			}
			claim.WriteString(` ON CONFLICT (user_id, kind, subject) DO UPDATE SET claimed_at = excluded.claimed_at
				WHERE notification_claims.claimed_at <= ? RETURNING user_id, kind, subject`)
			args = append(args, now.Add(-time.Hour))
			var claimed []int64
			rows, err := tx.query(ctx, src.sql(claim.String()), args...)
			if err != nil {
				return err
			}
			for rows.Next() {
				var id int64
				var kind, subj string
				if err := rows.Scan(&id, &kind, &subj); err != nil {
					rows.Close()
					return err
				}
				claimed = append(claimed, id)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if len(claimed) > 0 {
				// One multi-row insert of the notifications and one of their outbox rows, as
				// the store writes a send (CreateNotifications, EnqueueDeliveries).
				text := username + " replied: " + in.Content
				data := fmt.Sprintf(`{"postId":%d,"topicId":%d,"type":"forum_reply","url":"/community/forum/topic/%d"}`, postID, topicID, topicID)
				var q strings.Builder
				q.WriteString(`INSERT INTO notifications (kind, title, content, target_type, target_id, data, created_by,
		created_at, recipient_count) VALUES `)
				args := make([]any, 0, 9*len(claimed))
				for i, id := range claimed {
					if i > 0 {
						q.WriteString(", ")
					}
					q.WriteString(`(?, ?, ?, ?, ?, ?, ?, ?, (SELECT count(*) FROM users u WHERE u.is_active AND u.id = ?))`)
					args = append(args, "forum_reply", `New reply in "`+title+`"`, text, "user", id, data, nil, now, id)
				}
				q.WriteString(` RETURNING id, recipient_count`)
				notes := make([]int64, 0, len(claimed))
				rows, err := tx.query(ctx, src.sql(q.String()), args...)
				if err != nil {
					return err
				}
				for rows.Next() {
					var id int64
					var count int
					if err := rows.Scan(&id, &count); err != nil {
						rows.Close()
						return err
					}
					notes = append(notes, id)
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
				if _, err := drain(ctx, tx.query, 4, src.sql(`SELECT user_id, ntfy_server, ntfy_topic, updated_at FROM notification_channels
				WHERE user_id IN (`+placeholders(len(claimed))+`)`), ids(claimed)...); err != nil {
					return err
				}
				q.Reset()
				q.WriteString(`INSERT INTO outbox (channel, user_id, notification_id, webhook_delivery_id, status, next_attempt_at,
				created_at, claimed_by, claimed_until) VALUES `)
				args = args[:0]
				for i, id := range claimed {
					if i > 0 {
						q.WriteString(", ")
					}
					q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
					args = append(args, "push", id, notes[i], nil, "pending", now, now, "", nil)
				}
				q.WriteString(" RETURNING id")
				if _, err := drain(ctx, tx.query, 1, src.sql(q.String()), args...); err != nil {
					return err
				}
			}
			hooks := append(ids(to), "%,forum.reply,%", "%,forum.reply,%")
			_, err = drain(ctx, tx.query, 11, src.sql(`SELECT id, owner_id, site_wide, url, events, secret, active, failing_since, paused_at, created_at, updated_at FROM webhooks WHERE owner_id IN (`+placeholders(len(to))+`) AND NOT site_wide AND active AND events LIKE ?
			UNION ALL SELECT id, owner_id, site_wide, url, events, secret, active, failing_since, paused_at, created_at, updated_at FROM webhooks WHERE site_wide AND active AND events LIKE ? ORDER BY id`), hooks...)
			return err
		})
		if err != nil {
			fail(w, err)
			return
		}
		writeJSONStatus(w, http.StatusCreated, map[string]any{"id": postID, "topicId": topicID, "content": in.Content, "userId": g.id, "createdAt": now})
	})
}

func noRows(err error) bool { return errors.Is(err, sql.ErrNoRows) || errors.Is(err, pgx.ErrNoRows) }

func eachID(ctx context.Context, query func(context.Context, string, ...any) (rowScanner, error), q string, args []any, fn func(int64)) error {
	rows, err := query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		fn(id)
	}
	return rows.Err()
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

func ids(xs []int64) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// seedWrites adds what the timed writes need to the database at url (dir for SQLite), through
// gardenctl's own store: 20 watchers, and per writer (2×writers: half for the app, half for the
// baseline) a gardener with the session token bench-writer-N and a topic of their own that the
// 20 watch. Each writer replies to their own topic only, so every reply goes to a topic with 20
// watchers and its author, however many replies the run makes; and posting's limit of
// domain.ForumPostsPerMinute per gardener is spread over many gardeners.
func seedWrites(url, dir string, writers int) error {
	ctx := context.Background()
	store, err := sqlstore.Open(ctx, url, dir)
	if err != nil {
		return err
	}
	defer store.Close()
	now := time.Now().UTC().Truncate(time.Microsecond)
	// Notifications on, by push only (no device registered, no e-mail): each watcher told of a
	// reply gets one notification and one push row in the outbox, as the bare handler writes.
	prefs := domain.DefaultNotificationPreferences()
	prefs.Email = false
	user := func(name string) (*domain.User, error) {
		u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
			NotificationsEnabled: true, NotificationPrefs: prefs, CreatedAt: now}
		return u, store.CreateUser(ctx, u)
	}
	var watchers []*domain.User
	var first int64
	for i := range 20 {
		u, err := user(fmt.Sprintf("benchwatcher%d", i))
		if err != nil {
			return err
		}
		watchers = append(watchers, u)
	}
	for i := range 2 * writers {
		u, err := user(fmt.Sprintf("benchwriter%d", i))
		if err != nil {
			return err
		}
		if err := store.CreateSession(ctx, &domain.Session{TokenHash: hashToken(fmt.Sprintf("bench-writer-%d", i)), UserID: u.ID,
			CreatedAt: now, ExpiresAt: now.Add(24 * time.Hour)}); err != nil {
			return err
		}
		t := &domain.ForumTopic{CategoryID: 1, AuthorID: &u.ID, Title: fmt.Sprintf("Bench topic %d", i),
			Content: "A topic the load harness replies to", ContentText: "A topic the load harness replies to", CreatedAt: now}
		if err := store.CreateForumTopic(ctx, t); err != nil {
			return err
		}
		if i == 0 {
			first = t.ID
			fmt.Println(t.ID) // the first topic; the others follow in order
		}
	}
	// The watches in one statement (store.SetForumWatch's row, 20 a topic).
	db, postgres := openDB(log.Default(), url, dir)
	defer db.Close()
	q := `INSERT INTO forum_watches (user_id, topic_id, level) SELECT u.id, t.id, 'watching' FROM users u, forum_topics t
		WHERE u.username LIKE 'benchwatcher%' AND t.title LIKE 'Bench topic %' AND u.id >= ? AND t.id >= ?`
	if postgres {
		q = dollarPlaceholders(q)
	}
	_, err = db.ExecContext(ctx, q, watchers[0].ID, first)
	return err
}
