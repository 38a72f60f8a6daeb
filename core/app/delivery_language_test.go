package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/i18n"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// A Dutch gardener's care reminder reaches them in Dutch, by e-mail (subject, text and the
// e-mail's own lines) and by ntfy; the stored notification stays English (issue #25 item 3).
func TestDelivery_ReminderInTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	d := app.NewDelivery(e.store, e.push, e.mail, e.ntfy, app.DeliveryConfig{BaseURL: "https://garden.example.org", Translator: i18n.MustLoad()}, quiet)
	nl := e.user(t, domain.RoleUser, nil, func(u *domain.User) { u.Language = "nl" }).User
	en := e.user(t, domain.RoleUser, nil, nil).User

	day := time.Date(2026, 6, 1, 7, 0, 0, 0, time.UTC)
	water := []domain.Reminder{{PlantID: 1, Name: "Basil"}, {PlantID: 2, Name: "Mint"}}
	tasks := []*domain.CareTask{{ID: 9, Type: domain.TaskPrune, PlantName: "Rose"}}
	n := domain.CareReminderNotification(nl, day, water, []domain.Reminder{{PlantID: 2, Name: "Mint"}}, tasks, nil)
	n.ID = 7
	if r := d.DeliverChannel(ctx, app.ChannelEmail, nl, n, domain.NotificationChannels{}, nil); r.Status != app.DeliverySent {
		t.Fatalf("report %+v", r)
	}
	m := e.mail.sent()[0]
	if m.Subject != "Plantenzorg voor vandaag: 2 planten, 1 taak" {
		t.Fatalf("subject %q", m.Subject)
	}
	for _, want := range []string{
		"Water geven: Basil, Mint. Bemesten: Mint. Taken: Rose snoeien.",
		"Garden openen: https://garden.example.org/schedule",
		"Je ontvangt deze e-mail omdat e-mailmeldingen aanstaan voor je Garden-account (" + nl.Username + ").",
		"Zet ze uit bij Instellingen: https://garden.example.org/settings",
	} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
	if n.Title != "Today's plant care: 2 plants, 1 task" {
		t.Fatalf("the stored notification changed: %q", n.Title)
	}

	ch := domain.NotificationChannels{NtfyServer: "https://ntfy.example", NtfyTopic: "garden-nl"}
	if r := d.DeliverChannel(ctx, app.ChannelNtfy, nl, n, ch, nil); r.Status != app.DeliverySent {
		t.Fatalf("ntfy report %+v", r)
	}
	if got := e.ntfy.sent(); len(got) != 1 || got[0].msg.Title != "Plantenzorg voor vandaag: 2 planten, 1 taak" {
		t.Fatalf("ntfy %+v", got)
	}

	// An English gardener reads the same reminder as it was written.
	if r := d.DeliverChannel(ctx, app.ChannelEmail, en, n, domain.NotificationChannels{}, nil); r.Status != app.DeliverySent {
		t.Fatalf("report %+v", r)
	}
	if m := e.mail.sent()[1]; m.Subject != n.Title || !strings.Contains(m.Body, "Open Garden: https://garden.example.org/schedule") {
		t.Fatalf("English mail %+v", m)
	}
}
