package app_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// craftFile is one file of a crafted archive.
type craftFile struct {
	name string
	data []byte
}

// craft writes files and then manifest as an archive, the way Create lays one out.
func craft(t *testing.T, files []craftFile, manifest []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	for _, f := range append(files, craftFile{"manifest.json", manifest}) {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f.name, Size: int64(len(f.data)), Mode: 0o600}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// allocated is how many bytes f allocates. Callers are not parallel: parallel tests wait until
// every sequential test has finished, so nothing else allocates meanwhile.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestBackupRestore_BoundedMemory restores archives crafted to take memory (issue 22 item 4): a
// 66 MB row line of zeros with matching checksums (it took 2.69 GB and the refusal quoted all
// of it), and manifests listing 1.5 M parts (674 MB). Each is refused with a short, clear
// message, allocating a bounded amount. Not parallel: it measures allocations.
func TestBackupRestore_BoundedMemory(t *testing.T) {
	ctx := context.Background()
	dst := newInstall(t, "SQLite", nil)
	target, err := dst.store.BackupTarget(ctx)
	if err != nil {
		t.Fatal(err)
	}
	schema := target.SchemaVersion
	const partName = "tables/0001-users.0001.jsonl"

	// One row of 33 million zeros in a list, 66 MB, in a part whose size, rows and checksum match.
	var row bytes.Buffer
	row.WriteString(`{"id":[`)
	row.Write(bytes.Repeat([]byte("0,"), 33_000_000))
	row.WriteString("0]}\n")
	huge := row.Bytes()
	hugeManifest := fmt.Appendf(nil, `{"format":1,"schemaVersion":%d,"createdAt":"2026-05-01T03:00:00Z","tables":[{"name":"users","columns":[{"name":"id","kind":"int"}],"rows":1,"parts":[{"path":%q,"rows":1,"bytes":%d,"sha256":%q}]}],"blobs":null}`,
		schema, partName, len(huge), sum(huge))

	// 1.5 M parts: empty objects on one line; empty objects one a line; and one real part
	// listed 1.5 M times, one a line.
	const parts = 1_500_000
	manyParts := func(part string, sep string, rows int) []byte {
		var b bytes.Buffer
		fmt.Fprintf(&b, `{"format":1,"schemaVersion":%d,"createdAt":"2026-05-01T03:00:00Z","blobs":null,"tables":[{"name":"users","columns":[{"name":"id","kind":"int"}],"rows":%d,"parts":[`, schema, rows)
		for i := range parts {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(sep)
			b.WriteString(part)
		}
		b.WriteString("]}]}")
		return b.Bytes()
	}
	oneRow := []byte(`{"id":1}` + "\n")
	realPart := fmt.Sprintf(`{"path":%q,"rows":1,"bytes":%d,"sha256":%q}`, partName, len(oneRow), sum(oneRow))

	cases := []struct {
		name    string
		archive []byte
		want    string
	}{
		{"HugeRowLine", craft(t, []craftFile{{partName, huge}}, hugeManifest), "line 1 is longer than 1048576 bytes"},
		{"ManyPartsOneLine", craft(t, nil, manyParts("{}", "", 0)), `the part "" is not under tables/`},
		{"LongManifestLine", craft(t, nil, fmt.Appendf(nil, `{"format":1,"note":%q}`, strings.Repeat("x", 2<<20))), "its manifest's line 1 is longer than 1048576 bytes"},
		{"ManyPartsOneALine", craft(t, nil, manyParts("{}", "\n", 0)), "is not under tables/"},
		{"OnePartListedManyTimes", craft(t, []craftFile{{partName, oneRow}}, manyParts(realPart, "\n", parts)), "listed twice in the manifest"},
	}
	huge = nil
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			n := allocated(func() {
				_, err = dst.backups().Restore(ctx, opener(tc.archive), app.RestoreOptions{})
			})
			t.Logf("%d kB archive: %.1f MB allocated, refused with: %v", len(tc.archive)>>10, float64(n)/1e6, err)
			if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "damaged or incomplete") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Restore = %.300v, want refused as damaged with %q", err, tc.want)
			}
			if len(err.Error()) > 500 {
				t.Errorf("the refusal is %d bytes long, want at most a few hundred", len(err.Error()))
			}
			if n > 64<<20 {
				t.Errorf("the restore allocated %.1f MB, want under 64 MB", float64(n)/1e6)
			}
			if occ := occupied(t, dst); len(occ) != 0 {
				t.Fatalf("rows written: %v", occ)
			}
		})
	}
}

// replacePart returns the archive with the first part of table replaced by data, the manifest's
// size, rows and checksum of it updated to match.
func replacePart(t *testing.T, archive []byte, table string, data []byte) []byte {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var files []craftFile
	var manifest map[string]any
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(tr)
		if hdr.Name == "manifest.json" {
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.UseNumber()
			if err := dec.Decode(&manifest); err != nil {
				t.Fatal(err)
			}
			continue
		}
		files = append(files, craftFile{hdr.Name, body})
	}
	var path string
	for _, tb := range manifest["tables"].([]any) {
		tb := tb.(map[string]any)
		if tb["name"] == table {
			p := tb["parts"].([]any)[0].(map[string]any)
			path = p["path"].(string)
			rows := int64(bytes.Count(data, []byte("\n")))
			tableRows, _ := tb["rows"].(json.Number).Int64()
			partRows, _ := p["rows"].(json.Number).Int64()
			tb["rows"] = tableRows + rows - partRows
			p["rows"], p["bytes"], p["sha256"] = rows, len(data), sum(data)
		}
	}
	for i := range files {
		if files[i].name == path {
			files[i].data = data
		}
	}
	encoded, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return craft(t, files, encoded)
}

// TestBackupRestore_BadValueQuotedShort: a value of the wrong kind is refused with at most a few
// hundred characters of it, however long it is (the refusal once quoted all 66 MB).
func TestBackupRestore_BadValueQuotedShort(t *testing.T) {
	t.Parallel()
	src := newInstall(t, "SQLite", nil)
	fill(t, src, 1)
	archive, _ := createArchive(t, src)
	long := strings.Repeat("x", 500_000)
	for name, line := range map[string]string{
		"TextForInt":  fmt.Sprintf(`{"id":%q}`, long),
		"ListForInt":  `{"id":[` + strings.Repeat("0,", 200_000) + `0]}`,
		"LongNumber":  `{"id":` + strings.Repeat("9", 500_000) + `}`,
		"UnknownName": fmt.Sprintf(`{%q:1}`, long),
	} {
		bad := replacePart(t, archive, "sites", []byte(line+"\n"))
		for _, dialect := range []string{"SQLite", "Postgres"} {
			t.Run(name+"/"+dialect, func(t *testing.T) {
				t.Parallel()
				dst := newInstall(t, dialect, nil)
				_, err := dst.backups().Restore(context.Background(), opener(bad), app.RestoreOptions{})
				if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "Nothing was restored") {
					t.Fatalf("Restore = %.300v, want an invalid error", err)
				}
				if len(err.Error()) > 600 {
					t.Fatalf("the refusal is %d bytes long, want at most a few hundred: %.300s", len(err.Error()), err)
				}
				if occ := occupied(t, dst); len(occ) != 0 {
					t.Fatalf("rows written: %v", occ)
				}
				if _, found, _ := dst.store.RestoreMarker(context.Background()); found {
					t.Fatal("a refused restore left its marker")
				}
			})
		}
	}
}

// TestBackupCreate_RowLineCap: a row just under the line cap backs up and restores; one over it
// fails the backup with why, rather than writing an archive every restore would refuse.
func TestBackupCreate_RowLineCap(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, dialect, nil)
			fill(t, src, 1)
			user := exec(t, src.store, `INSERT INTO users (username, password_hash, role, created_at) VALUES ('long', 'x', 'user', ?)`, fillTime)
			notify := `INSERT INTO notifications (kind, title, content, target_type, target_id, created_by, created_at) VALUES ('admin', 'Long', ?, 'user', ?, ?, ?)`
			exec(t, src.store, notify, strings.Repeat("b", backup.MaxRowLine-1000), user, user, fillTime)
			archive, _ := createArchive(t, src)
			dst := newInstall(t, dialect, nil)
			if _, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{}); err != nil {
				t.Fatalf("a row just under the cap: %v", err)
			}
			sameInstall(t, src, dst)

			exec(t, src.store, notify, strings.Repeat("b", backup.MaxRowLine), user, user, fillTime)
			_, err := src.backups().Create(ctx, io.Discard, app.BackupOptions{})
			if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "of table notifications") || !strings.Contains(err.Error(), "more than the 1048576 bytes a restore reads") {
				t.Fatalf("Create with a row over the cap = %v, want refused saying which table", err)
			}
		})
	}
}
