package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// The set-based reads and writes of the daily care reminder: a bounded number of statements
// whatever the number of users (jobs/statements_test.go counts them).

// batchRows bounds the rows of one multi-row statement and the ids of one IN list, well
// under both dialects' limits on bound parameters.
const batchRows = 500

// ListPlantsDueForCare implements ports.PlantStore. A plant is due on day when its last care
// plus its frequency in days falls before the next midnight (UTC); the SQL compares with the
// midnight after that, a day's margin that keeps the dialects' date arithmetic on the safe
// side, and the caller checks the exact rule. Rows come unsorted (PostgreSQL spilled the sort
// of a million rows to disk) and are scanned by hand, without reflection.
func (s *Store) ListPlantsDueForCare(ctx context.Context, day time.Time) ([]*domain.Plant, error) {
	bound := domain.AddDays(domain.DateOf(day), 2)
	var due string
	var args []any
	if s.dialect == Postgres {
		due = `(last_watered IS NOT NULL AND water_frequency IS NOT NULL AND last_watered + water_frequency * INTERVAL '24 hours' < ?)
			OR (last_fertilized IS NOT NULL AND fertilizer_frequency IS NOT NULL AND last_fertilized + fertilizer_frequency * INTERVAL '24 hours' < ?)`
		args = []any{bound, bound}
	} else {
		b := bound.Format("2006-01-02 15:04:05")
		due = `(last_watered IS NOT NULL AND water_frequency IS NOT NULL AND julianday(last_watered) + water_frequency < julianday(?))
			OR (last_fertilized IS NOT NULL AND fertilizer_frequency IS NOT NULL AND julianday(last_fertilized) + fertilizer_frequency < julianday(?))`
		args = []any{b, b}
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, user_id, name, water_frequency, fertilizer_frequency, last_watered, last_fertilized
		FROM plants WHERE `+due), args...)
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	var out []*domain.Plant
	for rows.Next() {
		p := &domain.Plant{}
		var water, fert sql.NullInt64
		var watered, fertilized sql.NullTime
		if err := rows.Scan(&p.ID, &p.UserID, &p.Name, &water, &fert, &watered, &fertilized); err != nil {
			return nil, translate(err)
		}
		p.WaterFrequency, p.FertilizerFrequency = nullIntPtr(water), nullIntPtr(fert)
		p.LastWatered, p.LastFertilized = nullTime(watered), nullTime(fertilized)
		out = append(out, p)
	}
	return out, translate(rows.Err())
}

// ListTasksDueBy implements ports.TaskStore. The partial index care_tasks_open holds exactly
// these rows; they come unsorted, like the plants.
func (s *Store) ListTasksDueBy(ctx context.Context, day time.Time) ([]*domain.CareTask, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT t.id, t.user_id, t.plant_id, p.name, t.task_type, t.scheduled_date, t.is_recurring,
		t.recurring_days FROM care_tasks t JOIN plants p ON p.id = t.plant_id
		WHERE NOT t.completed AND t.scheduled_date <= ?`), dbDate{domain.DateOf(day)})
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	var out []*domain.CareTask
	for rows.Next() {
		t := &domain.CareTask{}
		var typ string
		var date dbDate
		var every sql.NullInt64
		if err := rows.Scan(&t.ID, &t.UserID, &t.PlantID, &t.PlantName, &typ, &date, &t.IsRecurring, &every); err != nil {
			return nil, translate(err)
		}
		t.Type, t.ScheduledDate, t.RecurringDays = domain.TaskType(typ), date.Time, nullIntPtr(every)
		out = append(out, t)
	}
	return out, translate(rows.Err())
}

// CreateNotificationsOnce implements ports.NotificationStore: per batch of items, one INSERT of
// the once-keys that returns those it took, one INSERT of their notifications and one UPDATE
// linking the keys to them, in one transaction.
func (s *Store) CreateNotificationsOnce(ctx context.Context, items []ports.OnceNotification) ([]bool, error) {
	created := make([]bool, len(items))
	seen := make(map[int64]bool, len(items))
	for _, it := range items {
		n := it.Notification
		if n.TargetType != domain.TargetUser || n.TargetID == nil || *n.TargetID != it.Key.UserID || seen[it.Key.UserID] {
			return nil, domain.Errorf(domain.EInvalid, "Each notification stored once must target its own key's user")
		}
		seen[it.Key.UserID] = true
	}
	for start := 0; start < len(items); start += batchRows {
		end := min(start+batchRows, len(items))
		if err := s.withTx(ctx, func(tx *sqlx.Tx) error {
			return s.createOnceBatch(ctx, tx, items[start:end], created[start:end])
		}); err != nil {
			return nil, err
		}
	}
	return created, nil
}

func (s *Store) createOnceBatch(ctx context.Context, tx *sqlx.Tx, items []ports.OnceNotification, created []bool) error {
	marks := make([]string, len(items))
	args := make([]any, 0, 4*len(items))
	for i, it := range items {
		n := it.Notification
		if n.CreatedAt.IsZero() {
			n.CreatedAt = time.Now().UTC()
		}
		n.CreatedAt = utc(n.CreatedAt)
		marks[i] = "(?, ?, ?, ?)"
		args = append(args, it.Key.UserID, it.Key.Kind, dbDate{domain.DateOf(it.Key.Day)}, n.CreatedAt)
	}
	var taken []int64
	if err := tx.SelectContext(ctx, &taken, s.q(`INSERT INTO notification_once (user_id, kind, day, created_at) VALUES `+
		strings.Join(marks, ", ")+` ON CONFLICT (user_id, kind, day) DO NOTHING RETURNING user_id`), args...); err != nil {
		return translate(err)
	}
	if len(taken) == 0 {
		return nil
	}
	isTaken := make(map[int64]bool, len(taken))
	for _, id := range taken {
		isTaken[id] = true
	}
	marks, args = marks[:0], args[:0]
	for _, it := range items {
		if !isTaken[it.Key.UserID] {
			continue
		}
		n := it.Notification
		if n.Data == nil {
			n.Data = map[string]any{}
		}
		data, err := json.Marshal(n.Data)
		if err != nil {
			return domain.Errorf(domain.EInvalid, "Notification data cannot be stored: %v", err)
		}
		marks = append(marks, "(?, ?, ?, ?, ?, ?, ?, ?)")
		args = append(args, n.Kind, n.Title, n.Content, string(n.TargetType), n.TargetID, string(data), n.CreatedBy, n.CreatedAt)
	}
	var ids []struct {
		ID       int64 `db:"id"`
		TargetID int64 `db:"target_id"`
	}
	if err := tx.SelectContext(ctx, &ids, s.q(`INSERT INTO notifications (kind, title, content, target_type, target_id, data,
		created_by, created_at) VALUES `+strings.Join(marks, ", ")+` RETURNING id, target_id`), args...); err != nil {
		return translate(err)
	}
	idOf := make(map[int64]int64, len(ids))
	for _, r := range ids {
		idOf[r.TargetID] = r.ID
	}
	var cases, keys []string
	var caseArgs, keyArgs []any
	for i, it := range items {
		id, ok := idOf[it.Key.UserID]
		if !ok {
			continue
		}
		it.Notification.ID, created[i] = id, true
		cases, caseArgs = append(cases, "WHEN ? THEN CAST(? AS BIGINT)"), append(caseArgs, it.Key.UserID, id)
		keys, keyArgs = append(keys, "(user_id = ? AND kind = ? AND day = ?)"), append(keyArgs, it.Key.UserID, it.Key.Kind, dbDate{domain.DateOf(it.Key.Day)})
	}
	_, err := tx.ExecContext(ctx, s.q(`UPDATE notification_once SET notification_id = CASE user_id `+strings.Join(cases, " ")+` END
		WHERE `+strings.Join(keys, " OR ")), append(caseArgs, keyArgs...)...)
	return translate(err)
}

// ListDevicesOf implements ports.DeviceStore.
func (s *Store) ListDevicesOf(ctx context.Context, userIDs []int64) (map[int64][]*domain.Device, error) {
	out := make(map[int64][]*domain.Device)
	for start := 0; start < len(userIDs); start += batchRows {
		marks, args := inList(userIDs[start:min(start+batchRows, len(userIDs))])
		var rows []deviceRow
		if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+deviceColumns+` FROM push_devices WHERE user_id IN (`+marks+`)
			ORDER BY user_id, updated_at DESC, id DESC`), args...); err != nil {
			return nil, translate(err)
		}
		for i := range rows {
			out[rows[i].UserID] = append(out[rows[i].UserID], rows[i].toDomain())
		}
	}
	return out, nil
}

// NotificationChannelsOf implements ports.NotificationChannelStore.
func (s *Store) NotificationChannelsOf(ctx context.Context, userIDs []int64) (map[int64]domain.NotificationChannels, error) {
	out := make(map[int64]domain.NotificationChannels)
	for start := 0; start < len(userIDs); start += batchRows {
		marks, args := inList(userIDs[start:min(start+batchRows, len(userIDs))])
		var rows []struct {
			UserID     int64     `db:"user_id"`
			NtfyServer string    `db:"ntfy_server"`
			NtfyTopic  string    `db:"ntfy_topic"`
			UpdatedAt  time.Time `db:"updated_at"`
		}
		if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT user_id, ntfy_server, ntfy_topic, updated_at FROM notification_channels
			WHERE user_id IN (`+marks+`)`), args...); err != nil {
			return nil, translate(err)
		}
		for _, r := range rows {
			out[r.UserID] = domain.NotificationChannels{NtfyServer: r.NtfyServer, NtfyTopic: r.NtfyTopic, UpdatedAt: r.UpdatedAt.UTC()}
		}
	}
	return out, nil
}
