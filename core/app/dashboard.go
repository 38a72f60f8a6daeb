package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// DashboardStore is what the dashboard reads: the plants and their tasks.
type DashboardStore interface {
	// ports.PlantStore's:
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	// ports.TaskStore's:
	ListTasks(ctx context.Context, ownerID int64, f ports.TaskFilter) ([]*domain.CareTask, error)
}

// Dashboard computes the numbers of the gardener's dashboard in one call.
type Dashboard struct {
	store DashboardStore
	clock ports.Clock
}

// NewDashboard builds the dashboard service.
func NewDashboard(store DashboardStore, clock ports.Clock) *Dashboard {
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
	// Overdue is how much care fell due before Today (waterings, fertilizings and tasks: one
	// definition, domain.DueOn); Due counts everything on the Today list by kind.
	Overdue int
	Due     domain.DueCounts
}

// Summary answers for the date day (zero: today in the caller's time zone).
func (s *Dashboard) Summary(ctx context.Context, p *domain.Principal, day time.Time) (*Summary, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	today := today(s.clock, p, day)
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
	out.Due = domain.CountDue(domain.DueOn(plants, tasks, today), today)
	out.Overdue = out.Due.Overdue
	this, last, three := domain.StatsRanges(today)
	out.ThisMonth = domain.ComputeCareStats(tasks, this)
	out.LastMonth = domain.ComputeCareStats(tasks, last)
	out.Last3Months = domain.ComputeCareStats(tasks, three)
	out.WeekStart, out.WeekEnd, out.WeekNumber = domain.WeekOf(today)
	return out, nil
}

// MaxDueItems bounds the Today list a request reads into memory: it is derived from the plants
// (at most two items a plant) and the pending tasks due by today, not stored.
const MaxDueItems = 5000

// DueList is one page of the care due on Today (domain.DueOn), with the counts of the whole list.
type DueList struct {
	Today  time.Time
	Page   domain.Page[domain.DueItem]
	Counts domain.DueCounts
}

// Due returns one page of the care due on day (zero: today in the caller's time zone) or, with
// overdueOnly, of the care that fell due before it: the dashboard's Today list and the Schedule's
// Overdue group. Two statements whatever the page: the plants (with their task dates) and the
// pending tasks scheduled up to day.
func (s *Dashboard) Due(ctx context.Context, p *domain.Principal, day time.Time, overdueOnly bool, page domain.PageRequest) (DueList, error) {
	if err := signedIn(p); err != nil {
		return DueList{}, err
	}
	offset, err := domain.DecodeOffsetCursor(page.Cursor)
	if err != nil {
		return DueList{}, err
	}
	day = today(s.clock, p, day)
	plants, err := s.store.ListPlants(ctx, p.User.ID)
	if err != nil {
		return DueList{}, err
	}
	domain.ApplySeason(plants, p.User.Garden, day)
	tasks, err := s.store.ListTasks(ctx, p.User.ID, ports.TaskFilter{To: &day, PendingOnly: true})
	if err != nil {
		return DueList{}, err
	}
	items := domain.DueOn(plants, tasks, day)
	counts := domain.CountDue(items, day)
	if overdueOnly {
		items = domain.OverdueItems(items, day)
	}
	if len(items) > MaxDueItems {
		items = items[:MaxDueItems]
	}
	if offset > len(items) {
		offset = len(items)
	}
	return DueList{Today: day, Counts: counts,
		Page: domain.PageOf(items[offset:], page, func(domain.DueItem) string { return domain.OffsetCursor(offset + page.Limit) })}, nil
}
