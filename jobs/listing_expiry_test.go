package jobs_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// expiryEnv is the listing expiry job registered with a runner over one store: one replica.
type expiryEnv struct {
	store   *sqlstore.Store
	clock   *fixedClock
	runner  *jobs.Runner
	notes   *app.Notifications
	sharing *app.Sharing
}

func newExpiryEnv(t *testing.T, s *sqlstore.Store) *expiryEnv {
	t.Helper()
	e := &expiryEnv{store: s, clock: &fixedClock{t: morning}}
	delivery := app.NewDelivery(s, &outbox{}, mailbox{&outbox{}}, noNtfy{}, app.DeliveryConfig{}, quiet)
	e.notes = app.NewNotifications(s, s, delivery, nil, e.clock, app.NotificationsConfig{}, quiet)
	e.sharing = app.NewSharing(s, e.notes, app.NewPlants(s, e.clock), nil, e.clock, app.SharingConfig{}, quiet)
	r, err := jobs.NewRunner(s, s.JobLocker(), e.clock, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Register(context.Background(), jobs.ListingExpiryJob{Sharing: e.sharing}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Shutdown() })
	e.runner = r
	return e
}

// owner stores a user with listings created ago before now, each living the default 30 days.
func (e *expiryEnv) owner(t *testing.T, name string, ago ...time.Duration) *domain.User {
	t.Helper()
	ctx := context.Background()
	u := &domain.User{Username: name, PasswordHash: "x", Role: domain.RoleUser, IsActive: true, NotificationsEnabled: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: morning.Add(-60 * 24 * time.Hour)}
	if err := e.store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	for _, a := range ago {
		l := &domain.Listing{Title: name + "'s mint", PlantName: "Mint", PlantType: "Herbs", ListingType: domain.ListingFree, Quantity: 1}
		if err := domain.NewListing(l, u.ID, morning.Add(-a), 0); err != nil {
			t.Fatal(err)
		}
		if err := e.store.CreateListing(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	return u
}

func (e *expiryEnv) reminders(t *testing.T, u *domain.User) int {
	t.Helper()
	list, err := e.store.ListUserNotifications(context.Background(), domain.AudienceOf(u), 50)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range list {
		if x.Kind == domain.KindListingExpiry {
			n++
		}
	}
	return n
}

func TestListingExpiryJob_RemindsOnceThreeDaysBefore(t *testing.T) {
	t.Parallel()
	e := newExpiryEnv(t, dbtest.SQLite(t))
	day := 24 * time.Hour
	// Expiring in 1 day and 2.5 days (reminded), in 5 days (not yet), 1 day ago (expired).
	soon := e.owner(t, "soon", 29*day, 27*day+12*time.Hour)
	later := e.owner(t, "later", 25*day)
	gone := e.owner(t, "gone", 31*day)
	run, err := e.runner.RunNow(context.Background(), jobs.ListingExpiryName, domain.TriggerManual)
	if err != nil || !run.Success {
		t.Fatalf("%+v %v", run, err)
	}
	if run.Counts["reminded"] != 2 || run.Message != "2 owners reminded, 0 already reminded, 0 failed" {
		t.Fatalf("%+v", run)
	}
	if e.reminders(t, soon) != 2 || e.reminders(t, later) != 0 || e.reminders(t, gone) != 0 {
		t.Fatal("wrong owners reminded")
	}
	again, _ := e.runner.RunNow(context.Background(), jobs.ListingExpiryName, domain.TriggerManual)
	if again.Counts["reminded"] != 0 || e.reminders(t, soon) != 2 {
		t.Fatalf("reminded twice: %+v", again.Counts)
	}
	e.clock.Set(morning.Add(3 * day)) // later's listing now has 2 days left
	next, _ := e.runner.RunNow(context.Background(), jobs.ListingExpiryName, domain.TriggerManual)
	if next.Counts["reminded"] != 1 || e.reminders(t, later) != 1 {
		t.Fatalf("%+v", next.Counts)
	}
	if s := (jobs.ListingExpiryJob{}).DefaultSchedule(); !s.Enabled || s.Cron != "0 0 9 * * *" {
		t.Fatalf("%+v", s)
	}
}

// TestListingExpiryJob_OnceAcrossTwoRunners: two replicas on one PostgreSQL database run the job
// at the same moment, through their runners and, bypassing the runners' lock, through the
// service itself: every owner is reminded once.
func TestListingExpiryJob_OnceAcrossTwoRunners(t *testing.T) {
	t.Parallel()
	url := dbtest.PostgresURL(t)
	a := newExpiryEnv(t, dbtest.Migrated(t, dbtest.Open(t, url)))
	b := newExpiryEnv(t, dbtest.Open(t, url))
	day := 24 * time.Hour
	owners := []*domain.User{a.owner(t, "r1", 29*day), a.owner(t, "r2", 28*day), a.owner(t, "r3", 27*day+12*time.Hour, 29*day)}
	var wg sync.WaitGroup
	for _, e := range []*expiryEnv{a, b} {
		wg.Add(2)
		go func(e *expiryEnv) {
			defer wg.Done()
			if _, err := e.runner.RunNow(context.Background(), jobs.ListingExpiryName, domain.TriggerManual); err != nil && domain.ErrorCode(err) != domain.EConflict {
				t.Error(err)
			}
		}(e)
		go func(e *expiryEnv) {
			defer wg.Done()
			if _, err := e.sharing.RemindExpiring(context.Background()); err != nil {
				t.Error(err)
			}
		}(e)
	}
	wg.Wait()
	want := map[string]int{"r1": 1, "r2": 1, "r3": 2}
	for _, u := range owners {
		if n := a.reminders(t, u); n != want[u.Username] {
			t.Errorf("%s got %d reminders, want %d", u.Username, n, want[u.Username])
		}
	}
}
