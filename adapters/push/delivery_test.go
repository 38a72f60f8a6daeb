package push_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/push"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// noMail and noNtfy stand in for the channels this test does not look at.
type noMail struct{}

func (noMail) Send(context.Context, domain.EmailMessage) error { return nil }

type noNtfy struct{}

func (noNtfy) Send(context.Context, domain.NtfyTarget, domain.PushMessage) error { return nil }

type clock struct{ t time.Time }

func (c clock) Now() time.Time { return c.t }

// TestWebPush_GoneSubscriptionRemovesDevice runs the whole path: a user with two registered
// browsers gets a test notification; the push service delivers to one and answers 410 Gone for
// the other, which is then forgotten.
func TestWebPush_GoneSubscriptionRemovesDevice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	store := dbtest.SQLite(t)
	now := clock{time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)}
	vapid := app.NewVAPID(store, f.keys, nil)
	sender, err := push.NewWebPush(push.Config{Keys: vapid.Keys, Subject: "mailto:ops@garden.example.org", HTTPClient: f.ps.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	delivery := app.NewDelivery(store, sender, noMail{}, noNtfy{}, app.DeliveryConfig{BaseURL: "https://garden.example.org"}, quiet())
	svc := app.NewNotifications(store, store, delivery, vapid, now, app.NotificationsConfig{PushDelivery: "webpush"}, quiet())

	u := &domain.User{Username: "rosa", PasswordHash: "x", Role: domain.RoleUser, IsActive: true, NotificationsEnabled: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now.t}
	if err := store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	p := &domain.Principal{User: u}
	live, gone := f.ps.subscribe(t), f.ps.subscribe(t)
	f.ps.answer(gone, http.StatusGone)
	for _, sub := range []domain.PushSubscription{live, gone} {
		if _, _, err := svc.RegisterDevice(ctx, p, &domain.Device{PlayerID: sub.Endpoint, Name: "Browser", Subscription: sub}); err != nil {
			t.Fatal(err)
		}
	}
	sent, err := svc.SendTest(ctx, p, "care_task")
	if err != nil {
		t.Fatal(err)
	}
	if r := sent.Report.Push; r.Sent != 1 || r.Removed != 1 {
		t.Fatalf("push report %+v", r)
	}
	got := f.ps.received(live)
	if len(got) != 1 || got[0].msg.Title != "Time to water your Basil" || got[0].msg.Body != sent.Notification.Content ||
		got[0].msg.NotificationID != sent.Notification.ID || got[0].msg.URL != "/schedule" {
		t.Fatalf("the live browser received %+v", got)
	}
	devices, err := svc.Devices(ctx, p)
	if err != nil || len(devices) != 1 || devices[0].PlayerID != live.Endpoint {
		t.Fatalf("devices after 410: %+v %v", devices, err)
	}
}
