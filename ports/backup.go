package ports

import (
	"context"
	"time"
)

// BackupKind is the portable type of a backed-up column. Each dialect maps its own column
// types onto these kinds, so that rows read from one dialect can be written into the other.
type BackupKind string

// The column kinds and the Go values that carry them (nil is NULL in every kind).
const (
	// BackupInt is an integer column: int64.
	BackupInt BackupKind = "int"
	// BackupFloat is a floating-point column: float64.
	BackupFloat BackupKind = "float"
	// BackupText is a text column (JSON documents are text too): string.
	BackupText BackupKind = "text"
	// BackupBool is a boolean column (an integer 0 or 1 in SQLite): bool.
	BackupBool BackupKind = "bool"
	// BackupTime is an instant: time.Time in UTC.
	BackupTime BackupKind = "time"
	// BackupDate is a calendar date (DATE in PostgreSQL, TEXT in SQLite): string yyyy-MM-dd.
	BackupDate BackupKind = "date"
)

// BackupColumn is one column of a backed-up table.
type BackupColumn struct {
	Name string
	Kind BackupKind
}

// BackupTable is one table of the database with the columns a backup holds: generated
// columns (search vectors) and full-text index tables are left out, since the database
// rebuilds them.
type BackupTable struct {
	Name    string
	Columns []BackupColumn
}

// BackupSnapshot reads a consistent snapshot of the whole database.
type BackupSnapshot interface {
	// SchemaVersion is the newest migration applied.
	SchemaVersion() int
	// Tables lists the tables in foreign-key dependency order: a table comes after every
	// table it references.
	Tables() []BackupTable
	// Rows calls fn with each row of table in primary-key order, its values in the order of
	// the table's Columns and carried as the kinds say. fn must not keep values.
	Rows(ctx context.Context, table string, fn func(values []any) error) error
}

// BackupTarget describes a database a backup may be restored into.
type BackupTarget struct {
	// SchemaVersion is the newest migration applied (0: a blank database).
	SchemaVersion int
	// Latest is the newest migration this program knows.
	Latest int
	// Tables are the restorable tables, in dependency order.
	Tables []BackupTable
	// Occupied lists tables that hold rows a restore would overwrite, as "table (N rows)";
	// empty means the database is empty enough to restore into. Rows the installation makes
	// by itself (the migrations' seed rows, job schedules and runs, the generated VAPID key
	// pair, sessions, sign-in failures and a lone protected superadmin made by serve) do not
	// count: a restore replaces them.
	Occupied []string
}

// BackupRestore writes rows inside the restore's transaction.
type BackupRestore interface {
	// Insert writes rows of table; each row's values follow columns and are carried as the
	// target's BackupTarget column kinds say.
	Insert(ctx context.Context, table string, columns []string, rows [][]any) error
}

// BackupStore reads and restores whole databases for gardenctl backup.
type BackupStore interface {
	// Snapshot runs fn inside one read transaction (REPEATABLE READ on PostgreSQL), so that
	// every table is read as of the same moment while writers go on. Codes: internal.
	Snapshot(ctx context.Context, fn func(BackupSnapshot) error) error
	// BackupTarget describes this database as a restore target. Codes: internal.
	BackupTarget(ctx context.Context) (BackupTarget, error)
	// MigrateTo applies the pending migrations up to and including version, so that an
	// archive of an older schema can be restored into a blank database before the later
	// migrations bring its rows forward. Codes: internal.
	MigrateTo(ctx context.Context, version int) error
	// Restore runs fn in one write transaction: unless replace is set it first checks again
	// that the database is empty (conflict otherwise); it deletes the rows the installation
	// made by itself (with replace, every restorable row), lets fn insert, brings identity
	// sequences and search indexes up to date, sets the restore marker's RowsRestored, and
	// commits only when fn returns nil. Codes: conflict, fn's errors, internal.
	Restore(ctx context.Context, replace bool, fn func(BackupRestore) error) error
	// MarkRestore writes the restore marker, replacing any there is. It lives beside the schema
	// version, outside every backed-up table, so that it exists at any schema and survives
	// the restore's own deletes. Codes: internal.
	MarkRestore(ctx context.Context, m RestoreMarker) error
	// RestoreMarker returns the restore marker; found is false when there is none (and on a
	// database that never had one). Codes: internal.
	RestoreMarker(ctx context.Context) (m RestoreMarker, found bool, err error)
	// ClearRestoreMarker removes the restore marker, if any. Codes: internal.
	ClearRestoreMarker(ctx context.Context) error
}

// RestoreMarker records a restore that has begun and not yet finished: it is written before
// the first row and removed after the last blob. While it is there the installation is half
// restored: serve refuses to start and /readyz answers 503.
type RestoreMarker struct {
	// Source is the archive as the operator named it, for the messages that say what to run.
	Source string
	// Digest is the SHA-256 of the archive's manifest: a resume must use the same archive.
	Digest string
	// CreatedAt is when the archive was made.
	CreatedAt time.Time
	// StartedAt is when the restore began.
	StartedAt time.Time
	// RowsRestored is set in the rows' transaction: once it is, only blobs remain.
	RowsRestored bool
}
