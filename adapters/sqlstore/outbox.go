package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.OutboxStore = (*Store)(nil)

type outboxRow struct {
	ID             int64         `db:"id"`
	Channel        string        `db:"channel"`
	UserID         int64         `db:"user_id"`
	NotificationID sql.NullInt64 `db:"notification_id"`
	WebhookDelivID sql.NullInt64 `db:"webhook_delivery_id"`
	Status         string        `db:"status"`
	Attempts       int           `db:"attempts"`
	NextAttemptAt  time.Time     `db:"next_attempt_at"`
	LastError      string        `db:"last_error"`
	CreatedAt      time.Time     `db:"created_at"`
	FinishedAt     sql.NullTime  `db:"finished_at"`
	ClaimedBy      string        `db:"claimed_by"`
	ClaimedUntil   sql.NullTime  `db:"claimed_until"`
}

const outboxColumns = `id, channel, user_id, notification_id, webhook_delivery_id, status, attempts, next_attempt_at, last_error, created_at,
	finished_at, claimed_by, claimed_until`

func (r *outboxRow) toDomain() *domain.OutboxDelivery {
	d := &domain.OutboxDelivery{ID: r.ID, Channel: r.Channel, UserID: r.UserID, NotificationID: r.NotificationID.Int64,
		WebhookDeliveryID: r.WebhookDelivID.Int64, Status: r.Status,
		Attempts: r.Attempts, NextAttemptAt: r.NextAttemptAt.UTC(), LastError: r.LastError, CreatedAt: r.CreatedAt.UTC(),
		FinishedAt: nullTime(r.FinishedAt), ClaimedBy: r.ClaimedBy, ClaimedUntil: nullTime(r.ClaimedUntil)}
	if d.FinishedAt != nil {
		*d.FinishedAt = d.FinishedAt.UTC()
	}
	if d.ClaimedUntil != nil {
		*d.ClaimedUntil = d.ClaimedUntil.UTC()
	}
	return d
}

// zeroNull is NULL for a zero id.
func zeroNull(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// ClaimNotifyWindows implements ports.OutboxStore: one upsert per batch whose update applies only
// when the last claim is older than the window; RETURNING names the keys this call took.
func (s *Store) ClaimNotifyWindows(ctx context.Context, keys []domain.NotifyClaim, at time.Time, window time.Duration) ([]bool, error) {
	taken := make([]bool, len(keys))
	// One statement may not touch a row twice (PostgreSQL refuses): the first of equal keys
	// claims, the others stay false.
	first := map[domain.NotifyClaim]int{}
	var unique []domain.NotifyClaim
	for i, k := range keys {
		if _, ok := first[k]; !ok {
			first[k] = i
			unique = append(unique, k)
		}
	}
	ext := s.ext(ctx)
	for start := 0; start < len(unique); start += batchRows {
		batch := unique[start:min(start+batchRows, len(unique))]
		marks := make([]string, len(batch))
		args := make([]any, 0, 4*len(batch)+1)
		for i, k := range batch {
			marks[i] = "(?, ?, ?, ?)"
			args = append(args, k.UserID, k.Kind, k.Subject, utc(at))
		}
		args = append(args, utc(at.Add(-window)))
		var rows []struct {
			UserID  int64  `db:"user_id"`
			Kind    string `db:"kind"`
			Subject string `db:"subject"`
		}
		if err := sqlx.SelectContext(ctx, ext, &rows, s.q(`INSERT INTO notification_claims (user_id, kind, subject, claimed_at) VALUES `+
			strings.Join(marks, ", ")+` ON CONFLICT (user_id, kind, subject) DO UPDATE SET claimed_at = excluded.claimed_at
			WHERE notification_claims.claimed_at <= ? RETURNING user_id, kind, subject`), args...); err != nil {
			return nil, translate(err)
		}
		for _, r := range rows {
			taken[first[domain.NotifyClaim{UserID: r.UserID, Kind: r.Kind, Subject: r.Subject}]] = true
		}
	}
	return taken, nil
}

// EnqueueDeliveries implements ports.OutboxStore: one multi-row INSERT per batchRows deliveries;
// ids rise in the order of the VALUES, so the sorted ids returned are the rows' in order.
func (s *Store) EnqueueDeliveries(ctx context.Context, ds []*domain.OutboxDelivery) error {
	ext := s.ext(ctx)
	for start := 0; start < len(ds); start += batchRows {
		batch := ds[start:min(start+batchRows, len(ds))]
		marks := make([]string, len(batch))
		args := make([]any, 0, 8*len(batch))
		for i, d := range batch {
			if d.Status == "" {
				d.Status = domain.OutboxPending
			}
			if d.NextAttemptAt.IsZero() {
				d.NextAttemptAt = d.CreatedAt
			}
			marks[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, d.Channel, d.UserID, zeroNull(d.NotificationID), zeroNull(d.WebhookDeliveryID), d.Status, utc(d.NextAttemptAt), utc(d.CreatedAt), d.ClaimedBy, utcPtr(d.ClaimedUntil))
		}
		var ids []int64
		if err := sqlx.SelectContext(ctx, ext, &ids, s.q(`INSERT INTO outbox (channel, user_id, notification_id, webhook_delivery_id, status, next_attempt_at,
			created_at, claimed_by, claimed_until) VALUES `+strings.Join(marks, ", ")+` RETURNING id`), args...); err != nil {
			return translate(err)
		}
		if len(ids) != len(batch) {
			return fmt.Errorf("enqueue deliveries: %d ids for %d rows", len(ids), len(batch))
		}
		slices.Sort(ids)
		for i, d := range batch {
			d.ID = ids[i]
		}
	}
	return nil
}

// ClaimDeliveries implements ports.OutboxStore. On PostgreSQL the rows are picked FOR UPDATE
// SKIP LOCKED, so concurrent dispatchers (replicas) take disjoint batches without waiting on
// each other; SQLite's immediate transaction holds the database's write lock for the statement.
func (s *Store) ClaimDeliveries(ctx context.Context, channel, claimer string, now, until time.Time, limit int) ([]*domain.OutboxDelivery, error) {
	if limit <= 0 {
		return nil, nil
	}
	// PostgreSQL may run an IN (subquery) more than once (a rescan), and with SKIP LOCKED each run
	// picks other rows: the batch outgrew its limit. ARRAY(subquery) runs it exactly once.
	pick, end := ` IN (`, `)`
	if s.dialect == Postgres {
		pick, end = ` = ANY(ARRAY(`, ` FOR UPDATE SKIP LOCKED))`
	}
	var rows []outboxRow
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		return translate(tx.SelectContext(ctx, &rows, s.q(`UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1
			WHERE id`+pick+`SELECT id FROM outbox WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ?
				AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT ?`+end+`
			AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)
			RETURNING `+outboxColumns), claimer, utc(until), channel, utc(now), utc(now), limit, utc(now)))
	})
	if err != nil {
		return nil, err
	}
	out := make([]*domain.OutboxDelivery, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	slices.SortFunc(out, func(a, b *domain.OutboxDelivery) int {
		return cmp.Or(a.NextAttemptAt.Compare(b.NextAttemptAt), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// DueChannels implements ports.OutboxStore, on the partial index of pending rows.
func (s *Store) DueChannels(ctx context.Context, now time.Time) ([]string, error) {
	var out []string
	err := s.db.SelectContext(ctx, &out, s.q(`SELECT DISTINCT channel FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
		AND (claimed_until IS NULL OR claimed_until <= ?)`), utc(now), utc(now))
	return out, translate(err)
}

// FinishDelivery implements ports.OutboxStore.
func (s *Store) FinishDelivery(ctx context.Context, d *domain.OutboxDelivery) (bool, error) {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?,
		finished_at = ?, claimed_by = '', claimed_until = NULL WHERE id = ? AND claimed_by = ?`),
		d.Status, d.Attempts, utc(d.NextAttemptAt), d.LastError, utcPtr(d.FinishedAt), d.ID, d.ClaimedBy)
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// NotificationsByID implements ports.OutboxStore.
func (s *Store) NotificationsByID(ctx context.Context, ids []int64) (map[int64]*domain.Notification, error) {
	out := make(map[int64]*domain.Notification, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT `+notificationColumns+` FROM notifications n WHERE n.id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	var rows []notificationRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	for i := range rows {
		n := rows[i].toDomain()
		out[n.ID] = &n
	}
	return out, nil
}

// OutboxDepth implements ports.OutboxStore: per channel, a count and the oldest row, both on the
// partial indexes of pending rows.
func (s *Store) OutboxDepth(ctx context.Context) ([]ports.OutboxChannelDepth, error) {
	var out []ports.OutboxChannelDepth
	for _, ch := range []string{"push", "email", "ntfy", "webhook"} {
		var n int
		if err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM outbox WHERE channel = ? AND status = 'pending'`), ch); err != nil {
			return nil, translate(err)
		}
		if n == 0 {
			continue
		}
		var oldest time.Time
		if err := s.db.GetContext(ctx, &oldest, s.q(`SELECT created_at FROM outbox WHERE channel = ? AND status = 'pending'
			ORDER BY created_at LIMIT 1`), ch); err != nil {
			return nil, translate(err)
		}
		out = append(out, ports.OutboxChannelDepth{Channel: ch, Pending: n, Oldest: oldest.UTC()})
	}
	return out, nil
}

// OutboxCounts implements ports.OutboxStore.
func (s *Store) OutboxCounts(ctx context.Context, notificationID int64) (map[string]map[string]int, error) {
	var rows []struct {
		Channel string `db:"channel"`
		Status  string `db:"status"`
		N       int    `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT channel, status, count(*) AS n FROM outbox WHERE notification_id = ?
		GROUP BY channel, status`), notificationID); err != nil {
		return nil, translate(err)
	}
	out := map[string]map[string]int{}
	for _, r := range rows {
		if out[r.Channel] == nil {
			out[r.Channel] = map[string]int{}
		}
		out[r.Channel][r.Status] = r.N
	}
	return out, nil
}

// PruneOutbox implements ports.OutboxStore.
func (s *Store) PruneOutbox(ctx context.Context, before time.Time) (int, error) {
	removed := 0
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM outbox WHERE status <> 'pending' AND finished_at < ?`), utc(before))
		if err != nil {
			return translate(err)
		}
		k, _ := res.RowsAffected()
		removed = int(k)
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM notification_claims WHERE claimed_at < ?`), utc(before))
		return translate(err)
	})
	return removed, err
}
