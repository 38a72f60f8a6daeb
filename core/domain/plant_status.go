package domain

import (
	"sort"
	"strings"
	"time"
)

// A plant's status is derived, never recorded: it follows from the care dates and the pending
// tasks on a given day, so the cards, the Needs Water filter, the dashboard and the morning
// reminder cannot disagree (docs/decisions.md, "Gardener's day").

// MsgPlantStatusFilter answers a ?status= that is not one of the three statuses.
const MsgPlantStatusFilter = MsgPlantStatus

// MsgPlantSort answers a ?sort= that is not one of the plant list's orders.
const MsgPlantSort = "Sort must be one of name, name_desc, oldest, newest, status"

// Valid reports whether s is one of the three statuses.
func (s PlantStatus) Valid() bool {
	return s == StatusHealthy || s == StatusNeedsWater || s == StatusNeedsCare
}

// urgency orders statuses most urgent first (the status sort).
func (s PlantStatus) urgency() int {
	switch s {
	case StatusNeedsWater:
		return 0
	case StatusNeedsCare:
		return 1
	default:
		return 2
	}
}

// OverdueOn reports whether t is pending and was scheduled before the date today.
func (t *CareTask) OverdueOn(today time.Time) bool {
	return !t.Completed && t.ScheduledDate.Before(DateOf(today))
}

// OverdueTasks returns the tasks of tasks that are overdue on today, oldest first.
func OverdueTasks(tasks []*CareTask, today time.Time) []*CareTask {
	var out []*CareTask
	for _, t := range tasks {
		if t.OverdueOn(today) {
			out = append(out, t)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ScheduledDate.Before(out[j].ScheduledDate) })
	return out
}

// StatusOn derives the plant's status on the date today from its care dates and its tasks
// (only the plant's own pending tasks count):
//   - needs_water when its watering is due today or earlier (the dashboard's Watering Needed);
//   - needs_care when its fertilizing is due today or earlier (the dashboard's Fertilizing), or
//     when any of its tasks is overdue (pending and scheduled before today);
//   - healthy otherwise.
//
// Watering wins over care because it is the more urgent, and the Needs Water filter must find
// every plant of the Watering Needed tile.
func (p *Plant) StatusOn(today time.Time, tasks []*CareTask) PlantStatus {
	if p.NeedsWaterOn(today) {
		return StatusNeedsWater
	}
	if p.NeedsFertilizerOn(today) {
		return StatusNeedsCare
	}
	for _, t := range tasks {
		if t.PlantID == p.ID && t.OverdueOn(today) {
			return StatusNeedsCare
		}
	}
	return StatusHealthy
}

// DeriveStatuses sets the Status of every plant for the date today from tasks (any mix of the
// owner's tasks; only pending overdue ones matter).
func DeriveStatuses(plants []*Plant, tasks []*CareTask, today time.Time) {
	byPlant := map[int64][]*CareTask{}
	for _, t := range tasks {
		if t.OverdueOn(today) {
			byPlant[t.PlantID] = append(byPlant[t.PlantID], t)
		}
	}
	for _, p := range plants {
		p.Status = p.StatusOn(today, byPlant[p.ID])
	}
}

// StatusCounts counts plants by their (derived) status; every status is present.
func StatusCounts(plants []*Plant) map[PlantStatus]int {
	out := map[PlantStatus]int{StatusHealthy: 0, StatusNeedsWater: 0, StatusNeedsCare: 0}
	for _, p := range plants {
		out[p.Status]++
	}
	return out
}

// PlantSort is an order of the My Plants list.
type PlantSort string

// The orders of the My Plants list (spec 01 §2's four, plus the status order): by id when none
// is named.
const (
	SortPlantsDefault  PlantSort = ""
	SortPlantsName     PlantSort = "name"
	SortPlantsNameDesc PlantSort = "name_desc"
	SortPlantsOldest   PlantSort = "oldest" // by acquired date
	SortPlantsNewest   PlantSort = "newest"
	SortPlantsStatus   PlantSort = "status" // needs water, needs care, healthy; then by name
)

// Valid reports whether s is a known order.
func (s PlantSort) Valid() bool {
	switch s {
	case SortPlantsDefault, SortPlantsName, SortPlantsNameDesc, SortPlantsOldest, SortPlantsNewest, SortPlantsStatus:
		return true
	}
	return false
}

// PlantQuery narrows and orders the My Plants list: Status filters by the derived status,
// Search matches name, species or location (case-insensitive), Sort orders.
type PlantQuery struct {
	Status PlantStatus
	Search string
	Sort   PlantSort
	// SeasonFactor is the owner's winter stretch on the query's day (set by the service, not
	// read from the request), so the derived status counts as Plant.NextWatering does.
	SeasonFactor float64
}

// Validate checks the query's status and sort.
func (q PlantQuery) Validate() error {
	var v Validation
	if q.Status != "" && !q.Status.Valid() {
		v.Add("status", MsgPlantStatusFilter)
	}
	if !q.Sort.Valid() {
		v.Add("sort", MsgPlantSort)
	}
	return v.Err()
}

// Apply filters and orders plants (whose Status is already derived). Ties break by id, so the
// order is total and a page boundary never moves. It is the rule the store's PagePlants follows
// in SQL (ports/porttest checks one against the other).
func (q PlantQuery) Apply(plants []*Plant) []*Plant {
	needle := strings.ToLower(strings.TrimSpace(q.Search))
	out := make([]*Plant, 0, len(plants))
	for _, p := range plants {
		if q.Status != "" && p.Status != q.Status {
			continue
		}
		if needle != "" && !strings.Contains(strings.ToLower(p.Name), needle) &&
			!strings.Contains(strings.ToLower(p.Species), needle) && !strings.Contains(strings.ToLower(p.Location), needle) {
			continue
		}
		out = append(out, p)
	}
	less := func(a, b *Plant) int {
		switch q.Sort {
		case SortPlantsName:
			return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
		case SortPlantsNameDesc:
			return strings.Compare(strings.ToLower(b.Name), strings.ToLower(a.Name))
		case SortPlantsOldest:
			return a.AcquiredDate.Compare(b.AcquiredDate)
		case SortPlantsNewest:
			return b.AcquiredDate.Compare(a.AcquiredDate)
		case SortPlantsStatus:
			if d := a.Status.urgency() - b.Status.urgency(); d != 0 {
				return d
			}
			return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
		}
		return 0
	}
	sort.SliceStable(out, func(i, j int) bool {
		if c := less(out[i], out[j]); c != 0 {
			return c < 0
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// CareDue is a plant's next watering or fertilizing placed on the calendar: on its due date,
// or on today when it is overdue (care that is late belongs to today, not to a past day).
type CareDue struct {
	PlantID   int64
	PlantName string
	Type      TaskType // TaskWater or TaskFertilize
	Date      time.Time
	DueDate   time.Time // the date it fell due; before Date when overdue
}

// Overdue reports whether the care fell due before the day it is shown on.
func (c CareDue) Overdue() bool { return c.DueDate.Before(c.Date) }

// CareDueBetween returns each plant's next watering and fertilizing that falls within
// [from, to] once placed (overdue ones on today), ordered by date, plant name and type. It is
// the one rule of the iCal feed, the Schedule and the dashboard's week strip.
func CareDueBetween(plants []*Plant, today, from, to time.Time) []CareDue {
	today, from, to = DateOf(today), DateOf(from), DateOf(to)
	var out []CareDue
	for _, p := range plants {
		for _, c := range []struct {
			next *time.Time
			kind TaskType
		}{{p.NextWatering(), TaskWater}, {p.NextFertilizing(), TaskFertilize}} {
			if c.next == nil {
				continue
			}
			due := DateOf(c.next.UTC())
			d := due
			if d.Before(today) {
				d = today
			}
			if d.Before(from) || d.After(to) {
				continue
			}
			out = append(out, CareDue{PlantID: p.ID, PlantName: p.Name, Type: c.kind, Date: d, DueDate: due})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if !a.Date.Equal(b.Date) {
			return a.Date.Before(b.Date)
		}
		if a.PlantName != b.PlantName {
			return a.PlantName < b.PlantName
		}
		return a.Type < b.Type
	})
	return out
}
