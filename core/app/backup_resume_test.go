package app_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
	"github.com/gardenctl/garden/tests/miniotest"
)

// failingBlobs is a blob store whose Put fails after `left` writes, as a disk filling up or a
// bucket going away mid-restore would.
type failingBlobs struct {
	ports.BlobStore
	left atomic.Int64
}

func (f *failingBlobs) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if f.left.Add(-1) < 0 {
		return errors.New("no space left on device")
	}
	return f.BlobStore.Put(ctx, key, r, size, contentType)
}

const archivePath = "/srv/backups/garden-backup-20260501T030000Z.tar.gz"

// interrupt restores archive into dst through a blob store that fails after k blobs, and checks
// what the stopped restore leaves: rows, k blobs, a marker, an installation that says so.
func interrupt(t *testing.T, dst install, archive []byte, k int64) {
	t.Helper()
	ctx := context.Background()
	failing := &failingBlobs{BlobStore: dst.blobs}
	failing.left.Store(k)
	_, err := app.NewBackups(dst.store, failing, backup.Format{}, backupClock{}, nil).Restore(ctx, opener(archive), app.RestoreOptions{Source: archivePath})
	if err == nil || !strings.Contains(err.Error(), "no space left on device") ||
		!strings.Contains(err.Error(), `"gardenctl backup restore `+archivePath+` --resume"`) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("interrupted Restore = %v, want the blob error and what to run next", err)
	}
	mk, found, err := dst.store.RestoreMarker(ctx)
	if err != nil || !found || !mk.RowsRestored || mk.Source != archivePath {
		t.Fatalf("marker after the interrupted restore = %+v, %v, %v; want one with the rows restored", mk, found, err)
	}
	if occ := occupied(t, dst); len(occ) == 0 {
		t.Fatal("the rows were not restored before the blobs")
	}
	_, blobs := dump(t, dst)
	if int64(len(blobs)) != k {
		t.Fatalf("%d blobs after the interrupted restore, want %d", len(blobs), k)
	}
	// The half installation says so: readiness (for /readyz), the commands that need a working
	// installation (serve among them), a backup of it, a plain restore.
	if err := dst.backups().Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("Ready = %v, want unavailable saying to run --resume", err)
	}
	if err := dst.backups().Unfinished(ctx); domain.ErrorCode(err) != domain.EUnavailable ||
		!strings.Contains(err.Error(), "gardenctl backup restore "+archivePath+" --resume") {
		t.Fatalf("Unfinished = %v, want unavailable naming the archive", err)
	}
	if _, err := dst.backups().Create(ctx, io.Discard, app.BackupOptions{}); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("Create of a half-restored installation = %v, want unavailable", err)
	}
	_, err = dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Source: archivePath})
	if domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "did not finish") || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("a second plain restore = %v, want refused with what to run", err)
	}
}

// sameInstall checks that dst holds src's rows and blobs, byte for byte.
func sameInstall(t *testing.T, src, dst install) {
	t.Helper()
	wantRows, wantBlobs := dump(t, src)
	gotRows, gotBlobs := dump(t, dst)
	if !reflect.DeepEqual(gotRows, wantRows) {
		for name := range wantRows {
			if !reflect.DeepEqual(gotRows[name], wantRows[name]) {
				t.Errorf("table %s differs: %d rows, want %d", name, len(gotRows[name]), len(wantRows[name]))
			}
		}
	}
	if !reflect.DeepEqual(gotBlobs, wantBlobs) {
		t.Errorf("blobs differ: %d keys, want %d", len(gotBlobs), len(wantBlobs))
	}
	if _, found, err := dst.store.RestoreMarker(context.Background()); found || err != nil {
		t.Errorf("marker after the restore finished: %v, %v", found, err)
	}
	if err := dst.backups().Ready(context.Background()); err != nil {
		t.Errorf("Ready after the restore finished = %v", err)
	}
}

// resumeCases are the database and blob store pairs the interrupted restores run on: both
// databases on a folder, and PostgreSQL on MinIO as TestBackupRoundTrip_LocalToMinIO does.
var resumeCases = map[string]struct {
	dialect string
	minio   bool
}{"SQLite": {"SQLite", false}, "Postgres": {"Postgres", false}, "PostgresMinIO": {"Postgres", true}}

func resumeTarget(t *testing.T, dialect string, minio bool) install {
	t.Helper()
	if minio {
		return newInstall(t, dialect, miniotest.Store(t))
	}
	return newInstall(t, dialect, nil)
}

// TestBackupRestore_Resume stops a restore after 2 of its 4 blobs (issue 22 item 5), spoils one
// of the two, and finishes it with --resume: the spoiled one is written again, the good one kept.
func TestBackupRestore_Resume(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, c := range resumeCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, c.dialect, nil)
			fill(t, src, 4)
			if err := src.blobs.Put(ctx, "images/4/leaf.png", strings.NewReader("a leaf"), 6, "image/png"); err != nil {
				t.Fatal(err)
			}
			archive, m := createArchive(t, src)
			dst := resumeTarget(t, c.dialect, c.minio)
			interrupt(t, dst, archive, 2)

			// Another archive does not resume this restore.
			other := rewrite(t, archive, func(m map[string]any) { m["createdAt"] = "2026-04-30T03:00:00Z" })
			if _, err := dst.backups().Restore(ctx, opener(other), app.RestoreOptions{Resume: true}); domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "another archive") {
				t.Fatalf("resume with another archive = %v, want refused", err)
			}
			// One of the blobs already written is spoiled (same size, other bytes): the resume's
			// checksum finds it.
			_, blobs := dump(t, dst)
			var spoiled string
			for key, v := range blobs {
				if data, ok := strings.CutPrefix(v, "image/jpeg:"); ok && len(data) > 0 && spoiled == "" {
					spoiled = key
					bad := bytes.Repeat([]byte{'?'}, len(data))
					if err := dst.blobs.Put(ctx, key, bytes.NewReader(bad), int64(len(bad)), "image/jpeg"); err != nil {
						t.Fatal(err)
					}
				}
			}
			if spoiled == "" {
				t.Fatalf("no blob to spoil among %d", len(blobs))
			}
			dry, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true, DryRun: true})
			if err != nil || dry.Refusal != nil || !dry.Resumed {
				t.Fatalf("dry run of the resume = %+v, %v", dry, err)
			}
			report, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true})
			if err != nil {
				t.Fatalf("resume: %v", err)
			}
			if !report.Resumed || report.RowsRestored || report.BlobsSkipped != 1 || report.BlobsWritten != len(m.Blobs)-1 {
				t.Fatalf("resume report: resumed %v, rows %v, %d written, %d kept; want the %d blobs but one written, %s rewritten",
					report.Resumed, report.RowsRestored, report.BlobsWritten, report.BlobsSkipped, len(m.Blobs), spoiled)
			}
			sameInstall(t, src, dst)
			if _, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true}); domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "no unfinished restore") {
				t.Fatalf("resume of a finished restore = %v, want refused", err)
			}
		})
	}
}

// TestBackupRestore_ResumeRows: a restore killed before its rows committed leaves the marker
// without RowsRestored (the transaction rolled back); --resume restores the rows and the blobs.
func TestBackupRestore_ResumeRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, dialect, nil)
			fill(t, src, 2)
			archive, _ := createArchive(t, src)
			dst := newInstall(t, dialect, nil)
			// What a killed restore leaves: its marker, written before the rows, and nothing else.
			m, err := dst.backups().Verify(ctx, bytes.NewReader(archive))
			if err != nil {
				t.Fatal(err)
			}
			if err := dst.store.MarkRestore(ctx, ports.RestoreMarker{Source: archivePath, Digest: m.Digest, CreatedAt: m.CreatedAt, StartedAt: fillTime}); err != nil {
				t.Fatal(err)
			}
			if err := dst.backups().Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable {
				t.Fatalf("Ready with a marker = %v, want unavailable", err)
			}
			report, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true})
			if err != nil || !report.RowsRestored || report.BlobsWritten != 3 {
				t.Fatalf("resume = %+v, %v; want the rows and 3 blobs restored", report, err)
			}
			sameInstall(t, src, dst)
		})
	}
}

// TestBackupRestore_Force stops a restore, leaves a stray blob, and restores again with --force:
// the rows and blobs of the stopped restore are emptied first.
func TestBackupRestore_Force(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, c := range resumeCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, c.dialect, nil)
			fill(t, src, 3)
			archive, _ := createArchive(t, src)
			dst := resumeTarget(t, c.dialect, c.minio)
			interrupt(t, dst, archive, 1)
			if err := dst.blobs.Put(ctx, "stray/left-over.jpg", strings.NewReader("x"), 1, "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			if _, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true, Force: true}); domain.ErrorCode(err) != domain.EInvalid {
				t.Fatalf("--resume with --force = %v, want refused", err)
			}
			report, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Force: true, Source: archivePath})
			if err != nil || !report.Emptied || report.BlobsWritten != 3 {
				t.Fatalf("--force = %+v, %v", report, err)
			}
			sameInstall(t, src, dst)
		})
	}
	t.Run("NoUnfinishedRestore", func(t *testing.T) {
		t.Parallel()
		// --force empties only a half-restored installation: one in use is still refused.
		src := newInstall(t, "SQLite", nil)
		fill(t, src, 1)
		archive, _ := createArchive(t, src)
		dst := newInstall(t, "SQLite", nil)
		fill(t, dst, 1)
		before, _ := dump(t, dst)
		_, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Force: true})
		if domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "not empty") {
			t.Fatalf("--force into an installation in use = %v, want refused as not empty", err)
		}
		if after, _ := dump(t, dst); !reflect.DeepEqual(before, after) {
			t.Fatal("a refused --force changed the installation")
		}
	})
}

// TestBackupRestore_Cancelled cancels a restore's context after K blob writes, as SIGINT does:
// the marker stays and --resume finishes it.
func TestBackupRestore_Cancelled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, dialect, nil)
			fill(t, src, 2)
			archive, _ := createArchive(t, src)
			dst := newInstall(t, dialect, nil)
			cctx, cancel := context.WithCancel(ctx)
			defer cancel()
			_, err := app.NewBackups(dst.store, &cancellingBlobs{BlobStore: dst.blobs, after: 1, cancel: cancel}, backup.Format{}, backupClock{}, nil).
				Restore(cctx, opener(archive), app.RestoreOptions{Source: archivePath})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled restore = %v, want context.Canceled", err)
			}
			if err := dst.backups().Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable {
				t.Fatalf("Ready after a cancelled restore = %v, want unavailable", err)
			}
			report, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true})
			if err != nil || report.BlobsSkipped != 1 {
				t.Fatalf("resume = %+v, %v", report, err)
			}
			sameInstall(t, src, dst)
		})
	}
}

// cancellingBlobs cancels the restore's context once `after` blobs are written.
type cancellingBlobs struct {
	ports.BlobStore
	after  int
	n      int
	cancel context.CancelFunc
}

func (c *cancellingBlobs) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if c.n == c.after {
		c.cancel()
		return ctx.Err()
	}
	c.n++
	return c.BlobStore.Put(ctx, key, r, size, contentType)
}

// TestBackupRestore_MarkerSeenByReplicas: replicas share one PostgreSQL database, so a restore
// stopped through one store makes every replica's readiness answer unavailable, and its
// resume through that replica makes them all ready again.
func TestBackupRestore_MarkerSeenByReplicas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := newInstall(t, "Postgres", nil)
	fill(t, src, 1)
	archive, _ := createArchive(t, src)
	url := dbtest.PostgresURL(t)
	one := install{store: dbtest.Migrated(t, dbtest.Open(t, url)), blobs: newLocalBlobs(t)}
	other := install{store: dbtest.Open(t, url), blobs: one.blobs}
	interrupt(t, one, archive, 1)
	if err := other.backups().Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("the other replica's Ready = %v, want unavailable", err)
	}
	if _, err := other.backups().Restore(ctx, opener(archive), app.RestoreOptions{Resume: true}); err != nil {
		t.Fatalf("resume through the other replica: %v", err)
	}
	sameInstall(t, src, one)
}
