package app

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// ChannelWebhook is the outbox channel of webhook deliveries.
const ChannelWebhook = "webhook"

// WebhooksConfig tunes webhooks.
type WebhooksConfig struct {
	// Timeout bounds one delivery: connecting, sending and the receiver's answer (default 10s).
	Timeout time.Duration
}

// Webhooks manages the caller's webhooks and turns events into signed deliveries through the
// outbox: Emit writes them in the transaction of the change (Tx), the dispatcher posts them,
// retries with backoff for 24 hours, logs each outcome, and pauses a webhook failing for
// domain.WebhookPauseAfter, telling its owner.
type Webhooks struct {
	store      ports.WebhookStore
	outbox     ports.OutboxStore
	sender     ports.WebhookSender
	notifier   *Notifier
	dispatcher *Dispatcher
	clock      ports.Clock
	cfg        WebhooksConfig
	log        *slog.Logger
}

// NewWebhooks builds the webhooks service over the notifications' outbox and dispatcher,
// which delivers the webhook channel from then on.
func NewWebhooks(store ports.WebhookStore, n *Notifications, sender ports.WebhookSender, clock ports.Clock, cfg WebhooksConfig, log *slog.Logger) *Webhooks {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	w := &Webhooks{store: store, outbox: n.notify, sender: sender, notifier: n.notifier, dispatcher: n.dispatcher, clock: clock, cfg: cfg, log: log}
	n.dispatcher.webhooks = w
	return w
}

func webhookNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgWebhookNotFound)
	}
	return err
}

// own returns the caller's webhook id; another's is not found, whatever the caller's role.
func (w *Webhooks) own(ctx context.Context, p *domain.Principal, id int64) (*domain.Webhook, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	hook, err := w.store.GetWebhook(ctx, id)
	if err != nil {
		return nil, webhookNotFound(err)
	}
	if hook.OwnerID != p.User.ID {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgWebhookNotFound)
	}
	return hook, nil
}

// NewWebhookSecret returns a random secret: 32 bytes, hex.
func NewWebhookSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// List returns the caller's webhooks (at most domain.MaxWebhooksPerUser), secrets blanked.
func (w *Webhooks) List(ctx context.Context, p *domain.Principal) ([]*domain.Webhook, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	hooks, err := w.store.ListWebhooks(ctx, p.User.ID, domain.MaxWebhooksPerUser)
	for _, h := range hooks {
		h.Secret = ""
	}
	return hooks, err
}

// WebhookInput is a new webhook; an empty Secret is generated. Active nil means on.
type WebhookInput struct {
	URL      string
	Events   []string
	Secret   string
	Active   *bool
	SiteWide bool
}

// Create stores a webhook of the caller and returns it with its secret (the only time the
// secret is shown). Site-wide webhooks are for superadmins; private targets are refused.
func (w *Webhooks) Create(ctx context.Context, p *domain.Principal, in WebhookInput) (*domain.Webhook, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if in.SiteWide && p.User.Role != domain.RoleSuperadmin {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgWebhookSiteWide)
	}
	now := w.clock.Now()
	hook := &domain.Webhook{OwnerID: p.User.ID, SiteWide: in.SiteWide, URL: in.URL, Events: in.Events, Secret: in.Secret, Active: true,
		CreatedAt: now, UpdatedAt: now}
	if in.Active != nil {
		hook.Active = *in.Active
	}
	if hook.Secret == "" {
		s, err := NewWebhookSecret()
		if err != nil {
			return nil, err
		}
		hook.Secret = s
	}
	if err := domain.ValidateWebhook(hook); err != nil {
		return nil, err
	}
	if err := w.sender.CheckTarget(ctx, hook.URL); err != nil {
		return nil, err
	}
	n, err := w.store.CountWebhooks(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	if n >= domain.MaxWebhooksPerUser {
		return nil, domain.Errorf(domain.ELimitReached, domain.MsgWebhookLimit)
	}
	if err := w.store.CreateWebhook(ctx, hook); err != nil {
		return nil, err
	}
	w.log.Info("webhook created", "webhook", hook.ID, "owner", p.User.ID, "siteWide", hook.SiteWide)
	return hook, nil
}

// WebhookPatch changes a webhook; nil fields stay. RotateSecret draws a new secret.
type WebhookPatch struct {
	URL          *string
	Events       *[]string
	Secret       *string
	RotateSecret bool
	Active       *bool
}

// Update changes one of the caller's webhooks. Turning it on again clears a pause and the
// failure clock. The answer carries the secret only when it changed.
func (w *Webhooks) Update(ctx context.Context, p *domain.Principal, id int64, patch WebhookPatch) (*domain.Webhook, error) {
	hook, err := w.own(ctx, p, id)
	if err != nil {
		return nil, err
	}
	oldURL, oldSecret := hook.URL, hook.Secret
	if patch.URL != nil {
		hook.URL = *patch.URL
	}
	if patch.Events != nil {
		hook.Events = *patch.Events
	}
	if patch.Secret != nil {
		hook.Secret = *patch.Secret
	}
	if patch.RotateSecret {
		if hook.Secret, err = NewWebhookSecret(); err != nil {
			return nil, err
		}
	}
	if patch.Active != nil {
		if *patch.Active && !hook.Active {
			hook.PausedAt, hook.FailingSince = nil, nil
		}
		hook.Active = *patch.Active
	}
	if err := domain.ValidateWebhook(hook); err != nil {
		return nil, err
	}
	if hook.URL != oldURL {
		if err := w.sender.CheckTarget(ctx, hook.URL); err != nil {
			return nil, err
		}
	}
	hook.UpdatedAt = w.clock.Now()
	if err := w.store.UpdateWebhook(ctx, hook); err != nil {
		return nil, webhookNotFound(err)
	}
	if hook.Secret == oldSecret {
		hook.Secret = ""
	}
	return hook, nil
}

// Delete removes one of the caller's webhooks with its log and pending deliveries.
func (w *Webhooks) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if _, err := w.own(ctx, p, id); err != nil {
		return err
	}
	return webhookNotFound(w.store.DeleteWebhook(ctx, id))
}

// Deliveries returns the log of one of the caller's webhooks: its newest deliveries.
func (w *Webhooks) Deliveries(ctx context.Context, p *domain.Principal, id int64) ([]*domain.WebhookDelivery, error) {
	if _, err := w.own(ctx, p, id); err != nil {
		return nil, err
	}
	return w.store.ListWebhookDeliveries(ctx, id, domain.WebhookLogSize)
}

// SendTest sends a webhook.test event to one of the caller's webhooks while the caller waits,
// through the outbox like any delivery (a failure is retried later), and returns its log entry.
func (w *Webhooks) SendTest(ctx context.Context, p *domain.Principal, id int64) (*domain.WebhookDelivery, error) {
	hook, err := w.own(ctx, p, id)
	if err != nil {
		return nil, err
	}
	payload, _ := json.Marshal(map[string]any{"webhookId": hook.ID, "message": "A test from Garden"})
	now := w.clock.Now()
	hd := &domain.WebhookDelivery{WebhookID: hook.ID, Event: domain.EventWebhookTest, Payload: payload, CreatedAt: now}
	var rows []*domain.OutboxDelivery
	err = w.outbox.InTx(ctx, func(ctx context.Context) error {
		if err := w.store.CreateWebhookDeliveries(ctx, []*domain.WebhookDelivery{hd}); err != nil {
			return err
		}
		until := now.Add(w.dispatcher.cfg.Lease)
		rows = []*domain.OutboxDelivery{{Channel: ChannelWebhook, UserID: hook.OwnerID, WebhookDeliveryID: hd.ID, CreatedAt: now,
			NextAttemptAt: now, ClaimedBy: w.dispatcher.cfg.ID, ClaimedUntil: &until, Attempts: 1}}
		return w.outbox.EnqueueDeliveries(ctx, rows)
	})
	if err != nil {
		return nil, err
	}
	if _, err := w.dispatcher.deliverNow(ctx, rows); err != nil {
		w.log.Warn("webhook test: not finished before the request ended", "webhook", hook.ID, "err", err)
	}
	got, err := w.store.WebhookDeliveriesByID(ctx, []int64{hd.ID})
	if err != nil {
		return nil, err
	}
	if d := got[hd.ID]; d != nil {
		return d, nil
	}
	return hd, nil
}

// Tx runs fn in one transaction with the events it emits (Emit), and nudges the dispatcher
// once it has committed. A nil Webhooks runs fn alone.
func (w *Webhooks) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	if w == nil {
		return fn(ctx)
	}
	if err := w.outbox.InTx(ctx, fn); err != nil {
		return err
	}
	w.dispatcher.Nudge()
	return nil
}

// nudge tells the dispatcher that deliveries were committed (after a Tx of another service).
func (w *Webhooks) nudge() {
	if w != nil {
		w.dispatcher.Nudge()
	}
}

// Emit writes a delivery of ev to every active webhook that hears it, with its outbox row, in
// ctx's transaction (Tx), in three statements whatever their number: the match, the
// deliveries, the outbox rows. A nil Webhooks emits nothing.
func (w *Webhooks) Emit(ctx context.Context, ev domain.WebhookEvent) error {
	return w.EmitAll(ctx, []domain.WebhookEvent{ev})
}

// EmitAll is Emit of many events (a reminder run's batch) in one match per event type and two
// inserts whatever their number.
func (w *Webhooks) EmitAll(ctx context.Context, evs []domain.WebhookEvent) error {
	if w == nil || len(evs) == 0 {
		return nil
	}
	var types []string
	users := map[string][]int64{}
	for _, ev := range evs {
		if _, ok := users[ev.Type]; !ok {
			types = append(types, ev.Type)
			users[ev.Type] = nil
		}
		users[ev.Type] = append(users[ev.Type], ev.UserIDs...)
	}
	matched := map[string][]*domain.Webhook{}
	for _, t := range types {
		hooks, err := w.store.MatchWebhooks(ctx, t, uniqueIDs(users[t]))
		if err != nil {
			return err
		}
		matched[t] = hooks
	}
	now := w.clock.Now()
	var ds []*domain.WebhookDelivery
	var owners []int64
	for _, ev := range evs {
		for _, h := range matched[ev.Type] {
			if h.SiteWide || slices.Contains(ev.UserIDs, h.OwnerID) {
				ds = append(ds, &domain.WebhookDelivery{WebhookID: h.ID, Event: ev.Type, Payload: ev.Payload, CreatedAt: now})
				owners = append(owners, h.OwnerID)
			}
		}
	}
	if len(ds) == 0 {
		return nil
	}
	if err := w.store.CreateWebhookDeliveries(ctx, ds); err != nil {
		return err
	}
	rows := make([]*domain.OutboxDelivery, len(ds))
	for i, d := range ds {
		rows[i] = &domain.OutboxDelivery{Channel: ChannelWebhook, UserID: owners[i], WebhookDeliveryID: d.ID, CreatedAt: now, NextAttemptAt: now}
	}
	return w.outbox.EnqueueDeliveries(ctx, rows)
}

func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// EmitEvent is Emit of an event whose payload is marshalled from v.
func (w *Webhooks) EmitEvent(ctx context.Context, event string, userIDs []int64, v any) error {
	if w == nil {
		return nil
	}
	payload, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return w.Emit(ctx, domain.WebhookEvent{Type: event, UserIDs: userIDs, Payload: payload})
}

// WebhookBody is the JSON body of a delivery: the same bytes at every attempt.
func WebhookBody(d *domain.WebhookDelivery) []byte {
	payload := json.RawMessage(d.Payload)
	if len(payload) == 0 {
		payload = json.RawMessage("{}")
	}
	body, _ := json.Marshal(struct {
		ID      string          `json:"id"`
		Type    string          `json:"type"`
		Time    time.Time       `json:"time"`
		Payload json.RawMessage `json:"payload"`
	}{strconv.FormatInt(d.ID, 10), d.Event, d.CreatedAt.UTC(), payload})
	return body
}

// WebhookSignature is "sha256=" and the hex HMAC-SHA256 of body under secret.
func WebhookSignature(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// load reads the deliveries and webhooks of claimed webhook rows in two statements.
func (w *Webhooks) load(ctx context.Context, ids []int64) (map[int64]*domain.WebhookDelivery, map[int64]*domain.Webhook, error) {
	ds, err := w.store.WebhookDeliveriesByID(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	var hookIDs []int64
	seen := map[int64]bool{}
	for _, d := range ds {
		if !seen[d.WebhookID] {
			seen[d.WebhookID] = true
			hookIDs = append(hookIDs, d.WebhookID)
		}
	}
	hooks, err := w.store.WebhooksByID(ctx, hookIDs)
	return ds, hooks, err
}

// Why a webhook delivery was skipped or failed (its log's error), besides the receiver's.
const (
	MsgWebhookGone    = "the webhook no longer exists"
	MsgWebhookPaused  = "the webhook is paused"
	MsgWebhookOff     = "the webhook is switched off"
	MsgWebhookTimeout = "no answer within %s"
)

// send makes one attempt of a claimed delivery.
func (w *Webhooks) send(ctx context.Context, it addressed) ChannelReport {
	switch {
	case it.hook == nil || it.hookDelivery == nil:
		return ChannelReport{Status: DeliverySkipped, Reason: MsgWebhookGone}
	case !it.hook.Active && it.hook.PausedAt != nil:
		return ChannelReport{Status: DeliverySkipped, Reason: MsgWebhookPaused}
	case !it.hook.Active:
		return ChannelReport{Status: DeliverySkipped, Reason: MsgWebhookOff}
	}
	body := WebhookBody(it.hookDelivery)
	res, err := w.sender.Send(ctx, ports.WebhookRequest{URL: it.hook.URL, Event: it.hookDelivery.Event,
		DeliveryID: strconv.FormatInt(it.hookDelivery.ID, 10), Body: body, Signature: WebhookSignature(it.hook.Secret, body)})
	report := ChannelReport{Status: DeliverySent, Sent: 1, HTTPStatus: res.Status, Latency: res.Latency}
	if err != nil {
		report.Status, report.Sent, report.Failed, report.Reason = DeliveryFailed, 0, 1, domain.ErrorMessage(err)
		if domain.ErrorCode(err) == domain.EInternal && ctx.Err() != nil {
			report.Reason = fmt.Sprintf(MsgWebhookTimeout, w.cfg.Timeout)
		}
		report.Retry = domain.ErrorCode(err) != domain.EInvalid
	}
	return report
}

// finished records an attempt's outcome in the webhook's log and its health: a success clears
// the failure clock, a failure starts it, and a webhook failing for WebhookPauseAfter is
// paused and its owner told (once).
func (w *Webhooks) finished(it addressed, r *domain.OutboxDelivery, report ChannelReport) {
	hd := it.hookDelivery
	if hd == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	now := w.clock.Now()
	hd.Attempts, hd.HTTPStatus, hd.Latency, hd.Error, hd.AttemptedAt = r.Attempts, report.HTTPStatus, report.Latency, report.Reason, &now
	switch r.Status {
	case domain.OutboxDelivered:
		hd.Status = domain.WebhookDelivered
	case domain.OutboxSkipped:
		hd.Status = domain.WebhookSkipped
	case domain.OutboxFailed:
		hd.Status = domain.WebhookFailed
	case domain.OutboxGivenUp:
		hd.Status = domain.WebhookGivenUp
	default:
		hd.Status = domain.WebhookRetrying
	}
	if err := w.store.RecordWebhookAttempt(ctx, hd); err != nil {
		w.log.Error("webhook: recording an attempt failed", "delivery", hd.ID, "err", err)
	}
	hook := it.hook
	if hook == nil || report.Status == DeliverySkipped {
		return
	}
	if report.Status == DeliverySent {
		if hook.FailingSince != nil {
			if err := w.store.MarkWebhookHealthy(ctx, hook.ID); err != nil {
				w.log.Error("webhook: clearing the failure clock failed", "webhook", hook.ID, "err", err)
			}
		}
		return
	}
	since, err := w.store.MarkWebhookFailing(ctx, hook.ID, now)
	if err != nil {
		w.log.Error("webhook: starting the failure clock failed", "webhook", hook.ID, "err", err)
		return
	}
	if now.Sub(since) < domain.WebhookPauseAfter {
		return
	}
	paused, err := w.store.PauseWebhook(ctx, hook.ID, now)
	if err != nil || !paused {
		return
	}
	w.log.Warn("webhook paused after failing for 24 hours", "webhook", hook.ID, "owner", hook.OwnerID, "since", since)
	owner := hook.OwnerID
	n := &domain.Notification{Kind: domain.KindWebhookPaused, Title: "Webhook paused", TargetType: domain.TargetUser, TargetID: &owner,
		Content: fmt.Sprintf("Your webhook to %s failed for 24 hours, so Garden paused it. Turn it back on in Settings › Webhooks.", shortURL(hook.URL)),
		Data:    map[string]any{"webhookId": hook.ID}}
	if _, err := w.notifier.Send(ctx, []Note{{Notification: n}}); err != nil {
		w.log.Error("webhook: telling the owner of the pause failed", "webhook", hook.ID, "err", err)
	}
}

// shortURL cuts a long URL for a notification's text.
func shortURL(u string) string {
	if r := []rune(u); len(r) > 120 {
		return string(r[:120]) + "…"
	}
	return u
}
