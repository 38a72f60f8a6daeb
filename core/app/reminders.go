package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CareReminders sends each gardener one notification a day listing what needs doing: plants
// needing water or fertilizer (spec 01 §4's derived reminders, the rule of a plant's status),
// care tasks due that day and overdue tasks.
type CareReminders struct {
	store    ports.CareDigestStore
	notify   ports.NotifyStore
	notifier *Notifier
	clock    ports.Clock
	loc      *time.Location
	hour     int
	log      *slog.Logger
	hooks    *Webhooks
}

// WithWebhooks makes each day's reminder emit plant.needs_water for each plant due and
// task.due for each task due that day, in the reminder's transaction.
func (r *CareReminders) WithWebhooks(w *Webhooks) *CareReminders {
	r.hooks = w
	return r
}

// reminderEvents are the webhook events of the reminders stored: one per plant due for water,
// one per task due on the day.
func reminderEvents(items []ports.OnceNotification, created []bool, digests map[int64]*ports.CareDigest) []domain.WebhookEvent {
	var evs []domain.WebhookEvent
	add := func(typ string, user int64, v map[string]any) {
		payload, _ := json.Marshal(v)
		evs = append(evs, domain.WebhookEvent{Type: typ, UserIDs: []int64{user}, Payload: payload})
	}
	for i, it := range items {
		if !created[i] {
			continue
		}
		d := digests[it.Key.UserID]
		if d == nil {
			continue
		}
		for _, p := range d.Watering {
			add(domain.EventPlantNeedsWater, d.UserID, map[string]any{"plantId": p.PlantID, "plantName": p.Name,
				"dueDate": p.DueDate.Format(domain.DateLayout), "userId": d.UserID})
		}
		for _, t := range d.Today {
			add(domain.EventTaskDue, d.UserID, map[string]any{"taskId": t.ID, "plantId": t.PlantID, "plantName": t.PlantName,
				"type": t.Type, "scheduledDate": t.ScheduledDate.Format(domain.DateLayout), "userId": d.UserID})
		}
	}
	return evs
}

// NewCareReminders builds the reminder service. loc is the time zone of the gardeners who set
// none (the server's local zone in production); nil means UTC. Reminders go out at
// DefaultReminderHour in each gardener's zone unless AtHour or the gardener says otherwise.
func NewCareReminders(store ports.CareDigestStore, notify ports.NotifyStore, notifier *Notifier, clock ports.Clock, loc *time.Location, log *slog.Logger) *CareReminders {
	if loc == nil {
		loc = time.UTC
	}
	if log == nil {
		log = slog.Default()
	}
	return &CareReminders{store: store, notify: notify, notifier: notifier, clock: clock, loc: loc, hour: DefaultReminderHour, log: log}
}

// DefaultReminderHour is the local hour of the care reminder of gardeners who chose none,
// unless the installation configures another (GARDEN_CARE_REMINDER_TIME).
const DefaultReminderHour = 8

// AtHour sets the installation's default reminder hour (0-23; others are ignored).
func (r *CareReminders) AtHour(h int) *CareReminders {
	if h >= 0 && h <= 23 {
		r.hour = h
	}
	return r
}

// ReminderRun sums up one run.
type ReminderRun struct {
	// Day is the local date of the gardeners without a zone of their own; Days every local
	// date some gardener's reminder was due on in this run (one, or two or three when the
	// zones whose hour it is straddle midnight).
	Day  time.Time
	Days []time.Time
	// Users is how many active users with care reminders on had their hour now.
	Users int
	// Notified got today's reminder in this run; AlreadySent got it earlier today (another
	// replica, an earlier run); NothingDue had nothing to do today; Failed could not be read or
	// stored (they are tried again by the next run today).
	Notified, AlreadySent, NothingDue, Failed int
	// Channels counts the deliveries beyond the app enqueued in the outbox, keyed
	// "<channel>_queued" (push_queued, email_queued, ntfy_queued).
	Channels map[string]int
}

// Message is the run's one-line summary.
func (r ReminderRun) Message() string {
	return fmt.Sprintf("%s: %d reminded, %d already reminded, %d with nothing due, %d failed", r.Day.Format(domain.DateLayout),
		r.Notified, r.AlreadySent, r.NothingDue, r.Failed)
}

// reminderGroup is the gardeners whose reminder is due now on one local date.
type reminderGroup struct {
	day   time.Time
	slots []ports.ReminderSlot
	users []*domain.User
}

// groups reads the gardeners whose hour it is now, grouped by their local date: the zones of
// the gardeners with reminders on come first (one statement), each zone's local date and hour
// is worked out here, and one statement per local date reads the gardeners of the zones whose
// hour matches theirs (their own, or the default).
func (r *CareReminders) groups(ctx context.Context, now time.Time) ([]*reminderGroup, int, error) {
	zones, err := r.store.ReminderZones(ctx)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	byDay := map[time.Time]*reminderGroup{}
	var out []*reminderGroup
	names := make([]string, 0, len(zones))
	for z, n := range zones {
		names, total = append(names, z), total+n
	}
	sort.Strings(names)
	for _, z := range names {
		loc := r.loc
		if z != "" {
			loc = domain.Location(z)
		}
		day, hours := domain.ReminderHoursAt(now, loc)
		g := byDay[day]
		if g == nil {
			g = &reminderGroup{day: day}
			byDay[day] = g
			out = append(out, g)
		}
		key := fmt.Sprint(hours)
		found := false
		for i := range g.slots {
			if fmt.Sprint(g.slots[i].Hours) == key {
				g.slots[i].Zones, found = append(g.slots[i].Zones, z), true
			}
		}
		if !found {
			g.slots = append(g.slots, ports.ReminderSlot{Zones: []string{z}, Hours: hours})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].day.Before(out[j].day) })
	kept := out[:0]
	for _, g := range out {
		if g.users, err = r.store.ReminderUsers(ctx, g.slots, r.hour); err != nil {
			return nil, 0, err
		}
		if len(g.users) > 0 {
			kept = append(kept, g)
		}
	}
	return kept, total, nil
}

// Run sends the reminders due now: each gardener's at their reminder hour (the default hour
// when they chose none) in their own time zone, listing what is due on their own local date.
// The job runs every hour. Each user's reminder is stored under a once-key for (user, local
// date) in the same transaction as the notification, so a second run the same day, on this
// replica or another, sends nothing twice. Users whose care reminders are off and deactivated
// users are skipped. progress, when not nil, hears done of total users.
//
// The run is set-based: the zones, then per local date the gardeners whose hour it is, the
// users reminded already by their once-keys, and every other user's due plants and tasks come
// aggregated per user (ids in the reminder's order, the few names its text shows) in a fixed
// number of statements; the reminders are stored in batches with their deliveries enqueued in
// the outbox in the same transaction, so its statements do not grow with the users (only with
// the batches of reminderBatch users and the local dates, at most three). A user holding the
// day's once-key counts as AlreadySent whatever is due now.
func (r *CareReminders) Run(ctx context.Context, progress func(done, total int)) (ReminderRun, error) {
	now := r.clock.Now()
	out := ReminderRun{Day: domain.DateOf(now.In(r.loc)), Channels: map[string]int{}}
	groups, of, err := r.groups(ctx, now)
	if err != nil {
		return out, err
	}
	for _, g := range groups {
		out.Users += len(g.users)
	}
	done := 0
	for _, g := range groups {
		out.Days = append(out.Days, g.day)
		if err := r.runDay(ctx, now, g, of, &out, func(n int) {
			done += n
			if progress != nil {
				progress(done, out.Users)
			}
		}); err != nil {
			return out, err
		}
	}
	r.log.Info("care reminders sent", "days", len(out.Days), "users", out.Users, "reminded", out.Notified, "already", out.AlreadySent,
		"nothingDue", out.NothingDue, "failed", out.Failed)
	return out, nil
}

// runDay sends the reminders of one local date's gardeners.
func (r *CareReminders) runDay(ctx context.Context, now time.Time, g *reminderGroup, of int, out *ReminderRun, progressed func(n int)) error {
	today := g.day
	ids := make([]int64, len(g.users))
	for i, u := range g.users {
		ids[i] = u.ID
	}
	digests, reminded, err := r.store.CareDigests(ctx, today, domain.KindCareReminder, domain.MaxReminderNames, ids, of)
	if err != nil {
		return err
	}
	sent := make(map[int64]bool, len(reminded))
	for _, id := range reminded {
		sent[id] = true
	}
	wanted := g.users
	for start := 0; start < len(wanted); start += reminderBatch {
		if err := ctx.Err(); err != nil {
			return err
		}
		batch := wanted[start:min(start+reminderBatch, len(wanted))]
		var items []ports.OnceNotification
		var owners []*domain.User
		for _, u := range batch {
			if sent[u.ID] {
				out.AlreadySent++
				continue
			}
			var n *domain.Notification
			if d := digests[u.ID]; d != nil {
				n = domain.CareReminderNotification(u, today, d.Watering, d.Fertilizing, d.Today, d.Overdue)
			}
			if n == nil {
				out.NothingDue++
				continue
			}
			n.CreatedAt = now
			if err := domain.ValidateNotification(n); err != nil {
				r.log.Error("care reminders: the reminder does not validate", "user", u.ID, "err", err)
				out.Failed++
				continue
			}
			items = append(items, ports.OnceNotification{Notification: n, Key: domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: today}})
			owners = append(owners, u)
		}
		var created []bool
		if len(items) > 0 {
			var queued map[string]int
			err = r.hooks.Tx(ctx, func(ctx context.Context) error {
				var err error
				if created, queued, err = r.notifier.SendOnce(ctx, items, owners); err != nil || r.hooks == nil {
					return err
				}
				return r.hooks.EmitAll(ctx, reminderEvents(items, created, digests))
			})
			if err != nil {
				r.log.Error("care reminders: storing the reminders failed", "users", len(items), "err", err)
				out.Failed += len(items)
				created = nil
			}
			for ch, n := range queued {
				out.Channels[ch+"_queued"] += n
			}
		}
		for i := range created {
			if created[i] {
				out.Notified++
			} else {
				out.AlreadySent++
			}
		}
		progressed(len(batch))
	}
	return nil
}

// reminderBatch is how many users' reminders are stored and delivered together.
const reminderBatch = 500
