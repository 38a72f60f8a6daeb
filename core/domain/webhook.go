package domain

import (
	"slices"
	"strings"
	"time"
)

// Webhook event types (issue #29): what a webhook may subscribe to.
const (
	EventPlantNeedsWater  = "plant.needs_water"
	EventPlantWatered     = "plant.watered"
	EventTaskDue          = "task.due"
	EventTaskCompleted    = "task.completed"
	EventHarvestRecorded  = "harvest.recorded"
	EventForumReply       = "forum.reply"
	EventListingMessage   = "listing.message"
	EventWebhookTest      = "webhook.test"
	KindWebhookPaused     = "webhook_paused"
	MaxWebhooksPerUser    = 20
	MaxWebhookURLLength   = 2000
	MinWebhookSecretBytes = 16
	MaxWebhookSecretBytes = 200
	// WebhookLogSize is how many deliveries of a webhook its log keeps (the newest).
	WebhookLogSize = 50
	// WebhookPauseAfter is how long a webhook may fail without a success before it is paused.
	WebhookPauseAfter = 24 * time.Hour
)

// WebhookEvents are the event types a webhook may subscribe to, in the order forms show them.
var WebhookEvents = []string{EventPlantNeedsWater, EventPlantWatered, EventTaskDue, EventTaskCompleted, EventHarvestRecorded,
	EventForumReply, EventListingMessage}

// Webhook messages.
const (
	MsgWebhookNotFound      = "Webhook not found"
	MsgWebhookURLRequired   = "URL is required"
	MsgWebhookURLInvalid    = "URL must be an http or https address"
	MsgWebhookURLTooLong    = "URL cannot exceed 2000 characters"
	MsgWebhookEventsNeeded  = "Choose at least one event"
	MsgWebhookEventUnknown  = "Unknown event type"
	MsgWebhookSecretLength  = "Secret must be 16 to 200 characters"
	MsgWebhookLimit         = "Webhook limit reached"
	MsgWebhookSiteWide      = "Only superadmins can create site-wide webhooks"
	MsgWebhookPrivateTarget = "The webhook's address is not allowed: private and loopback addresses are refused"
)

// Webhook delivery log states: a delivery is pending until its first attempt, retrying after a
// failure that may pass, and ends delivered, failed (refused for good), given up (every retry
// failed) or skipped (the webhook was paused or turned off by then).
const (
	WebhookPending   = "pending"
	WebhookRetrying  = "retrying"
	WebhookDelivered = "delivered"
	WebhookFailed    = "failed"
	WebhookGivenUp   = "given_up"
	WebhookSkipped   = "skipped"
)

// Webhook is a URL that hears the events it subscribes to: its owner's own, or, site-wide
// (superadmins), every user's.
type Webhook struct {
	ID       int64
	OwnerID  int64
	SiteWide bool
	URL      string
	Events   []string
	// Secret signs every delivery; the API shows it once, when it is set.
	Secret string
	Active bool
	// FailingSince is the first failure after the last success; PausedAt when the webhook was
	// paused for failing WebhookPauseAfter.
	FailingSince *time.Time
	PausedAt     *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Wants reports whether w subscribes to event.
func (w *Webhook) Wants(event string) bool { return slices.Contains(w.Events, event) }

// ValidateWebhook checks a webhook's URL, events and secret.
func ValidateWebhook(w *Webhook) error {
	var v Validation
	w.URL = strings.TrimSpace(w.URL)
	switch {
	case w.URL == "":
		v.Add("url", MsgWebhookURLRequired)
	case len(w.URL) > MaxWebhookURLLength:
		v.Add("url", MsgWebhookURLTooLong)
	case !webhookURLShape(w.URL):
		v.Add("url", MsgWebhookURLInvalid)
	}
	if len(w.Events) == 0 {
		v.Add("events", MsgWebhookEventsNeeded)
	}
	seen := map[string]bool{}
	var events []string
	for _, e := range w.Events {
		if !slices.Contains(WebhookEvents, e) {
			v.Add("events", MsgWebhookEventUnknown)
			continue
		}
		if !seen[e] {
			seen[e] = true
			events = append(events, e)
		}
	}
	w.Events = events
	if n := len(w.Secret); n < MinWebhookSecretBytes || n > MaxWebhookSecretBytes {
		v.Add("secret", MsgWebhookSecretLength)
	}
	return v.Err()
}

// webhookURLShape reports whether u is http(s)://host… without credentials or spaces (the
// adapter parses it fully before each delivery).
func webhookURLShape(u string) bool {
	lower := strings.ToLower(u)
	rest, ok := strings.CutPrefix(lower, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(lower, "http://"); !ok {
			return false
		}
	}
	authority, _, _ := strings.Cut(rest, "/")
	authority, _, _ = strings.Cut(authority, "?")
	authority, _, _ = strings.Cut(authority, "#")
	return authority != "" && !strings.ContainsAny(authority, "@ \t\r\n") && !strings.ContainsAny(u, " \t\r\n") && !strings.HasPrefix(authority, ":")
}

// WebhookEvent is something that happened that webhooks may hear: UserIDs are the users whose
// own webhooks hear it (the plant's owner, the reply's addressees); site-wide webhooks hear
// every event once. Payload is the event's JSON object.
type WebhookEvent struct {
	Type    string
	UserIDs []int64
	Payload []byte
}

// WebhookDelivery is one event to one webhook and the outcome of its last attempt.
type WebhookDelivery struct {
	ID         int64
	WebhookID  int64
	Event      string
	Payload    []byte
	CreatedAt  time.Time
	Status     string
	Attempts   int
	HTTPStatus int
	Latency    time.Duration
	Error      string
	// AttemptedAt is when the last attempt ended.
	AttemptedAt *time.Time
}
