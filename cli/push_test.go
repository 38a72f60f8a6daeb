package cli_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
)

// recordingPush stands in for Web Push in the CLI tests.
type recordingPush struct {
	mu    sync.Mutex
	sent  []domain.PushMessage
	endps []string
}

func (p *recordingPush) Send(_ context.Context, sub domain.PushSubscription, m domain.PushMessage) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent, p.endps = append(p.sent, m), append(p.endps, sub.Endpoint)
	return nil
}

type nopMail struct{}

func (nopMail) Send(context.Context, domain.EmailMessage) error { return nil }

type nopNtfy struct{}

func (nopNtfy) Send(context.Context, domain.NtfyTarget, domain.PushMessage) error { return nil }

// notifyWiring is cmd/gardenctl's wiring of the notification services, with push recorded.
func notifyWiring(push *recordingPush) cli.Wiring {
	return func(ctx context.Context, cfg configs.Config, log *slog.Logger) (*cli.Runtime, error) {
		store, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return nil, err
		}
		clock := realClock{}
		acc, err := app.NewAccounts(store, password.Fast, clock, app.AccountsConfig{SessionTTL: cfg.SessionTTL, Throttle: domain.DefaultLoginThrottle}, log)
		if err != nil {
			return nil, err
		}
		delivery := app.NewDelivery(store, push, nopMail{}, nopNtfy{}, app.DeliveryConfig{BaseURL: cfg.BaseURL}, log)
		vapid := app.NewVAPID(store, domain.VAPIDKeys{}, func() (domain.VAPIDKeys, error) {
			return domain.VAPIDKeys{PublicKey: "BPublicKeyForTests", PrivateKey: "p"}, nil
		})
		notifications := app.NewNotifications(store, store, delivery, vapid, clock, app.NotificationsConfig{PushDelivery: "log"}, log)
		reminders := app.NewCareReminders(store, store, notifications.Notifier(), clock, nil, log)
		runner, err := jobs.NewRunner(store, store.JobLocker(), clock, log)
		if err != nil {
			return nil, err
		}
		return &cli.Runtime{
			Accounts: acc, Jobs: app.NewJobs(store, runner, clock), Notifications: notifications, JobNames: runner.Names,
			PrepareJobs: func(ctx context.Context) error {
				return runner.Register(ctx, jobs.CareRemindersJob{Reminders: reminders, Time: cfg.Notify.CareReminderTime})
			},
			StartJobs: func(context.Context) error { return nil },
			StopJobs:  runner.Shutdown,
			Migrate: func(ctx context.Context) ([]string, error) {
				return sqlstore.MigrationNames(store.Migrate(ctx))
			},
			Ready: store.Ready, Handler: http.NotFoundHandler(), Close: store.Close,
		}, nil
	}
}

func runWith(ctx context.Context, w cli.Wiring, args ...string) (string, error) {
	root := cli.NewRootCommand(w, "1.2.3")
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(io.Discard)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return out.String(), err
}

func TestPushTest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	push := &recordingPush{}
	w := notifyWiring(push)
	data := "--data-dir=" + dir
	for _, args := range [][]string{{"migrate"}, {"users", "create", "--username", "rosa", "--password", "long-password", "--email", "rosa@example.org"}} {
		if _, err := runWith(ctx, w, append([]string{data}, args...)...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	out, err := runWith(ctx, w, data, "push", "test", "--user", "rosa")
	if err == nil || !strings.Contains(err.Error(), "no device received the push: no device is registered for push") {
		t.Fatalf("without devices: %v", err)
	}
	if !strings.Contains(out, `sent "Test notification" to rosa`) || !strings.Contains(out, "push    skipped: no device is registered") ||
		!strings.Contains(out, "email   sent to 1 address") {
		t.Fatalf("output:\n%s", out)
	}

	// Register a browser straight in storage, as the web app would through the API.
	store, err := sqlstore.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	u, err := store.UserByUsername(ctx, "rosa")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.SaveDevice(ctx, &domain.Device{UserID: u.ID, PlayerID: "https://push.example/rosa",
		Subscription: domain.PushSubscription{Endpoint: "https://push.example/rosa", P256dh: "k", Auth: "a"}}, 10); err != nil {
		t.Fatal(err)
	}
	store.Close()
	out, err = runWith(ctx, w, data, "push", "test", "--user", "ROSA", "--title", "Frost tonight", "--content", "Cover the dahlias.")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "push    sent to 1 device(s)") {
		t.Fatalf("output:\n%s", out)
	}
	push.mu.Lock()
	if len(push.sent) != 1 || push.sent[0].Title != "Frost tonight" || push.sent[0].Body != "Cover the dahlias." || push.endps[0] != "https://push.example/rosa" {
		t.Fatalf("pushed %+v", push.sent)
	}
	push.mu.Unlock()
	if _, err := runWith(ctx, w, data, "push", "test", "--user", "nobody"); err == nil || err.Error() != "User not found" {
		t.Fatalf("unknown user: %v", err)
	}
	out, err = runWith(ctx, w, data, "push", "key")
	if err != nil || !strings.Contains(out, "public key: BPublicKeyForTests") || !strings.Contains(out, "delivery:   log") {
		t.Fatalf("push key: %v\n%s", err, out)
	}
}

func TestRemindersCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := notifyWiring(&recordingPush{})
	data := "--data-dir=" + filepath.Join(t.TempDir(), "d")
	if _, err := runWith(ctx, w, data, "migrate"); err != nil {
		t.Fatal(err)
	}
	out, err := runWith(ctx, w, data, "reminders", "schedule", "show")
	if err != nil || !strings.HasPrefix(out, "every hour at :00 (0 0 * * * *), enabled") {
		t.Fatalf("show: %v\n%s", err, out)
	}
	out, err = runWith(ctx, w, data, "reminders", "schedule", "set", "--time", "07:15")
	if err != nil || !strings.HasPrefix(out, "daily at 07:15 (0 15 7 * * *), enabled") {
		t.Fatalf("set: %v\n%s", err, out)
	}
	if _, err := runWith(ctx, w, data, "reminders", "schedule", "set", "--time", "7am"); err == nil || !strings.Contains(err.Error(), "HH:MM") {
		t.Fatalf("bad time: %v", err)
	}
	out, err = runWith(ctx, w, data, "reminders", "schedule", "disable")
	if err != nil || !strings.Contains(out, "disabled") {
		t.Fatalf("disable: %v\n%s", err, out)
	}
	out, err = runWith(ctx, w, data, "reminders", "run")
	if err != nil || !strings.Contains(out, "care reminders: ") || !strings.Contains(out, "0 reminded") {
		t.Fatalf("run: %v\n%s", err, out)
	}
}

// Not parallel: t.Setenv.
func TestConfig_NotificationKeys(t *testing.T) {
	ctx := context.Background()
	t.Setenv("GARDEN_SMTP_URL", "smtp://garden:mail-secret@mail.example.org:587?from=garden@example.org")
	t.Setenv("GARDEN_VAPID_PUBLIC_KEY", "BPublic")
	t.Setenv("GARDEN_VAPID_PRIVATE_KEY", "private-secret")
	t.Setenv("GARDEN_BASE_URL", "https://garden.example.org")
	t.Setenv("GARDEN_CARE_REMINDER_TIME", "06:45")
	out, _, err := run(ctx, "config", "dump")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"smtp_url": "smtp://garden:********@mail.example.org:587?from=garden@example.org", "vapid_public_key": "BPublic",
		"vapid_private_key": "********", "vapid_subject": "https://garden.example.org", "push_sender": "auto",
		"care_reminder_time": "06:45", "notification_retention": "4320h0m0s", "ntfy_allow_private_hosts": "false",
	} {
		if got := dumpValue(t, out, key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if strings.Contains(out, "mail-secret") || strings.Contains(out, "private-secret") {
		t.Fatalf("a secret leaked:\n%s", out)
	}
	t.Setenv("GARDEN_VAPID_PRIVATE_KEY", "")
	if _, _, err := run(ctx, "config", "dump"); err == nil || !strings.Contains(err.Error(), "set both or neither") {
		t.Fatalf("half a key pair: %v", err)
	}
	t.Setenv("GARDEN_VAPID_PUBLIC_KEY", "")
	t.Setenv("GARDEN_PUSH_SENDER", "carrier-pigeon")
	if _, _, err := run(ctx, "config", "dump"); err == nil || !strings.Contains(err.Error(), "push_sender") {
		t.Fatalf("bad push_sender: %v", err)
	}
	t.Setenv("GARDEN_PUSH_SENDER", "webpush")
	t.Setenv("GARDEN_CARE_REMINDER_TIME", "25:00")
	if _, _, err := run(ctx, "config", "dump"); err == nil || !strings.Contains(err.Error(), "care_reminder_time") {
		t.Fatalf("bad time: %v", err)
	}
}
