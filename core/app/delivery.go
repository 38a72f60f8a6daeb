package app

import (
	"context"
	"fmt"
	"log/slog"
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
	// PushLogOnly and EmailLogOnly say that the adapter writes to the server log instead of
	// delivering (the embedded defaults), so reports can say so.
	PushLogOnly, EmailLogOnly bool
}

// ChannelReport is what one channel did for one user.
type ChannelReport struct {
	Status string
	// Sent, Failed and Removed count devices for push (Removed: subscriptions the push service
	// reported gone, now forgotten), messages for the other channels.
	Sent, Failed, Removed int
	// Reason says why a channel was skipped or what failed.
	Reason string
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

// Deliver sends n, already stored for the app, to u's other channels according to u's
// preferences and settings, and reports what each did. It returns when every channel has
// finished or timed out.
func (d *Delivery) Deliver(ctx context.Context, u *domain.User, n *domain.Notification) DeliveryReport {
	channels, err := d.notify.NotificationChannels(ctx, u.ID)
	if err != nil {
		d.log.Error("notification delivery: reading channel settings failed", "user", u.ID, "notification", n.ID, "err", err)
	}
	return d.deliver(ctx, u, n, channels, func(ctx context.Context) ([]*domain.Device, error) { return d.notify.ListDevices(ctx, u.ID) })
}

// Addressed is a stored notification and the user it is delivered to.
type Addressed struct {
	User         *domain.User
	Notification *domain.Notification
}

// DeliverMany is Deliver for many users, one after the other, with the channel settings and
// devices of them all read in a few statements first, whatever their number; reports[i] is
// items[i]'s.
func (d *Delivery) DeliverMany(ctx context.Context, items []Addressed) []DeliveryReport {
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.User.ID
	}
	channels, err := d.notify.NotificationChannelsOf(ctx, ids)
	if err != nil {
		d.log.Error("notification delivery: reading channel settings failed", "users", len(ids), "err", err)
	}
	devices, devErr := d.notify.ListDevicesOf(ctx, ids)
	reports := make([]DeliveryReport, len(items))
	for i, it := range items {
		uid := it.User.ID
		reports[i] = d.deliver(ctx, it.User, it.Notification, channels[uid], func(context.Context) ([]*domain.Device, error) {
			return devices[uid], devErr
		})
	}
	return reports
}

func (d *Delivery) deliver(ctx context.Context, u *domain.User, n *domain.Notification, channels domain.NotificationChannels,
	devices func(context.Context) ([]*domain.Device, error)) DeliveryReport {
	report := DeliveryReport{InApp: true}
	plan := domain.PlanDelivery(u, channels)
	msg := d.message(n)
	var wg sync.WaitGroup
	run := func(channel string, dst *ChannelReport, wanted bool, why string, fn func(context.Context) ChannelReport) {
		if !wanted {
			*dst = ChannelReport{Status: DeliverySkipped, Reason: why}
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, d.cfg.ChannelTimeout)
			defer cancel()
			defer func() {
				if p := recover(); p != nil {
					d.log.Error("notification delivery: channel panicked", "channel", channel, "user", u.ID, "notification", n.ID, "panic", p)
					*dst = ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: "internal error"}
				}
				d.count(channel, *dst)
			}()
			*dst = fn(cctx)
		}()
	}
	off := skipReason(u)
	run(ChannelPush, &report.Push, plan.Push, firstOf(off, "push is turned off"), func(ctx context.Context) ChannelReport {
		return logOnly(d.deliverPush(ctx, u, n, msg, devices), d.cfg.PushLogOnly, "written to the server log: Web Push delivery is not enabled")
	})
	run(ChannelEmail, &report.Email, plan.Email, firstOf(off, emailSkipReason(u)), func(ctx context.Context) ChannelReport {
		return logOnly(d.deliverEmail(ctx, u, n, msg), d.cfg.EmailLogOnly, "written to the server log: no SMTP server is configured")
	})
	target, _ := channels.NtfyTarget()
	run(ChannelNtfy, &report.Ntfy, plan.Ntfy, firstOf(off, "no ntfy topic is set"), func(ctx context.Context) ChannelReport {
		return d.deliverNtfy(ctx, u, n, target, msg)
	})
	wg.Wait()
	return report
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
		return "the account is deactivated"
	case !u.NotificationsEnabled:
		return "notifications are turned off"
	}
	return ""
}

func emailSkipReason(u *domain.User) string {
	if u.Email == "" {
		return "the account has no e-mail address"
	}
	return "e-mail notifications are turned off"
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
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
	listDevices func(context.Context) ([]*domain.Device, error)) ChannelReport {
	devices, err := listDevices(ctx)
	if err != nil {
		d.log.Error("notification delivery: listing devices failed", "user", u.ID, "notification", n.ID, "err", err)
		return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: "devices could not be read"}
	}
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
		r.Reason = "no device is registered for push"
		if r.Removed > 0 {
			r.Reason = "every registered device's subscription had expired"
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
	body := n.Content + "\n\nOpen Garden: " + d.absolute(msg.URL) + "\n\n-- \n" +
		"You receive this e-mail because e-mail notifications are on for your Garden account (" + u.Username + ").\n" +
		"Turn them off in Settings: " + d.absolute("/settings") + "\n"
	err := d.mail.Send(ctx, domain.EmailMessage{To: u.Email, ToName: name, Subject: n.Title, Body: body})
	if err != nil {
		d.log.Warn("notification delivery: e-mail failed", "user", u.ID, "notification", n.ID, "err", domain.ErrorDetail(err))
		return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: domain.ErrorMessage(err)}
	}
	return ChannelReport{Status: DeliverySent, Sent: 1}
}

func (d *Delivery) deliverNtfy(ctx context.Context, u *domain.User, n *domain.Notification, target domain.NtfyTarget, msg domain.PushMessage) ChannelReport {
	msg.URL = d.absolute(msg.URL)
	if err := d.ntfy.Send(ctx, target, msg); err != nil {
		d.log.Warn("notification delivery: ntfy failed", "user", u.ID, "notification", n.ID, "server", target.Server, "err", domain.ErrorDetail(err))
		return ChannelReport{Status: DeliveryFailed, Failed: 1, Reason: domain.ErrorMessage(err)}
	}
	return ChannelReport{Status: DeliverySent, Sent: 1}
}

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
