package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
