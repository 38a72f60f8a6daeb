package jobs_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestJobStatements: the daily jobs are set-based. The care reminder and the notification
// cleanup send the same number of statements to the database with 10 and with 100 users, on
// both dialects (the counting driver wrapper of sqlstore.OpenCounted counts them), so a job
// that goes back to querying once per user fails the build.
func TestJobStatements(t *testing.T) {
	t.Parallel()
	dialects := map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted}
	for name, open := range dialects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			type figures struct{ reminders, again, cleanup int64 }
			got := map[int]figures{}
			for _, users := range []int{10, 100} {
				var c sqlstore.StatementCounter
				e := newReminderEnv(t, open(t, &c))
				ctx := context.Background()
				for i := range users {
					// Every other gardener has a plant to water today and an overdue task.
					u := e.gardener(t, fmt.Sprintf("g%03d", i), 1+7*(i%2), nil)
					if i%2 == 1 {
						plants, err := e.store.ListPlants(ctx, u.ID)
						if err != nil {
							t.Fatal(err)
						}
						task := &domain.CareTask{UserID: u.ID, PlantID: plants[0].ID, Type: domain.TaskPrune,
							ScheduledDate: domain.AddDays(domain.DateOf(morning), -2), CreatedAt: morning}
						if err := e.store.CreateTask(ctx, task); err != nil {
							t.Fatal(err)
						}
					}
				}
				var f figures
				before := c.Count()
				run, err := e.reminders.Run(ctx, nil)
				f.reminders = c.Count() - before
				if err != nil || run.Users != users || run.Notified != users/2 || run.NothingDue != users/2 || run.Failed != 0 {
					t.Fatalf("%d users: run %+v, %v", users, run, err)
				}
				before = c.Count()
				again, err := e.reminders.Run(ctx, nil)
				f.again = c.Count() - before
				if err != nil || again.AlreadySent != users/2 || again.Notified != 0 {
					t.Fatalf("%d users: second run %+v, %v", users, again, err)
				}
				// A month later the reminders are past the retention and go.
				e.clock.Set(morning.Add(40 * 24 * time.Hour))
				cleanup := app.NewNotifications(e.store, e.store, nil, nil, e.clock, app.NotificationsConfig{Retention: 30 * 24 * time.Hour}, quiet)
				before = c.Count()
				n, err := cleanup.Prune(ctx)
				f.cleanup = c.Count() - before
				if err != nil || n != users/2 {
					t.Fatalf("%d users: cleanup deleted %d, %v", users, n, err)
				}
				got[users] = f
			}
			if got[10] != got[100] {
				t.Fatalf("statements with 10 users %+v, with 100 users %+v: a job queries per user", got[10], got[100])
			}
			t.Logf("statements: %+v", got[100])
		})
	}
}
