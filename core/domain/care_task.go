package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// TaskType is a kind of care (spec 01 §9).
type TaskType string

// The task types.
const (
	TaskWater     TaskType = "water"
	TaskFertilize TaskType = "fertilize"
	TaskPrune     TaskType = "prune"
	TaskRepot     TaskType = "repot"
	TaskMist      TaskType = "mist"
	TaskRotate    TaskType = "rotate"
	TaskInspect   TaskType = "inspect"
)

// TaskTypes lists the task types in the spec's order.
var TaskTypes = []TaskType{TaskWater, TaskFertilize, TaskPrune, TaskRepot, TaskMist, TaskRotate, TaskInspect}

// Care task messages (spec 01 §5, and ours where it is silent).
const (
	MsgSelectPlant           = "Please select a plant"
	MsgSelectTaskType        = "Please select a task type"
	MsgRecurringDaysRequired = "Recurring tasks need a number of days"
	MsgRecurringDaysRange    = "Repeat every X days must be between 1 and 365"
	MsgTaskAlreadyCompleted  = "This task is already completed"
	MsgTaskNotFound          = "Task not found"
	MinRecurringDays         = 1
	MaxRecurringDays         = 365
	// MaxProjectionDays bounds how far ahead recurring tasks are projected.
	MaxProjectionDays = 366
)

// CareTask is a scheduled piece of care for one plant.
type CareTask struct {
	ID            int64
	UserID        int64
	PlantID       int64
	PlantName     string // read-only, joined from the plant
	Type          TaskType
	ScheduledDate time.Time // a date (midnight UTC)
	Completed     bool
	CompletedAt   *time.Time
	Notes         *string
	IsRecurring   bool
	RecurringDays *int
	CreatedAt     time.Time
}

// ValidateCareTask normalises t and checks it against spec 01 §5. A task that is not
// recurring has no recurringDays; empty notes are nil.
func ValidateCareTask(t *CareTask) error {
	var v Validation
	if t.PlantID < 1 {
		v.Add("plantId", MsgSelectPlant)
	}
	if !validTaskType(t.Type) {
		v.Add("taskType", MsgSelectTaskType)
	}
	if t.ScheduledDate.IsZero() {
		v.Add("scheduledDate", MsgInvalidDate)
	}
	if t.IsRecurring {
		switch {
		case t.RecurringDays == nil:
			v.Add("recurringDays", MsgRecurringDaysRequired)
		case *t.RecurringDays < MinRecurringDays || *t.RecurringDays > MaxRecurringDays:
			v.Add("recurringDays", MsgRecurringDaysRange)
		}
	} else {
		t.RecurringDays = nil
	}
	if t.Notes != nil {
		if n := strings.TrimSpace(*t.Notes); n == "" {
			t.Notes = nil
		} else if utf8.RuneCountInString(n) > 2000 {
			v.Add("notes", MsgTextTooLong)
		} else {
			t.Notes = &n
		}
	}
	return v.Err()
}

func validTaskType(t TaskType) bool {
	for _, known := range TaskTypes {
		if t == known {
			return true
		}
	}
	return false
}

// Complete marks t completed at at. A recurring task returns its next occurrence, scheduled
// recurringDays after the completion date: care repeats from when it was done, not from when
// it was planned. Completing twice is a conflict.
func (t *CareTask) Complete(at time.Time) (next *CareTask, err error) {
	if t.Completed {
		return nil, Errorf(EConflict, MsgTaskAlreadyCompleted)
	}
	at = at.UTC()
	t.Completed, t.CompletedAt = true, &at
	if !t.IsRecurring || t.RecurringDays == nil {
		return nil, nil
	}
	days := *t.RecurringDays
	return &CareTask{
		UserID: t.UserID, PlantID: t.PlantID, PlantName: t.PlantName, Type: t.Type,
		ScheduledDate: AddDays(DateOf(at), days), Notes: t.Notes, IsRecurring: true, RecurringDays: &days, CreatedAt: at,
	}, nil
}

// ApplyTo records a completed water or fertilize task on its plant, unless the plant already
// has a later date.
func (t *CareTask) ApplyTo(p *Plant) {
	if !t.Completed || t.CompletedAt == nil {
		return
	}
	at := *t.CompletedAt
	switch t.Type {
	case TaskWater:
		if p.LastWatered == nil || p.LastWatered.Before(at) {
			p.LastWatered = &at
		}
	case TaskFertilize:
		if p.LastFertilized == nil || p.LastFertilized.Before(at) {
			p.LastFertilized = &at
		}
	}
}

// Occurrences returns the projected future dates of a pending recurring task within
// [from, to]: scheduledDate + N, + 2N, … (the task's own date is not a projection), at most
// MaxProjectionDays after the scheduled date.
func (t *CareTask) Occurrences(from, to time.Time) []time.Time {
	if t.Completed || !t.IsRecurring || t.RecurringDays == nil || *t.RecurringDays < 1 {
		return nil
	}
	from, to = DateOf(from), DateOf(to)
	limit := AddDays(t.ScheduledDate, MaxProjectionDays)
	if to.After(limit) {
		to = limit
	}
	step := *t.RecurringDays
	k := 1
	if gap := int(from.Sub(t.ScheduledDate).Hours() / 24); gap > step {
		k = gap / step
	}
	var out []time.Time
	for d := AddDays(t.ScheduledDate, k*step); !d.After(to); d = AddDays(d, step) {
		if !d.Before(from) {
			out = append(out, d)
		}
	}
	return out
}
