package backup_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var (
	createdAt = time.Date(2026, 5, 1, 3, 0, 0, 0, time.UTC)
	plants    = ports.BackupTable{Name: "plants", Columns: []ports.BackupColumn{
		{Name: "id", Kind: ports.BackupInt}, {Name: "name", Kind: ports.BackupText}, {Name: "indoor", Kind: ports.BackupBool},
		{Name: "height", Kind: ports.BackupFloat}, {Name: "sown", Kind: ports.BackupDate}, {Name: "created_at", Kind: ports.BackupTime},
	}}
	empty = ports.BackupTable{Name: "sites", Columns: []ports.BackupColumn{{Name: "id", Kind: ports.BackupInt}}}
)

// write makes an archive of n plants, an empty table and one blob.
func write(t *testing.T, n int) ([]byte, ports.BackupManifest) {
	t.Helper()
	var buf bytes.Buffer
	w := backup.Format{}.NewWriter(&buf, createdAt)
	err := w.Table(plants, func(add func([]any) error) error {
		for i := range n {
			if err := add([]any{int64(i + 1), "Basil \"Genovese\"\n🌱", i%2 == 0, 12.5, "2026-03-14", createdAt.Add(time.Duration(i) * time.Microsecond)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Table(empty, func(func([]any) error) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := w.Blob("images/1/a.jpg", "image/jpeg", 4, strings.NewReader("jpeg")); err != nil {
		t.Fatal(err)
	}
	m, err := w.Close(42, 1)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), m
}

// TestFormat_RoundTrip: what the writer writes, Verify accepts as written and the reader reads
// back, rows converted to their kinds in batches, then the blobs.
func TestFormat_RoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	archive, written := write(t, 1_201)
	if written.Format != backup.FormatVersion || written.SchemaVersion != 42 || written.BlobsMissing != 1 || !written.CreatedAt.Equal(createdAt) ||
		written.Rows() != 1_201 || len(written.Tables) != 2 || len(written.Tables[1].Parts) != 1 || written.BlobBytes() != 4 {
		t.Fatalf("manifest written: %+v", written)
	}
	m, err := backup.Format{}.Verify(ctx, bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Digest) != 64 {
		t.Fatalf("digest %q", m.Digest)
	}
	m.Digest = ""
	if !reflect.DeepEqual(m, written) {
		t.Fatalf("Verify read\n%+v\nwrote\n%+v", m, written)
	}

	rd, err := backup.Format{}.NewReader(bytes.NewReader(archive), m)
	if err != nil {
		t.Fatal(err)
	}
	var batches []int
	var last []any
	err = rd.Rows(map[string]ports.BackupTable{"plants": plants, "sites": empty}, 500, func(table string, columns []string, rows [][]any) error {
		if table != "plants" || len(columns) != len(plants.Columns) {
			t.Fatalf("insert into %s %v", table, columns)
		}
		batches = append(batches, len(rows))
		last = append([]any(nil), rows[len(rows)-1]...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{int64(1201), "Basil \"Genovese\"\n🌱", true, 12.5, "2026-03-14", createdAt.Add(1200 * time.Microsecond)}
	if !reflect.DeepEqual(batches, []int{500, 500, 201}) || !reflect.DeepEqual(last, want) {
		t.Fatalf("batches %v, last row %#v", batches, last)
	}
	var blobs []string
	err = rd.Blobs(func(b ports.BackupManifestBlob, r io.Reader) error {
		data, err := io.ReadAll(r)
		blobs = append(blobs, b.Key+"="+b.ContentType+":"+string(data))
		return err
	})
	if err != nil || !reflect.DeepEqual(blobs, []string{"images/1/a.jpg=image/jpeg:jpeg"}) {
		t.Fatalf("blobs %v, %v", blobs, err)
	}

	// A resume whose rows are restored skips to the blobs; the blob callback's error comes back
	// as it is.
	rd, err = backup.Format{}.NewReader(bytes.NewReader(archive), m)
	if err != nil {
		t.Fatal(err)
	}
	if err := rd.SkipRows(); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	if err := rd.Blobs(func(ports.BackupManifestBlob, io.Reader) error { return stop }); err != stop {
		t.Fatalf("Blobs = %v, want the callback's error", err)
	}
}

// TestFormat_RowTooLong: a row a restore would refuse fails the backup, naming its table and row.
func TestFormat_RowTooLong(t *testing.T) {
	t.Parallel()
	w := backup.Format{}.NewWriter(io.Discard, createdAt)
	err := w.Table(empty, func(add func([]any) error) error {
		if err := add([]any{int64(1)}); err != nil {
			return err
		}
		return add([]any{strings.Repeat("x", backup.MaxRowLine)})
	})
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "row 2 of table sites") {
		t.Fatalf("Table = %v", err)
	}
}

// TestFormat_Damaged: Verify and the reader refuse what is not an archive, saying so.
func TestFormat_Damaged(t *testing.T) {
	t.Parallel()
	archive, m := write(t, 3)
	for name, data := range map[string][]byte{"NotGzip": []byte("hello"), "Truncated": archive[:len(archive)/2]} {
		if _, err := (backup.Format{}).Verify(context.Background(), bytes.NewReader(data)); domain.ErrorCode(err) != domain.EInvalid ||
			!strings.Contains(err.Error(), "The backup archive is damaged or incomplete") {
			t.Errorf("%s: Verify = %v", name, err)
		}
	}
	if _, err := (backup.Format{}).NewReader(strings.NewReader("hello"), m); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("NewReader of a non-gzip = %v", err)
	}
}

// TestDestinations: each keeps archives by name, lists them and removes one; a failed write
// leaves nothing behind.
func TestDestinations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// A blob deeper under the prefix is not an archive of this destination.
	if err := blobs.Put(ctx, "backups/old/x.tar.gz", strings.NewReader("x"), 1, ""); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(t.TempDir(), "made-on-write")
	for name, tc := range map[string]struct {
		dest   ports.BackupDestination
		prefix string
	}{
		"Folder":    {backup.FolderDestination{Dir: folder}, ""},
		"BlobStore": {backup.BlobDestination{Blobs: blobs, Prefix: "backups/"}, "backups/"},
	} {
		dest := tc.dest
		if dest.BlobPrefix() != tc.prefix {
			t.Errorf("%s: BlobPrefix %q", name, dest.BlobPrefix())
		}
		for _, n := range []string{"a.tar.gz", "b.tar.gz"} {
			if err := dest.Write(ctx, n, func(w io.Writer) error { _, err := io.WriteString(w, n); return err }); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		boom := errors.New("disk full")
		if err := dest.Write(ctx, "c.tar.gz", func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
			t.Fatalf("%s: failed write = %v", name, err)
		}
		if err := dest.Remove(ctx, "a.tar.gz"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		names, err := dest.List(ctx)
		sort.Strings(names)
		if err != nil || !reflect.DeepEqual(names, []string{"b.tar.gz"}) {
			t.Fatalf("%s: List = %v, %v; want only b.tar.gz", name, names, err)
		}
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 1 {
		t.Fatalf("folder holds %d files, want 1 (no temporary file left)", len(entries))
	}
}
