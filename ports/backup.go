package ports

import (
	"context"
	"io"
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

// Kind returns the kind of the named column, or "" when the table has no such column.
func (t BackupTable) Kind(column string) BackupKind {
	for _, c := range t.Columns {
		if c.Name == column {
			return c.Kind
		}
	}
	return ""
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

// BackupManifest describes an archive: what it holds, with a size and checksum per file.
type BackupManifest struct {
	// Format is the archive format's version.
	Format        int
	SchemaVersion int
	CreatedAt     time.Time
	Tables        []BackupManifestTable
	Blobs         []BackupManifestBlob
	// BlobsMissing counts blobs listed but deleted before they could be read.
	BlobsMissing int
	// Digest is the SHA-256 of the manifest as Verify read it (not part of it): a restore
	// marker names the archive by it, so that only the same archive resumes a restore.
	Digest string
}

// BackupManifestTable is one table of an archive.
type BackupManifestTable struct {
	Name    string
	Columns []BackupColumn
	Rows    int64
	Parts   []BackupPart
}

// BackupPart is one file of rows.
type BackupPart struct {
	Path   string
	Rows   int64
	Bytes  int64
	SHA256 string
}

// BackupManifestBlob is one blob of an archive.
type BackupManifestBlob struct {
	Key         string
	Path        string
	ContentType string
	Bytes       int64
	SHA256      string
}

// Rows returns the rows of every table.
func (m BackupManifest) Rows() int64 {
	var n int64
	for _, t := range m.Tables {
		n += t.Rows
	}
	return n
}

// BlobBytes returns the size of every blob.
func (m BackupManifest) BlobBytes() int64 {
	var n int64
	for _, b := range m.Blobs {
		n += b.Bytes
	}
	return n
}

// BackupFormat writes and reads whole-installation archives: the tables' rows, in dependency
// order, then the blobs, then a manifest. The archive is streamed both ways, never held whole.
type BackupFormat interface {
	// NewWriter starts an archive on w, its entries stamped createdAt.
	NewWriter(w io.Writer, createdAt time.Time) BackupWriter
	// Verify reads the whole archive and checks it against its manifest (format version, every
	// file present with its size, row count and checksum, nothing else in it), holding a bounded
	// amount of memory whatever the archive holds. The manifest it returns carries its Digest.
	// Codes: invalid (damaged, or written by a newer format), ctx's error.
	Verify(ctx context.Context, r io.Reader) (BackupManifest, error)
	// NewReader reads an archive that Verify accepted as m, for a restore: its rows first,
	// then its blobs. Codes: invalid (damaged).
	NewReader(r io.Reader, m BackupManifest) (BackupReader, error)
}

// BackupWriter writes one archive: tables in dependency order, then blobs, then Close.
type BackupWriter interface {
	// Table writes the rows of t: rows calls add once per row, its values in the order of t's
	// Columns. Codes: invalid (a row longer than a restore reads), rows' errors.
	Table(t BackupTable, rows func(add func(values []any) error) error) error
	// Blob writes one blob of size bytes read from r.
	Blob(key, contentType string, size int64, r io.Reader) error
	// Close writes the manifest (the format, the tables and blobs written, schemaVersion and
	// blobsMissing: blobs listed but deleted before they could be read) and ends the archive;
	// it returns the manifest written.
	Close(schemaVersion, blobsMissing int) (BackupManifest, error)
}

// BackupReader reads a verified archive for a restore: Rows or SkipRows, then Blobs.
type BackupReader interface {
	// Rows reads every row of the archive, each value converted to the kind its column has in
	// tables (the target's tables by name), and calls insert with at most batch rows of one
	// table at a time. A part that differs from what Verify read fails. Codes: invalid
	// (damaged, or a value that does not fit its column), insert's errors.
	// insert must not keep rows.
	Rows(tables map[string]BackupTable, batch int, insert func(table string, columns []string, rows [][]any) error) error
	// SkipRows moves past the rows (their restore has committed). Codes: invalid (damaged).
	SkipRows() error
	// Blobs calls blob with each blob of the archive and its bytes. It returns blob's errors as
	// they are, and an archive it cannot read as the reader's error.
	Blobs(blob func(b BackupManifestBlob, r io.Reader) error) error
}

// BackupDestination keeps the backup job's archives: a folder, or a prefix of the blob store.
type BackupDestination interface {
	// Write stores the archive that write produces under name; a failed write leaves nothing
	// under name.
	Write(ctx context.Context, name string, write func(io.Writer) error) error
	// List returns the names of the archives kept, in any order.
	List(ctx context.Context) ([]string, error)
	// Remove deletes one archive.
	Remove(ctx context.Context, name string) error
	// BlobPrefix is the prefix of the blob store the archives are kept under ("" when they are
	// kept elsewhere): backups leave it out, so that archives never hold older archives.
	BlobPrefix() string
	// String says where the archives go, for messages.
	String() string
}
