package jobs

import (
	"context"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// ListingExpiryName is the listing expiry job's name.
const ListingExpiryName = "listing-expiry"

// ListingExpiryJob reminds owners of plant listings that expire within three days that they
// can renew them (daily at 09:00). Expiry itself needs no job: a listing is expired the moment
// its expiresAt passes. Each reminder is claimed on its listing before it is sent, so a re-run
// or another replica never sends it twice.
type ListingExpiryJob struct{ Sharing *app.Sharing }

// Name implements Job.
func (ListingExpiryJob) Name() string { return ListingExpiryName }

// DefaultSchedule implements Job.
func (ListingExpiryJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("09:00")
	return domain.JobSchedule{Enabled: true, Cron: cron}
}

// Run implements Job.
func (j ListingExpiryJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	run, err := j.Sharing.RemindExpiring(ctx)
	res := Result{Counts: map[string]int{"reminded": run.Reminded, "alreadyReminded": run.AlreadyReminded, "failed": run.Failed},
		Message: run.Message()}
	return res, err
}
