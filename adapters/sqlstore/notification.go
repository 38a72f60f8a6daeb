package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.NotifyStore = (*Store)(nil)

type notificationRow struct {
	ID         int64         `db:"id"`
	Kind       string        `db:"kind"`
	Title      string        `db:"title"`
	Content    string        `db:"content"`
	TargetType string        `db:"target_type"`
	TargetID   sql.NullInt64 `db:"target_id"`
	Data       string        `db:"data"`
	CreatedBy  sql.NullInt64 `db:"created_by"`
	CreatedAt  time.Time     `db:"created_at"`
	Recipients int           `db:"recipient_count"`
}

const notificationColumns = `n.id, n.kind, n.title, n.content, n.target_type, n.target_id, n.data, n.created_by, n.created_at, n.recipient_count`

func (r *notificationRow) toDomain() domain.Notification {
	n := domain.Notification{ID: r.ID, Kind: r.Kind, Title: r.Title, Content: r.Content, TargetType: domain.TargetType(r.TargetType),
		TargetID: nullInt(r.TargetID), CreatedBy: nullInt(r.CreatedBy), CreatedAt: r.CreatedAt.UTC(),
		RecipientCount: r.Recipients}
	if err := json.Unmarshal([]byte(r.Data), &n.Data); err != nil || n.Data == nil {
		n.Data = map[string]any{}
	}
	return n
}

type userNotificationRow struct {
	notificationRow
	ReadAt sql.NullTime `db:"read_at"`
}

// audience is the SQL form of domain.Notification.Reaches for notifications aliased n.
func audience(a domain.Audience) (string, []any) {
	cond := `((n.target_type = 'user' AND n.target_id = ?) OR (n.created_at >= ? AND (n.target_type = 'global'`
	args := []any{a.UserID, utc(a.Since)}
	if a.SiteID != nil {
		cond += ` OR (n.target_type = 'site' AND n.target_id = ?)`
		args = append(args, *a.SiteID)
	}
	return cond + `)))`, args
}

// insertNotificationColumns are the columns notificationValues fills, in its order.
const insertNotificationColumns = `INSERT INTO notifications (kind, title, content, target_type, target_id, data, created_by,
	created_at, recipient_count) VALUES `

// stored is what an INSERT of notifications returns: each one's id and the recipients it
// counted.
type stored struct {
	ID         int64 `db:"id"`
	Recipients int   `db:"recipient_count"`
}

func (s *Store) insertNotification(ctx context.Context, q sqlx.QueryerContext, n *domain.Notification) error {
	mark, values, err := notificationValues(n)
	if err != nil {
		return err
	}
	var r stored
	if err := sqlx.GetContext(ctx, q, &r, s.q(insertNotificationColumns+mark+` RETURNING id, recipient_count`), values...); err != nil {
		return translate(err)
	}
	n.ID, n.RecipientCount = r.ID, r.Recipients
	return nil
}

// notificationValues fills n's defaults (now, empty data) and returns its row of an INSERT
// after insertNotificationColumns with the row's values. The row's recipient count is a
// subquery: the active users n reaches (recipientsOf) as the statement stores it.
func notificationValues(n *domain.Notification) (string, []any, error) {
	if n.CreatedAt.IsZero() {
		n.CreatedAt = time.Now().UTC()
	}
	n.CreatedAt = utc(n.CreatedAt)
	if n.Data == nil {
		n.Data = map[string]any{}
	}
	data, err := json.Marshal(n.Data)
	if err != nil {
		return "", nil, domain.Errorf(domain.EInvalid, "Notification data cannot be stored: %v", err)
	}
	cond, args := recipientsOf(n)
	return `(?, ?, ?, ?, ?, ?, ?, ?, (SELECT count(*) FROM users u WHERE ` + cond + `))`,
		append([]any{n.Kind, n.Title, n.Content, string(n.TargetType), n.TargetID, string(data), n.CreatedBy, n.CreatedAt}, args...), nil
}

// CreateNotification implements ports.NotificationStore.
func (s *Store) CreateNotification(ctx context.Context, n *domain.Notification) error {
	return s.insertNotification(ctx, s.ext(ctx), n)
}

// CreateNotifications implements ports.NotificationStore: one multi-row INSERT per batchRows
// notifications, in one transaction. Ids rise in the order of the VALUES (both dialects draw
// them row by row), so the sorted ids returned are the notifications' in order.
func (s *Store) CreateNotifications(ctx context.Context, ns []*domain.Notification) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		for start := 0; start < len(ns); start += batchRows {
			batch := ns[start:min(start+batchRows, len(ns))]
			marks := make([]string, len(batch))
			args := make([]any, 0, 10*len(batch))
			for i, n := range batch {
				mark, values, err := notificationValues(n)
				if err != nil {
					return err
				}
				marks[i] = mark
				args = append(args, values...)
			}
			var rows []stored
			if err := tx.SelectContext(ctx, &rows, s.q(insertNotificationColumns+strings.Join(marks, ", ")+
				` RETURNING id, recipient_count`), args...); err != nil {
				return translate(err)
			}
			if len(rows) != len(batch) {
				return fmt.Errorf("create notifications: %d ids for %d rows", len(rows), len(batch))
			}
			slices.SortFunc(rows, func(a, b stored) int { return cmp.Compare(a.ID, b.ID) })
			for i, n := range batch {
				n.ID, n.RecipientCount = rows[i].ID, rows[i].Recipients
			}
		}
		return nil
	})
}

// CreateNotificationOnce implements ports.NotificationStore. The once-key's primary key does the
// work: a second insert of the same key waits for the first transaction and then inserts
// nothing.
func (s *Store) CreateNotificationOnce(ctx context.Context, n *domain.Notification, key domain.OnceKey) (bool, error) {
	if n.CreatedAt.IsZero() {
		n.CreatedAt = time.Now().UTC()
	}
	created := false
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO notification_once (user_id, kind, day, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, kind, day) DO NOTHING`), key.UserID, key.Kind, dbDate{domain.DateOf(key.Day)}, utc(n.CreatedAt))
		if err != nil {
			return translate(err)
		}
		if k, err := res.RowsAffected(); err != nil {
			return err
		} else if k == 0 {
			return nil
		}
		if err := s.insertNotification(ctx, tx, n); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE notification_once SET notification_id = ? WHERE user_id = ? AND kind = ? AND day = ?`),
			n.ID, key.UserID, key.Kind, dbDate{domain.DateOf(key.Day)})
		created = err == nil
		return translate(err)
	})
	if err != nil {
		return false, err
	}
	return created, nil
}

// NotificationByID implements ports.NotificationStore.
func (s *Store) NotificationByID(ctx context.Context, id int64) (*domain.Notification, error) {
	var r notificationRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+notificationColumns+` FROM notifications n WHERE n.id = ?`), id); err != nil {
		return nil, translate(err)
	}
	n := r.toDomain()
	return &n, nil
}

// ListUserNotifications implements ports.NotificationStore.
func (s *Store) ListUserNotifications(ctx context.Context, a domain.Audience, limit int) ([]*domain.UserNotification, error) {
	cond, args := audience(a)
	var rows []userNotificationRow
	err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+notificationColumns+`, r.read_at FROM notifications n
		LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ?
		WHERE `+cond+` ORDER BY n.created_at DESC, n.id DESC LIMIT ?`), append(append([]any{a.UserID}, args...), limit)...)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.UserNotification, len(rows))
	for i := range rows {
		out[i] = &domain.UserNotification{Notification: rows[i].toDomain(), ReadAt: nullTime(rows[i].ReadAt)}
	}
	return out, nil
}

// CountUnreadNotifications implements ports.NotificationStore.
func (s *Store) CountUnreadNotifications(ctx context.Context, a domain.Audience) (int, error) {
	cond, args := audience(a)
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM notifications n WHERE `+cond+`
		AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ?)`), append(args, a.UserID)...)
	return n, translate(err)
}

// MarkNotificationRead implements ports.NotificationStore.
func (s *Store) MarkNotificationRead(ctx context.Context, a domain.Audience, id int64, at time.Time) (*domain.UserNotification, error) {
	var out *domain.UserNotification
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		cond, args := audience(a)
		var r notificationRow
		if err := tx.GetContext(ctx, &r, s.q(`SELECT `+notificationColumns+` FROM notifications n WHERE n.id = ? AND `+cond),
			append([]any{id}, args...)...); err != nil {
			return translate(err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES (?, ?, ?)
			ON CONFLICT (notification_id, user_id) DO NOTHING`), id, a.UserID, utc(at)); err != nil {
			return translate(err)
		}
		var readAt time.Time
		if err := tx.GetContext(ctx, &readAt, s.q(`SELECT read_at FROM notification_reads WHERE notification_id = ? AND user_id = ?`), id, a.UserID); err != nil {
			return translate(err)
		}
		readAt = readAt.UTC()
		out = &domain.UserNotification{Notification: r.toDomain(), ReadAt: &readAt}
		return nil
	})
	return out, err
}

// MarkAllNotificationsRead implements ports.NotificationStore.
func (s *Store) MarkAllNotificationsRead(ctx context.Context, a domain.Audience, at time.Time) (int, error) {
	marked := 0
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		cond, args := audience(a)
		var ids []int64
		if err := tx.SelectContext(ctx, &ids, s.q(`SELECT n.id FROM notifications n WHERE `+cond+`
			AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ?)`), append(args, a.UserID)...); err != nil {
			return translate(err)
		}
		for _, id := range ids {
			res, err := tx.ExecContext(ctx, s.q(`INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES (?, ?, ?)
				ON CONFLICT (notification_id, user_id) DO NOTHING`), id, a.UserID, utc(at))
			if err != nil {
				return translate(err)
			}
			if k, _ := res.RowsAffected(); k > 0 {
				marked++
			}
		}
		return nil
	})
	return marked, err
}

// ListNotifications implements ports.NotificationStore: a keyset page on (created_at, id), both
// descending, read backwards through notifications_newest. Each row's recipients are its stored
// count; its reads are counted over notification_reads' primary key and its target named by id.
func (s *Store) ListNotifications(ctx context.Context, page domain.PageRequest) (domain.Page[*ports.NotificationWithReads], error) {
	var empty domain.Page[*ports.NotificationWithReads]
	c, after, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return empty, err
	}
	where, args := ``, []any{}
	if after {
		at, err := time.Parse(time.RFC3339Nano, c.Key)
		if err != nil {
			return empty, domain.Errorf(domain.EInvalid, domain.MsgPageCursor)
		}
		// The time bound lets SQLite seek the index (it does not seek on a row value); the row
		// comparison is PostgreSQL's index condition and settles ties by id.
		where, args = ` WHERE n.created_at <= ? AND (n.created_at, n.id) < (?, ?)`, []any{utc(at), utc(at), c.ID}
	}
	var rows []struct {
		notificationRow
		ReadCount  int            `db:"read_count"`
		TargetName sql.NullString `db:"target_name"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+notificationColumns+`,
		(SELECT count(*) FROM notification_reads r WHERE r.notification_id = n.id) AS read_count,`+notificationTargetName+`
		FROM notifications n`+where+` ORDER BY n.created_at DESC, n.id DESC LIMIT ?`), append(args, page.Limit+1)...); err != nil {
		return empty, translate(err)
	}
	out := make([]*ports.NotificationWithReads, len(rows))
	for i := range rows {
		out[i] = &ports.NotificationWithReads{Notification: rows[i].toDomain(), ReadCount: rows[i].ReadCount,
			TargetName: rows[i].TargetName.String}
	}
	return domain.PageOf(out, page, func(n *ports.NotificationWithReads) string {
		return domain.KeysetCursor{Key: n.CreatedAt.Format(time.RFC3339Nano), ID: n.ID}.Encode()
	}), nil
}

// CountNotificationsSince implements ports.NotificationStore.
func (s *Store) CountNotificationsSince(ctx context.Context, userID int64, kind string, since time.Time) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM notifications WHERE target_type = 'user' AND target_id = ?
		AND kind = ? AND created_at >= ?`), userID, kind, utc(since))
	return n, translate(err)
}

// DeleteNotification implements ports.NotificationStore; read state goes with it (cascade).
func (s *Store) DeleteNotification(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM notifications WHERE id = ?`), id)
	return affectedOne(res, err)
}

// PruneNotifications implements ports.NotificationStore.
func (s *Store) PruneNotifications(ctx context.Context, before, onceBefore time.Time) (int, error) {
	removed := 0
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		stmts := []struct {
			sql  string
			args []any
		}{
			{`DELETE FROM notifications WHERE created_at < ?`, []any{utc(before)}},
			{`DELETE FROM notifications WHERE target_type = 'user' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = notifications.target_id)`, nil},
			{`DELETE FROM notifications WHERE target_type = 'site' AND NOT EXISTS (SELECT 1 FROM sites x WHERE x.id = notifications.target_id)`, nil},
		}
		for _, st := range stmts {
			res, err := tx.ExecContext(ctx, s.q(st.sql), st.args...)
			if err != nil {
				return translate(err)
			}
			k, _ := res.RowsAffected()
			removed += int(k)
		}
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM notification_once WHERE day < ?`), dbDate{domain.DateOf(onceBefore)})
		return translate(err)
	})
	return removed, err
}
