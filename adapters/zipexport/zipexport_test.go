package zipexport_test

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/zipexport"
)

func TestFormat_Writer(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 3, 0, 0, 0, time.UTC)
	var buf bytes.Buffer
	w := zipexport.Format{}.NewWriter(&buf, at)
	for _, f := range []struct {
		name     string
		compress bool
	}{{"json/plants.json", true}, {"photos/a.jpg", false}} {
		out, err := w.File(f.name, f.compress)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(out, "data of "+f.name); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]uint16{"json/plants.json": zip.Deflate, "photos/a.jpg": zip.Store}
	if len(zr.File) != len(want) {
		t.Fatalf("%d files, want %d", len(zr.File), len(want))
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		if f.Method != want[f.Name] || string(data) != "data of "+f.Name || !f.Modified.Equal(at) {
			t.Errorf("%s: method %d, %q, modified %v", f.Name, f.Method, data, f.Modified)
		}
	}
}
