package ports

import (
	"context"
	"io"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// ImportArchive is an opened export of another application, read with size and count limits.
type ImportArchive interface {
	// Batch returns what the archive holds, translated to Garden's rows (ids and owners
	// unset).
	Batch() *domain.ImportBatch
	// Photo returns the bytes of a photo the batch names, at most domain.MaxImageBytes.
	// Codes: not_found (no such file), too_large, invalid (a damaged entry).
	Photo(name string) ([]byte, error)
}

// ImportArchiveReader opens the archives Garden imports.
type ImportArchiveReader interface {
	// OpenHortusFox reads a HortusFox backup (a zip) of size bytes. It never writes anything
	// by an entry's name; an archive with an unsafe name ("../", absolute), too many entries
	// or an entry that unpacks past its limit is refused whole. Codes: invalid (not a zip, not
	// a HortusFox backup, unsafe names, damaged data), too_large. say writes the texts the
	// batch adds to the gardener's content (domain.MsgImportFromHortusFox,
	// domain.MsgImportGalleryTitle: formats) in the importer's language.
	OpenHortusFox(r io.ReaderAt, size int64, say func(string) string) (ImportArchive, error)
}

// ExportFormat writes a user's data export ("Download my data"): their files in one archive,
// streamed as it is written.
type ExportFormat interface {
	// NewWriter starts an export on w, its files stamped modified.
	NewWriter(w io.Writer, modified time.Time) ExportWriter
}

// ExportWriter writes one export's files, one after the other.
type ExportWriter interface {
	// File starts the next file and returns where its bytes go until the next File or Close;
	// compress is false for bytes compressed already (photos).
	File(name string, compress bool) (io.Writer, error)
	// Close ends the archive.
	Close() error
}

// ImportStore saves imports in one transaction and remembers where rows came from.
type ImportStore interface {
	// ImportedKeys returns the target ids of the rows the user imported from source, keyed
	// by kind + ":" + source key.
	ImportedKeys(ctx context.Context, userID int64, source string) (map[string]int64, error)
	// SaveImport inserts the batch's plants (with the care events they queue), journal
	// entries and tasks for the user in one transaction, and remembers each row's source key.
	// Entries and tasks find their plant by PlantKey among the batch's plants or in known
	// (ImportedKeys' map). With limit > 0, the user's plants after the import may not exceed
	// it. Codes: limit_reached, conflict (a row was imported meanwhile), invalid.
	SaveImport(ctx context.Context, userID int64, limit int, b *domain.ImportBatch, known map[string]int64) error
}

// UserDataStore reads everything one user keeps, kind by kind, for their own export.
type UserDataStore interface {
	// UserData calls fn with each of the user's rows of kind (one of domain.UserDataKinds),
	// in id order, as column names and printable values (text, numbers, booleans, RFC 3339
	// times, nil), without credentials (password and token hashes). It streams: fn sees one
	// row at a time and must not keep values. Codes: not_found (unknown kind).
	UserData(ctx context.Context, userID int64, kind string, fn func(columns []string, values []any) error) error
	// DeleteAccount removes the user, after check allowed it, in one transaction: their
	// plants, tasks, journal, care log, harvests, layouts, plans, listings (with their
	// conversations), questions nobody else answered, sessions, tokens, devices and personal
	// notifications. Forum topics and posts, answers, questions others answered and messages
	// in others' conversations stay, moved to the "Deleted user" account (made at at when
	// first needed). It returns the image URLs the deleted rows showed that no remaining row
	// shows, for the caller to remove from the blob store. Codes: not_found, forbidden (the
	// Deleted user account), check's error.
	DeleteAccount(ctx context.Context, id int64, at time.Time, check func(*domain.User) error) (imageURLs []string, err error)
}
