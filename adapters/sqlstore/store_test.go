package sqlstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
)

// Postgres for the contract suite: the server of GARDEN_TEST_POSTGRES_URL (default: the local
// one with trust auth). Each test run creates its own database and drops it at the end; each
// test gets its own schema in it, so runs and tests never see each other's rows.
var (
	pgAdminURL string // the maintenance database, to create and drop ours
	pgRunURL   string // this run's database; empty when Postgres is unavailable
	pgRan      atomic.Int64
)

func TestMain(m *testing.M) {
	pgAdminURL = os.Getenv("GARDEN_TEST_POSTGRES_URL")
	if pgAdminURL == "" {
		pgAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	dropDB, err := createRunDatabase()
	if err != nil {
		if os.Getenv("CI") == "true" {
			fmt.Printf("FAIL: PostgreSQL is required in CI for the storage contract suite: %v\n", err)
			os.Exit(1)
		}
		fmt.Printf("NOTICE: PostgreSQL contract tests skipped: %v\n", err)
	}
	code := m.Run()
	if dropDB != nil {
		dropDB()
	}
	if pgRunURL != "" {
		fmt.Printf("postgres contract: %d tests ran against PostgreSQL\n", pgRan.Load())
	}
	os.Exit(code)
}

func createRunDatabase() (func(), error) {
	ctx := context.Background()
	admin, err := sqlx.Open("pgx", pgAdminURL)
	if err != nil {
		return nil, err
	}
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		return nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "garden_test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		admin.Close()
		return nil, err
	}
	pgRunURL = replaceDatabase(pgAdminURL, name)
	return func() {
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			fmt.Printf("warning: could not drop test database %s: %v\n", name, err)
		}
		admin.Close()
	}, nil
}

func replaceDatabase(url, db string) string {
	rest, query, _ := strings.Cut(url, "?")
	i := strings.LastIndex(rest, "/")
	out := rest[:i+1] + db
	if query != "" {
		out += "?" + query
	}
	return out
}

func withParam(url, kv string) string {
	if strings.Contains(url, "?") {
		return url + "&" + kv
	}
	return url + "?" + kv
}

func newSQLite(t *testing.T) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var schemaSeq atomic.Int64

func newPostgres(t *testing.T) *sqlstore.Store {
	t.Helper()
	if pgRunURL == "" {
		t.Skip("PostgreSQL unavailable")
	}
	schema := fmt.Sprintf("t%d", schemaSeq.Add(1))
	admin, err := sqlx.Open("pgx", pgRunURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	s, err := sqlstore.Open(context.Background(), withParam(pgRunURL, "search_path="+schema), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func migrated(t *testing.T, s *sqlstore.Store) ports.Store {
	t.Helper()
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunStore(t, func(t *testing.T) ports.Store { return migrated(t, newSQLite(t)) })
}

func TestStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if pgRunURL == "" {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunStore(t, func(t *testing.T) ports.Store {
		pgRan.Add(1)
		return migrated(t, newPostgres(t))
	})
}

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
			lockA, lockB := a.JobLocker(), a.JobLocker()
			if name == "Postgres" {
				b, err := sqlstore.Open(ctx, a.URLForTest(), "")
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
				lockB = b.JobLocker()
			} else {
				lockB = lockA // one process: the lock table is the process's
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
