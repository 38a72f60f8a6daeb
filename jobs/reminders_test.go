package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// fixedClock starts at 08:00 UTC on a Monday and moves when the test says.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fixedClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

var morning = time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)

// outbox records every message of every channel.
type outbox struct {
	mu     sync.Mutex
	pushes []domain.PushMessage
	mails  []domain.EmailMessage
}

func (o *outbox) Send(_ context.Context, _ domain.PushSubscription, m domain.PushMessage) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pushes = append(o.pushes, m)
	return nil
}

type mailbox struct{ *outbox }

func (m mailbox) Send(_ context.Context, e domain.EmailMessage) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mails = append(m.mails, e)
	return nil
}

type noNtfy struct{}

func (noNtfy) Send(context.Context, domain.NtfyTarget, domain.PushMessage) error { return nil }

func (o *outbox) counts() (pushes, mails int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.pushes), len(o.mails)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// reminderEnv is the reminder job registered with a runner over one store.
type reminderEnv struct {
	store     *sqlstore.Store
	clock     *fixedClock
	out       *outbox
	runner    *jobs.Runner
	svc       *app.Notifications
	reminders *app.CareReminders
}

func newReminderEnv(t *testing.T, s *sqlstore.Store) *reminderEnv {
	t.Helper()
	e := &reminderEnv{store: s, clock: &fixedClock{t: morning}, out: &outbox{}}
	delivery := app.NewDelivery(s, e.out, mailbox{e.out}, noNtfy{}, app.DeliveryConfig{BaseURL: "https://garden.example.org"}, quiet)
	e.svc = app.NewNotifications(s, s, delivery, app.NewVAPID(s, domain.VAPIDKeys{}, nil), e.clock, app.NotificationsConfig{}, quiet)
	r, err := jobs.NewRunner(s, s.JobLocker(), e.clock, quiet)
	if err != nil {
		t.Fatal(err)
	}
	e.reminders = app.NewCareReminders(s, s, e.svc.Notifier(), e.clock, time.UTC, quiet)
	job := jobs.CareRemindersJob{Reminders: e.reminders}
	if err := r.Register(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Shutdown() })
	e.runner = r
	return e
}

// gardener stores a user with one plant last watered wateredDaysAgo days ago (every 7 days),
// and a registered push device.
func (e *reminderEnv) gardener(t *testing.T, name string, wateredDaysAgo int, change func(*domain.User)) *domain.User {
	t.Helper()
	ctx := context.Background()
	u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: morning.Add(-48 * time.Hour)}
	if change != nil {
		change(u)
	}
	if err := e.store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	every, fert := 7, 30
	watered := morning.AddDate(0, 0, -wateredDaysAgo)
	p := &domain.Plant{UserID: u.ID, Name: name + "'s basil", Type: domain.Herbs, Status: domain.StatusHealthy, WaterFrequency: &every,
		FertilizerFrequency: &fert, LastWatered: &watered, LastFertilized: &watered, AcquiredDate: watered, CreatedAt: watered}
	if err := e.store.CreatePlant(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	p256 := make([]byte, 65)
	p256[0] = 4
	d := &domain.Device{UserID: u.ID, PlayerID: "https://push.example/" + name, UpdatedAt: morning,
		Subscription: domain.PushSubscription{Endpoint: "https://push.example/" + name, P256dh: "BPk", Auth: "au"}}
	if _, err := e.store.SaveDevice(ctx, d, 10); err != nil {
		t.Fatal(err)
	}
	return u
}

func (e *reminderEnv) inbox(t *testing.T, u *domain.User) []*domain.UserNotification {
	t.Helper()
	list, err := e.store.ListUserNotifications(context.Background(), domain.AudienceOf(u), 50)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (e *reminderEnv) run(t *testing.T) *domain.JobRun {
	t.Helper()
	run, err := e.runner.RunNow(context.Background(), jobs.CareRemindersName, domain.TriggerManual)
	if err != nil {
		t.Fatal(err)
	}
	if !run.Success {
		t.Fatalf("run failed: %s", run.Message)
	}
	// The run enqueued the deliveries; the dispatcher makes them.
	if err := e.svc.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	return run
}

func TestCareRemindersJob_WhoIsNotified(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		dry := e.gardener(t, "dry", 7, nil)
		optedOut := e.gardener(t, "optedout", 10, func(u *domain.User) { u.NotificationPrefs.CareReminders = false })
		inactive := e.gardener(t, "inactive", 10, func(u *domain.User) { u.IsActive = false })
		fresh := e.gardener(t, "fresh", 1, nil)

		run := e.run(t)
		if c := run.Counts; c["users"] != 2 || c["reminded"] != 1 || c["nothingDue"] != 1 || c["alreadyReminded"] != 0 || c["failed"] != 0 ||
			c["push_queued"] != 1 || c["email_queued"] != 1 {
			t.Fatalf("counts %v", run.Counts)
		}
		if run.Message != "2026-06-01: 1 reminded, 0 already reminded, 1 with nothing due, 0 failed" {
			t.Fatalf("message %q", run.Message)
		}
		got := e.inbox(t, dry)
		if len(got) != 1 || got[0].Title != "Today's plant care: 1 plant" || got[0].Content != "Water: dry's basil." || got[0].Kind != domain.KindCareReminder {
			t.Fatalf("dry's inbox %+v", got)
		}
		for _, u := range []*domain.User{optedOut, inactive, fresh} {
			if n := len(e.inbox(t, u)); n != 0 {
				t.Errorf("%s got %d notifications", u.Username, n)
			}
		}
		if pushes, mails := e.out.counts(); pushes != 1 || mails != 1 {
			t.Fatalf("pushes %d, mails %d", pushes, mails)
		}
		e.out.mu.Lock()
		mail := e.out.mails[0]
		e.out.mu.Unlock()
		if mail.To != "dry@example.org" || mail.Subject != "Today's plant care: 1 plant" {
			t.Fatalf("mail %+v", mail)
		}
	})
}

func TestCareRemindersJob_NeverTwiceADay(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		dry := e.gardener(t, "dry", 8, nil)
		e.run(t)
		e.clock.Set(morning.Add(6 * time.Hour)) // the afternoon is nobody's hour
		if later := e.run(t); later.Counts["users"] != 0 || later.Counts["reminded"] != 0 {
			t.Fatalf("afternoon run %v", later.Counts)
		}
		e.clock.Set(morning.Add(40 * time.Minute)) // a manual re-run within the hour
		again := e.run(t)
		if again.Counts["reminded"] != 0 || again.Counts["alreadyReminded"] != 1 {
			t.Fatalf("second run %v", again.Counts)
		}
		if len(e.inbox(t, dry)) != 1 {
			t.Fatal("the reminder was stored twice")
		}
		if pushes, mails := e.out.counts(); pushes != 1 || mails != 1 {
			t.Fatalf("pushes %d, mails %d after two runs", pushes, mails)
		}
		e.clock.Set(morning.Add(24 * time.Hour))
		if next := e.run(t); next.Counts["reminded"] != 1 {
			t.Fatalf("next day %v", next.Counts)
		}
		if len(e.inbox(t, dry)) != 2 {
			t.Fatal("the next day's reminder is missing")
		}
	})
}

func TestCareRemindersJob_Preferences(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		no := false
		quietUser := e.gardener(t, "quiet", 9, func(u *domain.User) {
			u.NotificationPrefs.Email, u.NotificationPrefs.Push = false, &no
		})
		off := e.gardener(t, "off", 9, func(u *domain.User) { u.NotificationPrefs.CareReminders = false })
		run := e.run(t)
		if run.Counts["reminded"] != 1 || run.Counts["users"] != 1 {
			t.Fatalf("counts %v", run.Counts)
		}
		// In-app always; push and e-mail only as the preferences say.
		if len(e.inbox(t, quietUser)) != 1 {
			t.Fatal("the in-app reminder is missing")
		}
		if pushes, mails := e.out.counts(); pushes != 0 || mails != 0 {
			t.Fatalf("pushes %d, mails %d despite push and e-mail off", pushes, mails)
		}
		if len(e.inbox(t, off)) != 0 {
			t.Fatal("care reminders off, and still reminded")
		}
	})
}

// TestCareRemindersJob_ReplicasRemindOnce: two replicas on one PostgreSQL database send the
// reminders at the same moment. The runner's lock would normally keep them apart; here they
// race on purpose, and the once-key alone keeps every user to one reminder.
func TestCareRemindersJob_ReplicasRemindOnce(t *testing.T) {
	t.Parallel()
	url := dbtest.PostgresURL(t)
	a := newReminderEnv(t, dbtest.Migrated(t, dbtest.Open(t, url)))
	b := newReminderEnv(t, dbtest.Open(t, url))
	users := []*domain.User{a.gardener(t, "r1", 7, nil), a.gardener(t, "r2", 9, nil), a.gardener(t, "r3", 12, nil)}
	var wg sync.WaitGroup
	runs := make(chan app.ReminderRun, 2)
	for _, e := range []*reminderEnv{a, b} {
		wg.Add(1)
		go func(e *reminderEnv) {
			defer wg.Done()
			run, err := e.reminders.Run(context.Background(), nil)
			if err != nil {
				t.Error(err)
			}
			runs <- run
		}(e)
	}
	wg.Wait()
	close(runs)
	// Both replicas' dispatchers drain the one outbox at once: each delivery is made once.
	for _, e := range []*reminderEnv{a, b} {
		wg.Add(1)
		go func(e *reminderEnv) {
			defer wg.Done()
			if err := e.svc.Wait(context.Background()); err != nil {
				t.Error(err)
			}
		}(e)
	}
	wg.Wait()
	reminded, already := 0, 0
	for r := range runs {
		reminded += r.Notified
		already += r.AlreadySent
	}
	if reminded != 3 || already != 3 {
		t.Fatalf("reminded %d, already %d; want 3 and 3", reminded, already)
	}
	pa, _ := a.out.counts()
	pb, _ := b.out.counts()
	if pa+pb != 3 {
		t.Fatalf("%d pushes in all, want 3", pa+pb)
	}
	for _, u := range users {
		if n := len(a.inbox(t, u)); n != 1 {
			t.Errorf("%s has %d reminders", u.Username, n)
		}
	}
	// Through the runners, the second replica is told the job is running, or finds it done.
	if _, err := b.runner.RunNow(context.Background(), jobs.CareRemindersName, domain.TriggerManual); err != nil && domain.ErrorCode(err) != domain.EConflict {
		t.Fatal(err)
	}
}

func TestCareRemindersJob_Schedule(t *testing.T) {
	t.Parallel()
	// Every hour (each gardener's hour comes in their own zone), at the configured minute.
	if s := (jobs.CareRemindersJob{}).DefaultSchedule(); s.Cron != "0 0 * * * *" || !s.Enabled {
		t.Fatalf("default %+v", s)
	}
	if s := (jobs.CareRemindersJob{Time: "07:30"}).DefaultSchedule(); s.Cron != "0 30 * * * *" {
		t.Fatalf("configured %+v", s)
	}
	if s := (jobs.CareRemindersJob{Time: "7h"}).DefaultSchedule(); s.Cron != "0 0 * * * *" {
		t.Fatalf("bad time %+v", s)
	}
	if jobs.ReminderHour("07:30") != 7 || jobs.ReminderHour("7h") != 8 || jobs.ReminderHour("") != 8 {
		t.Fatal("the default local hour is the configured time's hour")
	}
	// The stored schedule changes like the import's.
	e := newReminderEnv(t, dbtest.SQLite(t))
	svc := app.NewJobs(e.store, e.runner, e.clock)
	at := "06:15"
	st, err := svc.UpdateDailyAsOperator(context.Background(), jobs.CareRemindersName, nil, &at)
	if err != nil || st.Schedule.Cron != "0 15 6 * * *" {
		t.Fatalf("%+v %v", st, err)
	}
}

func TestNotificationCleanupJob(t *testing.T) {
	t.Parallel()
	s := dbtest.SQLite(t)
	clock := &fixedClock{t: morning}
	delivery := app.NewDelivery(s, &outbox{}, mailbox{&outbox{}}, noNtfy{}, app.DeliveryConfig{}, quiet)
	svc := app.NewNotifications(s, s, delivery, nil, clock, app.NotificationsConfig{Retention: 30 * 24 * time.Hour}, quiet)
	ctx := context.Background()
	for _, age := range []time.Duration{40 * 24 * time.Hour, 10 * 24 * time.Hour} {
		n := &domain.Notification{Kind: domain.KindAdmin, Title: "t", Content: "c", TargetType: domain.TargetGlobal, Data: map[string]any{}, CreatedAt: morning.Add(-age)}
		if err := s.CreateNotification(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	res, err := jobs.NotificationCleanupJob{Notifications: svc}.Run(ctx, nil)
	if err != nil || res.Counts["notifications"] != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	left, _ := s.ListNotifications(ctx, domain.PageRequest{Limit: 10})
	if len(left.Items) != 1 {
		t.Fatalf("%d left", len(left.Items))
	}
}

// forDialects runs f on a fresh store of each dialect, side by side.
func forDialects(t *testing.T, f func(t *testing.T, s *sqlstore.Store)) {
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f(t, open(t))
		})
	}
}

// TestCareRemindersJob_GardenersHour: at one instant (20:00 UTC on 1 June) it is 08:00 on 2 June
// in Auckland, 22:00 on 1 June in Berlin and 13:00 on 1 June in Los Angeles. Each gardener is
// reminded when it is their hour (their own, or the default 08:00) in their own zone, of what is
// due on their own local date, once per local date whatever the number of runs.
func TestCareRemindersJob_GardenersHour(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		at := func(zone string, hour *int) func(*domain.User) {
			return func(u *domain.User) { u.TimeZone, u.ReminderHour = zone, hour }
		}
		h := func(v int) *int { return &v }
		// morning is 08:00 UTC on 1 June; each basil was watered wateredDaysAgo days before it,
		// every 7 days: 7 days ago is due on 1 June, 6 days ago due on 2 June.
		kiwi := e.gardener(t, "kiwi", 6, at("Pacific/Auckland", nil))           // default 08:00, 2 June: due that day
		kiwiLate := e.gardener(t, "kiwi-late", 7, at("Pacific/Auckland", h(9))) // 09:00: not yet
		berlin := e.gardener(t, "berlin", 7, at("Europe/Berlin", h(22)))        // 22:00 on 1 June
		berlinDefault := e.gardener(t, "berlin-default", 7, at("Europe/Berlin", nil))
		la := e.gardener(t, "la", 6, at("America/Los_Angeles", h(13))) // 13:00 on 1 June: due 2 June, nothing yet
		laDue := e.gardener(t, "la-due", 7, at("America/Los_Angeles", h(13)))
		e.clock.Set(time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC))
		run := e.run(t)
		if run.Counts["users"] != 4 || run.Counts["reminded"] != 3 || run.Counts["nothingDue"] != 1 {
			t.Fatalf("run %v (%s)", run.Counts, run.Message)
		}
		for u, want := range map[*domain.User]int{kiwi: 1, kiwiLate: 0, berlin: 1, berlinDefault: 0, la: 0, laDue: 1} {
			if got := len(e.inbox(t, u)); got != want {
				t.Errorf("%s (%s) has %d reminders, want %d", u.Username, u.TimeZone, got, want)
			}
		}
		// Another replica's run within the hour, and a restart's, add nothing.
		e.clock.Set(time.Date(2026, 6, 1, 20, 30, 0, 0, time.UTC))
		if again := e.run(t); again.Counts["reminded"] != 0 || again.Counts["alreadyReminded"] != 3 {
			t.Fatalf("second run %v", again.Counts)
		}
		// An hour later it is 09:00 in Auckland: the late gardener's turn, on their 2 June.
		e.clock.Set(time.Date(2026, 6, 1, 21, 0, 0, 0, time.UTC))
		if next := e.run(t); next.Counts["users"] != 1 || next.Counts["reminded"] != 1 {
			t.Fatalf("Auckland at nine %v", next.Counts)
		}
		if len(e.inbox(t, kiwiLate)) != 1 || len(e.inbox(t, kiwi)) != 1 {
			t.Fatal("only the late gardener is reminded at nine")
		}
		// 06:00 UTC is 08:00 in Berlin (summer time): the default gardener there.
		e.clock.Set(time.Date(2026, 6, 2, 6, 0, 0, 0, time.UTC))
		if next := e.run(t); next.Counts["reminded"] != 1 || len(e.inbox(t, berlinDefault)) != 1 {
			t.Fatalf("Berlin at eight %v", next.Counts)
		}
	})
}

// TestCareRemindersJob_DSTBoundary: on the night Berlin's clocks jump from 02:00 to 03:00 a
// gardener whose hour is 02:00 is reminded at 03:00; on the night they fall back, 02:00 comes
// twice and the reminder goes once.
func TestCareRemindersJob_DSTBoundary(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		two := 2
		u := e.gardener(t, "night-owl", 7, func(u *domain.User) { u.TimeZone, u.ReminderHour = "Europe/Berlin", &two })
		// Keep a task due on each day so every run has something to say.
		plants, err := e.store.ListPlants(context.Background(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, day := range []time.Time{time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 25, 0, 0, 0, 0, time.UTC)} {
			if err := e.store.CreateTask(context.Background(), &domain.CareTask{UserID: u.ID, PlantID: plants[0].ID, Type: domain.TaskPrune,
				ScheduledDate: day, CreatedAt: morning}); err != nil {
				t.Fatal(err)
			}
		}
		// 29 March 2026: 00:00 UTC is 01:00 CET, 01:00 UTC is 03:00 CEST (02:00 never happens).
		e.clock.Set(time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC))
		if r := e.run(t); r.Counts["users"] != 0 {
			t.Fatalf("01:00 %v", r.Counts)
		}
		e.clock.Set(time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC))
		if r := e.run(t); r.Counts["reminded"] != 1 {
			t.Fatalf("03:00 after the jump %v", r.Counts)
		}
		// 25 October 2026: 00:00 UTC is 02:00 CEST, 01:00 UTC is 02:00 CET again.
		for i, hour := range []int{0, 1} {
			e.clock.Set(time.Date(2026, 10, 25, hour, 0, 0, 0, time.UTC))
			r := e.run(t)
			if r.Counts["users"] != 1 || r.Counts["reminded"] != 1-i || r.Counts["alreadyReminded"] != i {
				t.Fatalf("02:00 (%d) %v", i+1, r.Counts)
			}
		}
		if got := len(e.inbox(t, u)); got != 2 {
			t.Fatalf("%d reminders, want one each day", got)
		}
	})
}
