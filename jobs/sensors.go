package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// SensorRetentionName is the sensor readings' retention job.
const SensorRetentionName = "sensor-retention"

// SensorRetentionJob folds raw sensor readings older than 7 days into hourly rows and deletes
// readings older than 90 days (daily at 02:50; a pass is three statements whatever the volume).
type SensorRetentionJob struct{ Sensors *app.Sensors }

// Name implements Job.
func (SensorRetentionJob) Name() string { return SensorRetentionName }

// DefaultSchedule implements Job.
func (SensorRetentionJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("02:50")
	return domain.JobSchedule{Enabled: true, Cron: cron}
}

// Run implements Job.
func (j SensorRetentionJob) Run(ctx context.Context, _ func(done, total int)) (Result, error) {
	folded, pruned, err := j.Sensors.Retention(ctx)
	if err != nil {
		return Result{}, err
	}
	return Result{Counts: map[string]int{"folded": folded, "pruned": pruned},
		Message: fmt.Sprintf("%d raw readings folded into hourly rows, %d old readings deleted", folded, pruned)}, nil
}

// LeaderWorker runs Lead in exactly one process of the installation at a time: the holder of
// the job lock named Key. The holder renews its lease every Renew; when a renewal fails (its
// database session ended) Lead's context is cancelled and the lock released. The others try
// to take the lock every Retry, so one of them takes over within Retry of the holder's death.
type LeaderWorker struct {
	Key    string
	Locker ports.LeaseLocker
	// Lead runs while this process holds the lock; it returns when its context ends (or on a
	// failure, after which the lock is released and taken again after Retry).
	Lead  func(ctx context.Context) error
	Retry time.Duration // default 5s
	Renew time.Duration // default 5s
	// HoldOff is how long a new holder waits, renewing, before it leads (default 2 × Renew):
	// a holder whose session the database ended lost the lock at once but learns it only at
	// its next renewal, so waiting that long keeps two leaders from overlapping.
	HoldOff time.Duration
	Log     *slog.Logger
	// OnLead, when set, hears each change of leadership of this process (tests).
	OnLead func(leading bool)
}

// Name implements Worker.
func (w LeaderWorker) Name() string { return w.Key }

// Run implements Worker.
func (w LeaderWorker) Run(ctx context.Context) {
	if w.Retry <= 0 {
		w.Retry = 5 * time.Second
	}
	if w.Renew <= 0 {
		w.Renew = 5 * time.Second
	}
	if w.HoldOff <= 0 {
		w.HoldOff = 2 * w.Renew
	}
	if w.Log == nil {
		w.Log = slog.Default()
	}
	for {
		renew, unlock, ok, err := w.Locker.TryLease(ctx, w.Key)
		if err != nil && ctx.Err() == nil {
			w.Log.Warn("leader: taking the lock failed", "key", w.Key, "err", err)
		}
		if ok {
			if w.holdOff(ctx, renew) {
				w.lead(ctx, renew)
			}
			unlock()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(w.Retry):
		}
	}
}

// holdOff waits HoldOff, renewing every Renew; false when the lease was lost or ctx ended.
func (w LeaderWorker) holdOff(ctx context.Context, renew func(context.Context) bool) bool {
	deadline := time.Now().Add(w.HoldOff)
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(min(w.Renew, time.Until(deadline))):
		}
		if !renew(ctx) {
			return false
		}
	}
	return true
}

func (w LeaderWorker) lead(ctx context.Context, renew func(context.Context) bool) {
	leadCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.Log.Info("leader: this process leads", "key", w.Key)
	if w.OnLead != nil {
		w.OnLead(true)
		defer w.OnLead(false)
	}
	done := make(chan error, 1)
	go func() { done <- w.Lead(leadCtx) }()
	tick := time.NewTicker(w.Renew)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil && ctx.Err() == nil {
				w.Log.Error("leader: stopped", "key", w.Key, "err", err)
			}
			return
		case <-tick.C:
			if !renew(leadCtx) && ctx.Err() == nil {
				w.Log.Warn("leader: lease lost; stepping down", "key", w.Key)
				cancel()
				<-done
				return
			}
		}
	}
}
