package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.BackupStore = (*Store)(nil)

// replaceable are the tables whose rows the installation makes by itself (migrations' seed
// rows, serve's start): they do not make a database "not empty", and a restore replaces them.
var replaceable = map[string]bool{
	"app_functions": true, "site_categories": true, "job_schedules": true, "job_runs": true,
	"vapid_keys": true, "sessions": true, "login_failures": true,
}

// backupTable is a ports.BackupTable with what the store needs to read and write it.
type backupTable struct {
	ports.BackupTable
	primaryKey []string
	identity   []string // PostgreSQL identity columns, whose sequences a restore moves on
	refs       []string // tables this one references
}

// catalog reads the restorable tables of the database, in dependency order.
func (s *Store) catalog(ctx context.Context, q sqlx.QueryerContext) ([]backupTable, int, error) {
	var version sql.NullInt64
	if err := sqlx.GetContext(ctx, q, &version, `SELECT MAX(version) FROM schema_migrations`); err != nil {
		return nil, 0, fmt.Errorf("backup: read the schema version: %w", err)
	}
	var tables map[string]*backupTable
	var err error
	if s.dialect == Postgres {
		tables, err = postgresCatalog(ctx, q)
	} else {
		tables, err = sqliteCatalog(ctx, q)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("backup: read the tables: %w", err)
	}
	ordered, err := dependencyOrder(tables)
	return ordered, int(version.Int64), err
}

func postgresCatalog(ctx context.Context, q sqlx.QueryerContext) (map[string]*backupTable, error) {
	var cols []struct {
		Table     string `db:"table_name"`
		Column    string `db:"column_name"`
		Type      string `db:"data_type"`
		Generated string `db:"is_generated"`
		Identity  string `db:"is_identity"`
	}
	err := sqlx.SelectContext(ctx, q, &cols, `
		SELECT c.table_name, c.column_name, c.data_type, c.is_generated, c.is_identity
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT IN ('schema_migrations', 'restore_marker')
		ORDER BY c.table_name, c.ordinal_position`)
	if err != nil {
		return nil, err
	}
	tables := map[string]*backupTable{}
	for _, c := range cols {
		t := tables[c.Table]
		if t == nil {
			t = &backupTable{BackupTable: ports.BackupTable{Name: c.Table}}
			tables[c.Table] = t
		}
		if c.Generated == "ALWAYS" || c.Type == "tsvector" {
			continue
		}
		kind, ok := postgresKinds[c.Type]
		if !ok {
			return nil, fmt.Errorf("column %s.%s has type %s, which backups do not know", c.Table, c.Column, c.Type)
		}
		t.Columns = append(t.Columns, ports.BackupColumn{Name: c.Column, Kind: kind})
		if c.Identity == "YES" {
			t.identity = append(t.identity, c.Column)
		}
	}
	var keys []struct {
		Table  string `db:"relname"`
		Column string `db:"attname"`
	}
	err = sqlx.SelectContext(ctx, q, &keys, `
		SELECT cl.relname, a.attname
		FROM pg_index i
		JOIN pg_class cl ON cl.oid = i.indrelid
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
		WHERE i.indisprimary AND cl.relnamespace = current_schema()::regnamespace
		ORDER BY cl.relname, array_position(i.indkey::int2[], a.attnum)`)
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		if t := tables[k.Table]; t != nil {
			t.primaryKey = append(t.primaryKey, k.Column)
		}
	}
	var refs []struct {
		Table string `db:"tbl"`
		Ref   string `db:"ref"`
	}
	err = sqlx.SelectContext(ctx, q, &refs, `
		SELECT cl.relname AS tbl, ref.relname AS ref
		FROM pg_constraint co
		JOIN pg_class cl ON cl.oid = co.conrelid
		JOIN pg_class ref ON ref.oid = co.confrelid
		WHERE co.contype = 'f' AND cl.relnamespace = current_schema()::regnamespace`)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		if t := tables[r.Table]; t != nil {
			t.refs = append(t.refs, r.Ref)
		}
	}
	return tables, nil
}

var postgresKinds = map[string]ports.BackupKind{
	"bigint": ports.BackupInt, "integer": ports.BackupInt, "smallint": ports.BackupInt,
	"double precision": ports.BackupFloat, "real": ports.BackupFloat, "numeric": ports.BackupFloat,
	"boolean":                     ports.BackupBool,
	"timestamp with time zone":    ports.BackupTime,
	"timestamp without time zone": ports.BackupTime,
	"date":                        ports.BackupDate,
	"text":                        ports.BackupText, "character varying": ports.BackupText, "character": ports.BackupText,
	"json": ports.BackupText, "jsonb": ports.BackupText, "uuid": ports.BackupText,
}

func sqliteCatalog(ctx context.Context, q sqlx.QueryerContext) (map[string]*backupTable, error) {
	// pragma_table_list tells ordinary tables from virtual (FTS5) tables and their shadow
	// tables, which the FTS module fills itself.
	var names []string
	err := sqlx.SelectContext(ctx, q, &names, `SELECT name FROM pragma_table_list
		WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name NOT IN ('schema_migrations', 'restore_marker')`)
	if err != nil {
		return nil, err
	}
	tables := map[string]*backupTable{}
	for _, name := range names {
		t := &backupTable{BackupTable: ports.BackupTable{Name: name}}
		var cols []struct {
			Name   string `db:"name"`
			Type   string `db:"type"`
			Hidden int    `db:"hidden"`
			PK     int    `db:"pk"`
		}
		if err := sqlx.SelectContext(ctx, q, &cols, `SELECT name, type, hidden, pk FROM pragma_table_xinfo(?) ORDER BY cid`, name); err != nil {
			return nil, err
		}
		pk := map[int]string{}
		for _, c := range cols {
			if c.Hidden != 0 {
				continue // generated or hidden columns
			}
			kind, err := sqliteKind(c.Type)
			if err != nil {
				return nil, fmt.Errorf("column %s.%s: %w", name, c.Name, err)
			}
			t.Columns = append(t.Columns, ports.BackupColumn{Name: c.Name, Kind: kind})
			if c.PK > 0 {
				pk[c.PK] = c.Name
			}
		}
		for i := 1; i <= len(pk); i++ {
			t.primaryKey = append(t.primaryKey, pk[i])
		}
		if err := sqlx.SelectContext(ctx, q, &t.refs, `SELECT "table" FROM pragma_foreign_key_list(?)`, name); err != nil {
			return nil, err
		}
		tables[name] = t
	}
	return tables, nil
}

// sqliteKind maps a declared column type to a kind by SQLite's own affinity rules, with
// BOOLEAN, DATETIME and DATE (which SQLite stores as integers and text) told apart.
func sqliteKind(declared string) (ports.BackupKind, error) {
	t := strings.ToUpper(declared)
	switch {
	case strings.Contains(t, "BOOL"):
		return ports.BackupBool, nil
	case strings.Contains(t, "DATETIME") || strings.Contains(t, "TIMESTAMP"):
		return ports.BackupTime, nil
	case t == "DATE":
		return ports.BackupDate, nil
	case strings.Contains(t, "INT"):
		return ports.BackupInt, nil
	case strings.Contains(t, "CHAR") || strings.Contains(t, "CLOB") || strings.Contains(t, "TEXT") || t == "":
		return ports.BackupText, nil
	case strings.Contains(t, "REAL") || strings.Contains(t, "FLOA") || strings.Contains(t, "DOUB"):
		return ports.BackupFloat, nil
	}
	return "", fmt.Errorf("type %s is not known to backups", declared)
}

// dependencyOrder sorts tables so that each comes after the tables it references (a
// table's references to itself aside), taking the alphabetically first ready table each
// time so that the order is stable.
func dependencyOrder(tables map[string]*backupTable) ([]backupTable, error) {
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	sort.Strings(names)
	done := map[string]bool{}
	var out []backupTable
	for len(out) < len(names) {
		progress := false
		for _, n := range names {
			if done[n] {
				continue
			}
			ready := true
			for _, r := range tables[n].refs {
				if r != n && !done[r] && tables[r] != nil {
					ready = false
					break
				}
			}
			if ready {
				done[n] = true
				out = append(out, *tables[n])
				progress = true
				break
			}
		}
		if !progress {
			return nil, fmt.Errorf("backup: the tables' foreign keys form a cycle")
		}
	}
	return out, nil
}

func quoteIdent(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

func columnList(cols []string) string {
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = quoteIdent(c)
	}
	return strings.Join(q, ", ")
}

// snapshot is a ports.BackupSnapshot on an open read transaction.
type snapshot struct {
	tx      *sqlx.Tx
	version int
	tables  []backupTable
	byName  map[string]*backupTable
}

func (s *snapshot) SchemaVersion() int { return s.version }

func (s *snapshot) Tables() []ports.BackupTable {
	out := make([]ports.BackupTable, len(s.tables))
	for i, t := range s.tables {
		out[i] = t.BackupTable
	}
	return out
}

func (s *snapshot) Rows(ctx context.Context, table string, fn func([]any) error) error {
	t := s.byName[table]
	if t == nil {
		return fmt.Errorf("backup: no table %s", table)
	}
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	query := `SELECT ` + columnList(names) + ` FROM ` + quoteIdent(t.Name)
	if len(t.primaryKey) > 0 {
		query += ` ORDER BY ` + columnList(t.primaryKey)
	}
	rows, err := s.tx.QueryContext(ctx, query)
	if err != nil {
		return fmt.Errorf("backup: read %s: %w", table, err)
	}
	defer rows.Close()
	raw := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	values := make([]any, len(names))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("backup: read %s: %w", table, err)
		}
		for i, c := range t.Columns {
			v, err := backupValue(c.Kind, raw[i])
			if err != nil {
				return fmt.Errorf("backup: %s.%s: %w", table, c.Name, err)
			}
			values[i] = v
		}
		if err := fn(values); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Snapshot implements ports.BackupStore. A SQLite read-only transaction begins deferred (not
// immediate like the store's writes), so it takes no write lock and, in WAL mode, reads one
// snapshot while writers go on.
func (s *Store) Snapshot(ctx context.Context, fn func(ports.BackupSnapshot) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTxx(ctx, opts)
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback()
	tables, version, err := s.catalog(ctx, tx)
	if err != nil {
		return err
	}
	snap := &snapshot{tx: tx, version: version, tables: tables, byName: map[string]*backupTable{}}
	for i := range tables {
		snap.byName[tables[i].Name] = &snap.tables[i]
	}
	return fn(snap)
}

// BackupTarget implements ports.BackupStore.
func (s *Store) BackupTarget(ctx context.Context) (ports.BackupTarget, error) {
	all, err := s.Migrations()
	if err != nil {
		return ports.BackupTarget{}, err
	}
	latest := all[len(all)-1].Version
	pending, err := s.Pending(ctx)
	if err != nil {
		return ports.BackupTarget{}, fmt.Errorf("backup: read the schema version: %w", err)
	}
	if len(pending) == len(all) {
		return ports.BackupTarget{Latest: latest}, nil // blank: not one migration applied
	}
	tables, version, err := s.catalog(ctx, s.db)
	if err != nil {
		return ports.BackupTarget{}, err
	}
	occupied, err := s.occupied(ctx, s.db, tables)
	if err != nil {
		return ports.BackupTarget{}, err
	}
	out := ports.BackupTarget{SchemaVersion: version, Latest: latest, Occupied: occupied}
	for _, t := range tables {
		out.Tables = append(out.Tables, t.BackupTable)
	}
	return out, nil
}

// occupied lists the tables holding rows that the installation did not make by itself.
func (s *Store) occupied(ctx context.Context, q sqlx.QueryerContext, tables []backupTable) ([]string, error) {
	var out []string
	for _, t := range tables {
		if replaceable[t.Name] {
			continue
		}
		query := `SELECT COUNT(*) FROM ` + quoteIdent(t.Name)
		if t.Name == "users" {
			query += ` WHERE NOT is_protected`
		}
		var n int64
		if err := sqlx.GetContext(ctx, q, &n, query); err != nil {
			return nil, fmt.Errorf("backup: count %s: %w", t.Name, err)
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("%s (%d rows)", t.Name, n))
		}
	}
	return out, nil
}

// restore is a ports.BackupRestore on the restore's transaction.
type restore struct {
	s      *Store
	tx     *sqlx.Tx
	byName map[string]*backupTable
}

// maxParams keeps one INSERT under both drivers' limits on bound parameters.
const maxParams = 30_000

func (r *restore) Insert(ctx context.Context, table string, columns []string, rows [][]any) error {
	t := r.byName[table]
	if t == nil {
		return domain.Errorf(domain.EInvalid, "The backup holds a table %s that this database does not have.", table)
	}
	if len(columns) == 0 {
		return nil
	}
	head := `INSERT INTO ` + quoteIdent(table) + ` (` + columnList(columns) + `)`
	if r.s.dialect == Postgres && len(t.identity) > 0 {
		head += ` OVERRIDING SYSTEM VALUE`
	}
	head += ` VALUES `
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(columns)), ", ") + ")"
	per := max(1, min(500, maxParams/len(columns)))
	for start := 0; start < len(rows); start += per {
		batch := rows[start:min(start+per, len(rows))]
		var b strings.Builder
		b.WriteString(head)
		args := make([]any, 0, len(batch)*len(columns))
		for i, row := range batch {
			if len(row) != len(columns) {
				return fmt.Errorf("restore %s: a row has %d values for %d columns", table, len(row), len(columns))
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(one)
			args = append(args, row...)
		}
		if _, err := r.tx.ExecContext(ctx, r.s.q(b.String()), args...); err != nil {
			return fmt.Errorf("restore %s: %w", table, err)
		}
	}
	return nil
}

// Restore implements ports.BackupStore.
func (s *Store) Restore(ctx context.Context, replace bool, fn func(ports.BackupRestore) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback()
	tables, _, err := s.catalog(ctx, tx)
	if err != nil {
		return err
	}
	if !replace {
		occupied, err := s.occupied(ctx, tx, tables)
		if err != nil {
			return err
		}
		if len(occupied) > 0 {
			return domain.Errorf(domain.EConflict, "The database is not empty (%s): restore only into a new, migrated installation.", strings.Join(occupied, ", "))
		}
	}
	if s.dialect == SQLite {
		// Rows arrive in dependency order; deferring the checks to COMMIT also covers a table
		// that references itself.
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			return err
		}
	}
	for i := len(tables) - 1; i >= 0; i-- {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+quoteIdent(tables[i].Name)); err != nil {
			return fmt.Errorf("restore: empty %s: %w", tables[i].Name, err)
		}
	}
	r := &restore{s: s, tx: tx, byName: map[string]*backupTable{}}
	for i := range tables {
		r.byName[tables[i].Name] = &tables[i]
	}
	if err := fn(r); err != nil {
		return err
	}
	if s.dialect == Postgres {
		for _, t := range tables {
			for _, col := range t.identity {
				// The next id is one past the largest restored, so new rows never collide.
				q := `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(` + quoteIdent(col) + `) FROM ` + quoteIdent(t.Name) + `), 0) + 1, false)`
				if _, err := tx.ExecContext(ctx, q, quoteIdent(t.Name), col); err != nil {
					return fmt.Errorf("restore: move the %s.%s sequence on: %w", t.Name, col, err)
				}
			}
		}
	} else if _, ok := r.byName["forum_topics"]; ok {
		// The forum's FTS5 index is written by the store beside each topic and reply (the
		// other FTS tables have triggers), so it is rebuilt from the restored rows.
		for _, q := range []string{`DELETE FROM forum_search`,
			`INSERT INTO forum_search (rowid, title, body) SELECT id * 2, title, body_text FROM forum_topics`,
			`INSERT INTO forum_search (rowid, title, body) SELECT id * 2 + 1, '', body_text FROM forum_posts`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("restore: rebuild the forum search index: %w", err)
			}
		}
	}
	if t, ok := r.byName["sites"]; ok && slices.ContainsFunc(t.Columns, func(c ports.BackupColumn) bool { return c.Name == "user_count" }) {
		// sites.user_count is kept by triggers on users (0042), which counted the restored
		// users on top of the restored counts: count them once. (A restore at an older schema
		// gets the column, counted, from the migration.)
		if _, err := tx.ExecContext(ctx, `UPDATE sites SET user_count = (SELECT count(*) FROM users WHERE users.site_id = sites.id)`); err != nil {
			return fmt.Errorf("restore: count the sites' users: %w", err)
		}
	}
	// The marker says "only blobs remain" exactly when the rows are there: both commit together.
	if _, err := tx.ExecContext(ctx, `UPDATE restore_marker SET rows_restored = 1`); err != nil {
		return fmt.Errorf("restore: update the restore marker: %w", err)
	}
	return translate(tx.Commit())
}

// restoreMarkerDDL makes the restore marker's table: one row at most, times as RFC 3339 text
// and the flag as 0/1, the same in both dialects. The store makes it on first use rather than
// in a migration, because a restore into a blank database, or of an archive older than the
// migration that would add it, marks itself before that schema exists.
const restoreMarkerDDL = `CREATE TABLE IF NOT EXISTS restore_marker (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	source TEXT NOT NULL,
	digest TEXT NOT NULL,
	archive_created_at TEXT NOT NULL,
	started_at TEXT NOT NULL,
	rows_restored INTEGER NOT NULL DEFAULT 0)`

// MarkRestore implements ports.BackupStore.
func (s *Store) MarkRestore(ctx context.Context, m ports.RestoreMarker) error {
	if _, err := s.db.ExecContext(ctx, restoreMarkerDDL); err != nil {
		return fmt.Errorf("restore: create the restore marker: %w", err)
	}
	rows := 0
	if m.RowsRestored {
		rows = 1
	}
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM restore_marker`); err != nil {
			return fmt.Errorf("restore: write the restore marker: %w", err)
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO restore_marker (id, source, digest, archive_created_at, started_at, rows_restored) VALUES (1, ?, ?, ?, ?, ?)`),
			m.Source, m.Digest, m.CreatedAt.UTC().Format(time.RFC3339Nano), m.StartedAt.UTC().Format(time.RFC3339Nano), rows)
		if err != nil {
			return fmt.Errorf("restore: write the restore marker: %w", err)
		}
		return nil
	})
}

// RestoreMarker implements ports.BackupStore.
func (s *Store) RestoreMarker(ctx context.Context) (ports.RestoreMarker, bool, error) {
	var m ports.RestoreMarker
	var exists int
	q := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'restore_marker'`
	if s.dialect == Postgres {
		q = `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'restore_marker'`
	}
	if err := s.db.GetContext(ctx, &exists, q); err != nil {
		return m, false, fmt.Errorf("restore: read the restore marker: %w", err)
	}
	if exists == 0 {
		return m, false, nil
	}
	var row struct {
		Source    string `db:"source"`
		Digest    string `db:"digest"`
		CreatedAt string `db:"archive_created_at"`
		StartedAt string `db:"started_at"`
		Rows      int    `db:"rows_restored"`
	}
	err := s.db.GetContext(ctx, &row, `SELECT source, digest, archive_created_at, started_at, rows_restored FROM restore_marker`)
	if errors.Is(err, sql.ErrNoRows) {
		return m, false, nil
	} else if err != nil {
		return m, false, fmt.Errorf("restore: read the restore marker: %w", err)
	}
	m = ports.RestoreMarker{Source: row.Source, Digest: row.Digest, RowsRestored: row.Rows != 0}
	m.CreatedAt, _ = time.Parse(time.RFC3339Nano, row.CreatedAt)
	m.StartedAt, _ = time.Parse(time.RFC3339Nano, row.StartedAt)
	return m, true, nil
}

// ClearRestoreMarker implements ports.BackupStore. The table stays, empty.
func (s *Store) ClearRestoreMarker(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, restoreMarkerDDL); err != nil {
		return fmt.Errorf("restore: clear the restore marker: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM restore_marker`); err != nil {
		return fmt.Errorf("restore: clear the restore marker: %w", err)
	}
	return nil
}

// sqliteTimeLayouts are the forms a SQLite DATETIME column may hold: the driver's own
// (_time_format=sqlite), RFC 3339, and SQLite's CURRENT_TIMESTAMP.
var sqliteTimeLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02"}

// backupValue turns what a driver scanned into the Go value of the column's kind.
func backupValue(kind ports.BackupKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok {
		v = string(b)
	}
	switch kind {
	case ports.BackupInt:
		switch x := v.(type) {
		case int64:
			return x, nil
		case int32:
			return int64(x), nil
		case int:
			return int64(x), nil
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		case float64:
			return int64(x), nil
		case string:
			return strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		}
	case ports.BackupFloat:
		switch x := v.(type) {
		case float64:
			return x, nil
		case float32:
			return float64(x), nil
		case int64:
			return float64(x), nil
		case string:
			return strconv.ParseFloat(strings.TrimSpace(x), 64)
		}
	case ports.BackupBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case int64:
			return x != 0, nil
		case string:
			return strconv.ParseBool(strings.TrimSpace(x))
		}
	case ports.BackupText:
		switch x := v.(type) {
		case string:
			return x, nil
		case time.Time:
			return x.UTC().Format(time.RFC3339Nano), nil
		case int64:
			return strconv.FormatInt(x, 10), nil
		}
	case ports.BackupDate:
		switch x := v.(type) {
		case time.Time:
			return x.Format(domain.DateLayout), nil
		case string:
			var d dbDate
			if err := d.parse(x); err != nil {
				return nil, err
			}
			return d.Format(domain.DateLayout), nil
		}
	case ports.BackupTime:
		switch x := v.(type) {
		case time.Time:
			return x.UTC(), nil
		case string:
			for _, layout := range sqliteTimeLayouts {
				if t, err := time.Parse(layout, strings.TrimSpace(x)); err == nil {
					return t.UTC(), nil
				}
			}
			return nil, fmt.Errorf("cannot read %q as a time", x)
		case int64:
			return time.Unix(x, 0).UTC(), nil
		}
	}
	return nil, fmt.Errorf("cannot read a %T as %s", v, kind)
}
