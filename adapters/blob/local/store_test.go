package local_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/core/domain"
)

func newStore(t *testing.T) *local.Store {
	t.Helper()
	s, err := local.New(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// files lists every file under dir, relative and slash-separated.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStore_OneFilePerObjectNoTempLeft(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	if err := s.Put(ctx, "images/a.png", strings.NewReader("png"), 3, "image/png"); err != nil {
		t.Fatal(err)
	}
	// Failures (short reader, cancelled context) must clean up their temporary files.
	_ = s.Put(ctx, "images/b.png", strings.NewReader("pn"), 3, "image/png")
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Put(cancelled, "images/c.png", strings.NewReader("png"), 3, "image/png"); err == nil {
		t.Fatal("Put with a cancelled context succeeded")
	}
	if err := s.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	got := files(t, s.Dir())
	if len(got) != 1 || got[0] != "images/a.png" {
		t.Fatalf("files on disk %v, want only images/a.png", got)
	}
	raw, err := os.ReadFile(filepath.Join(s.Dir(), "images", "a.png"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "garden-blob 1\nimage/png\npng"; string(raw) != want {
		t.Fatalf("file holds %q, want %q", raw, want)
	}
}

// TestStore_SymlinkCannotEscape plants a link inside the folder that points outside it: no
// key may read or write through it.
func TestStore_SymlinkCannotEscape(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("garden-blob 1\ntext/plain\nsecret"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(s.Dir(), "evil")); err != nil {
		t.Skipf("cannot create symlinks here: %v", err)
	}
	if rc, _, err := s.Get(ctx, "evil/secret"); err == nil {
		rc.Close()
		t.Fatal("Get read a file outside the folder through a symlink")
	}
	if err := s.Put(ctx, "evil/planted", strings.NewReader("x"), 1, ""); err == nil {
		t.Fatal("Put wrote outside the folder through a symlink")
	}
	if err := s.Delete(ctx, "evil/secret"); err == nil {
		if _, statErr := os.Stat(secret); statErr != nil {
			t.Fatal("Delete removed a file outside the folder through a symlink")
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "planted")); err == nil {
		t.Fatal("a file was planted outside the folder")
	}
}

func TestStore_KeyAndFolderCollide(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	if err := s.Put(ctx, "a/b", strings.NewReader("x"), 1, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "a", strings.NewReader("x"), 1, ""); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("Put over a folder of keys = %v, want conflict", err)
	}
	if err := s.Put(ctx, "a/b/c", strings.NewReader("x"), 1, ""); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("Put through an object = %v, want conflict", err)
	}
	// Deleting the folder's name deletes nothing.
	if err := s.Delete(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stat(ctx, "a/b"); err != nil {
		t.Fatalf("object lost after deleting its folder's name: %v", err)
	}
}

func TestStore_ForeignFileIsInternal(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := os.WriteFile(filepath.Join(s.Dir(), "copied-in.jpg"), []byte("\xff\xd8\xff plain jpeg"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.Stat(context.Background(), "copied-in.jpg")
	if err == nil || domain.ErrorCode(err) != domain.EInternal || !strings.Contains(err.Error(), "not a Garden blob file") {
		t.Fatalf("Stat of a file without header = %v, want an internal error naming the cause", err)
	}
}

func TestStore_GetSeeks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	if err := s.Put(ctx, "seek", strings.NewReader("0123456789"), 10, "text/plain"); err != nil {
		t.Fatal(err)
	}
	rc, _, err := s.Get(ctx, "seek")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	rs, ok := rc.(io.ReadSeeker)
	if !ok {
		t.Fatal("Get's reader does not seek")
	}
	if _, err := rs.Seek(4, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(rs)
	if !bytes.Equal(rest, []byte("456789")) {
		t.Fatalf("read %q after seeking to 4", rest)
	}
}

func TestStore_ReadyFailsWhenFolderGone(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := os.RemoveAll(s.Dir()); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(context.Background()); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("Ready after the folder vanished = %v, want unavailable", err)
	}
}

func TestNew_RefusesEmptyPath(t *testing.T) {
	t.Parallel()
	if _, err := local.New(""); err == nil {
		t.Fatal("New(\"\") succeeded")
	}
}
