package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
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

// CareDigests implements ports.CareDigestStore in at most four statements whatever the number
// of users. The users with care reminders come first, each with whether today's once-key is
// taken: when every one of them was reminded, nothing else is read. Otherwise two aggregates
// give, per user, "id:key" items of the due plants and of the pending tasks (no joins, no
// order: the cheapest work per row), Go sorts each list in the reminder's order, and one lookup
// by id reads the names of the plants of the first names items of each list. The due rule is
// the exact one of Plant.NeedsWaterOn: the UTC date of the last care plus the frequency in days
// falls on or before day, counted in days since 1970 (SQLite through the Julian day number).
// Aggregates cover every owner, or only the users left when they are few; the others are
// dropped in Go.
func (s *Store) CareDigests(ctx context.Context, day time.Time, kind string, names int, among []int64, of int) (map[int64]*ports.CareDigest, []int64, error) {
	day = domain.DateOf(day)
	date := dbDate{day}
	var users []struct {
		ID       int64 `db:"id"`
		Reminded bool  `db:"reminded"`
	}
	query, args := `SELECT u.id, EXISTS (SELECT 1 FROM notification_once o
		WHERE o.user_id = u.id AND o.kind = ? AND o.day = ?) AS reminded FROM users u WHERE u.is_active AND u.pref_care_reminders`, []any{kind, date}
	if among != nil {
		if len(among) == 0 {
			return map[int64]*ports.CareDigest{}, nil, nil
		}
		query, args = query+` AND u.id`+s.idSetSQL(), append(args, s.idSetArg(among))
	}
	if err := s.db.SelectContext(ctx, &users, s.q(query), args...); err != nil {
		return nil, nil, translate(err)
	}
	total := len(users)
	if among != nil && of > total {
		total = of
	}
	var reminded []int64
	pending := map[int64]bool{}
	for _, u := range users {
		if u.Reminded {
			reminded = append(reminded, u.ID)
		} else {
			pending[u.ID] = true
		}
	}
	digests := map[int64]*ports.CareDigest{}
	if len(pending) == 0 {
		return digests, reminded, nil
	}
	// The dialects' spellings: the due day (days since 1970) of a care date and frequency, the
	// aggregate of "id:key" pairs, a JSON array of ids as a set.
	dueDay := func(last, every string) string {
		return `CAST(julianday(` + last + `) + 0.5 AS INTEGER) - 2440588 + ` + every
	}
	pairs := func(key string) string { return `group_concat(id || ':' || ` + key + `)` }
	idSet := ` IN (SELECT value FROM json_each(?))`
	setArg := jsonIDs
	// fence keeps the subquery of due days from being merged into the outer query, which
	// would compute each due day three times (filter, aggregate, WHERE): 0.5 s of CPU a
	// million plants in SQLite (LIMIT -1 makes it a co-routine).
	fence := ` LIMIT -1`
	if s.dialect == Postgres {
		dueDay = func(last, every string) string {
			return `((` + last + ` AT TIME ZONE 'UTC')::date - DATE '1970-01-01') + ` + every
		}
		pairs = func(key string) string { return `string_agg(id || ':' || ` + key + `, ',')` }
		// = ANY of an array lets the planner see how many ids come (a hash join past a few
		// thousand, where a subquery's guessed hundred rows made it seek row by row).
		idSet = ` = ANY (CAST(CAST(? AS text) AS bigint[]))`
		setArg = func(ids []int64) string { s := jsonIDs(ids); return "{" + s[1:len(s)-1] + "}" }
		fence = "" // its planner gains nothing from the fence (OFFSET 0), measured
	}
	bound := day.Unix() / 86400
	// A few users left (a re-run after most were reminded, a run on another replica): read
	// only theirs, through the owner indexes; otherwise every row, without an index's detour.
	only, onlyArgs := "", []any{}
	if len(pending) <= total/2 {
		ids := make([]int64, 0, len(pending))
		for id := range pending {
			ids = append(ids, id)
		}
		only, onlyArgs = ` AND user_id`+idSet, []any{setArg(ids)}
	}
	digest := func(user int64) *ports.CareDigest {
		d := digests[user]
		if d == nil {
			d = &ports.CareDigest{UserID: user}
			digests[user] = d
		}
		return d
	}
	// In a hemisphere's winter its gardeners' adaptive intervals stretch by their factor: the
	// owners there join in by primary key (domain.GardenSettings.SeasonFactorOn); out of every
	// winter, nothing joins.
	from, factor, fromArgs := `plants`, "1", []any{}
	if h := domain.WinterHemisphereOn(day); h != domain.NoHemisphere {
		from, factor, fromArgs = `plants LEFT JOIN users w ON w.id = plants.user_id AND w.winter_hemisphere = ? AND w.winter_factor > 1`,
			`COALESCE(w.winter_factor, 1)`, []any{string(h)}
	}
	onlyPlants := strings.ReplaceAll(only, " user_id", " plants.user_id")
	err := s.eachRow(ctx, `SELECT user_id, `+pairs("wd")+` FILTER (WHERE wd <= ?), `+pairs("fd")+` FILTER (WHERE fd <= ?)
		FROM (SELECT plants.user_id, plants.id, `+dueDay("plants.last_watered", s.waterEverySQL("plants.", factor))+` AS wd, `+
		dueDay("plants.last_fertilized", fertilizeEverySQL("plants."))+` AS fd
			FROM `+from+` WHERE 1 = 1`+onlyPlants+fence+`) d
		WHERE wd <= ? OR fd <= ? GROUP BY user_id`, append(append(append([]any{bound, bound}, fromArgs...), onlyArgs...), bound, bound), func(user int64, cols []sql.NullString) error {
		if !pending[user] {
			return nil
		}
		d := digest(user)
		var err1, err2 error
		d.Watering, err1 = duePlants(cols[0])
		d.Fertilizing, err2 = duePlants(cols[1])
		return errors.Join(err1, err2)
	})
	if err != nil {
		return nil, nil, err
	}
	today := date.Time.Format(domain.DateLayout)
	// Each task as "id:date:plant id:type" (types are plain words).
	task := "scheduled_date || ':' || plant_id || ':' || task_type"
	if s.dialect == Postgres {
		task = "scheduled_date::text || ':' || plant_id || ':' || task_type"
	}
	err = s.eachRow(ctx, `SELECT user_id, `+pairs(task)+` FROM care_tasks WHERE NOT completed AND scheduled_date <= ?`+only+`
		GROUP BY user_id`, append([]any{date}, onlyArgs...), func(user int64, cols []sql.NullString) error {
		if !pending[user] {
			return nil
		}
		d := digest(user)
		var err error
		d.Today, d.Overdue, err = dueTasks(user, cols[0], today)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	// The names the reminders show: of the first few plants and tasks of each list, by plant.
	plantName := map[int64]string{}
	var plantIDs []int64
	want := func(id int64) {
		if _, ok := plantName[id]; !ok {
			plantName[id] = ""
			plantIDs = append(plantIDs, id)
		}
	}
	for _, d := range digests {
		for _, list := range [][]domain.Reminder{d.Watering, d.Fertilizing} {
			for _, r := range list[:min(names, len(list))] {
				want(r.PlantID)
			}
		}
		for _, list := range [][]*domain.CareTask{d.Today, d.Overdue} {
			for _, t := range list[:min(names, len(list))] {
				want(t.PlantID)
			}
		}
	}
	if len(plantIDs) == 0 {
		return digests, reminded, nil
	}
	if err := s.eachRow(ctx, `SELECT id, name FROM plants WHERE id`+idSet, []any{setArg(plantIDs)}, func(id int64, cols []sql.NullString) error {
		plantName[id] = cols[0].String
		return nil
	}); err != nil {
		return nil, nil, err
	}
	for _, d := range digests {
		for _, list := range [][]domain.Reminder{d.Watering, d.Fertilizing} {
			for i := range list[:min(names, len(list))] {
				list[i].Name = plantName[list[i].PlantID]
			}
		}
		for _, list := range [][]*domain.CareTask{d.Today, d.Overdue} {
			for _, t := range list[:min(names, len(list))] {
				t.PlantName = plantName[t.PlantID]
			}
		}
	}
	return digests, reminded, nil
}

// idSetSQL is " IN (set)" of one parameter holding a set of ids (idSetArg), in the dialect's
// spelling (CareDigests explains the choice).
func (s *Store) idSetSQL() string {
	if s.dialect == Postgres {
		return ` = ANY (CAST(CAST(? AS text) AS bigint[]))`
	}
	return ` IN (SELECT value FROM json_each(?))`
}

// idSetArg is the one parameter of idSetSQL.
func (s *Store) idSetArg(ids []int64) string {
	j := jsonIDs(ids)
	if s.dialect == Postgres {
		return "{" + j[1:len(j)-1] + "}"
	}
	return j
}

// ReminderZones implements ports.CareDigestStore: an index-only count over the partial index
// users_reminder_zone (migration 0040).
func (s *Store) ReminderZones(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Zone  string `db:"time_zone"`
		Count int    `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT time_zone, count(*) AS n FROM users
		WHERE is_active AND pref_care_reminders GROUP BY time_zone`)); err != nil {
		return nil, translate(err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Zone] = r.Count
	}
	return out, nil
}

// ReminderUsers implements ports.CareDigestStore: one statement whose condition is, per slot,
// the zones IN a list and the hour (the default for NULL) IN the slot's hours, over the
// partial index users_reminder_zone.
func (s *Store) ReminderUsers(ctx context.Context, slots []ports.ReminderSlot, defaultHour int) ([]*domain.User, error) {
	var conds []string
	var args []any
	for _, sl := range slots {
		if len(sl.Zones) == 0 || len(sl.Hours) == 0 {
			continue
		}
		zones := make([]string, len(sl.Zones))
		for i, z := range sl.Zones {
			zones[i], args = "?", append(args, z)
		}
		hours := make([]string, len(sl.Hours))
		for i, h := range sl.Hours {
			hours[i], args = "?", append(args, h)
		}
		conds = append(conds, `(time_zone IN (`+strings.Join(zones, ", ")+`) AND COALESCE(reminder_hour, `+strconv.Itoa(defaultHour)+`) IN (`+strings.Join(hours, ", ")+`))`)
	}
	if len(conds) == 0 {
		return nil, nil
	}
	var rows []userRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+userColumns+` FROM users WHERE is_active AND pref_care_reminders AND (`+
		strings.Join(conds, " OR ")+`) ORDER BY id`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// eachRow runs a query of an id and text columns and hands each row to fn, scanned by hand.
func (s *Store) eachRow(ctx context.Context, query string, args []any, fn func(id int64, cols []sql.NullString) error) error {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	names, err := rows.Columns()
	if err != nil {
		return translate(err)
	}
	cols := make([]sql.NullString, len(names)-1)
	dest := make([]any, len(names))
	for i := range cols {
		dest[i+1] = &cols[i]
	}
	for rows.Next() {
		var id int64
		dest[0] = &id
		if err := rows.Scan(dest...); err != nil {
			return translate(err)
		}
		if err := fn(id, cols); err != nil {
			return err
		}
	}
	return translate(rows.Err())
}

// jsonIDs is ids as a JSON array, the one parameter of a lookup by a set of ids.
func jsonIDs(ids []int64) string {
	b := make([]byte, 0, 8*len(ids)+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(append(b, ']'))
}

// eachPair calls fn with each "id:key" of a comma-separated aggregate (NULL when the filter
// kept no row).
func eachPair(s sql.NullString, fn func(id int64, key string) error) error {
	for rest := s.String; s.Valid && rest != ""; {
		var item string
		item, rest, _ = strings.Cut(rest, ",")
		idText, key, ok := strings.Cut(item, ":")
		id, err := strconv.ParseInt(idText, 10, 64)
		if !ok || err != nil {
			return fmt.Errorf("care digest: bad pair %q", item)
		}
		if err := fn(id, key); err != nil {
			return err
		}
	}
	return nil
}

// duePlants are the plants of one aggregate of "id:due day" pairs, by due day then id.
func duePlants(agg sql.NullString) ([]domain.Reminder, error) {
	var out []domain.Reminder
	var due []int64
	err := eachPair(agg, func(id int64, key string) error {
		d, err := strconv.ParseInt(key, 10, 64)
		if err != nil {
			return fmt.Errorf("care digest: bad due day %q", key)
		}
		out, due = append(out, domain.Reminder{PlantID: id}), append(due, d)
		return nil
	})
	if err != nil || len(out) == 0 {
		return nil, err
	}
	for i := range out {
		out[i].DueDate = time.Unix(due[i]*86400, 0).UTC()
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].DueDate.Equal(out[j].DueDate) {
			return out[i].DueDate.Before(out[j].DueDate)
		}
		return out[i].PlantID < out[j].PlantID
	})
	return out, nil
}

// dueTasks splits one aggregate of "id:yyyy-mm-dd:plant id:type" items of pending tasks into
// the day's, by id, and the overdue ones, by date then id.
func dueTasks(user int64, agg sql.NullString, today string) (onDay, overdue []*domain.CareTask, err error) {
	type pair struct {
		id, plant  int64
		date, kind string
	}
	var all []pair
	if err := eachPair(agg, func(id int64, key string) error {
		date, rest, _ := strings.Cut(key, ":")
		plantText, kind, ok := strings.Cut(rest, ":")
		plant, err := strconv.ParseInt(plantText, 10, 64)
		if !ok || err != nil {
			return fmt.Errorf("care digest: bad task %q", key)
		}
		all = append(all, pair{id, plant, date, kind})
		return nil
	}); err != nil || len(all) == 0 {
		return nil, nil, err
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].date != all[j].date {
			return all[i].date < all[j].date
		}
		return all[i].id < all[j].id
	})
	tasks := make([]domain.CareTask, len(all))
	for i, p := range all {
		var d dbDate
		if err := d.parse(p.date); err != nil {
			return nil, nil, err
		}
		t := &tasks[i]
		t.ID, t.UserID, t.PlantID, t.Type, t.ScheduledDate = p.id, user, p.plant, domain.TaskType(p.kind), d.Time
		switch {
		case p.date == today:
			onDay = append(onDay, t)
		case p.date < today:
			overdue = append(overdue, t)
		}
	}
	return onDay, overdue, nil
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
		mark, values, err := notificationValues(it.Notification)
		if err != nil {
			return err
		}
		marks, args = append(marks, mark), append(args, values...)
	}
	var ids []struct {
		stored
		TargetID int64 `db:"target_id"`
	}
	if err := tx.SelectContext(ctx, &ids, s.q(insertNotificationColumns+strings.Join(marks, ", ")+
		` RETURNING id, target_id, recipient_count`), args...); err != nil {
		return translate(err)
	}
	idOf := make(map[int64]stored, len(ids))
	for _, r := range ids {
		idOf[r.TargetID] = r.stored
	}
	// One UPDATE per (kind, day) of the batch (the reminder has one): its keys by user_id IN,
	// which the primary key serves, where a chain of ORs made PostgreSQL scan the table.
	type group struct {
		kind  string
		day   time.Time
		cases []string
		args  []any
		users []int64
	}
	var groups []*group
	for i, it := range items {
		row, ok := idOf[it.Key.UserID]
		if !ok {
			continue
		}
		id := row.ID
		it.Notification.ID, it.Notification.RecipientCount, created[i] = id, row.Recipients, true
		day := domain.DateOf(it.Key.Day)
		var g *group
		for _, x := range groups {
			if x.kind == it.Key.Kind && x.day.Equal(day) {
				g = x
			}
		}
		if g == nil {
			g = &group{kind: it.Key.Kind, day: day}
			groups = append(groups, g)
		}
		g.cases, g.args, g.users = append(g.cases, "WHEN ? THEN CAST(? AS BIGINT)"), append(g.args, it.Key.UserID, id), append(g.users, it.Key.UserID)
	}
	for _, g := range groups {
		marks, users := inList(g.users)
		args := append(append(g.args, g.kind, dbDate{g.day}), users...)
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE notification_once SET notification_id = CASE user_id `+strings.Join(g.cases, " ")+` END
			WHERE kind = ? AND day = ? AND user_id IN (`+marks+`)`), args...); err != nil {
			return translate(err)
		}
	}
	return nil
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
		if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT user_id, ntfy_server, ntfy_topic, updated_at FROM notification_channels
			WHERE user_id IN (`+marks+`)`), args...); err != nil {
			return nil, translate(err)
		}
		for _, r := range rows {
			out[r.UserID] = domain.NotificationChannels{NtfyServer: r.NtfyServer, NtfyTopic: r.NtfyTopic, UpdatedAt: r.UpdatedAt.UTC()}
		}
	}
	return out, nil
}
