package domain

import (
	"sort"
	"time"
)

// Reminder is a plant whose watering or fertilizing is due.
type Reminder struct {
	PlantID int64
	Name    string
	DueDate time.Time // a date
}

// CareReminders derives Today's Plant Care of the dashboard (spec 01 §4): plants needing water
// or fertilizer on today, and the number of repot tasks not completed.
func CareReminders(plants []*Plant, tasks []*CareTask, today time.Time) (watering, fertilizing []Reminder, repotting int) {
	for _, it := range DueOn(plants, tasks, today) {
		switch it.Kind {
		case DueWater:
			watering = append(watering, Reminder{it.PlantID, it.PlantName, it.DueDate})
		case DueFertilize:
			fertilizing = append(fertilizing, Reminder{it.PlantID, it.PlantName, it.DueDate})
		}
	}
	for _, t := range tasks {
		if t.Type == TaskRepot && !t.Completed {
			repotting++
		}
	}
	return watering, fertilizing, repotting
}

// StatsTaskTypes are the task types the Care Statistics count (spec 01 §2).
var StatsTaskTypes = []TaskType{TaskWater, TaskFertilize, TaskPrune, TaskRepot}

// PlantActivity is a plant and how many tasks were completed for it.
type PlantActivity struct {
	PlantID int64
	Name    string
	Count   int
}

// CareStats are the completed-task counts of one range.
type CareStats struct {
	Counts    map[TaskType]int
	TopPlants []PlantActivity
}

// DateRange is [From, To), both dates.
type DateRange struct{ From, To time.Time }

// StatsRanges returns This Month, Last Month and Last 3 Months (this month and the two before)
// for the date today.
func StatsRanges(today time.Time) (thisMonth, lastMonth, last3Months DateRange) {
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	next := first.AddDate(0, 1, 0)
	return DateRange{first, next}, DateRange{first.AddDate(0, -1, 0), first}, DateRange{first.AddDate(0, -2, 0), next}
}

// ComputeCareStats counts the tasks completed within r by type, and the 2 plants with most
// completed tasks (ties broken by name).
func ComputeCareStats(tasks []*CareTask, r DateRange) CareStats {
	stats := CareStats{Counts: map[TaskType]int{}}
	for _, t := range StatsTaskTypes {
		stats.Counts[t] = 0
	}
	perPlant := map[int64]*PlantActivity{}
	for _, t := range tasks {
		if !t.Completed || t.CompletedAt == nil {
			continue
		}
		day := DateOf(t.CompletedAt.UTC())
		if day.Before(r.From) || !day.Before(r.To) {
			continue
		}
		if _, counted := stats.Counts[t.Type]; counted {
			stats.Counts[t.Type]++
		}
		a := perPlant[t.PlantID]
		if a == nil {
			a = &PlantActivity{PlantID: t.PlantID, Name: t.PlantName}
			perPlant[t.PlantID] = a
		}
		a.Count++
	}
	for _, a := range perPlant {
		stats.TopPlants = append(stats.TopPlants, *a)
	}
	sort.Slice(stats.TopPlants, func(i, j int) bool {
		a, b := stats.TopPlants[i], stats.TopPlants[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Name < b.Name
	})
	if len(stats.TopPlants) > 2 {
		stats.TopPlants = stats.TopPlants[:2]
	}
	return stats
}

// WeekOf returns the Monday-to-Sunday week holding today and its ISO week number.
func WeekOf(today time.Time) (monday, sunday time.Time, week int) {
	today = DateOf(today)
	offset := (int(today.Weekday()) + 6) % 7 // Monday = 0
	monday = AddDays(today, -offset)
	_, week = today.ISOWeek()
	return monday, AddDays(monday, 6), week
}
