package sqlstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations
var migrationFiles embed.FS

// migrationLockID is the Postgres advisory lock that keeps replicas starting together from
// migrating the same database twice.
const migrationLockID = 7_264_001

// Migration is one versioned schema change.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded migrations of the store's dialect, oldest first.
func (s *Store) Migrations() ([]Migration, error) {
	dir := path.Join("migrations", string(s.dialect))
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".sql") {
			continue
		}
		v, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", name)
		}
		body, err := fs.ReadFile(migrationFiles, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

func (s *Store) ensureVersionTable(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMP NOT NULL)`)
	return err
}

// applied returns the versions already in the database.
func (s *Store) applied(ctx context.Context) (map[int]bool, error) {
	var versions []int
	if err := s.db.SelectContext(ctx, &versions, `SELECT version FROM schema_migrations`); err != nil {
		return nil, err
	}
	done := map[int]bool{}
	for _, v := range versions {
		done[v] = true
	}
	return done, nil
}

// Pending returns the migrations not yet applied.
func (s *Store) Pending(ctx context.Context) ([]Migration, error) {
	all, err := s.Migrations()
	if err != nil {
		return nil, err
	}
	var exists int
	var q string
	if s.dialect == Postgres {
		q = `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`
	} else {
		q = `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	}
	if err := s.db.GetContext(ctx, &exists, q); err != nil {
		return nil, err
	}
	if exists == 0 {
		return all, nil
	}
	done, err := s.applied(ctx)
	if err != nil {
		return nil, err
	}
	var pending []Migration
	for _, m := range all {
		if !done[m.Version] {
			pending = append(pending, m)
		}
	}
	return pending, nil
}

// Migrate applies every pending migration, each in its own transaction, and returns the ones it
// applied. On Postgres an advisory lock makes concurrent callers wait for each other.
func (s *Store) Migrate(ctx context.Context) ([]Migration, error) {
	return s.migrateUpTo(ctx, 0)
}

// Analyze refreshes PostgreSQL's planner statistics at once, after a bulk load (Seed): without
// them, until autovacuum's next analyze, its plans for a freshly loaded million plants took
// 10–15 ms per gardener's list instead of 1 (docs/performance.md, "1k → 1M plants"). SQLite is
// left without statistics on purpose: ANALYZE's sampled ones (analysis_limit) made its planner
// sort every forum topic for the popular list, and the reads that grew without them are written
// so that their plan does not depend on statistics. VACUUM with it merges the full-text (GIN)
// indexes' pending entries, as autovacuum does soon after a load: left pending, a search that
// falls back to the index read them all (2 of the forum search's 3 ms at 1M plants).
func (s *Store) Analyze(ctx context.Context) error {
	if s.dialect != Postgres {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `VACUUM ANALYZE`)
	return translate(err)
}

// MigrateTo applies the pending migrations up to and including version.
func (s *Store) MigrateTo(ctx context.Context, version int) error {
	_, err := s.migrateUpTo(ctx, version)
	return err
}

// migrateUpTo applies the pending migrations up to version (0: all).
func (s *Store) migrateUpTo(ctx context.Context, version int) ([]Migration, error) {
	if s.dialect == Postgres {
		conn, err := s.db.Connx(ctx)
		if err != nil {
			return nil, err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLockID); err != nil {
			return nil, fmt.Errorf("take migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLockID)
	}
	if err := s.ensureVersionTable(ctx); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	pending, err := s.Pending(ctx)
	if err != nil {
		return nil, err
	}
	if version > 0 {
		var upTo []Migration
		for _, m := range pending {
			if m.Version <= version {
				upTo = append(upTo, m)
			}
		}
		pending = upTo
	}
	for _, m := range pending {
		tx, err := s.db.BeginTxx(ctx, nil)
		if err != nil {
			return nil, err
		}
		for _, stmt := range splitStatements(m.SQL) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				_ = tx.Rollback()
				return nil, fmt.Errorf("migration %s: %w", m.Name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`), m.Version, m.Name, time.Now().UTC()); err != nil {
			_ = tx.Rollback()
			return nil, fmt.Errorf("record migration %s: %w", m.Name, err)
		}
		if err := tx.Commit(); err != nil {
			return nil, fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return pending, nil
}

// splitStatements cuts a migration file into statements at semicolons that end a line, and
// drops comment-only lines. Procedural code (SQLite triggers, PostgreSQL trigger functions)
// stays on one line, so this is enough, and it works for drivers that refuse several statements
// in one call.
func splitStatements(sqlText string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(sqlText, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.HasSuffix(trimmed, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if rest := strings.TrimSpace(cur.String()); rest != "" {
		out = append(out, rest)
	}
	return out
}

// MigrationNames passes Migrate's answer on as the migrations' file names, for callers that
// only report them: MigrationNames(store.Migrate(ctx)).
func MigrationNames(applied []Migration, err error) ([]string, error) {
	names := make([]string, len(applied))
	for i, m := range applied {
		names[i] = m.Name
	}
	return names, err
}
