package jobs

import (
	"context"
	"fmt"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// BackupName is the backup job's name.
const BackupName = "backup"

// BackupJob writes a nightly archive of the installation (gardenctl backup create) to a folder
// or the blob store (adapters/backup's destinations) and keeps the newest Keep. It is off until an admin enables it.
type BackupJob struct {
	Backups *app.Backups
	Dest    ports.BackupDestination
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
