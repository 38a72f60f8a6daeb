package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m, "postgres contract")) }

func newSQLite(t *testing.T) *sqlstore.Store   { return dbtest.SQLiteUnmigrated(t) }
func newPostgres(t *testing.T) *sqlstore.Store { return dbtest.PostgresUnmigrated(t) }

func migrated(t *testing.T, s *sqlstore.Store) *sqlstore.Store { return dbtest.Migrated(t, s) }

func TestMigrate(t *testing.T) {
	t.Parallel()
	dialects := map[string]func(*testing.T) *sqlstore.Store{"SQLite": newSQLite, "Postgres": newPostgres}
	for name, open := range dialects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s := open(t)
			all, err := s.Migrations()
			if err != nil || len(all) == 0 {
				t.Fatalf("Migrations() = %d, %v", len(all), err)
			}
			if err := s.Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable {
				t.Fatalf("Ready before migrating = %v, want unavailable", err)
			}
			applied, err := s.Migrate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(applied) != len(all) {
				t.Fatalf("applied %d of %d migrations", len(applied), len(all))
			}
			if err := s.Ready(ctx); err != nil {
				t.Fatalf("Ready after migrating = %v", err)
			}
			again, err := s.Migrate(ctx)
			if err != nil || len(again) != 0 {
				t.Fatalf("second Migrate applied %d, %v; want 0, nil", len(again), err)
			}
		})
	}
}

// TestMigrate_ConcurrentReplicas starts several migrations on one fresh Postgres schema at once,
// as replicas starting together would: the advisory lock must make exactly one of them apply.
func TestMigrate_ConcurrentReplicas(t *testing.T) {
	t.Parallel()
	first := newPostgres(t)
	url := first.URLForTest()
	const n = 4
	results := make(chan int, n)
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			s, err := sqlstore.Open(context.Background(), url, "")
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			applied, err := s.Migrate(context.Background())
			errs <- err
			results <- len(applied)
		}()
	}
	total := 0
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < n; i++ {
		total += <-results
	}
	all, _ := first.Migrations()
	if total != len(all) {
		t.Fatalf("replicas applied %d migrations in all, want %d (each exactly once)", total, len(all))
	}
}

func TestOpen_SQLiteFileInDataDir(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "nested", "data")
	s, err := sqlstore.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Dialect() != sqlstore.SQLite {
		t.Fatalf("dialect %s", s.Dialect())
	}
	if _, err := os.Stat(filepath.Join(dir, "garden.db")); err != nil {
		t.Fatalf("database file not in data dir: %v", err)
	}
	if _, err := sqlstore.Open(context.Background(), "mysql://x", dir); err == nil {
		t.Fatal("an unsupported URL was accepted")
	}
}

// TestJobLocker: two stores on one database act as two replicas; only one holds a job's lock.
func TestJobLocker(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(*testing.T) *sqlstore.Store{"SQLite": newSQLite, "Postgres": newPostgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			a := open(t)
			lockA := a.JobLocker()
			lockB := lockA // SQLite is one process: the lock table is the process's
			if name == "Postgres" {
				b, err := sqlstore.Open(ctx, a.URLForTest(), "")
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
				lockB = b.JobLocker()
			}
			unlock, ok, err := lockA.TryLock(ctx, "import")
			if err != nil || !ok {
				t.Fatalf("first lock: %v %v", ok, err)
			}
			if _, ok, err := lockB.TryLock(ctx, "import"); err != nil || ok {
				t.Fatalf("second holder got the lock: %v %v", ok, err)
			}
			if u, ok, _ := lockB.TryLock(ctx, "cleanup"); !ok {
				t.Fatal("another key is blocked")
			} else {
				u()
			}
			unlock()
			u, ok, err := lockB.TryLock(ctx, "import")
			if err != nil || !ok {
				t.Fatalf("lock after release: %v %v", ok, err)
			}
			u()
		})
	}
}
