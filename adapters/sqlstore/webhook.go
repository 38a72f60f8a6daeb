package sqlstore

import (
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

var _ ports.WebhookStore = (*Store)(nil)

type webhookRow struct {
	ID           int64        `db:"id"`
	OwnerID      int64        `db:"owner_id"`
	SiteWide     bool         `db:"site_wide"`
	URL          string       `db:"url"`
	Events       string       `db:"events"`
	Secret       string       `db:"secret"`
	Active       bool         `db:"active"`
	FailingSince sql.NullTime `db:"failing_since"`
	PausedAt     sql.NullTime `db:"paused_at"`
	CreatedAt    time.Time    `db:"created_at"`
	UpdatedAt    time.Time    `db:"updated_at"`
}

const webhookColumns = `id, owner_id, site_wide, url, events, secret, active, failing_since, paused_at, created_at, updated_at`

func utcNull(n sql.NullTime) *time.Time {
	t := nullTime(n)
	if t != nil {
		*t = t.UTC()
	}
	return t
}

func (r *webhookRow) toDomain() *domain.Webhook {
	var events []string
	for _, e := range strings.Split(r.Events, ",") {
		if e != "" {
			events = append(events, e)
		}
	}
	return &domain.Webhook{ID: r.ID, OwnerID: r.OwnerID, SiteWide: r.SiteWide, URL: r.URL, Events: events, Secret: r.Secret,
		Active: r.Active, FailingSince: utcNull(r.FailingSince), PausedAt: utcNull(r.PausedAt), CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
}

// eventsColumn frames the events by commas, so one event matches with LIKE '%,event,%'.
func eventsColumn(events []string) string { return "," + strings.Join(events, ",") + "," }

// CreateWebhook implements ports.WebhookStore.
func (s *Store) CreateWebhook(ctx context.Context, w *domain.Webhook) error {
	return translate(sqlx.GetContext(ctx, s.ext(ctx), &w.ID, s.q(`INSERT INTO webhooks (owner_id, site_wide, url, events, secret, active,
		failing_since, paused_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		w.OwnerID, w.SiteWide, w.URL, eventsColumn(w.Events), w.Secret, w.Active, utcPtr(w.FailingSince), utcPtr(w.PausedAt),
		utc(w.CreatedAt), utc(w.UpdatedAt)))
}

// GetWebhook implements ports.WebhookStore.
func (s *Store) GetWebhook(ctx context.Context, id int64) (*domain.Webhook, error) {
	var r webhookRow
	if err := sqlx.GetContext(ctx, s.ext(ctx), &r, s.q(`SELECT `+webhookColumns+` FROM webhooks WHERE id = ?`), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

func (s *Store) selectWebhooks(ctx context.Context, query string, args ...any) ([]*domain.Webhook, error) {
	var rows []webhookRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Webhook, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// ListWebhooks implements ports.WebhookStore, on webhooks_owner.
func (s *Store) ListWebhooks(ctx context.Context, ownerID int64, limit int) ([]*domain.Webhook, error) {
	return s.selectWebhooks(ctx, `SELECT `+webhookColumns+` FROM webhooks WHERE owner_id = ? ORDER BY id LIMIT ?`, ownerID, limit)
}

// CountWebhooks implements ports.WebhookStore.
func (s *Store) CountWebhooks(ctx context.Context, ownerID int64) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, s.ext(ctx), &n, s.q(`SELECT count(*) FROM webhooks WHERE owner_id = ?`), ownerID)
	return n, translate(err)
}

// UpdateWebhook implements ports.WebhookStore.
func (s *Store) UpdateWebhook(ctx context.Context, w *domain.Webhook) error {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE webhooks SET url = ?, events = ?, secret = ?, active = ?, failing_since = ?,
		paused_at = ?, updated_at = ? WHERE id = ?`), w.URL, eventsColumn(w.Events), w.Secret, w.Active, utcPtr(w.FailingSince),
		utcPtr(w.PausedAt), utc(w.UpdatedAt), w.ID)
	return affected(res, err)
}

func affected(res sql.Result, err error) error {
	if err != nil {
		return translate(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.ENotFound, "not found")
	}
	return nil
}

// DeleteWebhook implements ports.WebhookStore; its deliveries and their outbox rows go with it
// (ON DELETE CASCADE).
func (s *Store) DeleteWebhook(ctx context.Context, id int64) error {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`DELETE FROM webhooks WHERE id = ?`), id)
	return affected(res, err)
}

// MatchWebhooks implements ports.WebhookStore: the owners' webhooks on webhooks_owner, the
// site-wide ones on their partial index.
func (s *Store) MatchWebhooks(ctx context.Context, event string, userIDs []int64) ([]*domain.Webhook, error) {
	like := "%," + event + ",%"
	if len(userIDs) == 0 {
		return s.selectWebhooks(ctx, `SELECT `+webhookColumns+` FROM webhooks WHERE site_wide AND active AND events LIKE ? ORDER BY id`, like)
	}
	query, args, err := sqlx.In(`SELECT `+webhookColumns+` FROM webhooks WHERE owner_id IN (?) AND NOT site_wide AND active AND events LIKE ?
		UNION ALL SELECT `+webhookColumns+` FROM webhooks WHERE site_wide AND active AND events LIKE ? ORDER BY id`, userIDs, like, like)
	if err != nil {
		return nil, err
	}
	return s.selectWebhooks(ctx, query, args...)
}

// WebhooksByID implements ports.WebhookStore.
func (s *Store) WebhooksByID(ctx context.Context, ids []int64) (map[int64]*domain.Webhook, error) {
	out := make(map[int64]*domain.Webhook, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT `+webhookColumns+` FROM webhooks WHERE id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	ws, err := s.selectWebhooks(ctx, query, args...)
	for _, w := range ws {
		out[w.ID] = w
	}
	return out, err
}

type webhookDeliveryRow struct {
	ID          int64        `db:"id"`
	WebhookID   int64        `db:"webhook_id"`
	Event       string       `db:"event"`
	Payload     string       `db:"payload"`
	CreatedAt   time.Time    `db:"created_at"`
	Status      string       `db:"status"`
	Attempts    int          `db:"attempts"`
	HTTPStatus  int          `db:"http_status"`
	LatencyMs   int64        `db:"latency_ms"`
	Error       string       `db:"error"`
	AttemptedAt sql.NullTime `db:"attempted_at"`
}

const webhookDeliveryColumns = `id, webhook_id, event, payload, created_at, status, attempts, http_status, latency_ms, error, attempted_at`

func (r *webhookDeliveryRow) toDomain() *domain.WebhookDelivery {
	return &domain.WebhookDelivery{ID: r.ID, WebhookID: r.WebhookID, Event: r.Event, Payload: []byte(r.Payload), CreatedAt: r.CreatedAt.UTC(),
		Status: r.Status, Attempts: r.Attempts, HTTPStatus: r.HTTPStatus, Latency: time.Duration(r.LatencyMs) * time.Millisecond,
		Error: r.Error, AttemptedAt: utcNull(r.AttemptedAt)}
}

// CreateWebhookDeliveries implements ports.WebhookStore: one multi-row INSERT per batchRows.
func (s *Store) CreateWebhookDeliveries(ctx context.Context, ds []*domain.WebhookDelivery) error {
	ext := s.ext(ctx)
	for start := 0; start < len(ds); start += batchRows {
		batch := ds[start:min(start+batchRows, len(ds))]
		marks := make([]string, len(batch))
		args := make([]any, 0, 5*len(batch))
		for i, d := range batch {
			if d.Status == "" {
				d.Status = domain.WebhookPending
			}
			marks[i] = "(?, ?, ?, ?, ?)"
			args = append(args, d.WebhookID, d.Event, string(d.Payload), utc(d.CreatedAt), d.Status)
		}
		var ids []int64
		if err := sqlx.SelectContext(ctx, ext, &ids, s.q(`INSERT INTO webhook_deliveries (webhook_id, event, payload, created_at, status)
			VALUES `+strings.Join(marks, ", ")+` RETURNING id`), args...); err != nil {
			return translate(err)
		}
		if len(ids) != len(batch) {
			return fmt.Errorf("webhook deliveries: %d ids for %d rows", len(ids), len(batch))
		}
		slices.Sort(ids)
		for i, d := range batch {
			d.ID = ids[i]
		}
	}
	return nil
}

// WebhookDeliveriesByID implements ports.WebhookStore.
func (s *Store) WebhookDeliveriesByID(ctx context.Context, ids []int64) (map[int64]*domain.WebhookDelivery, error) {
	out := make(map[int64]*domain.WebhookDelivery, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT `+webhookDeliveryColumns+` FROM webhook_deliveries WHERE id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	var rows []webhookDeliveryRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	for i := range rows {
		out[rows[i].ID] = rows[i].toDomain()
	}
	return out, nil
}

// RecordWebhookAttempt implements ports.WebhookStore: the update, then the log's trim below its
// newest WebhookLogSize rows (those still to be delivered stay: their outbox rows need them).
func (s *Store) RecordWebhookAttempt(ctx context.Context, d *domain.WebhookDelivery) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE webhook_deliveries SET status = ?, attempts = ?, http_status = ?, latency_ms = ?,
			error = ?, attempted_at = ? WHERE id = ?`), d.Status, d.Attempts, d.HTTPStatus, d.Latency.Milliseconds(), d.Error,
			utcPtr(d.AttemptedAt), d.ID); err != nil {
			return translate(err)
		}
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM webhook_deliveries WHERE webhook_id = ? AND status NOT IN ('pending', 'retrying')
			AND id < (SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`),
			d.WebhookID, d.WebhookID, domain.WebhookLogSize-1)
		return translate(err)
	})
}

// ListWebhookDeliveries implements ports.WebhookStore, on webhook_deliveries_webhook.
func (s *Store) ListWebhookDeliveries(ctx context.Context, webhookID int64, limit int) ([]*domain.WebhookDelivery, error) {
	var rows []webhookDeliveryRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT `+webhookDeliveryColumns+` FROM webhook_deliveries
		WHERE webhook_id = ? ORDER BY id DESC LIMIT ?`), webhookID, limit); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.WebhookDelivery, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// MarkWebhookFailing implements ports.WebhookStore in one statement.
func (s *Store) MarkWebhookFailing(ctx context.Context, id int64, at time.Time) (time.Time, error) {
	var since time.Time
	err := sqlx.GetContext(ctx, s.ext(ctx), &since, s.q(`UPDATE webhooks SET failing_since = COALESCE(failing_since, ?) WHERE id = ?
		RETURNING failing_since`), utc(at), id)
	return since.UTC(), translate(err)
}

// MarkWebhookHealthy implements ports.WebhookStore.
func (s *Store) MarkWebhookHealthy(ctx context.Context, id int64) error {
	_, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE webhooks SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL`), id)
	return translate(err)
}

// PauseWebhook implements ports.WebhookStore: only the statement that turns it off reports it.
func (s *Store) PauseWebhook(ctx context.Context, id int64, at time.Time) (bool, error) {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE webhooks SET active = FALSE, paused_at = ?, updated_at = ? WHERE id = ? AND active`),
		utc(at), utc(at), id)
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
