package jobs_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestLeaderWorker_OneLeaderAndTakeover: two replicas (two stores on one database, each with
// its own connections) run the same leader worker; exactly one leads at any time; when the
// leader's database session is ended (its process lost the connection), its lease renewal
// fails, it steps down, and the other takes over; when a leader stops, the other takes over.
// On PostgreSQL (advisory locks) and SQLite (a lock file shared by the processes on the file).
func TestLeaderWorker_OneLeaderAndTakeover(t *testing.T) {
	t.Parallel()
	for _, dialect := range []string{"Postgres", "SQLite"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			var a, b *sqlstore.Store
			if dialect == "Postgres" {
				url := dbtest.PostgresURL(t)
				a, b = dbtest.Open(t, url), dbtest.Open(t, url)
			} else {
				dir := t.TempDir()
				var err error
				if a, err = sqlstore.Open(context.Background(), "", dir); err != nil {
					t.Fatal(err)
				}
				if b, err = sqlstore.Open(context.Background(), "", dir); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { a.Close(); b.Close() })
			}
			key := fmt.Sprintf("leader-test-%d", time.Now().UnixNano())
			var mu sync.Mutex
			leading := map[string]bool{}
			both := false
			worker := func(name string, s *sqlstore.Store) jobs.LeaderWorker {
				return jobs.LeaderWorker{Key: key, Locker: s.JobLeaseLocker(), Retry: 100 * time.Millisecond, Renew: 100 * time.Millisecond,
					Log:  slog.New(slog.NewTextHandler(io.Discard, nil)),
					Lead: func(ctx context.Context) error { <-ctx.Done(); return nil },
					OnLead: func(on bool) {
						mu.Lock()
						defer mu.Unlock()
						leading[name] = on
						if leading["a"] && leading["b"] {
							both = true
						}
					}}
			}
			leader := func() string {
				mu.Lock()
				defer mu.Unlock()
				for n, on := range leading {
					if on {
						return n
					}
				}
				return ""
			}
			wait := func(what string, ok func() bool) {
				t.Helper()
				deadline := time.Now().Add(10 * time.Second)
				for !ok() {
					if time.Now().After(deadline) {
						t.Fatalf("not within 10s: %s", what)
					}
					time.Sleep(20 * time.Millisecond)
				}
			}
			ctxA, stopA := context.WithCancel(context.Background())
			ctxB, stopB := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			wg.Add(2)
			go func() { defer wg.Done(); worker("a", a).Run(ctxA) }()
			go func() { defer wg.Done(); worker("b", b).Run(ctxB) }()
			defer func() { stopA(); stopB(); wg.Wait() }()
			wait("a leader", func() bool { return leader() != "" })
			first := leader()
			time.Sleep(500 * time.Millisecond) // the other keeps trying meanwhile
			if leader() != first {
				t.Fatalf("the leadership moved without cause: %s then %s", first, leader())
			}
			if dialect == "Postgres" {
				// End the leader's lock session from outside, as a network cut or a database
				// restart would: the renewal fails and the other replica takes over.
				if _, err := a.SQLDB().Exec(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1::bigint & 4294967295`,
					sqlstore.AdvisoryKey(key)); err != nil {
					t.Fatal(err)
				}
				wait("the leadership moves after the lease is lost", func() bool { return leader() != "" && leader() != first })
				first = leader()
			}
			if first == "a" {
				stopA()
			} else {
				stopB()
			}
			second := map[string]string{"a": "b", "b": "a"}[first]
			wait("the other takes over when the leader stops", func() bool { return leader() == second })
			mu.Lock()
			defer mu.Unlock()
			if both {
				t.Fatal("two leaders at once")
			}
		})
	}
}
