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
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
	// Digest is the SHA-256 of the manifest as Verify read it (not part of it): a restore
	// marker names the archive by it, so that only the same archive resumes a restore.
	Digest string `json:"-"`
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
	// An archive of a half-restored installation would lack the blobs still to come.
	if err := b.Unfinished(ctx); err != nil {
		return m, err
	}
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
				before := buf.Len()
				if err := encodeRow(&buf, t.Columns, values); err != nil {
					return fmt.Errorf("backup %s: %w", t.Name, err)
				}
				// An archive a restore would refuse is worse than a backup that fails and says why.
				if n := buf.Len() - before - 1; n > MaxBackupRowLine {
					return domain.Errorf(domain.EInvalid, "The backup stopped: row %d of table %s is %d bytes as JSON, more than the %d bytes a restore reads. No archive was written.", mt.Rows+rows+1, t.Name, n, MaxBackupRowLine)
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
	// Resumed: an unfinished restore was finished; RowsRestored says whether this run
	// restored the rows too (their transaction had not committed) or only blobs remained.
	Resumed      bool
	RowsRestored bool
	// Emptied: --force emptied an unfinished restore's rows and blobs before restoring.
	Emptied bool
	// BlobsWritten were written; BlobsSkipped were already there with their checksum (resume).
	BlobsWritten, BlobsSkipped int
}

// RestoreOptions tune Restore.
type RestoreOptions struct {
	// DryRun does every check and reports what the restore would do, writing nothing.
	DryRun bool
	// Resume finishes a restore that did not finish, from the same archive: its rows when
	// their transaction never committed, then every blob that is not already there with the
	// archive's checksum.
	Resume bool
	// Force empties an installation whose restore did not finish (its rows and its blobs) and
	// restores the archive from the start. An installation without an unfinished restore must
	// still be empty.
	Force bool
	// Source names the archive (as the operator gave it) in the restore marker, so that the
	// messages of serve and of a later restore say which file to resume with.
	Source string
}

// Limits of what a restore reads, so that a small crafted archive cannot make it hold much
// memory: a 70 kB archive with one 66 MB row line once took 2.7 GB, and a manifest listing
// 1.5 M parts 674 MB. Lines are refused unread past their limit; the manifest is read token by
// token, each file it lists checked as soon as it is read.
const (
	// MaxBackupRowLine is the longest line a restore reads, of rows or of the manifest (which
	// is written one value a line); the largest real row is about 50 kB.
	MaxBackupRowLine = 1 << 20
	// maxManifestSize bounds reading the manifest (never held whole): a million blobs take
	// about 300 MB of it.
	maxManifestSize = 512 << 20
	// maxBackupParts is 400 GB of rows in parts of 4 MiB.
	maxBackupParts   = 100_000
	maxBackupBlobs   = 1_000_000
	maxBackupTables  = 1_000
	maxBackupColumns = 1_000
	// maxBackupEntryName: a blob's path is blobs/ and a key of at most 512 bytes.
	maxBackupEntryName = 1_024
	// maxQuoted is how much of a value from an archive an error quotes.
	maxQuoted = 200
)

// clip quotes at most maxQuoted bytes of a value read from an archive, so that a refusal never
// repeats a crafted megabyte.
func clip(v string) string {
	if len(v) <= maxQuoted {
		return v
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", v[:cut], len(v))
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
	// listed: the manifest names this entry.
	listed bool
}

// lineTooLong is a line's refusal.
type lineTooLong struct {
	line int64
	max  int
}

func (e lineTooLong) Error() string {
	return fmt.Sprintf("line %d is longer than %d bytes", e.line, e.max)
}

// lineCheck counts lines and refuses one longer than max bytes (its newline aside).
type lineCheck struct {
	max   int
	lines int64
	cur   int
}

func (l *lineCheck) feed(p []byte) error {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.cur += len(p)
			break
		}
		if l.cur+i > l.max {
			return lineTooLong{line: l.lines + 1, max: l.max}
		}
		l.lines++
		l.cur = 0
		p = p[i+1:]
	}
	if l.cur > l.max {
		return lineTooLong{line: l.lines + 1, max: l.max}
	}
	return nil
}

func (l *lineCheck) Write(p []byte) (int, error) {
	if err := l.feed(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// lineReader passes r on, refusing a line longer than the check allows.
type lineReader struct {
	r     io.Reader
	check *lineCheck
}

func (l lineReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if cerr := l.check.feed(p[:n]); cerr != nil {
		return 0, cerr
	}
	return n, err
}

// errManifestTooLarge is the refusal of a manifest over maxManifestSize.
var errManifestTooLarge = fmt.Errorf("it is larger than %d MiB", maxManifestSize>>20)

// capReader passes at most n bytes of r on, and fails past them.
type capReader struct {
	r io.Reader
	n int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		var one [1]byte
		if n, _ := c.r.Read(one[:]); n > 0 {
			return 0, errManifestTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	return n, err
}

// Verify reads the whole archive and checks it against its manifest: format version, every
// part and blob present with its size, row count and SHA-256, nothing else in it, no line
// longer than MaxBackupRowLine. It holds one entry's name and checksum per file, never a file
// or a whole manifest.
func (b *Backups) Verify(ctx context.Context, r io.Reader) (BackupManifest, error) {
	var m BackupManifest
	gz, err := gzip.NewReader(r)
	if err != nil {
		return m, damaged("not a gzip file (%v)", err)
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	found := map[string]entrySum{}
	haveManifest := false
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
		switch {
		case haveManifest:
			return m, damaged("%s follows %s, which comes last", clip(hdr.Name), backupManifestName)
		case len(hdr.Name) > maxBackupEntryName:
			return m, damaged("it holds a file whose name is longer than %d bytes", maxBackupEntryName)
		case len(found) >= maxBackupParts+maxBackupBlobs:
			return m, damaged("it holds more than %d files", maxBackupParts+maxBackupBlobs)
		}
		if _, dup := found[hdr.Name]; dup {
			return m, damaged("%s appears twice", clip(hdr.Name))
		}
		if hdr.Name == backupManifestName {
			haveManifest = true
			if m, err = decodeManifest(tr, found); err != nil {
				return m, err
			}
			continue
		}
		h := sha256.New()
		lines := &lineCheck{max: MaxBackupRowLine}
		var dst io.Writer = h
		isPart := strings.HasPrefix(hdr.Name, backupTablesDir)
		if isPart {
			dst = io.MultiWriter(h, lines)
		}
		n, err := io.Copy(dst, tr)
		if errors.As(err, new(lineTooLong)) {
			return m, damaged("%s: %v (the largest real row is about 50 kB)", clip(hdr.Name), err)
		} else if err != nil {
			return m, damaged("%s: %v", clip(hdr.Name), err)
		}
		if isPart && lines.cur > 0 {
			return m, damaged("%s does not end with a newline", clip(hdr.Name))
		}
		found[hdr.Name] = entrySum{size: n, lines: lines.lines, sum: hex.EncodeToString(h.Sum(nil))}
	}
	// Reading to the tar's end leaves the gzip trailer (its CRC and length) unchecked.
	if _, err := io.Copy(io.Discard, gz); err != nil {
		return m, damaged("%v", err)
	}
	if !haveManifest {
		return m, damaged("it has no %s", backupManifestName)
	}
	for name, e := range found {
		if !e.listed {
			return m, damaged("%s is not in the manifest", clip(name))
		}
	}
	return m, nil
}

// decodeManifest reads the manifest from r token by token, never a whole value, and checks each
// part and blob against the files read before it (found) as soon as it is read: a manifest
// listing a million files that are not there is refused at the first.
func decodeManifest(r io.Reader, found map[string]entrySum) (BackupManifest, error) {
	h := sha256.New()
	lines := &lineCheck{max: MaxBackupRowLine}
	src := lineReader{r: io.TeeReader(&capReader{r: r, n: maxManifestSize}, h), check: lines}
	d := &manifestDecoder{dec: json.NewDecoder(src), found: found}
	d.dec.UseNumber()
	err := d.decode()
	if err == nil {
		// Only white space may follow the manifest's object; reading it also completes the digest.
		if _, terr := d.dec.Token(); !errors.Is(terr, io.EOF) {
			err = errors.New("data after its end")
			if terr != nil {
				err = terr
			}
		}
	}
	var de *domain.Error
	switch {
	case err == nil:
	case errors.As(err, &de):
		return d.m, err
	case errors.As(err, new(lineTooLong)):
		return d.m, damaged("its manifest's %v (it is written one value a line)", err)
	case errors.Is(err, errManifestTooLarge):
		return d.m, damaged("its manifest is larger than %d MiB", maxManifestSize>>20)
	default:
		return d.m, damaged("its manifest cannot be read (%s)", clip(err.Error()))
	}
	if d.m.Format < 1 {
		return d.m, damaged("its manifest has no format version")
	}
	d.m.Digest = hex.EncodeToString(h.Sum(nil))
	return d.m, nil
}

// manifestDecoder walks a manifest's JSON tokens.
type manifestDecoder struct {
	dec          *json.Decoder
	found        map[string]entrySum
	m            BackupManifest
	parts, blobs int
}

func (d *manifestDecoder) decode() error {
	return d.object(func(key string) error {
		switch key {
		case "format":
			n, err := d.int()
			if err != nil {
				return err
			}
			if n > BackupFormat {
				return domain.Errorf(domain.EInvalid, "The backup archive has format %d, written by a newer Garden; this gardenctl reads format %d and older. Restore it with a newer gardenctl. Nothing was restored.", n, BackupFormat)
			}
			if n < 1 {
				return damaged("its manifest has no format version")
			}
			d.m.Format = int(n)
		case "schemaVersion":
			n, err := d.int()
			if err != nil {
				return err
			}
			d.m.SchemaVersion = int(n)
		case "createdAt":
			v, err := d.str()
			if err != nil {
				return err
			}
			if d.m.CreatedAt, err = time.Parse(time.RFC3339Nano, v); err != nil {
				return fmt.Errorf("createdAt %q is not a time", clip(v))
			}
		case "blobsMissing":
			n, err := d.int()
			d.m.BlobsMissing = int(n)
			return err
		case "tables":
			return d.array(d.table)
		case "blobs":
			return d.array(d.blob)
		default:
			return d.skip()
		}
		return nil
	})
}

func (d *manifestDecoder) table() error {
	if len(d.m.Tables) >= maxBackupTables {
		return damaged("its manifest lists more than %d tables", maxBackupTables)
	}
	var t BackupManifestTable
	var partRows int64
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "name":
			t.Name, err = d.str()
		case "rows":
			t.Rows, err = d.int()
		case "columns":
			err = d.array(func() error {
				if len(t.Columns) >= maxBackupColumns {
					return damaged("its manifest lists more than %d columns of a table", maxBackupColumns)
				}
				var c BackupManifestColumn
				err := d.object(func(key string) error {
					var err error
					switch key {
					case "name":
						c.Name, err = d.str()
					case "kind":
						var kind string
						kind, err = d.str()
						c.Kind = ports.BackupKind(kind)
					default:
						err = d.skip()
					}
					return err
				})
				t.Columns = append(t.Columns, c)
				return err
			})
		case "parts":
			err = d.array(func() error {
				p, err := d.part()
				if err != nil {
					return err
				}
				t.Parts = append(t.Parts, p)
				partRows += p.Rows
				return nil
			})
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if partRows != t.Rows {
		return damaged("table %s has %d rows in its parts, the manifest says %d", clip(t.Name), partRows, t.Rows)
	}
	d.m.Tables = append(d.m.Tables, t)
	return nil
}

func (d *manifestDecoder) part() (BackupPart, error) {
	var p BackupPart
	if d.parts++; d.parts > maxBackupParts {
		return p, damaged("its manifest lists more than %d parts of rows", maxBackupParts)
	}
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "path":
			p.Path, err = d.str()
		case "rows":
			p.Rows, err = d.int()
		case "bytes":
			p.Bytes, err = d.int()
		case "sha256":
			p.SHA256, err = d.str()
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return p, err
	}
	if !strings.HasPrefix(p.Path, backupTablesDir) {
		return p, damaged("the part %s is not under %s", strconv.Quote(clip(p.Path)), backupTablesDir)
	}
	return p, d.claim(p.Path, p.Bytes, p.Rows, p.SHA256)
}

func (d *manifestDecoder) blob() error {
	if d.blobs++; d.blobs > maxBackupBlobs {
		return damaged("its manifest lists more than %d blobs", maxBackupBlobs)
	}
	var bl BackupManifestBlob
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "key":
			bl.Key, err = d.str()
		case "path":
			bl.Path, err = d.str()
		case "contentType":
			bl.ContentType, err = d.str()
		case "bytes":
			bl.Bytes, err = d.int()
		case "sha256":
			bl.SHA256, err = d.str()
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := ports.ValidateBlobKey(bl.Key); err != nil || bl.Path != backupBlobsDir+bl.Key {
		return damaged("blob %q has a bad key", clip(bl.Key))
	}
	if len(bl.ContentType) > maxQuoted {
		return damaged("blob %s has a content type longer than %d bytes", bl.Key, maxQuoted)
	}
	if err := d.claim(bl.Path, bl.Bytes, -1, bl.SHA256); err != nil {
		return err
	}
	d.m.Blobs = append(d.m.Blobs, bl)
	return nil
}

// claim checks a listed file against what the archive holds under its name.
func (d *manifestDecoder) claim(name string, size, lines int64, sum string) error {
	got, ok := d.found[name]
	switch {
	case !ok:
		return damaged("%s is missing", clip(name))
	case got.listed:
		return damaged("%s is listed twice in the manifest", clip(name))
	case got.size != size:
		return damaged("%s has %d bytes, the manifest says %d", clip(name), got.size, size)
	case got.sum != sum:
		return damaged("%s does not match its checksum", clip(name))
	case lines >= 0 && got.lines != lines:
		return damaged("%s has %d rows, the manifest says %d", clip(name), got.lines, lines)
	}
	got.listed = true
	d.found[name] = got
	return nil
}

// object reads one JSON object, calling field for each key; field reads the key's value.
func (d *manifestDecoder) object(field func(key string) error) error {
	if err := d.delim('{'); err != nil {
		return err
	}
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if err := field(key); err != nil {
			return err
		}
	}
	return d.delim('}')
}

// array reads one JSON array (or null), calling item for each element.
func (d *manifestDecoder) array(item func() error) error {
	tok, err := d.dec.Token()
	if err != nil || tok == nil {
		return err
	}
	if tok != json.Delim('[') {
		return fmt.Errorf("%v where a list belongs", tokenText(tok))
	}
	for d.dec.More() {
		if err := item(); err != nil {
			return err
		}
	}
	return d.delim(']')
}

func (d *manifestDecoder) delim(want json.Delim) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("%s where %v belongs", tokenText(tok), want)
	}
	return nil
}

func (d *manifestDecoder) str() (string, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("%s where a text belongs", tokenText(tok))
	}
	return s, nil
}

func (d *manifestDecoder) int() (int64, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return 0, err
	}
	n, ok := tok.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s where a number belongs", tokenText(tok))
	}
	v, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not a whole number", clip(string(n)))
	}
	return v, nil
}

// skip reads one value of any shape, token by token.
func (d *manifestDecoder) skip() error {
	depth := 0
	for {
		tok, err := d.dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// tokenText shows a JSON token in an error, clipped.
func tokenText(tok json.Token) string {
	switch t := tok.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(clip(t))
	case json.Number:
		return clip(string(t))
	case json.Delim:
		return string(rune(t))
	default:
		return fmt.Sprint(t)
	}
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

// targetCheck says which of checkTarget's emptiness checks a restore skips.
type targetCheck struct {
	// rows: the rows are replaced (--force of an unfinished restore).
	skipRows bool
	// blobs: the blob store is emptied first (--force).
	skipBlobs bool
}

// checkTarget returns what the restore must do, or why the database and blob store cannot
// take the archive.
func (b *Backups) checkTarget(ctx context.Context, m BackupManifest, c targetCheck) (restorePlan, error) {
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
	if len(target.Occupied) > 0 && !c.skipRows {
		return plan, domain.Errorf(domain.EConflict, "The database is not empty (%s): restore only into a new installation (gardenctl migrate, then restore, before serve). Nothing was restored.", strings.Join(target.Occupied, ", "))
	}
	if !c.skipBlobs {
		var blob string
		errStop := errors.New("stop")
		if err := b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error { blob = key; return errStop }); err != nil && !errors.Is(err, errStop) {
			return plan, err
		}
		if blob != "" {
			return plan, domain.Errorf(domain.EConflict, "The blob store is not empty (it holds %s among others): restore only into an empty folder or bucket. Nothing was restored.", blob)
		}
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
			return nil, domain.Errorf(domain.EInvalid, "The backup holds a table %s that this database does not have. Nothing was restored.", clip(t.Name))
		}
		for _, c := range t.Columns {
			if kindOf(tt, c.Name) == "" {
				return nil, domain.Errorf(domain.EInvalid, "The backup holds a column %s.%s that this database does not have. Nothing was restored.", t.Name, clip(c.Name))
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

// resumeHint says what to run when a restore stops after its marker was written.
func resumeHint(source string) string {
	if source == "" {
		source = "FILE"
	}
	return fmt.Sprintf(`Run "gardenctl backup restore %s --resume" to finish it (blobs already restored with the right checksum are kept), or "gardenctl backup restore FILE --force" to empty this installation (rows and blobs) and restore FILE from the start.`, source)
}

// unfinished is the error of an installation whose restore marker is there.
func unfinished(code string, mk ports.RestoreMarker) error {
	state := "its rows were not restored"
	if mk.RowsRestored {
		state = "its rows are restored but blobs may be missing"
	}
	return domain.Errorf(code, "A restore of %s (an archive made %s) began at %s and did not finish: %s. %s",
		mk.Source, mk.CreatedAt.UTC().Format(time.RFC3339), mk.StartedAt.UTC().Format(time.RFC3339), state, resumeHint(mk.Source))
}

// Unfinished returns an unavailable error that says what to run when a restore of this
// installation began and did not finish: serve, migrate and the commands that need a working
// installation refuse with it.
func (b *Backups) Unfinished(ctx context.Context) error {
	mk, found, err := b.store.RestoreMarker(ctx)
	if err != nil || !found {
		return err
	}
	return unfinished(domain.EUnavailable, mk)
}

// Ready is /readyz's view of restores: unavailable while a restore has not finished. It does not
// name the archive (the answer is public) and leaves a database it cannot read to the store's own
// readiness check.
func (b *Backups) Ready(ctx context.Context) error {
	if _, found, err := b.store.RestoreMarker(ctx); err == nil && found {
		return domain.Errorf(domain.EUnavailable, "A restore did not finish: run gardenctl backup restore FILE --resume to finish it, or gardenctl backup restore FILE --force to start again.")
	}
	return nil
}

// Restore restores the archive that open returns into this installation, which must be
// empty. open is called twice: the whole archive is verified before anything is written.
//
// A restore marker is written before the first row and removed after the last blob (and the
// migrations that bring an older archive forward); while it is there serve refuses to start
// and /readyz answers 503. The rows go in one transaction; the blobs follow once it has
// committed. A restore that stops (killed, or a blob store failing) leaves the marker: with
// opts.Resume, the same archive finishes it; with opts.Force, any archive replaces it. With
// opts.DryRun it stops after the checks and reports what it would restore, and why it would
// refuse.
func (b *Backups) Restore(ctx context.Context, open func() (io.ReadCloser, error), opts RestoreOptions) (BackupRestoreReport, error) {
	if opts.Resume && opts.Force {
		return BackupRestoreReport{}, domain.Errorf(domain.EInvalid, "--resume finishes an unfinished restore and --force starts it again: choose one.")
	}
	rc, err := open()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	m, err := b.Verify(ctx, rc)
	rc.Close()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	report := BackupRestoreReport{Manifest: m, DryRun: opts.DryRun}
	marker, marked, err := b.store.RestoreMarker(ctx)
	if err != nil {
		return report, err
	}
	// rowsDone: only blobs remain (a resume after the rows committed).
	rowsDone := opts.Resume && marked && marker.RowsRestored
	replace := opts.Force && marked
	var plan restorePlan
	switch {
	case marked && !opts.Resume && !opts.Force:
		err = unfinished(domain.EConflict, marker)
	case opts.Resume && !marked:
		err = domain.Errorf(domain.EConflict, "There is no unfinished restore to resume here: restore without --resume into a new, empty installation. Nothing was restored.")
	case opts.Resume && marker.Digest != m.Digest:
		err = domain.Errorf(domain.EConflict, "The unfinished restore began from another archive (%s, made %s), not from this one (made %s): resume it with that archive, or run \"gardenctl backup restore FILE --force\" to empty this installation and restore FILE from the start. Nothing was changed.",
			marker.Source, marker.CreatedAt.UTC().Format(time.RFC3339), m.CreatedAt.UTC().Format(time.RFC3339))
	case rowsDone:
		var target ports.BackupTarget
		target, err = b.store.BackupTarget(ctx)
		plan.latest = target.Latest
	default:
		plan, err = b.checkTarget(ctx, m, targetCheck{skipRows: replace, skipBlobs: replace})
	}
	report.MigrateFirst = plan.migrateFirst
	report.Resumed = opts.Resume
	report.Emptied = replace
	if opts.DryRun {
		report.Refusal = err
		return report, nil
	}
	if err != nil {
		return report, err
	}
	// The messages name the archive as this run was given it, or as the stopped run was.
	source := opts.Source
	if source == "" && marked {
		source = marker.Source
	}
	stopped := func(err error) error { return stoppedError{err: err, hint: resumeHint(source)} }
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
	if rowsDone {
		for {
			hdr, err := tr.Next()
			if errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return report, damaged("%v", err)
			}
			if partTable[hdr.Name] == nil {
				next = hdr
				break
			}
		}
	} else {
		mk := ports.RestoreMarker{Source: source, Digest: m.Digest, CreatedAt: m.CreatedAt, StartedAt: b.clock.Now().UTC()}
		if err := b.store.MarkRestore(ctx, mk); err != nil {
			return report, fmt.Errorf("restore: %w", err)
		}
		// A restore that fails before its rows commit takes its own marker away: nothing was
		// written. One that found a marker leaves it: the installation was half restored before.
		failed := func(err error) error {
			if !marked {
				if cerr := b.store.ClearRestoreMarker(context.WithoutCancel(ctx)); cerr != nil {
					b.log.Error("restore: remove the restore marker", "err", cerr)
				}
				return err
			}
			return stopped(err)
		}
		if replace {
			if err := b.emptyBlobs(ctx); err != nil {
				return report, stopped(fmt.Errorf("restore --force: empty the blob store: %w", err))
			}
		}
		tables := plan.tables
		if plan.migrateFirst {
			if err := b.store.MigrateTo(ctx, m.SchemaVersion); err != nil {
				return report, failed(fmt.Errorf("restore: migrate the database to schema %d: %w", m.SchemaVersion, err))
			}
			target, err := b.store.BackupTarget(ctx)
			if err != nil {
				return report, failed(err)
			}
			if tables, err = matchTables(m, target.Tables); err != nil {
				return report, failed(err)
			}
		}
		err = b.store.Restore(ctx, replace, func(w ports.BackupRestore) error {
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
			return report, failed(err)
		}
		report.RowsRestored = true
		b.log.Info("backup rows restored", "tables", len(m.Tables), "rows", m.Rows())
	}
	blobs := map[string]BackupManifestBlob{}
	for _, bl := range m.Blobs {
		blobs[bl.Path] = bl
	}
	// A resume keeps the blobs already there with the archive's size and checksum.
	var have map[string]int64
	if opts.Resume {
		have = map[string]int64{}
		if err := b.blobs.List(ctx, "", func(key string, info ports.BlobInfo) error { have[key] = info.Size; return nil }); err != nil {
			return report, stopped(fmt.Errorf("restore: list the blobs already restored: %w", err))
		}
	}
	for hdr := next; hdr != nil; {
		if bl, ok := blobs[hdr.Name]; ok {
			if size, ok := have[bl.Key]; ok && size == bl.Bytes && b.blobMatches(ctx, bl) {
				report.BlobsSkipped++
			} else {
				h := sha256.New()
				if err := b.blobs.Put(ctx, bl.Key, io.TeeReader(tr, h), bl.Bytes, bl.ContentType); err != nil {
					return report, stopped(fmt.Errorf("restore blob %s (%d of %d blobs were restored): %w", bl.Key, report.BlobsWritten+report.BlobsSkipped, len(m.Blobs), err))
				}
				if hex.EncodeToString(h.Sum(nil)) != bl.SHA256 {
					return report, stopped(fmt.Errorf("restore blob %s: the archive changed while it was restored", bl.Key))
				}
				report.BlobsWritten++
			}
		}
		var err error
		hdr, err = tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return report, stopped(fmt.Errorf("restore blobs: %w", err))
		}
	}
	if m.SchemaVersion < plan.latest {
		// The archive's rows are brought forward as any upgrade brings rows forward.
		if err := b.store.MigrateTo(ctx, plan.latest); err != nil {
			return report, stopped(fmt.Errorf("restore: the rows and blobs are restored, but migrating them to schema %d failed: %w", plan.latest, err))
		}
		report.MigratedTo = plan.latest
	}
	if err := b.store.ClearRestoreMarker(ctx); err != nil {
		return report, fmt.Errorf("restore: the rows and blobs are restored, but the restore marker could not be removed: %w", err)
	}
	return report, nil
}

// stoppedError is the error of a restore that stopped after its marker was written: its
// message adds what to run next.
type stoppedError struct {
	err  error
	hint string
}

func (e stoppedError) Error() string {
	msg := strings.TrimSpace(e.err.Error())
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg + " The restore did not finish, and serve refuses to start until it does. " + e.hint
}

func (e stoppedError) Unwrap() error { return e.err }

// blobMatches reports whether the blob store holds bl with the archive's checksum.
func (b *Backups) blobMatches(ctx context.Context, bl BackupManifestBlob) bool {
	rc, _, err := b.blobs.Get(ctx, bl.Key)
	if err != nil {
		return false
	}
	defer rc.Close()
	h := sha256.New()
	if _, err := io.Copy(h, rc); err != nil {
		return false
	}
	return hex.EncodeToString(h.Sum(nil)) == bl.SHA256
}

// emptyBlobs deletes every blob (--force): listed first, then deleted, so that a listing is
// never walked while it changes.
func (b *Backups) emptyBlobs(ctx context.Context) error {
	var keys []string
	if err := b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error { keys = append(keys, key); return nil }); err != nil {
		return err
	}
	for _, key := range keys {
		if err := b.blobs.Delete(ctx, key); err != nil && domain.ErrorCode(err) != domain.ENotFound {
			return err
		}
	}
	return nil
}

// restoreBatch is how many rows go to the store at once.
const restoreBatch = 500

// restorePart reads one part's rows, converts each value to the target column's kind and
// inserts them; it checks the part's checksum again, so an archive changed since it was
// verified rolls the transaction back.
func (b *Backups) restorePart(ctx context.Context, w ports.BackupRestore, target ports.BackupTable, t *BackupManifestTable, p BackupPart, r io.Reader) error {
	h := sha256.New()
	sc := bufio.NewScanner(io.TeeReader(r, h))
	sc.Buffer(make([]byte, 0, 64<<10), MaxBackupRowLine+1)
	dec := newRowDecoder(t, target)
	var batch [][]any
	line := 0
	for sc.Scan() {
		line++
		row := make([]any, len(dec.columns))
		if col, err := dec.decode(sc.Bytes(), row); err != nil {
			if col == "" {
				return damaged("%s line %d: %v", p.Path, line, err)
			}
			return domain.Errorf(domain.EInvalid, "The backup's %s.%s on line %d of %s: %v. Nothing was restored.", t.Name, clip(col), line, p.Path, err)
		}
		batch = append(batch, row)
		if len(batch) == restoreBatch {
			if err := w.Insert(ctx, t.Name, dec.columns, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return damaged("%s line %d is longer than %d bytes", p.Path, line+1, MaxBackupRowLine)
		}
		return damaged("%s: %v", p.Path, err)
	}
	if len(batch) > 0 {
		if err := w.Insert(ctx, t.Name, dec.columns, batch); err != nil {
			return err
		}
	}
	if hex.EncodeToString(h.Sum(nil)) != p.SHA256 {
		return damaged("%s changed while it was restored", p.Path)
	}
	return nil
}

// rowDecoder reads a row line into the Go values of the target's column kinds. A row is a flat
// JSON object of scalars, so it is scanned by hand: a value that is a list or an object is
// refused at its first byte, never decoded (an archive once held a row of 33 million zeros),
// and a row costs its strings and values only (a json.Decoder per line doubled the restore's
// time and allocations).
type rowDecoder struct {
	columns []string
	kinds   []ports.BackupKind
	index   map[string]int
	seen    []bool
}

func newRowDecoder(t *BackupManifestTable, target ports.BackupTable) *rowDecoder {
	d := &rowDecoder{columns: make([]string, len(t.Columns)), kinds: make([]ports.BackupKind, len(t.Columns)),
		index: make(map[string]int, len(t.Columns)), seen: make([]bool, len(t.Columns))}
	for i, c := range t.Columns {
		d.columns[i] = c.Name
		d.kinds[i] = kindOf(target, c.Name)
		d.index[c.Name] = i
	}
	return d
}

var errNotARow = errors.New("a row is not a JSON object of column values")

// decode fills row (one value per column, nil where the line has none) from line. On error,
// column names the column whose value is bad ("" when the line itself is).
func (d *rowDecoder) decode(line []byte, row []any) (column string, err error) {
	clear(d.seen)
	s := rowScanner{b: line}
	if !s.next('{') {
		return "", errNotARow
	}
	if s.next('}') {
		return "", s.end()
	}
	for {
		key, err := s.str()
		if err != nil {
			return "", errNotARow
		}
		i, ok := d.index[key]
		if !ok {
			return "", fmt.Errorf("a row has a column %q that the manifest does not list", clip(key))
		}
		if d.seen[i] {
			return "", fmt.Errorf("a row has the column %s twice", key)
		}
		d.seen[i] = true
		if !s.next(':') {
			return "", errNotARow
		}
		v, err := s.value()
		if err != nil {
			return key, fmt.Errorf("%w, not a %s", err, d.kinds[i])
		}
		if row[i], err = restoreValue(d.kinds[i], v); err != nil {
			return key, err
		}
		if s.next('}') {
			return "", s.end()
		}
		if !s.next(',') {
			return "", errNotARow
		}
	}
}

// rowScanner reads the JSON of one row line.
type rowScanner struct {
	b []byte
	i int
}

func (s *rowScanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\r' || s.b[s.i] == '\n') {
		s.i++
	}
}

// next consumes c (after white space) if it comes next.
func (s *rowScanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *rowScanner) end() error {
	s.space()
	if s.i != len(s.b) {
		return errors.New("a row has data after its end")
	}
	return nil
}

// str reads a JSON string. One without escapes that is valid UTF-8 is taken as it is; any other
// goes through encoding/json, which checks and unescapes it as every archive was read before.
func (s *rowScanner) str() (string, error) {
	if !s.next('"') {
		return "", errNotARow
	}
	start, plain := s.i, true
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			raw := s.b[start : s.i-1]
			if plain && utf8.Valid(raw) {
				return string(raw), nil
			}
			var v string
			if err := json.Unmarshal(s.b[start-1:s.i], &v); err != nil {
				return "", errors.New("a text is not valid JSON")
			}
			return v, nil
		case c == '\\':
			plain = false
			s.i++ // the escaped character, a quote among them
		case c < 0x20:
			return "", errors.New("a text holds a control character")
		}
	}
	return "", errNotARow
}

// value reads one scalar: a string, a json.Number, a bool or nil.
func (s *rowScanner) value() (any, error) {
	s.space()
	if s.i >= len(s.b) {
		return nil, errNotARow
	}
	switch c := s.b[s.i]; {
	case c == '"':
		return s.str()
	case c == '[':
		return nil, errors.New("a list")
	case c == '{':
		return nil, errors.New("an object")
	case c == '-' || c >= '0' && c <= '9':
		start := s.i
		for s.i < len(s.b) && strings.IndexByte("+-.eE0123456789", s.b[s.i]) >= 0 {
			s.i++
		}
		n := s.b[start:s.i]
		if !json.Valid(n) {
			return nil, fmt.Errorf("%s is not a number", clip(string(n)))
		}
		return json.Number(n), nil
	}
	for _, lit := range []struct {
		text  string
		value any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if bytes.HasPrefix(s.b[s.i:], []byte(lit.text)) {
			s.i += len(lit.text)
			return lit.value, nil
		}
	}
	return nil, errNotARow
}

// restoreValue turns a JSON value of the archive (a string, json.Number, bool or nil) into the Go
// value of the target column's kind, so that a SQLite archive (booleans as 0/1, dates as text)
// fits PostgreSQL and back.
func restoreValue(kind ports.BackupKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case ports.BackupInt:
		switch x := v.(type) {
		case json.Number:
			if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
				return n, nil
			}
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		}
	case ports.BackupFloat:
		if x, ok := v.(json.Number); ok {
			if f, err := strconv.ParseFloat(string(x), 64); err == nil {
				return f, nil
			}
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
			if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
				return t, nil
			}
		}
	}
	shown := fmt.Sprint(v)
	if s, ok := v.(string); ok {
		shown = strconv.Quote(clip(s))
	}
	return nil, fmt.Errorf("%s is not a %s", clip(shown), kind)
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
