package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// TaskFilter narrows ListTasks. Zero values do not filter; From and To are dates, inclusive.
type TaskFilter struct {
	PlantID  int64
	From, To *time.Time
	// PendingRecurringBefore also returns pending recurring tasks scheduled before To, whose
	// projected occurrences may fall in the range.
	PendingRecurring bool
	// PendingOnly leaves out completed tasks.
	PendingOnly bool
}

// TaskStore keeps care tasks, scoped to their owner like PlantStore.
type TaskStore interface {
	// CreateTask inserts t; its plant must be the owner's. Codes: not_found (plant).
	CreateTask(ctx context.Context, t *domain.CareTask) error
	// TaskByID returns one task with its plant's name. Codes: not_found.
	TaskByID(ctx context.Context, ownerID, id int64) (*domain.CareTask, error)
	// ListTasks returns the owner's tasks with plant names, by scheduled date then id.
	ListTasks(ctx context.Context, ownerID int64, f TaskFilter) ([]*domain.CareTask, error)
	// CompleteTask loads the task and its plant in one transaction and lets fn complete it;
	// fn may change the plant and return a next task to insert. Codes: not_found, fn's error.
	CompleteTask(ctx context.Context, ownerID, id int64, fn func(*domain.CareTask, *domain.Plant) (*domain.CareTask, error)) (done, next *domain.CareTask, err error)
	// DeleteTask removes a task. Codes: not_found.
	DeleteTask(ctx context.Context, ownerID, id int64) error
	// RescheduleTasks moves the owner's pending tasks among ids to the date to (a snooze) and
	// answers how many moved; others' tasks and completed ones are left alone.
	RescheduleTasks(ctx context.Context, ownerID int64, ids []int64, to time.Time) (int, error)
	// ListOverdueTasks returns one page of the owner's pending tasks scheduled before the date
	// today, oldest scheduled date first (then id), with plant names. Codes: invalid (cursor).
	ListOverdueTasks(ctx context.Context, ownerID int64, today time.Time, page domain.PageRequest) (domain.Page[*domain.CareTask], error)
}
