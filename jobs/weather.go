package jobs

import (
	"context"
	"fmt"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// WeatherName is the weather job's name (gardenctl jobs run weather).
const WeatherName = "weather"

// WeatherJob reads the daily forecast at every distinct garden location and lets it act on
// outdoor plants (daily at 06:00, before the care reminders, so a rain-watered plant is not
// in the morning's reminder). It starts disabled when the weather is off (GARDEN_WEATHER=off).
type WeatherJob struct{ Weather *app.Weather }

// Name implements Job.
func (WeatherJob) Name() string { return WeatherName }

// DefaultSchedule implements Job.
func (j WeatherJob) DefaultSchedule() domain.JobSchedule {
	cron, _ := domain.DailyCron("06:00")
	return domain.JobSchedule{Enabled: j.Weather.Enabled(), Cron: cron}
}

// Run implements Job.
func (j WeatherJob) Run(ctx context.Context, progress func(done, total int)) (Result, error) {
	run, err := j.Weather.Run(ctx, progress)
	if err != nil {
		return Result{}, err
	}
	return Result{
		Counts: map[string]int{"locations": run.Locations, "failed": run.Failed, "gardeners": run.Gardeners,
			"rainWatered": run.RainWatered, "frostWarnings": run.FrostWarnings, "heatMoved": run.HeatMoved},
		Message: fmt.Sprintf("%d locations (%d failed), %d gardeners: rain watered %d plants, %d frost warnings, %d waterings brought forward",
			run.Locations, run.Failed, run.Gardeners, run.RainWatered, run.FrostWarnings, run.HeatMoved),
	}, nil
}
