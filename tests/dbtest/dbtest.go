// Package dbtest gives tests real, migrated stores: a SQLite file per test, and a PostgreSQL
// schema per test inside one database per test binary, created at start and dropped at the
// end, so parallel tests and concurrent runs never see each other's rows.
//
// PostgreSQL is the server of GARDEN_TEST_POSTGRES_URL (default: 127.0.0.1:5432, user postgres,
// trust auth). When it cannot be reached, Postgres tests are skipped with a notice on a
// developer's machine and fail the run when CI=true.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/adapters/sqlstore"
)

var (
	runURL    string // this binary's database; empty when PostgreSQL is unavailable
	schemaSeq atomic.Int64
	// PostgresStores counts the Postgres stores handed out, for the closing notice.
	PostgresStores atomic.Int64
)

// Main wraps m.Run for a package's TestMain: it creates the run database first and drops it
// afterwards. label names what the count line reports, e.g. "postgres contract".
func Main(m *testing.M, label string) int {
	admin := os.Getenv("GARDEN_TEST_POSTGRES_URL")
	if admin == "" {
		admin = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	drop, err := createRunDatabase(admin)
	if err != nil {
		if os.Getenv("CI") == "true" {
			fmt.Printf("FAIL: PostgreSQL is required in CI: %v\n", err)
			return 1
		}
		fmt.Printf("NOTICE: PostgreSQL tests skipped: %v\n", err)
	}
	code := m.Run()
	if drop != nil {
		drop()
	}
	if runURL != "" && label != "" {
		fmt.Printf("%s: %d tests ran against PostgreSQL\n", label, PostgresStores.Load())
	}
	return code
}

func createRunDatabase(adminURL string) (func(), error) {
	ctx := context.Background()
	admin, err := sqlx.Open("pgx", adminURL)
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
	runURL = replaceDatabase(adminURL, name)
	// Migration 0042 uses pg_trgm. Every test migrates its own schema (PostgresURL), and an
	// extension lives in one schema of the database: it is made once, in public, which each
	// test's search_path ends with.
	if db, err := sqlx.Open("pgx", runURL); err == nil {
		_, err = db.ExecContext(ctx, `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`)
		db.Close()
		if err != nil {
			admin.Close()
			return nil, fmt.Errorf("create pg_trgm: %w", err)
		}
	}
	return func() {
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			fmt.Printf("warning: could not drop test database %s: %v\n", name, err)
		}
		admin.Close()
	}, nil
}

func replaceDatabase(url, db string) string {
	rest, query, _ := strings.Cut(url, "?")
	out := rest[:strings.LastIndex(rest, "/")+1] + db
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

// Available reports whether Postgres tests can run.
func Available() bool { return runURL != "" }

// SQLiteUnmigrated opens a fresh SQLite store in a temporary folder.
func SQLiteUnmigrated(t testing.TB) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// PostgresURL makes a fresh schema and returns a URL whose connections use it; open it twice
// to get two replicas of one database.
func PostgresURL(t testing.TB) string {
	t.Helper()
	if runURL == "" {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	schema := fmt.Sprintf("t%d", schemaSeq.Add(1))
	admin, err := sqlx.Open("pgx", runURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	return withParam(runURL, "search_path="+schema+",public")
}

// Open opens url (as PostgresURL returns) and closes it when the test ends.
func Open(t testing.TB, url string) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), url, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// PostgresUnmigrated opens a fresh PostgreSQL schema.
func PostgresUnmigrated(t testing.TB) *sqlstore.Store {
	t.Helper()
	return Open(t, PostgresURL(t))
}

// Migrated applies the migrations to s.
func Migrated(t testing.TB, s *sqlstore.Store) *sqlstore.Store {
	t.Helper()
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// SQLite is a fresh, migrated SQLite store.
func SQLite(t testing.TB) *sqlstore.Store { return Migrated(t, SQLiteUnmigrated(t)) }

// Postgres is a fresh, migrated PostgreSQL store, counted for the closing notice.
func Postgres(t testing.TB) *sqlstore.Store {
	s := Migrated(t, PostgresUnmigrated(t))
	PostgresStores.Add(1)
	return s
}

// SQLiteCounted is a fresh, migrated SQLite store whose statements are counted in c.
func SQLiteCounted(t testing.TB, c *sqlstore.StatementCounter) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.OpenCounted(context.Background(), "", t.TempDir(), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return Migrated(t, s)
}

// PostgresCounted is a fresh, migrated PostgreSQL store whose statements are counted in c.
func PostgresCounted(t testing.TB, c *sqlstore.StatementCounter) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.OpenCounted(context.Background(), PostgresURL(t), "", c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	PostgresStores.Add(1)
	return Migrated(t, s)
}

// Dialects maps each dialect's name to its fresh-store function, for tests that run on both.
func Dialects() map[string]func(testing.TB) *sqlstore.Store {
	return map[string]func(testing.TB) *sqlstore.Store{"SQLite": SQLite, "Postgres": Postgres}
}
