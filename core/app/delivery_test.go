package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// TestDelivery_FailingChannelBlocksNothing: push fails, e-mail hangs past its timeout, ntfy
// works. The in-app copy is there, ntfy is delivered, and the failures are reported and counted.
func TestDelivery_FailingChannelBlocksNothing(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/down")
	e.device(t, u, "https://push.example/up")
	e.push.fail["https://push.example/down"] = domain.Errorf(domain.EUnavailable, "push service unreachable")
	e.mail.hang = true
	if _, err := e.svc.SetChannels(ctx, u, domain.NotificationChannels{NtfyTopic: "beds"}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	sent, err := e.svc.SendTest(ctx, u, "care_task")
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("a hanging channel held the delivery for %v", took)
	}
	r := sent.Report
	if !r.InApp || r.Ntfy.Status != app.DeliverySent || r.Email.Status != app.DeliveryFailed ||
		r.Push.Status != app.DeliverySent || r.Push.Sent != 1 || r.Push.Failed != 1 || !strings.Contains(r.Push.Reason, "unreachable") {
		t.Fatalf("report %+v", r)
	}
	list, err := e.svc.List(ctx, u)
	if err != nil || len(list) != 1 || list[0].ID != sent.Notification.ID {
		t.Fatalf("the in-app copy is missing: %+v %v", list, err)
	}
	stats := e.delivery.Stats()
	if stats["push_sent"] != 1 || stats["push_failed"] != 1 || stats["email_failed"] != 1 || stats["ntfy_sent"] != 1 {
		t.Fatalf("stats %v", stats)
	}
	// A failing push device is kept: only "gone" removes a device.
	if devices, _ := e.svc.Devices(ctx, u); len(devices) != 2 {
		t.Fatalf("devices %d, want 2", len(devices))
	}
}

func TestDelivery_PanickingChannelIsContained(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/p")
	e.push.panic = true
	sent, err := e.svc.SendTest(ctx, u, "care_task")
	if err != nil {
		t.Fatal(err)
	}
	if sent.Report.Push.Status != app.DeliveryFailed || sent.Report.Email.Status != app.DeliverySent {
		t.Fatalf("report %+v", sent.Report)
	}
	if len(e.mail.sent()) != 1 {
		t.Fatal("e-mail was not sent beside a panicking push")
	}
}

func TestDelivery_GoneSubscriptionIsForgotten(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/gone")
	kept := e.device(t, u, "https://push.example/kept")
	e.push.fail["https://push.example/gone"] = domain.Errorf(domain.ENotFound, "subscription gone")
	sent, err := e.svc.SendTest(ctx, u, "care_task")
	if err != nil {
		t.Fatal(err)
	}
	if sent.Report.Push.Sent != 1 || sent.Report.Push.Removed != 1 || sent.Report.Push.Status != app.DeliverySent {
		t.Fatalf("report %+v", sent.Report.Push)
	}
	devices, _ := e.svc.Devices(ctx, u)
	if len(devices) != 1 || devices[0].ID != kept.ID {
		t.Fatalf("devices %+v, want only the live one", devices)
	}
	if e.delivery.Stats()["push_removed"] != 1 {
		t.Fatalf("stats %v", e.delivery.Stats())
	}
}

func TestDelivery_PreferencesHonoured(t *testing.T) {
	t.Parallel()
	no, yes := false, true
	cases := map[string]struct {
		change                 func(*domain.User)
		push, email, ntfy      string
		pushCalls, mails, ntfs int
	}{
		"Defaults":         {nil, app.DeliverySent, app.DeliverySent, app.DeliverySent, 1, 1, 1},
		"PushOff":          {func(u *domain.User) { u.NotificationPrefs.Push = &no }, app.DeliverySkipped, app.DeliverySent, app.DeliverySent, 0, 1, 1},
		"PushOnExplicit":   {func(u *domain.User) { u.NotificationPrefs.Push = &yes }, app.DeliverySent, app.DeliverySent, app.DeliverySent, 1, 1, 1},
		"EmailOff":         {func(u *domain.User) { u.NotificationPrefs.Email = false }, app.DeliverySent, app.DeliverySkipped, app.DeliverySent, 1, 0, 1},
		"NoEmailAddress":   {func(u *domain.User) { u.Email = "" }, app.DeliverySent, app.DeliverySkipped, app.DeliverySent, 1, 0, 1},
		"NotificationsOff": {func(u *domain.User) { u.NotificationsEnabled = false }, app.DeliverySkipped, app.DeliverySkipped, app.DeliverySkipped, 0, 0, 0},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newNotifyEnv(t)
			ctx := context.Background()
			u := e.user(t, domain.RoleUser, nil, c.change)
			e.device(t, u, "https://push.example/"+name)
			if _, err := e.svc.SetChannels(ctx, u, domain.NotificationChannels{NtfyTopic: "beds"}); err != nil {
				t.Fatal(err)
			}
			sent, err := e.svc.SendTest(ctx, u, "harvest_reminder")
			if err != nil {
				t.Fatal(err)
			}
			r := sent.Report
			if r.Push.Status != c.push || r.Email.Status != c.email || r.Ntfy.Status != c.ntfy {
				t.Fatalf("report push=%s email=%s ntfy=%s, want %s %s %s", r.Push.Status, r.Email.Status, r.Ntfy.Status, c.push, c.email, c.ntfy)
			}
			if len(e.push.sent()) != c.pushCalls || len(e.mail.sent()) != c.mails || len(e.ntfy.sent()) != c.ntfs {
				t.Fatalf("calls push=%d mail=%d ntfy=%d", len(e.push.sent()), len(e.mail.sent()), len(e.ntfy.sent()))
			}
			if !r.InApp {
				t.Fatal("in-app copy not reported")
			}
			if list, _ := e.svc.List(ctx, u); len(list) != 1 {
				t.Fatal("the in-app copy depends on preferences")
			}
		})
	}
}

func TestDelivery_EmailContent(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	u := e.user(t, domain.RoleUser, nil, nil)
	if _, err := e.svc.SendTest(context.Background(), u, "expert_answer"); err != nil {
		t.Fatal(err)
	}
	mails := e.mail.sent()
	if len(mails) != 1 {
		t.Fatalf("mails %d", len(mails))
	}
	m := mails[0]
	if m.To != u.User.Email || m.ToName != u.User.FullName || m.Subject != "Your question has an answer" ||
		!strings.Contains(m.Body, "An expert answered") || !strings.Contains(m.Body, "https://garden.example.org/community/expert-qa") ||
		!strings.Contains(m.Body, "https://garden.example.org/settings") {
		t.Fatalf("mail %+v", m)
	}
}

// TestDelivery_LogOnlyAdaptersSaySo: with the embedded defaults the report says the message went
// to the log, so the settings page does not claim an e-mail was sent.
func TestDelivery_LogOnlyAdaptersSaySo(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/log")
	d := app.NewDelivery(e.store, e.push, e.mail, e.ntfy, app.DeliveryConfig{PushLogOnly: true, EmailLogOnly: true}, quiet)
	n := &domain.Notification{ID: 1, Title: "t", Content: "c"}
	devices, err := e.store.ListDevices(ctx, u.User.ID)
	if err != nil {
		t.Fatal(err)
	}
	push := d.DeliverChannel(ctx, app.ChannelPush, u.User, n, domain.NotificationChannels{}, devices)
	email := d.DeliverChannel(ctx, app.ChannelEmail, u.User, n, domain.NotificationChannels{}, nil)
	if push.Status != app.DeliverySent || !strings.Contains(push.Reason, "server log") ||
		email.Status != app.DeliverySent || !strings.Contains(email.Reason, "no SMTP server") {
		t.Fatalf("reports %+v %+v", push, email)
	}
}
