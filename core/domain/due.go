package domain

import (
	"sort"
	"time"
)

// One definition of due (issue #27 item 2, docs/decisions.md "One definition of due"): on the
// gardener's date today, a plant's watering is due when Plant.NextWatering (the earlier of its
// schedule and its earliest pending water task) falls on or before today, its fertilizing the
// same way, and any other pending task when it is scheduled on or before today. Due care is
// overdue when it fell due before today. DueOn lists it; the plant statuses, the dashboard's
// tiles and counts, the Today list, the Schedule's Overdue group and the reminders all read it.

// DueKind says what a due item asks for.
type DueKind string

// The kinds of due items: a watering, a fertilizing (each from the schedule, the tasks or both,
// once a plant) and any other task.
const (
	DueWater     DueKind = "water"
	DueFertilize DueKind = "fertilize"
	DueTask      DueKind = "task"
)

// DueItem is one piece of care due on a day.
type DueItem struct {
	Kind      DueKind
	PlantID   int64
	PlantName string
	// TaskType is water, fertilize, or the type of the task of a task item.
	TaskType TaskType
	// TaskID is the task of a task item (0 otherwise).
	TaskID int64
	// TaskIDs are the pending water (fertilize) tasks a watering (fertilizing) stands for: doing
	// the care completes them.
	TaskIDs []int64
	// DueDate is the date the care fell due.
	DueDate time.Time
}

// OverdueOn reports whether the item fell due before the date today.
func (d DueItem) OverdueOn(today time.Time) bool { return d.DueDate.Before(DateOf(today)) }

// DueOn returns the care due on or before the date today for plants: one watering and one
// fertilizing a plant at most (its schedule and its pending water/fertilize tasks merged), and
// each other pending task of those plants. tasks may hold any of the owner's tasks: completed
// ones and later ones are ignored. Ordered by due date, then watering, fertilizing, tasks, then
// plant name and ids, so a page boundary never moves.
func DueOn(plants []*Plant, tasks []*CareTask, today time.Time) []DueItem {
	today = DateOf(today)
	byPlant := make(map[int64][]*CareTask)
	for _, t := range tasks {
		if !t.Completed && !t.ScheduledDate.After(today) {
			byPlant[t.PlantID] = append(byPlant[t.PlantID], t)
		}
	}
	var out []DueItem
	for _, p := range plants {
		water := DueItem{Kind: DueWater, PlantID: p.ID, PlantName: p.Name, TaskType: TaskWater}
		feed := DueItem{Kind: DueFertilize, PlantID: p.ID, PlantName: p.Name, TaskType: TaskFertilize}
		waterDue, feedDue := dateOrNil(p.NextWatering()), dateOrNil(p.NextFertilizing())
		for _, t := range byPlant[p.ID] {
			switch t.Type {
			case TaskWater:
				water.TaskIDs = append(water.TaskIDs, t.ID)
				waterDue = earlierDate(waterDue, t.ScheduledDate)
			case TaskFertilize:
				feed.TaskIDs = append(feed.TaskIDs, t.ID)
				feedDue = earlierDate(feedDue, t.ScheduledDate)
			default:
				out = append(out, DueItem{Kind: DueTask, PlantID: p.ID, PlantName: p.Name, TaskType: t.Type, TaskID: t.ID,
					DueDate: t.ScheduledDate})
			}
		}
		if waterDue != nil && !waterDue.After(today) {
			water.DueDate = *waterDue
			out = append(out, water)
		}
		if feedDue != nil && !feedDue.After(today) {
			feed.DueDate = *feedDue
			out = append(out, feed)
		}
	}
	rank := map[DueKind]int{DueWater: 0, DueFertilize: 1, DueTask: 2}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if !a.DueDate.Equal(b.DueDate) {
			return a.DueDate.Before(b.DueDate)
		}
		if rank[a.Kind] != rank[b.Kind] {
			return rank[a.Kind] < rank[b.Kind]
		}
		if a.PlantName != b.PlantName {
			return a.PlantName < b.PlantName
		}
		if a.PlantID != b.PlantID {
			return a.PlantID < b.PlantID
		}
		return a.TaskID < b.TaskID
	})
	return out
}

func dateOrNil(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	d := DateOf(t.UTC())
	return &d
}

func earlierDate(a *time.Time, b time.Time) *time.Time {
	if a == nil || b.Before(*a) {
		return &b
	}
	return a
}

// DueCounts are the numbers the dashboard shows of DueOn's list.
type DueCounts struct {
	// Due is every item; Overdue those that fell due before today.
	Due, Overdue int
	// Water, Fertilize and Tasks split Due by kind.
	Water, Fertilize, Tasks int
}

// CountDue counts items (a DueOn list for today).
func CountDue(items []DueItem, today time.Time) DueCounts {
	var c DueCounts
	for _, it := range items {
		c.Due++
		if it.OverdueOn(today) {
			c.Overdue++
		}
		switch it.Kind {
		case DueWater:
			c.Water++
		case DueFertilize:
			c.Fertilize++
		default:
			c.Tasks++
		}
	}
	return c
}

// OverdueItems keeps the items that fell due before today.
func OverdueItems(items []DueItem, today time.Time) []DueItem {
	var out []DueItem
	for _, it := range items {
		if it.OverdueOn(today) {
			out = append(out, it)
		}
	}
	return out
}

// statusOf is a plant's status from its due items: needs_water when its watering is due,
// needs_care when anything else is, healthy otherwise.
func statusOf(items []DueItem) PlantStatus {
	s := StatusHealthy
	for _, it := range items {
		if it.Kind == DueWater {
			return StatusNeedsWater
		}
		s = StatusNeedsCare
	}
	return s
}

// MsgDueKind answers a snooze of something that is not water, fertilize or task.
const MsgDueKind = "Kind must be water, fertilize or task"

// SnoozeUntil moves the plant's scheduled watering (typ water) or fertilizing (typ fertilize)
// to the date until when it is due on or before today, by growing its delay (bounded to
// MaxFrequencyDays); the next act of that care clears the delay. Care not yet due is left.
func (p *Plant) SnoozeUntil(typ TaskType, today, until time.Time) {
	next, delay := p.ScheduledWatering(), &p.WaterDelayDays
	if typ == TaskFertilize {
		next, delay = p.ScheduledFertilizing(), &p.FertilizeDelayDays
	}
	if next == nil {
		return
	}
	due := DateOf(next.UTC())
	if due.After(DateOf(today)) {
		return
	}
	days := int(DateOf(until).Sub(due).Hours()/24 + 0.5)
	*delay = min(max(*delay+days, 0), MaxFrequencyDays)
}
