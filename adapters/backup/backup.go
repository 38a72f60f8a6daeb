// Package backup is Garden's archive format and the places archives are kept: a gzip-compressed
// tar of the tables' rows as JSON lines, the blobs and a manifest (ports.BackupFormat), and a
// folder or a prefix of the blob store (ports.BackupDestination). core/app decides what goes
// into an archive and how a restore proceeds; this package only writes and reads the bytes.
package backup

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
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgRowTooLarge = "The backup stopped: row %d of table %s is %d bytes as JSON, more than the %d bytes a restore reads. No archive was written."
)

// FormatVersion is the archive format this Garden writes and the newest it reads.
const FormatVersion = 1

// An archive is a gzip-compressed tar holding, in this order:
//
//	tables/NNNN-<table>.NNNN.jsonl   rows as JSON objects, one a line, in parts of at most
//	                                 partSize bytes, tables in dependency order
//	blobs/<key>                      each blob's bytes
//	manifest.json                    what the archive holds, with a SHA-256 per part
//
// The manifest comes last because its counts and checksums are known only once everything
// is written; the archive is streamed, never held in memory or a temporary file.
const (
	manifestName = "manifest.json"
	tablesDir    = "tables/"
	blobsDir     = "blobs/"
	partSize     = 4 << 20
)

// Format writes and reads Garden's archives.
type Format struct{}

var _ ports.BackupFormat = Format{}

// manifestJSON is the manifest as an archive holds it (written indented, one value a line).
type manifestJSON struct {
	Format        int         `json:"format"`
	SchemaVersion int         `json:"schemaVersion"`
	CreatedAt     time.Time   `json:"createdAt"`
	Tables        []tableJSON `json:"tables"`
	Blobs         []blobJSON  `json:"blobs"`
	BlobsMissing  int         `json:"blobsMissing,omitempty"`
}

type tableJSON struct {
	Name    string       `json:"name"`
	Columns []columnJSON `json:"columns"`
	Rows    int64        `json:"rows"`
	Parts   []partJSON   `json:"parts"`
}

type columnJSON struct {
	Name string           `json:"name"`
	Kind ports.BackupKind `json:"kind"`
}

type partJSON struct {
	Path   string `json:"path"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

type blobJSON struct {
	Key         string `json:"key"`
	Path        string `json:"path"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	SHA256      string `json:"sha256"`
}

// manifest returns m as the port describes it.
func (m manifestJSON) manifest() ports.BackupManifest {
	out := ports.BackupManifest{Format: m.Format, SchemaVersion: m.SchemaVersion, CreatedAt: m.CreatedAt, BlobsMissing: m.BlobsMissing}
	for _, t := range m.Tables {
		mt := ports.BackupManifestTable{Name: t.Name, Rows: t.Rows}
		for _, c := range t.Columns {
			mt.Columns = append(mt.Columns, ports.BackupColumn{Name: c.Name, Kind: c.Kind})
		}
		for _, p := range t.Parts {
			mt.Parts = append(mt.Parts, ports.BackupPart(p))
		}
		out.Tables = append(out.Tables, mt)
	}
	for _, b := range m.Blobs {
		out.Blobs = append(out.Blobs, ports.BackupManifestBlob(b))
	}
	return out
}

// writer streams one archive.
type writer struct {
	gz        *gzip.Writer
	tw        *tar.Writer
	createdAt time.Time
	m         manifestJSON
}

// NewWriter implements ports.BackupFormat.
func (Format) NewWriter(w io.Writer, createdAt time.Time) ports.BackupWriter {
	gz := gzip.NewWriter(w)
	return &writer{gz: gz, tw: tar.NewWriter(gz), createdAt: createdAt}
}

// put writes one file of size bytes read from r and returns its SHA-256.
func (w *writer) put(name string, size int64, r io.Reader) (string, error) {
	hdr := &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: size, Mode: 0o600, ModTime: w.createdAt, Format: tar.FormatPAX}
	if err := w.tw.WriteHeader(hdr); err != nil {
		return "", err
	}
	h := sha256.New()
	n, err := io.Copy(w.tw, io.TeeReader(r, h))
	if err != nil {
		return "", err
	}
	if n != size {
		return "", fmt.Errorf("%s: read %d bytes, expected %d", name, n, size)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Table implements ports.BackupWriter: rows go out in parts of about partSize bytes.
func (w *writer) Table(t ports.BackupTable, rows func(add func(values []any) error) error) error {
	number := len(w.m.Tables) + 1
	mt := tableJSON{Name: t.Name}
	for _, c := range t.Columns {
		mt.Columns = append(mt.Columns, columnJSON{Name: c.Name, Kind: c.Kind})
	}
	var buf bytes.Buffer
	var n int64
	flush := func() error {
		if n == 0 && len(mt.Parts) > 0 {
			return nil
		}
		p := partJSON{Path: fmt.Sprintf("%s%04d-%s.%04d.jsonl", tablesDir, number, t.Name, len(mt.Parts)+1), Rows: n, Bytes: int64(buf.Len())}
		sum, err := w.put(p.Path, p.Bytes, &buf)
		if err != nil {
			return err
		}
		p.SHA256 = sum
		mt.Parts = append(mt.Parts, p)
		mt.Rows += n
		buf.Reset()
		n = 0
		return nil
	}
	err := rows(func(values []any) error {
		before := buf.Len()
		if err := encodeRow(&buf, t.Columns, values); err != nil {
			return fmt.Errorf("backup %s: %w", t.Name, err)
		}
		// An archive a restore would refuse is worse than a backup that fails and says why.
		if size := buf.Len() - before - 1; size > MaxRowLine {
			return domain.Errorf(domain.EInvalid, MsgRowTooLarge, mt.Rows+n+1, t.Name, size, MaxRowLine)
		}
		n++
		if buf.Len() >= partSize {
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
	w.m.Tables = append(w.m.Tables, mt)
	return nil
}

// Blob implements ports.BackupWriter.
func (w *writer) Blob(key, contentType string, size int64, r io.Reader) error {
	mb := blobJSON{Key: key, Path: blobsDir + key, ContentType: contentType, Bytes: size}
	sum, err := w.put(mb.Path, size, r)
	if err != nil {
		return err
	}
	mb.SHA256 = sum
	w.m.Blobs = append(w.m.Blobs, mb)
	return nil
}

// Close implements ports.BackupWriter.
func (w *writer) Close(schemaVersion, blobsMissing int) (ports.BackupManifest, error) {
	w.m.Format, w.m.SchemaVersion, w.m.CreatedAt, w.m.BlobsMissing = FormatVersion, schemaVersion, w.createdAt, blobsMissing
	manifest, err := json.MarshalIndent(w.m, "", "  ")
	if err != nil {
		return w.m.manifest(), err
	}
	if _, err := w.put(manifestName, int64(len(manifest)), bytes.NewReader(manifest)); err != nil {
		return w.m.manifest(), err
	}
	if err := w.tw.Close(); err != nil {
		return w.m.manifest(), err
	}
	return w.m.manifest(), w.gz.Close()
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

// Limits of what a restore reads, so that a small crafted archive cannot make it hold much
// memory: a 70 kB archive with one 66 MB row line once took 2.7 GB, and a manifest listing
// 1.5 M parts 674 MB. Lines are refused unread past their limit; the manifest is read token by
// token, each file it lists checked as soon as it is read.
const (
	// MaxRowLine is the longest line a restore reads, of rows or of the manifest (which
	// is written one value a line); the largest real row is about 50 kB.
	MaxRowLine = 1 << 20
	// maxManifestSize bounds reading the manifest (never held whole): a million blobs take
	// about 300 MB of it.
	maxManifestSize = 512 << 20
	// maxParts is 400 GB of rows in parts of 4 MiB.
	maxParts   = 100_000
	maxBlobs   = 1_000_000
	maxTables  = 1_000
	maxColumns = 1_000
	// maxEntryName: a blob's path is blobs/ and a key of at most 512 bytes.
	maxEntryName = 1_024
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
// longer than MaxRowLine. It holds one entry's name and checksum per file, never a file
// or a whole manifest.
func (Format) Verify(ctx context.Context, r io.Reader) (ports.BackupManifest, error) {
	var m ports.BackupManifest
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
			return m, damaged("%s follows %s, which comes last", clip(hdr.Name), manifestName)
		case len(hdr.Name) > maxEntryName:
			return m, damaged("it holds a file whose name is longer than %d bytes", maxEntryName)
		case len(found) >= maxParts+maxBlobs:
			return m, damaged("it holds more than %d files", maxParts+maxBlobs)
		}
		if _, dup := found[hdr.Name]; dup {
			return m, damaged("%s appears twice", clip(hdr.Name))
		}
		if hdr.Name == manifestName {
			haveManifest = true
			if m, err = decodeManifest(tr, found); err != nil {
				return m, err
			}
			continue
		}
		h := sha256.New()
		lines := &lineCheck{max: MaxRowLine}
		var dst io.Writer = h
		isPart := strings.HasPrefix(hdr.Name, tablesDir)
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
		return m, damaged("it has no %s", manifestName)
	}
	for name, e := range found {
		if !e.listed {
			return m, damaged("%s is not in the manifest", clip(name))
		}
	}
	return m, nil
}

// reader reads a verified archive for a restore.
type reader struct {
	tr        *tar.Reader
	parts     map[string]ports.BackupPart
	partTable map[string]*ports.BackupManifestTable
	blobs     map[string]ports.BackupManifestBlob
	// next is the first entry after the rows (nil: none, or the rows not read yet).
	next *tar.Header
}

// NewReader implements ports.BackupFormat.
func (Format) NewReader(r io.Reader, m ports.BackupManifest) (ports.BackupReader, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, damaged("%v", err)
	}
	rd := &reader{tr: tar.NewReader(gz), parts: map[string]ports.BackupPart{},
		partTable: map[string]*ports.BackupManifestTable{}, blobs: map[string]ports.BackupManifestBlob{}}
	for i := range m.Tables {
		for _, p := range m.Tables[i].Parts {
			rd.parts[p.Path] = p
			rd.partTable[p.Path] = &m.Tables[i]
		}
	}
	for _, bl := range m.Blobs {
		rd.blobs[bl.Path] = bl
	}
	return rd, nil
}

// Rows implements ports.BackupReader.
func (rd *reader) Rows(tables map[string]ports.BackupTable, batch int, insert func(table string, columns []string, rows [][]any) error) error {
	for {
		hdr, err := rd.tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return damaged("%v", err)
		}
		t := rd.partTable[hdr.Name]
		if t == nil {
			rd.next = hdr
			return nil
		}
		if err := readPart(tables[t.Name], t, rd.parts[hdr.Name], rd.tr, batch, insert); err != nil {
			return err
		}
	}
}

// SkipRows implements ports.BackupReader.
func (rd *reader) SkipRows() error {
	for {
		hdr, err := rd.tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return damaged("%v", err)
		}
		if rd.partTable[hdr.Name] == nil {
			rd.next = hdr
			return nil
		}
	}
}

// Blobs implements ports.BackupReader.
func (rd *reader) Blobs(blob func(b ports.BackupManifestBlob, r io.Reader) error) error {
	for hdr := rd.next; hdr != nil; {
		if bl, ok := rd.blobs[hdr.Name]; ok {
			if err := blob(bl, rd.tr); err != nil {
				return err
			}
		}
		var err error
		hdr, err = rd.tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readPart reads one part's rows, converts each value to the target column's kind and
// inserts them in batches; it checks the part's checksum again, so an archive changed since it was
// verified rolls the transaction back.
func readPart(target ports.BackupTable, t *ports.BackupManifestTable, p ports.BackupPart, r io.Reader, size int, insert func(table string, columns []string, rows [][]any) error) error {
	h := sha256.New()
	sc := bufio.NewScanner(io.TeeReader(r, h))
	sc.Buffer(make([]byte, 0, 64<<10), MaxRowLine+1)
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
		if len(batch) == size {
			if err := insert(t.Name, dec.columns, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return damaged("%s line %d is longer than %d bytes", p.Path, line+1, MaxRowLine)
		}
		return damaged("%s: %v", p.Path, err)
	}
	if len(batch) > 0 {
		if err := insert(t.Name, dec.columns, batch); err != nil {
			return err
		}
	}
	if hex.EncodeToString(h.Sum(nil)) != p.SHA256 {
		return damaged("%s changed while it was restored", p.Path)
	}
	return nil
}
