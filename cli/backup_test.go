package cli_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/ports"
)

// TestBackupCommands backs up one SQLite installation with a blob and restores it into a
// second one, with a dry run first and a refused second restore.
func TestBackupCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src, dst := t.TempDir(), t.TempDir()
	for _, dir := range []string{src, dst} {
		if _, _, err := run(ctx, "--data-dir="+dir, "migrate"); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := run(ctx, "--data-dir="+src, "users", "create", "--username", "hana", "--password", "long-password"); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(src, "blobs", "images"), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "blobs", "images", "a.jpg"), []byte("garden-blob 1\nimage/jpeg\nJPEG"), 0o640); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "b.tar.gz")
	out, _, err := run(ctx, "--data-dir="+src, "backup", "create", "--out", archive)
	if err != nil || !strings.Contains(out, "wrote "+archive) || !strings.Contains(out, "1 blobs (4 B)") {
		t.Fatalf("create: %q %v", out, err)
	}
	out, _, err = run(ctx, "--data-dir="+dst, "backup", "restore", archive, "--dry-run")
	if err != nil || !strings.Contains(out, "would restore") || !strings.Contains(out, "users ") {
		t.Fatalf("dry run: %q %v", out, err)
	}
	if out, _, _ = run(ctx, "--data-dir="+dst, "users", "list"); strings.Contains(out, "hana") {
		t.Fatal("the dry run restored users")
	}
	out, _, err = run(ctx, "--data-dir="+dst, "backup", "restore", archive)
	if err != nil || !strings.Contains(out, "restored") {
		t.Fatalf("restore: %q %v", out, err)
	}
	if out, _, _ = run(ctx, "--data-dir="+dst, "users", "list"); !strings.Contains(out, "hana") {
		t.Fatalf("users after restore:\n%s", out)
	}
	if data, err := os.ReadFile(filepath.Join(dst, "blobs", "images", "a.jpg")); err != nil || !strings.HasSuffix(string(data), "\nJPEG") {
		t.Fatalf("blob after restore: %q %v", data, err)
	}
	if _, _, err = run(ctx, "--data-dir="+dst, "backup", "restore", archive); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("second restore: %v, want refused as not empty", err)
	}
	// A damaged archive is refused with a clear message.
	data, _ := os.ReadFile(archive)
	bad := filepath.Join(t.TempDir(), "bad.tar.gz")
	_ = os.WriteFile(bad, data[:len(data)/2], 0o600)
	if _, _, err = run(ctx, "--data-dir="+dst, "backup", "restore", bad, "--dry-run"); err == nil || !strings.Contains(err.Error(), "damaged or incomplete") {
		t.Fatalf("damaged archive: %v", err)
	}
}

// failAfter is a blob store whose Put fails after `left` writes.
type failAfter struct {
	ports.BlobStore
	left int
}

func (f *failAfter) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if f.left--; f.left < 0 {
		return errors.New("no space left on device")
	}
	return f.BlobStore.Put(ctx, key, r, size, contentType)
}

// TestBackupCommands_StoppedRestore stops a restore into a SQLite installation after 1 of its 2
// blobs (issue 22 item 5): serve, migrate and users refuse with what to run, a plain restore is
// refused, the help says what --resume and --force do, and both finish the installation.
func TestBackupCommands_StoppedRestore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := t.TempDir()
	if _, _, err := run(ctx, "--data-dir="+src, "migrate"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(ctx, "--data-dir="+src, "users", "create", "--username", "hana", "--password", "long-password"); err != nil {
		t.Fatal(err)
	}
	blobFiles := map[string]string{"images/a.jpg": "garden-blob 1\nimage/jpeg\nJPEG-A", "images/b.jpg": "garden-blob 1\nimage/jpeg\nJPEG-B"}
	for name, data := range blobFiles {
		path := filepath.Join(src, "blobs", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, _, err := run(ctx, "--data-dir="+src, "backup", "create", "--out", archive); err != nil {
		t.Fatal(err)
	}
	resume := "gardenctl backup restore " + archive + " --resume"

	// stop restores archive into a new installation and stops after its first blob.
	stop := func(t *testing.T) string {
		dst := t.TempDir()
		if _, _, err := run(ctx, "--data-dir="+dst, "migrate"); err != nil {
			t.Fatal(err)
		}
		store, err := sqlstore.Open(ctx, "", dst)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		blobs, err := blob.Open(ctx, "", dst)
		if err != nil {
			t.Fatal(err)
		}
		open := func() (io.ReadCloser, error) { return os.Open(archive) }
		_, err = app.NewBackups(store, &failAfter{BlobStore: blobs, left: 1}, backup.Format{}, realClock{}, nil).Restore(ctx, open, app.RestoreOptions{Source: archive})
		if err == nil || !strings.Contains(err.Error(), resume) {
			t.Fatalf("stopped restore: %v", err)
		}
		return dst
	}
	sameBlobs := func(t *testing.T, dst string) {
		for name, data := range blobFiles {
			if got, err := os.ReadFile(filepath.Join(dst, "blobs", name)); err != nil || string(got) != data {
				t.Errorf("%s after the restore: %q %v, want %q", name, got, err, data)
			}
		}
		if out, _, _ := run(ctx, "--data-dir="+dst, "users", "list"); !strings.Contains(out, "hana") {
			t.Errorf("users after the restore:\n%s", out)
		}
	}

	t.Run("Resume", func(t *testing.T) {
		t.Parallel()
		dst := stop(t)
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"migrate"}, {"users", "list"}} {
			_, _, err := run(sctx, append([]string{"--data-dir=" + dst}, args...)...)
			if err == nil || !strings.Contains(err.Error(), "did not finish") || !strings.Contains(err.Error(), resume) {
				t.Fatalf("%v on a half-restored installation: %v, want refused with %q", args, err, resume)
			}
		}
		if _, _, err := run(ctx, "--data-dir="+dst, "backup", "restore", archive); err == nil || !strings.Contains(err.Error(), resume) {
			t.Fatalf("a plain restore over a stopped one: %v", err)
		}
		out, _, err := run(ctx, "--data-dir="+dst, "backup", "restore", archive, "--resume")
		if err != nil || !strings.Contains(out, "finished the restore: the rows were already restored; restored 1 blobs, kept 1") {
			t.Fatalf("--resume: %q %v", out, err)
		}
		sameBlobs(t, dst)
	})
	t.Run("Force", func(t *testing.T) {
		t.Parallel()
		dst := stop(t)
		out, _, err := run(ctx, "--data-dir="+dst, "backup", "restore", archive, "--force")
		if err != nil || !strings.Contains(out, "rows and blobs were emptied first") || !strings.Contains(out, "and 2 blobs") {
			t.Fatalf("--force: %q %v", out, err)
		}
		sameBlobs(t, dst)
	})
	t.Run("Help", func(t *testing.T) {
		t.Parallel()
		out, _, err := run(ctx, "backup", "restore", "--help")
		for _, want := range []string{"gardenctl backup restore FILE --resume", "gardenctl backup restore FILE --force",
			"empty this installation (rows and blobs)", "command that needs a working installation)\nrefuses to start and GET /readyz answers 503"} {
			if err != nil || !strings.Contains(out, want) {
				t.Fatalf("restore --help lacks %q:\n%s", want, out)
			}
		}
		if _, _, err := run(ctx, "backup", "restore", archive, "--resume", "--force"); err == nil {
			t.Fatal("--resume with --force accepted")
		}
	})
}

// TestBackupRestore_IntoBlankDatabaseSaysItMigrated restores into a data folder that was never
// migrated: the dry run says the database would be migrated first, the restore that it was,
// in plain English (issue #22 item 11: it printed "the database is was migrated").
func TestBackupRestore_IntoBlankDatabaseSaysItMigrated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src, dst := t.TempDir(), t.TempDir()
	if _, _, err := run(ctx, "--data-dir="+src, "migrate"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(ctx, "--data-dir="+src, "users", "create", "--username", "hana", "--password", "long-password"); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, _, err := run(ctx, "--data-dir="+src, "backup", "create", "--out", archive); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(ctx, "--data-dir="+dst, "backup", "restore", archive, "--dry-run")
	if err != nil || !strings.Contains(out, "the database would be migrated to schema ") {
		t.Fatalf("dry run: %q %v", out, err)
	}
	out, _, err = run(ctx, "--data-dir="+dst, "backup", "restore", archive)
	if err != nil || !strings.Contains(out, "the database was migrated to schema ") || strings.Contains(out, "is was") {
		t.Fatalf("restore: %q %v", out, err)
	}
}
