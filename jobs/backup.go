package jobs

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// BackupName is the backup job's name.
const BackupName = "backup"

// BackupJob writes a nightly archive of the installation (gardenctl backup create) to a folder
// or the blob store and keeps the newest Keep. It is off until an admin enables it.
type BackupJob struct {
	Backups *app.Backups
	Dest    app.BackupDestination
	Keep    int
}

// Name implements Job.
func (BackupJob) Name() string { return BackupName }

// DefaultSchedule implements Job: daily at 02:30, disabled.
func (BackupJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("02:30")
	return domain.JobSchedule{Enabled: false, Cron: cron}
}

// Run implements Job.
func (j BackupJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	saved, err := j.Backups.Save(ctx, j.Dest, j.Keep)
	if err != nil {
		return Result{}, err
	}
	m := saved.Manifest
	return Result{
		Counts: map[string]int{"tables": len(m.Tables), "rows": int(m.Rows()), "blobs": len(m.Blobs), "removed": len(saved.Removed)},
		Message: fmt.Sprintf("%s written to %s: %d rows, %d blobs; %d older archives removed",
			saved.Name, j.Dest, m.Rows(), len(m.Blobs), len(saved.Removed)),
	}, nil
}

// FolderDestination keeps archives in a folder of the server's file system.
type FolderDestination struct{ Dir string }

func (d FolderDestination) String() string { return d.Dir }

// Write writes to a temporary file in the folder and renames it once complete.
func (d FolderDestination) Write(ctx context.Context, name string, write func(io.Writer) error) error {
	if err := os.MkdirAll(d.Dir, 0o750); err != nil {
		return fmt.Errorf("backup folder: %w", err)
	}
	f, err := os.CreateTemp(d.Dir, ".garden-backup-*.tmp")
	if err != nil {
		return fmt.Errorf("backup folder: %w", err)
	}
	defer os.Remove(f.Name())
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(d.Dir, name))
}

// List returns the file names in the folder; a missing folder holds none.
func (d FolderDestination) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(d.Dir)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// Remove deletes one archive.
func (d FolderDestination) Remove(_ context.Context, name string) error {
	return os.Remove(filepath.Join(d.Dir, filepath.Base(name)))
}
