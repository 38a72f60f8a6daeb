package sqlstore_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestSchema_ForeignKeysIndexed reads the migrated schema of both dialects and fails for every
// foreign key whose columns do not lead an index (or the primary key): without one, deleting a
// parent row scans the whole child table and joins on the key do too, which is what made the
// notification cleanup take seconds (issue #14).
func TestSchema_ForeignKeysIndexed(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB) *sqlstore.Store{"SQLite": dbtest.SQLite, "Postgres": dbtest.Postgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name == "Postgres" && !dbtest.Available() {
				t.Skip("PostgreSQL unavailable (see the notice above)")
			}
			s := open(t)
			var missing []string
			var err error
			if s.Dialect() == sqlstore.SQLite {
				missing, err = unindexedForeignKeysSQLite(s)
			} else {
				missing, err = unindexedForeignKeysPostgres(s)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range missing {
				t.Errorf("foreign key without an index: %s", m)
			}
		})
	}
}

func unindexedForeignKeysSQLite(s *sqlstore.Store) ([]string, error) {
	db := s.DBForTest()
	ctx := context.Background()
	var tables []string
	if err := db.SelectContext(ctx, &tables, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`); err != nil {
		return nil, err
	}
	var missing []string
	for _, table := range tables {
		// Leading columns of every index and of the primary key.
		var keys [][]string
		var pk []struct {
			Name string `db:"name"`
			PK   int    `db:"pk"`
		}
		if err := db.SelectContext(ctx, &pk, `SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`, table); err != nil {
			return nil, err
		}
		var pkCols []string
		for _, c := range pk {
			pkCols = append(pkCols, c.Name)
		}
		keys = append(keys, pkCols)
		var indexes []string
		if err := db.SelectContext(ctx, &indexes, `SELECT name FROM pragma_index_list(?)`, table); err != nil {
			return nil, err
		}
		for _, ix := range indexes {
			var cols []string
			// An expression column has no name: it covers no foreign key.
			if err := db.SelectContext(ctx, &cols, `SELECT coalesce(name, '(expression)') FROM pragma_index_info(?) ORDER BY seqno`, ix); err != nil {
				return nil, err
			}
			keys = append(keys, cols)
		}
		var fks []struct {
			ID    int    `db:"id"`
			Seq   int    `db:"seq"`
			Table string `db:"table"`
			From  string `db:"from"`
		}
		if err := db.SelectContext(ctx, &fks, `SELECT id, seq, "table", "from" FROM pragma_foreign_key_list(?) ORDER BY id, seq`, table); err != nil {
			return nil, err
		}
		byID := map[int][]string{}
		parent := map[int]string{}
		for _, fk := range fks {
			byID[fk.ID] = append(byID[fk.ID], fk.From)
			parent[fk.ID] = fk.Table
		}
		for id, cols := range byID {
			if !leadsOne(cols, keys) {
				missing = append(missing, fmt.Sprintf("%s(%s) → %s", table, strings.Join(cols, ", "), parent[id]))
			}
		}
	}
	sort.Strings(missing)
	return missing, nil
}

func leadsOne(cols []string, keys [][]string) bool {
	for _, key := range keys {
		if len(key) < len(cols) {
			continue
		}
		match := true
		for i, c := range cols {
			if key[i] != c {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func unindexedForeignKeysPostgres(s *sqlstore.Store) ([]string, error) {
	// indkey is an int2vector whose text is "2 3"; a foreign key is covered when its column
	// numbers, in order, start some index's key.
	var missing []string
	err := s.DBForTest().SelectContext(context.Background(), &missing, `
		SELECT c.conrelid::regclass::text || '(' ||
		       (SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
		          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) ||
		       ') → ' || c.confrelid::regclass::text
		FROM pg_constraint c
		JOIN pg_namespace n ON n.oid = c.connamespace
		WHERE c.contype = 'f' AND n.nspname = current_schema()
		  AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid
		        AND (i.indkey::text || ' ') LIKE (array_to_string(c.conkey, ' ') || ' %'))
		ORDER BY 1`)
	return missing, err
}
