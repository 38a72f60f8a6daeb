package sqlstore

import "github.com/jmoiron/sqlx"

// URLForTest returns the URL the store was opened with, so a test can open more replicas.
func (s *Store) URLForTest() string { return s.url }

// DBForTest exposes the connection pool, for tests that read the schema.
func (s *Store) DBForTest() *sqlx.DB { return s.db }

// PGNewestForTest is pgNewest, for a test of its parts against a plain ORDER BY … LIMIT.
var PGNewestForTest = pgNewest

// RebindForTest writes a query's ? placeholders as the store's database wants them.
func (s *Store) RebindForTest(query string) string { return s.q(query) }
