package blob_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/blob"
	"github.com/gardenctl/garden/adapters/blob/local"
)

func TestOpen_LocalFolders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dataDir := filepath.Join(t.TempDir(), "data")
	elsewhere := filepath.Join(t.TempDir(), "elsewhere")
	abs := filepath.Join(t.TempDir(), "abs")
	cases := map[string]string{
		"":                                filepath.Join(dataDir, "blobs"),
		"file:" + elsewhere:               elsewhere,
		"file://" + filepath.ToSlash(abs): abs,
	}
	for raw, wantDir := range cases {
		s, err := blob.Open(ctx, raw, dataDir)
		if err != nil {
			t.Fatalf("Open(%q): %v", raw, err)
		}
		ls, ok := s.(*local.Store)
		if !ok {
			t.Fatalf("Open(%q) = %T, want *local.Store", raw, s)
		}
		if ls.Dir() != wantDir {
			t.Fatalf("Open(%q) uses %s, want %s", raw, ls.Dir(), wantDir)
		}
		if fi, err := os.Stat(wantDir); err != nil || !fi.IsDir() {
			t.Fatalf("Open(%q) did not create %s: %v", raw, wantDir, err)
		}
		ls.Close()
	}
}

func TestOpen_Refuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := map[string]string{
		"file:":                                "needs a folder path",
		"file://otherhost/x":                   "file:///absolute/path",
		"s3://key:hunter2@127.0.0.1:9000":      "no bucket",
		"minio://key:hunter2@127.0.0.1:9000/b": `unsupported URL scheme "minio"`,
		"https://key:hunter2@127.0.0.1:9000/b": `unsupported URL scheme "https"`,
		"key:hunter2@127.0.0.1:9000/b":         "not a blob URL",
		"hunter2:x@127.0.0.1:9000/b":           "not a blob URL",
	}
	for raw, mention := range cases {
		_, err := blob.Open(ctx, raw, t.TempDir())
		if err == nil {
			t.Errorf("Open(%q) succeeded", raw)
			continue
		}
		if !strings.Contains(err.Error(), mention) {
			t.Errorf("Open(%q) = %q, want it to mention %q", raw, err, mention)
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("Open(%q) error leaks the secret: %q", raw, err)
		}
	}
	if _, err := blob.Open(ctx, "", ""); err == nil {
		t.Error("Open with neither URL nor data folder succeeded")
	}
}
