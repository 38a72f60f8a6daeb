package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

func (e *notifyEnv) plant(t *testing.T, p *domain.Principal, name string, lastWatered time.Time, every int) *domain.Plant {
	t.Helper()
	fert := 30
	pl := &domain.Plant{UserID: p.User.ID, Name: name, Type: domain.Herbs, Status: domain.StatusHealthy, WaterFrequency: &every,
		FertilizerFrequency: &fert, LastWatered: &lastWatered, AcquiredDate: now, CreatedAt: now}
	if err := e.store.CreatePlant(context.Background(), pl, 0); err != nil {
		t.Fatal(err)
	}
	return pl
}

func TestCareReminders_Run(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	today := domain.DateOf(now)
	thirsty := e.user(t, domain.RoleUser, nil, nil)
	e.plant(t, thirsty, "Basil", today.AddDate(0, 0, -7), 7)   // due today
	e.plant(t, thirsty, "Cactus", today.AddDate(0, 0, -1), 30) // not due
	e.device(t, thirsty, "https://push.example/thirsty")
	tasker := e.user(t, domain.RoleUser, nil, nil)
	rose := e.plant(t, tasker, "Rose", today, 7) // watered today
	task := &domain.CareTask{UserID: tasker.User.ID, PlantID: rose.ID, Type: domain.TaskPrune, ScheduledDate: today, CreatedAt: now}
	if err := e.store.CreateTask(ctx, task); err != nil {
		t.Fatal(err)
	}
	optedOut := e.user(t, domain.RoleUser, nil, func(u *domain.User) { u.NotificationPrefs.CareReminders = false })
	e.plant(t, optedOut, "Mint", today.AddDate(0, 0, -30), 7)
	inactive := e.user(t, domain.RoleUser, nil, func(u *domain.User) { u.IsActive = false })
	e.plant(t, inactive, "Sage", today.AddDate(0, 0, -30), 7)
	idle := e.user(t, domain.RoleUser, nil, nil)
	e.plant(t, idle, "Fern", today, 7)

	reminders := app.NewCareReminders(e.store, e.store, e.svc.Notifier(), e.clock, time.UTC, quiet).AtHour(now.Hour())
	var progressed int
	run, err := reminders.Run(ctx, func(done, total int) { progressed = done })
	if err != nil {
		t.Fatal(err)
	}
	if run.Users != 3 || run.Notified != 2 || run.NothingDue != 1 || run.AlreadySent != 0 || run.Failed != 0 || progressed != 3 {
		t.Fatalf("run %+v (progress %d)", run, progressed)
	}
	// Both reminded users want push and e-mail: four deliveries wait in the outbox, and the
	// dispatcher finds one device (the tasker has none) and two addresses.
	if run.Channels["push_queued"] != 2 || run.Channels["email_queued"] != 2 {
		t.Fatalf("channels %v", run.Channels)
	}
	if err := e.svc.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if stats := e.delivery.Stats(); stats["push_sent"] != 1 || stats["email_sent"] != 2 {
		t.Fatalf("delivered %v", stats)
	}
	list, _ := e.svc.List(ctx, thirsty)
	if len(list) != 1 || list[0].Title != "Today's plant care: 1 plant" || list[0].Content != "Water: Basil." || list[0].Kind != domain.KindCareReminder {
		t.Fatalf("thirsty got %+v", list)
	}
	list, _ = e.svc.List(ctx, tasker)
	if len(list) != 1 || list[0].Content != "Tasks: prune Rose." {
		t.Fatalf("tasker got %+v", list)
	}
	for _, p := range []*domain.Principal{optedOut, inactive, idle} {
		if list, _ := e.svc.List(ctx, p); len(list) != 0 {
			t.Errorf("%s was reminded: %+v", p.User.Username, list[0])
		}
	}
	pushes := e.push.sent()
	if len(pushes) != 1 || pushes[0].msg.Tag != "garden-care-reminder" || pushes[0].msg.URL != "/schedule" {
		t.Fatalf("pushes %+v", pushes)
	}

	// A second run the same day (a re-run, another replica) sends nothing again; later in
	// the day it is nobody's hour.
	e.clock.Set(now.Add(3 * time.Hour))
	if later, err := reminders.Run(ctx, nil); err != nil || later.Users != 0 || later.Notified != 0 {
		t.Fatalf("a run past the hour %+v %v", later, err)
	}
	e.clock.Set(now.Add(30 * time.Minute))
	again, err := reminders.Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Notified != 0 || again.AlreadySent != 2 || len(e.push.sent()) != 1 || len(e.mail.sent()) != 2 {
		t.Fatalf("second run %+v, pushes %d, mails %d", again, len(e.push.sent()), len(e.mail.sent()))
	}
	// The next day reminds again: the basil is still dry, and yesterday's pruning, not done,
	// is overdue: unfinished work never drops out of the reminder.
	e.clock.Set(now.Add(24 * time.Hour))
	next, err := reminders.Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next.Notified != 2 || next.NothingDue != 1 || !next.Day.Equal(today.AddDate(0, 0, 1)) {
		t.Fatalf("next day %+v", next)
	}
	list, _ = e.svc.List(ctx, tasker)
	want := "Overdue: prune Rose (since " + today.Format("Jan 2") + ")."
	if len(list) != 2 || list[0].Title != "Today's plant care: 1 overdue" || list[0].Content != want {
		t.Fatalf("tasker's second reminder %+v", list)
	}
	// Completed, it is no longer counted the day after.
	if _, _, err := app.NewCareTasks(e.store, e.clock).Complete(ctx, tasker, task.ID, nil); err != nil {
		t.Fatal(err)
	}
	e.clock.Set(now.Add(48 * time.Hour))
	third, err := reminders.Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if third.Notified != 1 || third.NothingDue != 2 {
		t.Fatalf("third day %+v", third)
	}
}

// TestCareReminders_LocalDay: "today" is the calendar date in the configured zone, not UTC.
func TestCareReminders_LocalDay(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	u := e.user(t, domain.RoleUser, nil, nil)
	zone := time.FixedZone("UTC+3", 3*3600)
	// 22:30 UTC on 2 April is 01:30 on 3 April in UTC+3: a plant due on the 3rd is due.
	e.clock.Set(time.Date(2026, 4, 2, 22, 30, 0, 0, time.UTC))
	e.plant(t, u, "Basil", time.Date(2026, 3, 27, 12, 0, 0, 0, time.UTC), 7)
	run, err := app.NewCareReminders(e.store, e.store, e.svc.Notifier(), e.clock, zone, quiet).AtHour(1).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Notified != 1 || run.Day.Format(domain.DateLayout) != "2026-04-03" {
		t.Fatalf("run %+v", run)
	}
	utcRun, _ := app.NewCareReminders(e.store, e.store, e.svc.Notifier(), e.clock, time.UTC, quiet).AtHour(22).Run(context.Background(), nil)
	if utcRun.Day.Format(domain.DateLayout) != "2026-04-02" || utcRun.NothingDue != 1 {
		t.Fatalf("UTC run %+v", utcRun)
	}
}
