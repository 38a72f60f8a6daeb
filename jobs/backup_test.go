package jobs_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// stepClock moves on an hour every time it is read.
type stepClock struct{ t time.Time }

func (c *stepClock) Now() time.Time { c.t = c.t.Add(time.Hour); return c.t }

func TestBackupJob_KeepsNewestN(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := blobs.Put(ctx, "images/a.jpg", strings.NewReader("jpeg"), 4, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	backups := app.NewBackups(dbtest.SQLite(t), blobs, backup.Format{}, &stepClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, nil)
	folder := t.TempDir()
	// Files that are not archives are never counted or removed.
	if err := os.WriteFile(filepath.Join(folder, "notes.txt"), []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	// The blob store first: the folder's archives must then still leave out the blob store's.
	dests := []struct {
		name string
		dest ports.BackupDestination
	}{
		{"BlobStore", backup.BlobDestination{Blobs: blobs, Prefix: "backups/"}},
		{"Folder", backup.FolderDestination{Dir: folder}},
	}
	for _, d := range dests {
		name, dest := d.name, d.dest
		job := jobs.BackupJob{Backups: backups, Dest: dest, Keep: 3}
		if job.DefaultSchedule().Enabled {
			t.Fatal("the backup job is on by default")
		}
		var last jobs.Result
		for range 5 {
			if last, err = job.Run(ctx, func(int, int) {}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		names, err := dest.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(names)
		var archives []string
		for _, n := range names {
			if app.IsBackupName(n) {
				archives = append(archives, n)
			}
		}
		if len(archives) != 3 || last.Counts["removed"] != 1 || last.Counts["blobs"] != 1 {
			t.Fatalf("%s: archives %v after 5 runs keeping 3; last result %+v", name, archives, last)
		}
		if name == "Folder" && (names[len(names)-1] != "notes.txt") {
			t.Fatalf("folder: %v, want notes.txt kept", names)
		}
		// The newest archive is the last run's, and the blob-store archives hold no archives.
		newest := archives[2]
		if !strings.Contains(last.Message, newest) {
			t.Fatalf("%s: message %q does not name %s", name, last.Message, newest)
		}
	}
	var keys []string
	_ = blobs.List(ctx, "", func(k string, _ ports.BlobInfo) error { keys = append(keys, k); return nil })
	if len(keys) != 4 { // images/a.jpg and three archives
		t.Fatalf("blob store holds %v", keys)
	}
	rc, _, err := blobs.Get(ctx, keys[2])
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	m, err := backups.Verify(ctx, bytes.NewReader(data))
	if err != nil || len(m.Blobs) != 1 || m.Blobs[0].Key != "images/a.jpg" {
		t.Fatalf("an archive in the blob store: %+v, %v; want only images/a.jpg as blob", m.Blobs, err)
	}
}
