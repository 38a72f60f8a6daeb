package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

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
