package app

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Delivery channels beyond the app, as reports and counters name them.
const (
	ChannelPush  = "push"
	ChannelEmail = "email"
	ChannelNtfy  = "ntfy"
)

// Outcomes of one channel for one user.
const (
	DeliverySent    = "sent"
	DeliverySkipped = "skipped"
	DeliveryFailed  = "failed"
)

// DeliveryConfig tunes the delivery service.
type DeliveryConfig struct {
	// BaseURL is the installation's public URL, for the links in e-mail and ntfy messages.
	BaseURL string
	// PushTTL is how long push services keep a message for an offline device (default 24h).
	PushTTL time.Duration
	// ChannelTimeout bounds each channel's work for one user (default 30s).
	ChannelTimeout time.Duration
	// ChannelTimeouts overrides ChannelTimeout per channel (push, email, ntfy).
	ChannelTimeouts map[string]time.Duration
	// PushLogOnly and EmailLogOnly say that the adapter writes to the server log instead of
	// delivering (the embedded defaults), so reports can say so.
	PushLogOnly, EmailLogOnly bool
	// Translator writes each message in its recipient's language (nil: English only).
	Translator ports.Translator
}

// Why a channel skipped or failed a delivery (ChannelReport.Reason): English, translated
// where a gardener reads them (a test notification's report).
const (
	MsgPushOff          = "push is turned off"
	MsgNoEmailAddress   = "the account has no e-mail address"
	MsgEmailOff         = "e-mail notifications are turned off"
	MsgNoNtfyTopic      = "no ntfy topic is set"
	MsgAccountInactive  = "the account is deactivated"
	MsgNotificationsOff = "notifications are turned off"
	MsgDeliveryInternal = "internal error"
	MsgNoPushDevice     = "no device is registered for push"
	MsgPushExpired      = "every registered device's subscription had expired"
	MsgPushLogOnly      = "written to the server log: Web Push delivery is not enabled"
	MsgEmailLogOnly     = "written to the server log: no SMTP server is configured"
)

// ChannelReport is what one channel did for one user.
type ChannelReport struct {
	Status string
	// Sent, Failed and Removed count devices for push (Removed: subscriptions the push service
	// reported gone, now forgotten), messages for the other channels.
	Sent, Failed, Removed int
	// Reason says why a channel was skipped or what failed.
	Reason string
	// Retry says a failure may pass if tried again later (the peer was unreachable, busy or
	// slow), where a refusal will not.
	Retry bool
	// HTTPStatus and Latency are a webhook receiver's answer and how long it took.
	HTTPStatus int
	Latency    time.Duration
}

// DeliveryReport is what one notification's delivery to one user did.
type DeliveryReport struct {
	// InApp is true once the notification is stored for the bell dropdown: always, before any
	// other channel is tried.
	InApp bool
	Push  ChannelReport
	Email ChannelReport
	Ntfy  ChannelReport
}

// Delivery fans a stored notification out to the channels a user enabled: Web Push to each
// device, e-mail, ntfy. Channels run side by side, each under its own timeout; a channel that
// fails, hangs or panics is logged and counted and never holds up or cancels the others.
type Delivery struct {
	notify ports.NotifyStore
	push   ports.PushSender
	mail   ports.Mailer
	ntfy   ports.NtfySender
	cfg    DeliveryConfig
	log    *slog.Logger

	mu    sync.Mutex
	stats map[string]int
}

// NewDelivery builds the delivery service.
func NewDelivery(notify ports.NotifyStore, push ports.PushSender, mail ports.Mailer, ntfy ports.NtfySender, cfg DeliveryConfig, log *slog.Logger) *Delivery {
	if cfg.PushTTL <= 0 {
		cfg.PushTTL = 24 * time.Hour
	}
	if cfg.ChannelTimeout <= 0 {
		cfg.ChannelTimeout = 30 * time.Second
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Translator == nil {
		cfg.Translator = ports.EnglishOnly{}
	}
	if log == nil {
		log = slog.Default()
	}
	return &Delivery{notify: notify, push: push, mail: mail, ntfy: ntfy, cfg: cfg, log: log, stats: map[string]int{}}
}

// Stats returns the counts since start: "<channel>_<outcome>" (push_sent, email_failed, …)
// and push_removed.
func (d *Delivery) Stats() map[string]int {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make(map[string]int, len(d.stats))
	for k, v := range d.stats {
		out[k] = v
	}
	return out
}

func (d *Delivery) count(channel string, r ChannelReport) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r.Status == DeliverySkipped && r.Removed == 0 {
		return
	}
	d.stats[channel+"_sent"] += r.Sent
	d.stats[channel+"_failed"] += r.Failed
	if r.Removed > 0 {
		d.stats[channel+"_removed"] += r.Removed
	}
}

// channelTimeout is how long one channel's delivery to one user may take.
func (d *Delivery) channelTimeout(channel string) time.Duration {
	if t := d.cfg.ChannelTimeouts[channel]; t > 0 {
		return t
	}
	return d.cfg.ChannelTimeout
}

// Channels returns the channels n goes to for u according to u's preferences and settings
// now, and for every other channel why it is skipped: what the outbox enqueues.
func Channels(u *domain.User, channels domain.NotificationChannels) (wanted []string, skipped map[string]string) {
	plan := domain.PlanDelivery(u, channels)
	off := skipReason(u)
	skipped = map[string]string{}
	for _, c := range []struct {
		name   string
		wanted bool
		why    string
	}{
		{ChannelPush, plan.Push, firstOf(off, MsgPushOff)},
		{ChannelEmail, plan.Email, firstOf(off, emailSkipReason(u))},
		{ChannelNtfy, plan.Ntfy, firstOf(off, MsgNoNtfyTopic)},
	} {
		if c.wanted {
			wanted = append(wanted, c.name)
		} else {
			skipped[c.name] = c.why
		}
	}
	return wanted, skipped
}

// A channel report's reasons that the dispatcher itself gives (a test notification shows them).
const (
	MsgDeliveryNotFinished = "not finished in time: it is tried again later"
	MsgWebhooksNotServed   = "webhooks are not served by this process"
	MsgDeliveryGone        = "the notification or its recipient no longer exists"
	MsgUnknownChannel      = "unknown channel %s"
)

// DeliverChannel makes one channel's delivery of n, already stored for the app, to u: the
// dispatcher's unit of work. The plan is checked again with u, channels and devices as they
// are now (a channel turned off since the notification was stored is skipped). It returns when
// the channel has finished, failed, or ctx ended; a panic is reported as a failure.
func (d *Delivery) DeliverChannel(ctx context.Context, channel string, u *domain.User, n *domain.Notification,
	channels domain.NotificationChannels, devices []*domain.Device) (r ChannelReport) {
	wanted, skipped := Channels(u, channels)
	if !slices.Contains(wanted, channel) {
		return ChannelReport{Status: DeliverySkipped, Reason: skipped[channel]}
	}
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("notification delivery: channel panicked", "channel", channel, "user", u.ID, "notification", n.ID, "panic", p)
			r = ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: MsgDeliveryInternal}
		}
		d.count(channel, r)
	}()
	n = d.localized(u, n)
	msg := d.message(n)
	switch channel {
	case ChannelPush:
		return logOnly(d.deliverPush(ctx, u, n, msg, devices), d.cfg.PushLogOnly, MsgPushLogOnly)
	case ChannelEmail:
		return logOnly(d.deliverEmail(ctx, u, n, msg), d.cfg.EmailLogOnly, MsgEmailLogOnly)
	case ChannelNtfy:
		target, _ := channels.NtfyTarget()
		return d.deliverNtfy(ctx, u, n, target, msg)
	}
	return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: fmt.Sprintf(MsgUnknownChannel, channel)}
}

// logOnly notes on a sent report that the adapter only logged.
func logOnly(r ChannelReport, only bool, why string) ChannelReport {
	if only && r.Status == DeliverySent && r.Reason == "" {
		r.Reason = why
	}
	return r
}

func skipReason(u *domain.User) string {
	switch {
	case !u.IsActive:
		return MsgAccountInactive
	case !u.NotificationsEnabled:
		return MsgNotificationsOff
	}
	return ""
}

func emailSkipReason(u *domain.User) string {
	if u.Email == "" {
		return MsgNoEmailAddress
	}
	return MsgEmailOff
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// localized is n with the server's own texts in u's language: the stored notification is
// English, each recipient reads it in theirs (an administrator's own message stays as written).
func (d *Delivery) localized(u *domain.User, n *domain.Notification) *domain.Notification {
	lang := domain.LanguageOf(u)
	if lang == domain.DefaultLanguage || n.Kind == domain.KindAdmin {
		return n
	}
	out := *n
	out.Title = d.cfg.Translator.Translate(lang, n.Title)
	if !domain.OwnContent(n.Kind) {
		out.Content = d.cfg.Translator.Translate(lang, n.Content)
	}
	return &out
}

// tr writes one of the e-mail's own lines in u's language.
func (d *Delivery) tr(u *domain.User, format string, arg string) string {
	return d.cfg.Translator.Translate(domain.LanguageOf(u), fmt.Sprintf(format, arg))
}

func (d *Delivery) message(n *domain.Notification) domain.PushMessage {
	tag := fmt.Sprintf("garden-%d", n.ID)
	if n.Kind == domain.KindCareReminder {
		// Today's reminder replaces yesterday's on the device instead of piling up.
		tag = "garden-care-reminder"
	}
	return domain.PushMessage{NotificationID: n.ID, Title: n.Title, Body: n.Content, URL: domain.NotificationURL(n),
		Data: n.Data, Tag: tag, TTL: d.cfg.PushTTL}
}

func (d *Delivery) absolute(path string) string {
	if strings.HasPrefix(path, "/") {
		return d.cfg.BaseURL + path
	}
	return path
}

func (d *Delivery) deliverPush(ctx context.Context, u *domain.User, n *domain.Notification, msg domain.PushMessage,
	devices []*domain.Device) ChannelReport {
	var r ChannelReport
	var reasons []string
	for _, dev := range devices {
		if !dev.Subscription.CanPush() {
			continue
		}
		err := d.push.Send(ctx, dev.Subscription, msg)
		switch {
		case err == nil:
			r.Sent++
		case domain.ErrorCode(err) == domain.ENotFound:
			// The push service says the subscription is gone for good (404/410): forget it.
			if ferr := d.notify.ForgetDevice(context.WithoutCancel(ctx), dev.ID); ferr != nil {
				d.log.Error("notification delivery: forgetting a gone device failed", "device", dev.ID, "err", ferr)
			}
			r.Removed++
			d.log.Info("push subscription gone: device removed", "user", u.ID, "device", dev.ID)
		default:
			r.Failed++
			r.Retry = r.Retry || retryable(err)
			reasons = append(reasons, domain.ErrorMessage(err))
			d.log.Warn("notification delivery: push failed", "user", u.ID, "device", dev.ID, "notification", n.ID, "err", domain.ErrorDetail(err))
		}
	}
	switch {
	case r.Sent > 0:
		r.Status = DeliverySent
	case r.Failed > 0:
		r.Status = DeliveryFailed
	default:
		r.Status = DeliverySkipped
		r.Reason = MsgNoPushDevice
		if r.Removed > 0 {
			r.Reason = MsgPushExpired
		}
	}
	if r.Failed > 0 {
		sort.Strings(reasons)
		r.Reason = strings.Join(compact(reasons), "; ")
	}
	return r
}

func (d *Delivery) deliverEmail(ctx context.Context, u *domain.User, n *domain.Notification, msg domain.PushMessage) ChannelReport {
	name := u.FullName
	if name == "" {
		name = u.Username
	}
	body := n.Content + "\n\n" + d.tr(u, "Open Garden: %s", d.absolute(msg.URL)) + "\n\n-- \n" +
		d.tr(u, "You receive this e-mail because e-mail notifications are on for your Garden account (%s).", u.Username) + "\n" +
		d.tr(u, "Turn them off in Settings: %s", d.absolute("/settings")) + "\n"
	err := d.mail.Send(ctx, domain.EmailMessage{To: u.Email, ToName: name, Subject: n.Title, Body: body})
	if err != nil {
		d.log.Warn("notification delivery: e-mail failed", "user", u.ID, "notification", n.ID, "err", domain.ErrorDetail(err))
		return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: domain.ErrorMessage(err), Retry: retryable(err)}
	}
	return ChannelReport{Status: DeliverySent, Sent: 1}
}

func (d *Delivery) deliverNtfy(ctx context.Context, u *domain.User, n *domain.Notification, target domain.NtfyTarget, msg domain.PushMessage) ChannelReport {
	msg.URL = d.absolute(msg.URL)
	if err := d.ntfy.Send(ctx, target, msg); err != nil {
		d.log.Warn("notification delivery: ntfy failed", "user", u.ID, "notification", n.ID, "server", target.Server, "err", domain.ErrorDetail(err))
		return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: domain.ErrorMessage(err), Retry: retryable(err)}
	}
	return ChannelReport{Status: DeliverySent, Sent: 1}
}

// retryable says whether a failed send may succeed later: everything but a refusal (invalid).
func retryable(err error) bool { return domain.ErrorCode(err) != domain.EInvalid }

func compact(sorted []string) []string {
	var out []string
	for i, s := range sorted {
		if i == 0 || s != sorted[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// Counts tallies the report into counts keyed like Delivery.Stats.
func (r DeliveryReport) Counts(into map[string]int) {
	for channel, c := range map[string]ChannelReport{ChannelPush: r.Push, ChannelEmail: r.Email, ChannelNtfy: r.Ntfy} {
		into[channel+"_sent"] += c.Sent
		into[channel+"_failed"] += c.Failed
		if c.Removed > 0 {
			into[channel+"_removed"] += c.Removed
		}
	}
}
