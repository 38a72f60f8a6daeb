package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Dashboard computes the numbers of the gardener's dashboard in one call.
type Dashboard struct {
	store ports.Store
	clock ports.Clock
}

// NewDashboard builds the dashboard service.
func NewDashboard(store ports.Store, clock ports.Clock) *Dashboard {
	return &Dashboard{store: store, clock: clock}
}

// Summary holds Today's Plant Care, the three Care Statistics ranges and the current week.
type Summary struct {
	Today                             time.Time
	Watering, Fertilizing             []domain.Reminder
	Repotting                         int
	ThisMonth, LastMonth, Last3Months domain.CareStats
	WeekStart, WeekEnd                time.Time
	WeekNumber                        int
	// StatusCounts counts the plants by their status on Today: the same derivation as the
	// plant list, so the tiles and the Needs Water filter agree.
	StatusCounts map[domain.PlantStatus]int
	// Overdue is how many tasks are pending from before Today.
	Overdue int
}

// Summary answers for the caller's local date today (the server's date when zero).
func (s *Dashboard) Summary(ctx context.Context, p *domain.Principal, today time.Time) (*Summary, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if today.IsZero() {
		today = s.clock.Now()
	}
	today = domain.DateOf(today)
	plants, err := s.store.ListPlants(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	domain.ApplySeason(plants, p.User.Garden, today)
	tasks, err := s.store.ListTasks(ctx, p.User.ID, ports.TaskFilter{})
	if err != nil {
		return nil, err
	}
	out := &Summary{Today: today}
	out.Watering, out.Fertilizing, out.Repotting = domain.CareReminders(plants, tasks, today)
	domain.DeriveStatuses(plants, tasks, today)
	out.StatusCounts = domain.StatusCounts(plants)
	out.Overdue = len(domain.OverdueTasks(tasks, today))
	this, last, three := domain.StatsRanges(today)
	out.ThisMonth = domain.ComputeCareStats(tasks, this)
	out.LastMonth = domain.ComputeCareStats(tasks, last)
	out.Last3Months = domain.ComputeCareStats(tasks, three)
	out.WeekStart, out.WeekEnd, out.WeekNumber = domain.WeekOf(today)
	return out, nil
}
