package app

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// DispatcherConfig tunes the outbox dispatcher (docs/decisions.md, "The outbox").
type DispatcherConfig struct {
	// InFlight is how many deliveries of one channel run at once in this process (default 8):
	// never more goroutines or sockets per channel, whatever the rate of notifications.
	InFlight int
	// Every is how often the dispatcher looks for due deliveries besides being nudged after a
	// commit (default 2s).
	Every time.Duration
	// Lease is how long a claimed delivery is this dispatcher's (default: the longest channel
	// timeout plus a minute); a crashed claimer's deliveries are due again after it.
	Lease time.Duration
	// MaxAttempts and MaxAge bound the retries: a delivery that failed MaxAttempts times, or
	// is older than MaxAge when it fails, is given up (defaults 8 and 24h).
	MaxAttempts int
	MaxAge      time.Duration
	// Backoff is the wait after the first failure, doubled after each next one up to
	// MaxBackoff (defaults 30s and 1h).
	Backoff, MaxBackoff time.Duration
	// DrainTimeout is how long a stopping dispatcher lets deliveries in flight finish (default
	// 20s); the unfinished ones are released for the next run.
	DrainTimeout time.Duration
	// ID names this dispatcher in the leases it takes (default: unique per process).
	ID string
	// Lock, when set, is taken for each claim (SQLite: the job lock, one claimer at a time);
	// PostgreSQL's claims need none (SKIP LOCKED).
	Lock func(ctx context.Context) (unlock func(), ok bool, err error)
}

// outboxChannels are the channels the dispatcher drains.
var outboxChannels = []string{ChannelPush, ChannelEmail, ChannelNtfy, ChannelWebhook}

// Dispatcher delivers the outbox: it claims due deliveries a channel at a time, at most
// InFlight per channel, delivers each under its channel's timeout, and records the outcome:
// delivered, skipped, failed, retried later with exponential backoff, or given up.
type Dispatcher struct {
	store    ports.NotifyStore
	users    ports.UserStore
	delivery *Delivery
	clock    ports.Clock
	cfg      DispatcherConfig
	log      *slog.Logger
	// webhooks delivers the webhook channel (NewWebhooks sets it; nil: its rows are skipped).
	webhooks *Webhooks

	slots map[string]chan struct{}
	nudge chan struct{}
	// freed hears a delivery end: a slot is free for the next due one.
	freed chan struct{}
	// passMu makes one pass at a time, so the free slots a pass counts are its own.
	passMu   sync.Mutex
	inflight sync.WaitGroup
	// deliveries is the parent of every delivery's context; it ends when a stopping dispatcher's
	// drain timeout passes.
	deliveries context.Context
	stop       context.CancelFunc
}

// NewDispatcher builds the outbox dispatcher; run it with Run (the job runner does).
func NewDispatcher(store ports.NotifyStore, users ports.UserStore, delivery *Delivery, clock ports.Clock, cfg DispatcherConfig, log *slog.Logger) *Dispatcher {
	if cfg.InFlight <= 0 {
		cfg.InFlight = 8
	}
	if cfg.Every <= 0 {
		cfg.Every = 2 * time.Second
	}
	if cfg.Lease <= 0 {
		longest := time.Duration(0)
		if delivery != nil {
			for _, ch := range outboxChannels {
				if ch != ChannelWebhook {
					longest = max(longest, delivery.channelTimeout(ch))
				}
			}
		}
		cfg.Lease = longest + time.Minute
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = 24 * time.Hour
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 30 * time.Second
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = time.Hour
	}
	if cfg.DrainTimeout <= 0 {
		cfg.DrainTimeout = 20 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	d := &Dispatcher{store: store, users: users, delivery: delivery, clock: clock, cfg: cfg, log: log,
		slots: map[string]chan struct{}{}, nudge: make(chan struct{}, 1), freed: make(chan struct{}, 1)}
	if d.cfg.ID == "" {
		d.cfg.ID = fmt.Sprintf("dispatcher-%p-%d", d, clock.Now().UnixNano())
	}
	for _, ch := range outboxChannels {
		d.slots[ch] = make(chan struct{}, cfg.InFlight)
	}
	d.deliveries, d.stop = context.WithCancel(context.Background())
	return d
}

// Config returns the dispatcher's settings with their defaults filled in.
func (d *Dispatcher) Config() DispatcherConfig { return d.cfg }

// Nudge asks a running dispatcher to look for due deliveries now: the Notifier calls it after
// a commit, so a single-node install delivers within a moment instead of the next tick.
func (d *Dispatcher) Nudge() {
	if d == nil {
		return
	}
	select {
	case d.nudge <- struct{}{}:
	default:
	}
}

// Run drains the outbox until ctx ends: a pass on every tick, nudge and freed slot (a backlog
// flows at the pace of the deliveries, never more than InFlight per channel at once). Then it
// stops claiming, lets the deliveries in flight finish for at most DrainTimeout, and releases
// the others for the next run (here or on another replica).
func (d *Dispatcher) Run(ctx context.Context) {
	ticker := time.NewTicker(d.cfg.Every)
	defer ticker.Stop()
	for {
		d.pass(ctx)
		select {
		case <-ctx.Done():
			d.drain()
			return
		case <-ticker.C:
		case <-d.nudge:
		case <-d.freed:
		}
	}
}

// release frees a slot of channel and says so.
func (d *Dispatcher) release(channel string) {
	<-d.slots[channel]
	select {
	case d.freed <- struct{}{}:
	default:
	}
}

// drain waits for the deliveries in flight for at most DrainTimeout, then ends the rest.
func (d *Dispatcher) drain() {
	done := make(chan struct{})
	go func() {
		d.inflight.Wait()
		close(done)
	}()
	timer := time.NewTimer(d.cfg.DrainTimeout)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		d.log.Warn("outbox: deliveries still in flight at the drain timeout are released for the next run")
		d.stop()
		<-done
	}
}

// Flush delivers every delivery due now and waits for them, until none is due: for tests, the
// CLI and a caller that must see the outbox delivered. Deliveries whose retry comes later stay.
func (d *Dispatcher) Flush(ctx context.Context) error {
	for {
		if d.pass(ctx) > 0 {
			// Claim again as soon as a slot frees.
			select {
			case <-d.freed:
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		// Nothing due: once the deliveries in flight end (a retry may make one due), look again.
		done := make(chan struct{})
		go func() {
			d.inflight.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if d.pass(ctx) == 0 {
			d.inflight.Wait()
			return ctx.Err()
		}
	}
}

// pass claims as many due deliveries per channel as the channel has free slots and starts
// them; it returns how many it started.
func (d *Dispatcher) pass(ctx context.Context) int {
	d.passMu.Lock()
	defer d.passMu.Unlock()
	if ctx.Err() != nil {
		return 0
	}
	if d.cfg.Lock != nil {
		unlock, ok, err := d.cfg.Lock(ctx)
		if err != nil || !ok {
			return 0
		}
		defer unlock()
	}
	// A read first: most passes (a nudge after every commit) find nothing due, and on SQLite
	// a claim is a write transaction that would queue behind the requests' writes.
	due, err := d.store.DueChannels(ctx, d.clock.Now())
	if err != nil {
		if ctx.Err() == nil {
			d.log.Error("outbox: reading what is due failed", "err", err)
		}
		return 0
	}
	started := 0
	for _, ch := range outboxChannels {
		free := cap(d.slots[ch]) - len(d.slots[ch])
		if free <= 0 || !slices.Contains(due, ch) {
			continue
		}
		now := d.clock.Now()
		claimed, err := d.store.ClaimDeliveries(ctx, ch, d.cfg.ID, now, now.Add(d.cfg.Lease), free)
		if err != nil {
			if ctx.Err() == nil {
				d.log.Error("outbox: claiming deliveries failed", "channel", ch, "err", err)
			}
			continue
		}
		if len(claimed) == 0 {
			continue
		}
		started += len(claimed)
		d.start(ctx, claimed)
	}
	return started
}

// addressed is a claimed delivery with what it needs.
type addressed struct {
	row      *domain.OutboxDelivery
	user     *domain.User
	n        *domain.Notification
	channels domain.NotificationChannels
	devices  []*domain.Device
	// hookDelivery and hook are a webhook row's delivery and webhook.
	hookDelivery *domain.WebhookDelivery
	hook         *domain.Webhook
}

// load reads the users, notifications, channel settings and devices of claimed deliveries in a
// few statements whatever their number.
func (d *Dispatcher) load(ctx context.Context, rows []*domain.OutboxDelivery) ([]addressed, error) {
	var userIDs, noteIDs, hookIDs []int64
	seenU, seenN, push := map[int64]bool{}, map[int64]bool{}, false
	for _, r := range rows {
		if !seenU[r.UserID] {
			seenU[r.UserID] = true
			userIDs = append(userIDs, r.UserID)
		}
		if r.WebhookDeliveryID != 0 {
			hookIDs = append(hookIDs, r.WebhookDeliveryID)
		}
		if r.NotificationID != 0 && !seenN[r.NotificationID] {
			seenN[r.NotificationID] = true
			noteIDs = append(noteIDs, r.NotificationID)
		}
		push = push || r.Channel == ChannelPush
	}
	users, err := d.users.ListUsers(ctx, ports.UserFilter{IDs: userIDs})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*domain.User, len(users))
	for _, u := range users {
		byID[u.ID] = u
	}
	notes, err := d.store.NotificationsByID(ctx, noteIDs)
	if err != nil {
		return nil, err
	}
	channels, err := d.store.NotificationChannelsOf(ctx, userIDs)
	if err != nil {
		return nil, err
	}
	var devices map[int64][]*domain.Device
	if push {
		if devices, err = d.store.ListDevicesOf(ctx, userIDs); err != nil {
			return nil, err
		}
	}
	var hookDeliveries map[int64]*domain.WebhookDelivery
	var hooks map[int64]*domain.Webhook
	if len(hookIDs) > 0 && d.webhooks != nil {
		if hookDeliveries, hooks, err = d.webhooks.load(ctx, hookIDs); err != nil {
			return nil, err
		}
	}
	// A device goes with the sign-in that registered it (issue #22 item 7): one of an expired
	// session gets nothing, although the daily cleanup removes its row only later.
	now := d.clock.Now()
	out := make([]addressed, len(rows))
	for i, r := range rows {
		var current []*domain.Device
		for _, dev := range devices[r.UserID] {
			if dev.ActiveAt(now) {
				current = append(current, dev)
			}
		}
		out[i] = addressed{row: r, user: byID[r.UserID], n: notes[r.NotificationID], channels: channels[r.UserID], devices: current}
		if hd := hookDeliveries[r.WebhookDeliveryID]; hd != nil {
			out[i].hookDelivery, out[i].hook = hd, hooks[hd.WebhookID]
		}
	}
	return out, nil
}

// start loads claimed deliveries and runs each in its own goroutine under a slot of its
// channel; the caller claimed no more than the free slots.
func (d *Dispatcher) start(ctx context.Context, rows []*domain.OutboxDelivery) {
	items, err := d.load(ctx, rows)
	if err != nil {
		d.log.Error("outbox: reading what claimed deliveries need failed; they are tried again after their lease", "err", err)
		return
	}
	for _, it := range items {
		d.slots[it.row.Channel] <- struct{}{}
		d.inflight.Add(1)
		go func() {
			defer d.inflight.Done()
			defer d.release(it.row.Channel)
			d.deliver(it)
		}()
	}
}

// deliver makes one delivery under its channel's timeout and records the outcome.
func (d *Dispatcher) deliver(it addressed) ChannelReport {
	r := it.row
	var report ChannelReport
	switch {
	case r.Channel == ChannelWebhook && d.webhooks == nil:
		report = ChannelReport{Status: DeliverySkipped, Reason: MsgWebhooksNotServed}
	case r.Channel == ChannelWebhook:
		ctx, cancel := context.WithTimeout(d.deliveries, d.webhooks.cfg.Timeout)
		report = d.webhooks.send(ctx, it)
		cancel()
	case it.user == nil || it.n == nil:
		report = ChannelReport{Status: DeliverySkipped, Reason: MsgDeliveryGone}
	default:
		ctx, cancel := context.WithTimeout(d.deliveries, d.delivery.channelTimeout(r.Channel))
		report = d.delivery.DeliverChannel(ctx, r.Channel, it.user, it.n, it.channels, it.devices)
		cancel()
	}
	now := d.clock.Now()
	finished := now
	r.FinishedAt, r.LastError = &finished, report.Reason
	stopped := d.deliveries.Err() != nil && report.Status == DeliveryFailed
	switch {
	case stopped:
		// Stopped by shutdown, not by the peer: the attempt does not count.
		r.Status, r.Attempts, r.FinishedAt, r.LastError = domain.OutboxPending, max(r.Attempts-1, 0), nil, ""
	case report.Status == DeliverySent:
		r.Status = domain.OutboxDelivered
	case report.Status == DeliverySkipped:
		r.Status = domain.OutboxSkipped
	case !report.Retry:
		r.Status = domain.OutboxFailed
	// A webhook is retried for MaxAge whatever the attempts (issue #29: for 24 hours).
	case (r.Channel != ChannelWebhook && r.Attempts >= d.cfg.MaxAttempts) || now.Sub(r.CreatedAt) >= d.cfg.MaxAge:
		r.Status = domain.OutboxGivenUp
	default:
		r.Status, r.FinishedAt, r.NextAttemptAt = domain.OutboxPending, nil, now.Add(d.backoff(r.Attempts))
	}
	// Bookkeeping only: a short, bounded write that outlives a delivery stopped by shutdown.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(d.deliveries), 5*time.Second)
	defer cancel()
	if ok, err := d.store.FinishDelivery(ctx, r); err != nil {
		d.log.Error("outbox: recording a delivery's outcome failed; it is tried again after its lease", "delivery", r.ID, "err", err)
	} else if !ok {
		d.log.Warn("outbox: a delivery's lease passed to another dispatcher before it finished", "delivery", r.ID)
	}
	if r.Channel == ChannelWebhook && d.webhooks != nil && !stopped {
		d.webhooks.finished(it, r, report)
	}
	if r.Status == domain.OutboxGivenUp {
		d.log.Warn("outbox: delivery given up", "delivery", r.ID, "channel", r.Channel, "user", r.UserID, "attempts", r.Attempts, "err", r.LastError)
	}
	return report
}

// backoff is the wait after the attempts-th failure: Backoff doubled per earlier failure, at
// most MaxBackoff.
func (d *Dispatcher) backoff(attempts int) time.Duration {
	wait := d.cfg.Backoff
	for i := 1; i < attempts && wait < d.cfg.MaxBackoff; i++ {
		wait *= 2
	}
	return min(wait, d.cfg.MaxBackoff)
}

// deliverNow makes deliveries enqueued already claimed by this dispatcher while the caller
// waits (a test notification's report), each under a slot of its channel.
func (d *Dispatcher) deliverNow(ctx context.Context, rows []*domain.OutboxDelivery) (map[string]ChannelReport, error) {
	items, err := d.load(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := map[string]ChannelReport{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, it := range items {
		select {
		case d.slots[it.row.Channel] <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return out, ctx.Err()
		}
		wg.Add(1)
		d.inflight.Add(1)
		go func() {
			defer d.inflight.Done()
			defer wg.Done()
			defer d.release(it.row.Channel)
			r := d.deliver(it)
			mu.Lock()
			out[it.row.Channel] = r
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out, nil
}

// Depth returns the pending deliveries per channel and the oldest's creation, for /metrics.
func (d *Dispatcher) Depth(ctx context.Context) ([]ports.OutboxChannelDepth, error) {
	return d.store.OutboxDepth(ctx)
}

// InFlight returns how many deliveries of each channel run now in this process.
func (d *Dispatcher) InFlight() map[string]int {
	out := make(map[string]int, len(d.slots))
	for ch, s := range d.slots {
		out[ch] = len(s)
	}
	return out
}
