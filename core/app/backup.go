package app

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// BackupFormat is the archive format this Garden writes and the newest it reads.
const BackupFormat = 1

// An archive is a gzip-compressed tar holding, in this order:
//
//	tables/NNNN-<table>.NNNN.jsonl   rows as JSON objects, one a line, in parts of at most
//	                                 backupPartSize bytes, tables in dependency order
//	blobs/<key>                      each blob's bytes
//	manifest.json                    what the archive holds, with a SHA-256 per part
//
// The manifest comes last because its counts and checksums are known only once everything
// is written; the archive is streamed, never held in memory or a temporary file.
const (
	backupManifestName = "manifest.json"
	backupTablesDir    = "tables/"
	backupBlobsDir     = "blobs/"
	backupPartSize     = 4 << 20
	maxManifestSize    = 256 << 20
)

// BackupManifest describes an archive.
type BackupManifest struct {
	Format        int                   `json:"format"`
	SchemaVersion int                   `json:"schemaVersion"`
	CreatedAt     time.Time             `json:"createdAt"`
	Tables        []BackupManifestTable `json:"tables"`
	Blobs         []BackupManifestBlob  `json:"blobs"`
	// BlobsMissing counts blobs listed but deleted before they could be read.
	BlobsMissing int `json:"blobsMissing,omitempty"`
}

// BackupManifestTable is one table of an archive.
type BackupManifestTable struct {
	Name    string                 `json:"name"`
	Columns []BackupManifestColumn `json:"columns"`
	Rows    int64                  `json:"rows"`
	Parts   []BackupPart           `json:"parts"`
}

// BackupManifestColumn is one column of a table, with its portable kind.
type BackupManifestColumn struct {
	Name string           `json:"name"`
	Kind ports.BackupKind `json:"kind"`
}

// BackupPart is one file of rows.
type BackupPart struct {
	Path   string `json:"path"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// BackupManifestBlob is one blob of an archive.
type BackupManifestBlob struct {
	Key         string `json:"key"`
	Path        string `json:"path"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	SHA256      string `json:"sha256"`
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

// Backups writes and restores whole-installation archives: the database through the
// BackupStore port and the blobs through the BlobStore port.
type Backups struct {
	store ports.BackupStore
	blobs ports.BlobStore
	clock ports.Clock
	log   *slog.Logger
}

// NewBackups returns the backup service.
func NewBackups(store ports.BackupStore, blobs ports.BlobStore, clock ports.Clock, log *slog.Logger) *Backups {
	if log == nil {
		log = slog.Default()
	}
	return &Backups{store: store, blobs: blobs, clock: clock, log: log}
}

// Name is the file name of an archive made now.
func (b *Backups) Name() string { return BackupName(b.clock.Now()) }

// BackupOptions tune Create.
type BackupOptions struct {
	// SkipBlobPrefix leaves out blobs under this prefix: the backup job's own archives when it
	// keeps them in the blob store.
	SkipBlobPrefix string
}

// Create writes an archive of the installation to w: every table from one read transaction,
// then every blob. Writers go on meanwhile; a blob deleted after the snapshot is counted in
// BlobsMissing, a blob added after it is included (unreferenced, harmless).
func (b *Backups) Create(ctx context.Context, w io.Writer, opts BackupOptions) (BackupManifest, error) {
	m := BackupManifest{Format: BackupFormat, CreatedAt: b.clock.Now().UTC().Truncate(time.Second)}
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	put := func(name string, size int64, r io.Reader) (string, error) {
		hdr := &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: size, Mode: 0o600, ModTime: m.CreatedAt, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return "", err
		}
		h := sha256.New()
		n, err := io.Copy(tw, io.TeeReader(r, h))
		if err != nil {
			return "", err
		}
		if n != size {
			return "", fmt.Errorf("%s: read %d bytes, expected %d", name, n, size)
		}
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	err := b.store.Snapshot(ctx, func(snap ports.BackupSnapshot) error {
		m.SchemaVersion = snap.SchemaVersion()
		for i, t := range snap.Tables() {
			mt := BackupManifestTable{Name: t.Name}
			for _, c := range t.Columns {
				mt.Columns = append(mt.Columns, BackupManifestColumn{Name: c.Name, Kind: c.Kind})
			}
			var buf bytes.Buffer
			var rows int64
			flush := func() error {
				if rows == 0 && len(mt.Parts) > 0 {
					return nil
				}
				p := BackupPart{Path: fmt.Sprintf("%s%04d-%s.%04d.jsonl", backupTablesDir, i+1, t.Name, len(mt.Parts)+1), Rows: rows, Bytes: int64(buf.Len())}
				sum, err := put(p.Path, p.Bytes, &buf)
				if err != nil {
					return err
				}
				p.SHA256 = sum
				mt.Parts = append(mt.Parts, p)
				mt.Rows += rows
				buf.Reset()
				rows = 0
				return nil
			}
			err := snap.Rows(ctx, t.Name, func(values []any) error {
				if err := encodeRow(&buf, t.Columns, values); err != nil {
					return fmt.Errorf("backup %s: %w", t.Name, err)
				}
				rows++
				if buf.Len() >= backupPartSize {
					return flush()
				}
				return nil
			})
			if err != nil {
				return err
			}
			if err := flush(); err != nil {
				return err
			}
			m.Tables = append(m.Tables, mt)
		}
		return nil
	})
	if err != nil {
		return m, err
	}
	// Blobs are listed after the snapshot, so every blob a snapshot row names was already
	// stored (images are stored before the rows that name them).
	var keys []string
	err = b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error {
		// An archive is never content: one kept in the blob store (now or by an earlier
		// destination setting) would otherwise be copied into every later archive.
		if IsBackupName(key) || opts.SkipBlobPrefix != "" && strings.HasPrefix(key, opts.SkipBlobPrefix) {
			return nil
		}
		keys = append(keys, key)
		return nil
	})
	if err != nil {
		return m, fmt.Errorf("backup: list blobs: %w", err)
	}
	for _, key := range keys {
		rc, info, err := b.blobs.Get(ctx, key)
		if domain.ErrorCode(err) == domain.ENotFound {
			m.BlobsMissing++
			continue
		} else if err != nil {
			return m, fmt.Errorf("backup: read blob %s: %w", key, err)
		}
		mb := BackupManifestBlob{Key: key, Path: backupBlobsDir + key, ContentType: info.ContentType, Bytes: info.Size}
		mb.SHA256, err = put(mb.Path, info.Size, rc)
		rc.Close()
		if err != nil {
			return m, fmt.Errorf("backup: blob %s: %w", key, err)
		}
		m.Blobs = append(m.Blobs, mb)
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return m, err
	}
	if _, err := put(backupManifestName, int64(len(manifest)), bytes.NewReader(manifest)); err != nil {
		return m, err
	}
	if err := tw.Close(); err != nil {
		return m, err
	}
	return m, gz.Close()
}

// encodeRow writes one row as a JSON object on one line, its keys in column order.
func encodeRow(buf *bytes.Buffer, cols []ports.BackupColumn, values []any) error {
	buf.WriteByte('{')
	for i, c := range cols {
		if i > 0 {
			buf.WriteByte(',')
		}
		name, _ := json.Marshal(c.Name)
		buf.Write(name)
		buf.WriteByte(':')
		v := values[i]
		if t, ok := v.(time.Time); ok {
			v = t.UTC().Format(time.RFC3339Nano)
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("column %s: %w", c.Name, err)
		}
		buf.Write(enc)
	}
	buf.WriteString("}\n")
	return nil
}

// BackupRestoreReport says what a restore restored, or with DryRun what it would restore.
type BackupRestoreReport struct {
	Manifest BackupManifest
	DryRun   bool
	// Refusal is why the target cannot take the archive (dry run only: a real restore returns
	// it as its error).
	Refusal error
	// MigrateFirst: the database is blank (or behind) and is migrated to the archive's schema
	// before the rows go in.
	MigrateFirst bool
	// MigratedTo is the schema the restored rows were migrated to, when the archive was
	// older than this program (0: none).
	MigratedTo int
}

// damaged is the error for an archive that cannot be read or does not match its manifest.
func damaged(format string, args ...any) error {
	return domain.Errorf(domain.EInvalid, "The backup archive is damaged or incomplete: "+format+". Nothing was restored.", args...)
}

// entrySum is what reading an archive entry found.
type entrySum struct {
	size  int64
	lines int64
	sum   string
}

// Verify reads the whole archive and checks it against its manifest: format version, every
// part and blob present with its size, row count and SHA-256, nothing else in it.
func (b *Backups) Verify(ctx context.Context, r io.Reader) (BackupManifest, error) {
	var m BackupManifest
	gz, err := gzip.NewReader(r)
	if err != nil {
		return m, damaged("not a gzip file (%v)", err)
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	found := map[string]entrySum{}
	var manifest []byte
	for {
		if err := ctx.Err(); err != nil {
			return m, err
		}
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, damaged("%v", err)
		}
		if _, dup := found[hdr.Name]; dup {
			return m, damaged("%s appears twice", hdr.Name)
		}
		if hdr.Name == backupManifestName {
			manifest, err = io.ReadAll(io.LimitReader(tr, maxManifestSize))
			if err != nil {
				return m, damaged("%v", err)
			}
			found[hdr.Name] = entrySum{size: int64(len(manifest))}
			continue
		}
		h := sha256.New()
		lines := &lineCounter{}
		var dst io.Writer = h
		if strings.HasPrefix(hdr.Name, backupTablesDir) {
			dst = io.MultiWriter(h, lines)
		}
		n, err := io.Copy(dst, tr)
		if err != nil {
			return m, damaged("%s: %v", hdr.Name, err)
		}
		found[hdr.Name] = entrySum{size: n, lines: lines.n, sum: hex.EncodeToString(h.Sum(nil))}
	}
	// Reading to the tar's end leaves the gzip trailer (its CRC and length) unchecked.
	if _, err := io.Copy(io.Discard, gz); err != nil {
		return m, damaged("%v", err)
	}
	if manifest == nil {
		return m, damaged("it has no %s", backupManifestName)
	}
	var probe struct {
		Format int `json:"format"`
	}
	if err := json.Unmarshal(manifest, &probe); err != nil {
		return m, damaged("its manifest cannot be read (%v)", err)
	}
	if probe.Format > BackupFormat {
		return m, domain.Errorf(domain.EInvalid, "The backup archive has format %d, written by a newer Garden; this gardenctl reads format %d and older. Restore it with a newer gardenctl. Nothing was restored.", probe.Format, BackupFormat)
	}
	if probe.Format < 1 {
		return m, damaged("its manifest has no format version")
	}
	if err := json.Unmarshal(manifest, &m); err != nil {
		return m, damaged("its manifest cannot be read (%v)", err)
	}
	expected := map[string]bool{backupManifestName: true}
	check := func(name string, size, lines int64, sum string) error {
		got, ok := found[name]
		switch {
		case !ok:
			return damaged("%s is missing", name)
		case got.size != size:
			return damaged("%s has %d bytes, the manifest says %d", name, got.size, size)
		case got.sum != sum:
			return damaged("%s does not match its checksum", name)
		case lines >= 0 && got.lines != lines:
			return damaged("%s has %d rows, the manifest says %d", name, got.lines, lines)
		}
		expected[name] = true
		return nil
	}
	for _, t := range m.Tables {
		var rows int64
		for _, p := range t.Parts {
			if err := check(p.Path, p.Bytes, p.Rows, p.SHA256); err != nil {
				return m, err
			}
			rows += p.Rows
		}
		if rows != t.Rows {
			return m, damaged("table %s has %d rows in its parts, the manifest says %d", t.Name, rows, t.Rows)
		}
	}
	for _, bl := range m.Blobs {
		if err := ports.ValidateBlobKey(bl.Key); err != nil || bl.Path != backupBlobsDir+bl.Key {
			return m, damaged("blob %q has a bad key", bl.Key)
		}
		if err := check(bl.Path, bl.Bytes, -1, bl.SHA256); err != nil {
			return m, err
		}
	}
	for name := range found {
		if !expected[name] {
			return m, damaged("%s is not in the manifest", name)
		}
	}
	return m, nil
}

type lineCounter struct{ n int64 }

func (l *lineCounter) Write(p []byte) (int, error) {
	l.n += int64(bytes.Count(p, []byte{'\n'}))
	return len(p), nil
}

// restorePlan is what a restore does to the target's schema around the rows.
type restorePlan struct {
	// tables are the target's tables by name (nil until the schema is at the archive's).
	tables map[string]ports.BackupTable
	// migrateFirst: the database is blank or behind the archive and is migrated to the
	// archive's schema before the rows go in.
	migrateFirst bool
	// latest is the newest migration, applied after the rows when the archive is older.
	latest int
}

// checkTarget returns what the restore must do, or why the database and blob store cannot
// take the archive.
func (b *Backups) checkTarget(ctx context.Context, m BackupManifest) (restorePlan, error) {
	target, err := b.store.BackupTarget(ctx)
	if err != nil {
		return restorePlan{}, err
	}
	plan := restorePlan{latest: target.Latest}
	switch {
	case m.SchemaVersion > target.Latest:
		return plan, domain.Errorf(domain.EInvalid, "The backup has database schema %d, newer than this gardenctl knows (%d): restore it with a newer gardenctl. Nothing was restored.", m.SchemaVersion, target.Latest)
	case target.SchemaVersion > m.SchemaVersion:
		return plan, domain.Errorf(domain.EInvalid, "The backup has database schema %d, older than this database's %d: restore it into a new, blank database (created, but without gardenctl migrate or serve); the restore migrates it to schema %d, restores the rows and then applies the newer migrations. Nothing was restored.", m.SchemaVersion, target.SchemaVersion, m.SchemaVersion)
	}
	if len(target.Occupied) > 0 {
		return plan, domain.Errorf(domain.EConflict, "The database is not empty (%s): restore only into a new installation (gardenctl migrate, then restore, before serve). Nothing was restored.", strings.Join(target.Occupied, ", "))
	}
	var blob string
	errStop := errors.New("stop")
	if err := b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error { blob = key; return errStop }); err != nil && !errors.Is(err, errStop) {
		return plan, err
	}
	if blob != "" {
		return plan, domain.Errorf(domain.EConflict, "The blob store is not empty (it holds %s among others): restore only into an empty folder or bucket. Nothing was restored.", blob)
	}
	if target.SchemaVersion < m.SchemaVersion {
		plan.migrateFirst = true
		return plan, nil
	}
	plan.tables, err = matchTables(m, target.Tables)
	return plan, err
}

// matchTables checks that the database has every table and column of the archive.
func matchTables(m BackupManifest, have []ports.BackupTable) (map[string]ports.BackupTable, error) {
	tables := map[string]ports.BackupTable{}
	for _, t := range have {
		tables[t.Name] = t
	}
	for _, t := range m.Tables {
		tt, ok := tables[t.Name]
		if !ok {
			return nil, domain.Errorf(domain.EInvalid, "The backup holds a table %s that this database does not have. Nothing was restored.", t.Name)
		}
		for _, c := range t.Columns {
			if kindOf(tt, c.Name) == "" {
				return nil, domain.Errorf(domain.EInvalid, "The backup holds a column %s.%s that this database does not have. Nothing was restored.", t.Name, c.Name)
			}
		}
	}
	return tables, nil
}

func kindOf(t ports.BackupTable, column string) ports.BackupKind {
	for _, c := range t.Columns {
		if c.Name == column {
			return c.Kind
		}
	}
	return ""
}

// Restore restores the archive that open returns into this installation, which must be
// empty. open is called twice: the whole archive is verified before anything is written.
// The rows go in one transaction; the blobs follow once it has committed. With dryRun it
// stops after the checks and reports what it would restore, and why it would refuse.
func (b *Backups) Restore(ctx context.Context, open func() (io.ReadCloser, error), dryRun bool) (BackupRestoreReport, error) {
	rc, err := open()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	m, err := b.Verify(ctx, rc)
	rc.Close()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	report := BackupRestoreReport{Manifest: m, DryRun: dryRun}
	plan, err := b.checkTarget(ctx, m)
	report.MigrateFirst = plan.migrateFirst
	if dryRun {
		report.Refusal = err
		return report, nil
	}
	if err != nil {
		return report, err
	}
	tables := plan.tables
	if plan.migrateFirst {
		if err := b.store.MigrateTo(ctx, m.SchemaVersion); err != nil {
			return report, fmt.Errorf("restore: migrate the database to schema %d: %w", m.SchemaVersion, err)
		}
		target, err := b.store.BackupTarget(ctx)
		if err != nil {
			return report, err
		}
		if tables, err = matchTables(m, target.Tables); err != nil {
			return report, err
		}
	}
	rc, err = open()
	if err != nil {
		return report, err
	}
	defer rc.Close()
	gz, err := gzip.NewReader(rc)
	if err != nil {
		return report, damaged("%v", err)
	}
	tr := tar.NewReader(gz)
	parts := map[string]BackupPart{}
	partTable := map[string]*BackupManifestTable{}
	for i := range m.Tables {
		for _, p := range m.Tables[i].Parts {
			parts[p.Path] = p
			partTable[p.Path] = &m.Tables[i]
		}
	}
	var next *tar.Header // the first entry after the rows
	err = b.store.Restore(ctx, func(w ports.BackupRestore) error {
		for {
			hdr, err := tr.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return damaged("%v", err)
			}
			t := partTable[hdr.Name]
			if t == nil {
				next = hdr
				return nil
			}
			if err := b.restorePart(ctx, w, tables[t.Name], t, parts[hdr.Name], tr); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return report, err
	}
	b.log.Info("backup rows restored", "tables", len(m.Tables), "rows", m.Rows())
	blobs := map[string]BackupManifestBlob{}
	for _, bl := range m.Blobs {
		blobs[bl.Path] = bl
	}
	for hdr := next; hdr != nil; {
		if bl, ok := blobs[hdr.Name]; ok {
			h := sha256.New()
			if err := b.blobs.Put(ctx, bl.Key, io.TeeReader(tr, h), bl.Bytes, bl.ContentType); err != nil {
				return report, fmt.Errorf("restore blob %s (the rows are restored; empty the blob store and restore the blobs again): %w", bl.Key, err)
			}
			if hex.EncodeToString(h.Sum(nil)) != bl.SHA256 {
				return report, fmt.Errorf("restore blob %s: the archive changed while it was restored", bl.Key)
			}
		}
		hdr, err = tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return report, fmt.Errorf("restore blobs: %w", err)
		}
	}
	if m.SchemaVersion < plan.latest {
		// The archive's rows are brought forward as any upgrade brings rows forward.
		if err := b.store.MigrateTo(ctx, plan.latest); err != nil {
			return report, fmt.Errorf("restore: the rows and blobs are restored, but migrating them to schema %d failed: %w", plan.latest, err)
		}
		report.MigratedTo = plan.latest
	}
	return report, nil
}

// restoreBatch is how many rows go to the store at once.
const restoreBatch = 500

// restorePart reads one part's rows, converts each value to the target column's kind and
// inserts them; it checks the part's checksum again, so an archive changed since it was
// verified rolls the transaction back.
func (b *Backups) restorePart(ctx context.Context, w ports.BackupRestore, target ports.BackupTable, t *BackupManifestTable, p BackupPart, r io.Reader) error {
	h := sha256.New()
	sc := bufio.NewScanner(io.TeeReader(r, h))
	sc.Buffer(make([]byte, 0, 64<<10), backupPartSize+(64<<20))
	columns := make([]string, len(t.Columns))
	kinds := make([]ports.BackupKind, len(t.Columns))
	for i, c := range t.Columns {
		columns[i] = c.Name
		kinds[i] = kindOf(target, c.Name)
	}
	var batch [][]any
	line := 0
	for sc.Scan() {
		line++
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.UseNumber()
		var obj map[string]any
		if err := dec.Decode(&obj); err != nil {
			return damaged("%s line %d: %v", p.Path, line, err)
		}
		row := make([]any, len(columns))
		for i, c := range columns {
			v, err := restoreValue(kinds[i], obj[c])
			if err != nil {
				return domain.Errorf(domain.EInvalid, "The backup's %s.%s on line %d of %s: %v. Nothing was restored.", t.Name, c, line, p.Path, err)
			}
			row[i] = v
		}
		batch = append(batch, row)
		if len(batch) == restoreBatch {
			if err := w.Insert(ctx, t.Name, columns, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := sc.Err(); err != nil {
		return damaged("%s: %v", p.Path, err)
	}
	if len(batch) > 0 {
		if err := w.Insert(ctx, t.Name, columns, batch); err != nil {
			return err
		}
	}
	if hex.EncodeToString(h.Sum(nil)) != p.SHA256 {
		return damaged("%s changed while it was restored", p.Path)
	}
	return nil
}

// restoreValue turns a JSON value of the archive into the Go value of the target column's
// kind, so that a SQLite archive (booleans as 0/1, dates as text) fits PostgreSQL and back.
func restoreValue(kind ports.BackupKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case ports.BackupInt:
		switch x := v.(type) {
		case json.Number:
			return x.Int64()
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		}
	case ports.BackupFloat:
		if x, ok := v.(json.Number); ok {
			return x.Float64()
		}
	case ports.BackupBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case json.Number:
			return x.String() != "0", nil
		}
	case ports.BackupText:
		switch x := v.(type) {
		case string:
			return x, nil
		case json.Number:
			return x.String(), nil
		}
	case ports.BackupDate:
		if x, ok := v.(string); ok && len(x) >= 10 {
			if _, err := time.Parse(domain.DateLayout, x[:10]); err == nil {
				return x[:10], nil
			}
		}
	case ports.BackupTime:
		if x, ok := v.(string); ok {
			return time.Parse(time.RFC3339Nano, x)
		}
	}
	return nil, fmt.Errorf("%v is not a %s", v, kind)
}

// BackupName is the file name of an archive made at t: garden-backup-20060102T150405Z.tar.gz.
func BackupName(t time.Time) string {
	return "garden-backup-" + t.UTC().Format("20060102T150405Z") + ".tar.gz"
}

// IsBackupName reports whether name (a base name) is one BackupName makes.
func IsBackupName(name string) bool {
	name = path.Base(name)
	stamp, ok := strings.CutPrefix(name, "garden-backup-")
	if !ok {
		return false
	}
	stamp, ok = strings.CutSuffix(stamp, ".tar.gz")
	if !ok {
		return false
	}
	_, err := time.Parse("20060102T150405Z", stamp)
	return err == nil
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
	// String says where the archives go, for messages.
	String() string
}

// BackupSaved is what Save did.
type BackupSaved struct {
	Name     string
	Manifest BackupManifest
	Removed  []string
}

// Save writes a new archive to dest and then removes all but the newest keep archives there
// (names sort by time). Only names BackupName makes are counted or removed.
func (b *Backups) Save(ctx context.Context, dest BackupDestination, keep int) (BackupSaved, error) {
	var out BackupSaved
	out.Name = BackupName(b.clock.Now())
	opts := BackupOptions{}
	if bd, ok := dest.(BlobBackupDestination); ok {
		opts.SkipBlobPrefix = bd.Prefix
	}
	err := dest.Write(ctx, out.Name, func(w io.Writer) error {
		m, err := b.Create(ctx, w, opts)
		out.Manifest = m
		return err
	})
	if err != nil {
		return out, err
	}
	names, err := dest.List(ctx)
	if err != nil {
		return out, err
	}
	var ours []string
	for _, n := range names {
		if IsBackupName(n) {
			ours = append(ours, n)
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(ours)))
	for i, n := range ours {
		if i < max(keep, 1) {
			continue
		}
		if err := dest.Remove(ctx, n); err != nil {
			return out, fmt.Errorf("backup: remove the old archive %s: %w", n, err)
		}
		out.Removed = append(out.Removed, n)
	}
	return out, nil
}

// BlobBackupDestination keeps archives in the blob store under Prefix (such as "backups/");
// backups leave that prefix out, so archives never hold older archives.
type BlobBackupDestination struct {
	Blobs  ports.BlobStore
	Prefix string
}

func (d BlobBackupDestination) String() string { return "the blob store under " + d.Prefix }

// Write streams the archive into the blob store (size unknown) through a pipe.
func (d BlobBackupDestination) Write(ctx context.Context, name string, write func(io.Writer) error) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := write(pw)
		pw.CloseWithError(err)
		done <- err
	}()
	err := d.Blobs.Put(ctx, d.Prefix+name, pr, -1, "application/gzip")
	pr.CloseWithError(errors.New("upload ended"))
	werr := <-done
	if err != nil {
		return err
	}
	return werr
}

// List lists the archives under the prefix.
func (d BlobBackupDestination) List(ctx context.Context) ([]string, error) {
	var names []string
	err := d.Blobs.List(ctx, d.Prefix, func(key string, _ ports.BlobInfo) error {
		if rest := strings.TrimPrefix(key, d.Prefix); !strings.Contains(rest, "/") {
			names = append(names, rest)
		}
		return nil
	})
	return names, err
}

// Remove deletes one archive.
func (d BlobBackupDestination) Remove(ctx context.Context, name string) error {
	return d.Blobs.Delete(ctx, d.Prefix+name)
}
