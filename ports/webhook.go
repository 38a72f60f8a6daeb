package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// WebhookStore keeps webhooks and their deliveries. Its writes join the transaction of
// OutboxStore.InTx when given its context.
type WebhookStore interface {
	// CreateWebhook stores w and sets its ID.
	CreateWebhook(ctx context.Context, w *domain.Webhook) error
	// GetWebhook returns a webhook (not_found when none).
	GetWebhook(ctx context.Context, id int64) (*domain.Webhook, error)
	// ListWebhooks returns the owner's webhooks by id, at most limit (bounded by the
	// per-user limit).
	ListWebhooks(ctx context.Context, ownerID int64, limit int) ([]*domain.Webhook, error)
	// CountWebhooks counts the owner's webhooks.
	CountWebhooks(ctx context.Context, ownerID int64) (int, error)
	// UpdateWebhook writes w's URL, events, secret, active, paused and failing fields.
	UpdateWebhook(ctx context.Context, w *domain.Webhook) error
	// DeleteWebhook removes a webhook with its deliveries (not_found when none).
	DeleteWebhook(ctx context.Context, id int64) error
	// MatchWebhooks returns, in one statement, the active webhooks that subscribe to event and
	// either belong to one of userIDs or are site-wide.
	MatchWebhooks(ctx context.Context, event string, userIDs []int64) ([]*domain.Webhook, error)
	// WebhooksByID returns the webhooks with these ids that still exist.
	WebhooksByID(ctx context.Context, ids []int64) (map[int64]*domain.Webhook, error)
	// CreateWebhookDeliveries stores ds (pending) and sets their IDs, in a few statements
	// whatever their number.
	CreateWebhookDeliveries(ctx context.Context, ds []*domain.WebhookDelivery) error
	// WebhookDeliveriesByID returns the deliveries with these ids that still exist.
	WebhookDeliveriesByID(ctx context.Context, ids []int64) (map[int64]*domain.WebhookDelivery, error)
	// RecordWebhookAttempt writes an attempt's outcome on d (status, attempts, HTTP status,
	// latency, error, time) and drops the webhook's finished deliveries older than its newest
	// domain.WebhookLogSize.
	RecordWebhookAttempt(ctx context.Context, d *domain.WebhookDelivery) error
	// ListWebhookDeliveries returns a webhook's newest deliveries, newest first, at most limit.
	ListWebhookDeliveries(ctx context.Context, webhookID int64, limit int) ([]*domain.WebhookDelivery, error)
	// MarkWebhookFailing sets the webhook's failing_since to at unless it is set, and returns it.
	MarkWebhookFailing(ctx context.Context, id int64, at time.Time) (since time.Time, err error)
	// MarkWebhookHealthy clears failing_since.
	MarkWebhookHealthy(ctx context.Context, id int64) error
	// PauseWebhook turns an active webhook off at at; paused is false when it was off already
	// (another dispatcher paused it), so its owner is told once.
	PauseWebhook(ctx context.Context, id int64, at time.Time) (paused bool, err error)
}

// WebhookRequest is one signed delivery.
type WebhookRequest struct {
	URL        string
	Event      string
	DeliveryID string
	Body       []byte
	// Signature is "sha256=<hex HMAC-SHA256 of Body with the webhook's secret>".
	Signature string
}

// WebhookResult is what a receiver answered.
type WebhookResult struct {
	// Status is the HTTP status (0: no answer).
	Status  int
	Latency time.Duration
}

// WebhookSender posts webhook deliveries.
type WebhookSender interface {
	// CheckTarget refuses a URL whose host resolves to a private or loopback address (unless
	// the installation allows them): invalid with domain.MsgWebhookPrivateTarget.
	CheckTarget(ctx context.Context, rawURL string) error
	// Send posts req. err is set when no 2xx answer came: invalid when the address is refused
	// (private or loopback), unavailable otherwise (retried).
	Send(ctx context.Context, req WebhookRequest) (WebhookResult, error)
}
