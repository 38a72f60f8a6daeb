package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.UserDataStore = (*Store)(nil)

// userDataQueries are the rows of each kind a user's export holds, each a SELECT over one
// table whose every "?" is the user's id, in id order. Secrets and derived columns are left
// out by name (userDataHidden), so a new column is exported unless it is one of them.
var userDataQueries = map[string]string{
	"profile":               `SELECT * FROM users WHERE id = ?`,
	"plants":                `SELECT * FROM plants WHERE user_id = ? ORDER BY id`,
	"care_events":           `SELECT * FROM care_events WHERE user_id = ? ORDER BY id`,
	"care_tasks":            `SELECT * FROM care_tasks WHERE user_id = ? ORDER BY id`,
	"journal_entries":       `SELECT * FROM journal_entries WHERE user_id = ? ORDER BY id`,
	"harvests":              `SELECT * FROM harvests WHERE user_id = ? ORDER BY id`,
	"layouts":               `SELECT * FROM garden_layouts WHERE user_id = ? ORDER BY id`,
	"layout_beds":           `SELECT b.* FROM garden_beds b JOIN garden_layouts l ON l.id = b.layout_id WHERE l.user_id = ? ORDER BY b.id`,
	"bed_plantings":         `SELECT p.* FROM bed_plantings p JOIN garden_beds b ON b.id = p.bed_id JOIN garden_layouts l ON l.id = b.layout_id WHERE l.user_id = ? ORDER BY p.id`,
	"rotation_groups":       `SELECT * FROM rotation_groups WHERE user_id = ? ORDER BY id`,
	"rotation_plans":        `SELECT * FROM rotation_plans WHERE user_id = ? ORDER BY id`,
	"rotation_assignments":  `SELECT a.* FROM rotation_assignments a JOIN rotation_plans p ON p.id = a.plan_id WHERE p.user_id = ? ORDER BY a.id`,
	"listings":              `SELECT * FROM plant_listings WHERE user_id = ? ORDER BY id`,
	"listing_messages":      `SELECT m.* FROM listing_messages m WHERE m.sender_id = ? OR m.partner_id = ? OR m.listing_id IN (SELECT id FROM plant_listings WHERE user_id = ?) ORDER BY m.id`,
	"questions":             `SELECT * FROM expert_questions WHERE user_id = ? ORDER BY id`,
	"answers":               `SELECT * FROM expert_answers WHERE user_id = ? ORDER BY id`,
	"forum_topics":          `SELECT * FROM forum_topics WHERE author_id = ? ORDER BY id`,
	"forum_posts":           `SELECT * FROM forum_posts WHERE author_id = ? ORDER BY id`,
	"notifications":         `SELECT * FROM notifications WHERE target_type = 'user' AND target_id = ? ORDER BY id`,
	"notification_channels": `SELECT * FROM notification_channels WHERE user_id = ?`,
	"api_tokens":            `SELECT * FROM api_tokens WHERE user_id = ? ORDER BY id`,
}

// userDataHidden are columns no export carries: credentials (hashes, feed tokens, push keys)
// and generated search vectors.
var userDataHidden = map[string]bool{
	"password_hash": true, "token_hash": true, "calendar_token": true, "search": true,
	"secret": true, "p256dh": true, "auth": true,
}

// UserData implements ports.UserDataStore: one query, read row by row (never held whole).
func (s *Store) UserData(ctx context.Context, userID int64, kind string, fn func(columns []string, values []any) error) error {
	q, ok := userDataQueries[kind]
	if !ok {
		return domain.Errorf(domain.ENotFound, "no such kind %q", kind)
	}
	args := make([]any, strings.Count(q, "?"))
	for i := range args {
		args[i] = userID
	}
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	all, err := rows.Columns()
	if err != nil {
		return err
	}
	var keep []int
	var columns []string
	for i, c := range all {
		if !userDataHidden[c] {
			keep, columns = append(keep, i), append(columns, c)
		}
	}
	raw := make([]any, len(all))
	ptrs := make([]any, len(all))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	values := make([]any, len(keep))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return translate(err)
		}
		for j, i := range keep {
			values[j] = exportValue(raw[i])
		}
		if err := fn(columns, values); err != nil {
			return err
		}
	}
	return translate(rows.Err())
}

// exportValue makes a driver value printable: text for bytes, UTC for times.
func exportValue(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	case sql.RawBytes:
		return string(x)
	}
	return v
}

// DeletedUserName is the account that keeps what a deleted user wrote that others rely on.
// It has a space, which no real username may hold, so nobody can register it.
const DeletedUserName = "Deleted user"

// deletedUserID finds or makes the "Deleted user" account: inactive, with a password hash no
// password matches.
func (s *Store) deletedUserID(ctx context.Context, tx *sqlx.Tx, at time.Time) (int64, error) {
	var id int64
	err := tx.GetContext(ctx, &id, s.q(`SELECT id FROM users WHERE username = ?`), DeletedUserName)
	if err == nil {
		return id, nil
	}
	if domain.ErrorCode(translate(err)) != domain.ENotFound {
		return 0, translate(err)
	}
	err = tx.GetContext(ctx, &id, s.q(`INSERT INTO users (username, full_name, password_hash, role, is_active, notifications_enabled,
		pref_email, pref_care_reminders, created_at) VALUES (?, ?, '!', 'user', ?, ?, ?, ?, ?) RETURNING id`),
		DeletedUserName, DeletedUserName, false, false, false, false, utc(at))
	return id, translate(err)
}

// DeleteAccount implements ports.UserDataStore.
func (s *Store) DeleteAccount(ctx context.Context, id int64, at time.Time, check func(*domain.User) error) ([]string, error) {
	var images []string
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		u, err := s.getUser(ctx, tx, `id = ?`+s.forUpdate(), id)
		if err != nil {
			return err
		}
		if u.Username == DeletedUserName {
			return domain.Errorf(domain.EForbidden, "The Deleted user account keeps deleted users' posts and cannot be deleted.")
		}
		if check != nil {
			if err := check(u); err != nil {
				return err
			}
		}
		exec := func(q string, args ...any) error {
			_, err := tx.ExecContext(ctx, s.q(q), args...)
			return translate(err)
		}
		// What others rely on moves to "Deleted user": forum topics and posts, answers,
		// questions someone else answered, and messages in others' listings' conversations.
		var keep int
		if err := tx.GetContext(ctx, &keep, s.q(`SELECT
			(SELECT count(*) FROM forum_topics WHERE author_id = ?) + (SELECT count(*) FROM forum_posts WHERE author_id = ?) +
			(SELECT count(*) FROM expert_answers WHERE user_id = ?) +
			(SELECT count(*) FROM listing_messages m JOIN plant_listings l ON l.id = m.listing_id
				WHERE l.user_id <> ? AND (m.sender_id = ? OR m.partner_id = ?))`), id, id, id, id, id, id); err != nil {
			return translate(err)
		}
		if keep > 0 {
			ghost, err := s.deletedUserID(ctx, tx, at)
			if err != nil {
				return err
			}
			for _, q := range []string{
				`UPDATE forum_topics SET author_id = ? WHERE author_id = ?`,
				`UPDATE forum_posts SET author_id = ? WHERE author_id = ?`,
				`UPDATE expert_questions SET user_id = ? WHERE user_id = ? AND EXISTS (SELECT 1 FROM expert_answers a
					WHERE a.question_id = expert_questions.id AND a.user_id <> expert_questions.user_id)`,
				`UPDATE expert_answers SET user_id = ? WHERE user_id = ?`,
			} {
				if err := exec(q, ghost, id); err != nil {
					return err
				}
			}
			for _, col := range []string{"sender_id", "partner_id"} {
				if err := exec(`UPDATE listing_messages SET `+col+` = ? WHERE `+col+` = ? AND listing_id IN
					(SELECT id FROM plant_listings WHERE user_id <> ?)`, ghost, id, id); err != nil {
					return err
				}
			}
		}
		var urls []string
		if err := tx.SelectContext(ctx, &urls, s.q(`SELECT image_url FROM plants WHERE user_id = ? AND image_url <> ''
			UNION SELECT image_url FROM journal_entries WHERE user_id = ? AND image_url <> ''
			UNION SELECT image_url FROM harvests WHERE user_id = ? AND image_url <> ''
			UNION SELECT image_url FROM plant_listings WHERE user_id = ? AND image_url <> ''
			UNION SELECT image_url FROM expert_questions WHERE user_id = ? AND image_url <> ''`), id, id, id, id, id); err != nil {
			return translate(err)
		}
		// Personal notifications point at the user without a foreign key.
		if err := exec(`DELETE FROM notifications WHERE target_type = 'user' AND target_id = ?`, id); err != nil {
			return err
		}
		// The rest goes with the row: plants with their tasks, journal and care log, harvests,
		// layouts, plans, listings, questions, sessions, tokens, devices (foreign keys cascade).
		if err := exec(`DELETE FROM users WHERE id = ?`, id); err != nil {
			return err
		}
		// A photo another row still shows (a listing's photo a taker's plant kept) stays.
		for _, url := range urls {
			var used int
			if err := tx.GetContext(ctx, &used, s.q(`SELECT
				(SELECT count(*) FROM plants WHERE image_url = ?) + (SELECT count(*) FROM journal_entries WHERE image_url = ?) +
				(SELECT count(*) FROM harvests WHERE image_url = ?) + (SELECT count(*) FROM plant_listings WHERE image_url = ?) +
				(SELECT count(*) FROM expert_questions WHERE image_url = ?) +
				(SELECT count(*) FROM forum_posts WHERE content LIKE ?) + (SELECT count(*) FROM forum_topics WHERE content LIKE ?)`),
				url, url, url, url, url, "%"+url+"%", "%"+url+"%"); err != nil {
				return translate(err)
			}
			if used == 0 {
				images = append(images, url)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return images, nil
}
