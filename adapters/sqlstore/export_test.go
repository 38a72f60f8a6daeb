package sqlstore

import (
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

// URLForTest returns the URL the store was opened with, so a test can open more replicas.
func (s *Store) URLForTest() string { return s.url }

// DBForTest exposes the connection pool, for tests that read the schema.
func (s *Store) DBForTest() *sqlx.DB { return s.db }

// PGNewestForTest is pgNewest, for a test of its parts against a plain ORDER BY … LIMIT.
var PGNewestForTest = pgNewest

// RebindForTest writes a query's ? placeholders as the store's database wants them.
func (s *Store) RebindForTest(query string) string { return s.q(query) }

// SetWriteQueueWaitForTest shortens how long a SQLite write transaction waits for its turn.
func (s *Store) SetWriteQueueWaitForTest(d time.Duration) {
	if s.writes != nil {
		s.writes.wait = d
	}
}

// TranslateForTest is translate, for a test of the driver errors it maps.
var TranslateForTest = translate

// HotPoolForTest is the hot reads' pool on PostgreSQL (nil on SQLite).
func (s *Store) HotPoolForTest() *pgxpool.Pool { return s.pool }
