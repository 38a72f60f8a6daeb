package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CareTasks schedules, completes and lists the caller's care tasks.
type CareTasks struct {
	store ports.Store
	clock ports.Clock
	hooks *Webhooks
}

// WithWebhooks makes completions emit task.completed (and plant.watered for a watering task)
// to the owner's webhooks.
func (s *CareTasks) WithWebhooks(w *Webhooks) *CareTasks {
	s.hooks = w
	return s
}

// NewCareTasks builds the care-task service.
func NewCareTasks(store ports.Store, clock ports.Clock) *CareTasks {
	return &CareTasks{store: store, clock: clock}
}

// Projection is a future occurrence of a pending recurring task: shown, not stored.
type Projection struct {
	Source *domain.CareTask
	Date   time.Time
}

// TaskList is a range of tasks and the projected occurrences that fall in it.
type TaskList struct {
	Tasks     []*domain.CareTask
	Projected []Projection
}

func taskNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgTaskNotFound)
	}
	return err
}

// List returns the caller's tasks; with a plant id only that plant's.
func (s *CareTasks) List(ctx context.Context, p *domain.Principal, plantID int64) ([]*domain.CareTask, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if plantID > 0 {
		if _, err := s.store.PlantByID(ctx, p.User.ID, plantID); err != nil {
			return nil, plantNotFound(err)
		}
	}
	return s.store.ListTasks(ctx, p.User.ID, ports.TaskFilter{PlantID: plantID})
}

// MaxRangeDays bounds a listed range, so one call cannot ask for centuries of projections.
const MaxRangeDays = 400

// Range returns the tasks scheduled from..to (dates, inclusive) and the projected occurrences
// of pending recurring tasks in that range.
func (s *CareTasks) Range(ctx context.Context, p *domain.Principal, from, to time.Time) (TaskList, error) {
	if err := signedIn(p); err != nil {
		return TaskList{}, err
	}
	from, to = domain.DateOf(from), domain.DateOf(to)
	if to.Before(from) || to.Sub(from) > MaxRangeDays*24*time.Hour {
		return TaskList{}, domain.Errorf(domain.EInvalid, "The range must run forward and span at most %d days", MaxRangeDays)
	}
	all, err := s.store.ListTasks(ctx, p.User.ID, ports.TaskFilter{From: &from, To: &to, PendingRecurring: true})
	if err != nil {
		return TaskList{}, err
	}
	var out TaskList
	for _, t := range all {
		if !t.ScheduledDate.Before(from) && !t.ScheduledDate.After(to) {
			out.Tasks = append(out.Tasks, t)
		}
		for _, d := range t.Occurrences(from, to) {
			out.Projected = append(out.Projected, Projection{Source: t, Date: d})
		}
	}
	return out, nil
}

// Create schedules a task on one of the caller's plants.
func (s *CareTasks) Create(ctx context.Context, p *domain.Principal, t *domain.CareTask) (*domain.CareTask, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	t.ID, t.UserID, t.Completed, t.CompletedAt, t.CreatedAt = 0, p.User.ID, false, nil, s.clock.Now()
	if err := domain.ValidateCareTask(t); err != nil {
		return nil, err
	}
	if err := s.store.CreateTask(ctx, t); err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgSelectPlant, Fields: map[string]string{"plantId": domain.MsgSelectPlant}}
		}
		return nil, err
	}
	return t, nil
}

// Complete marks a task completed at at (now when nil), records water and fertilizer care on
// the plant and schedules the next occurrence of a recurring task, all in one transaction.
// Completing twice is a conflict.
func (s *CareTasks) Complete(ctx context.Context, p *domain.Principal, id int64, at *time.Time) (done, next *domain.CareTask, err error) {
	if err := signedIn(p); err != nil {
		return nil, nil, err
	}
	when := s.clock.Now()
	if at != nil {
		when = *at
	}
	err = s.hooks.Tx(ctx, func(ctx context.Context) error {
		var watered *domain.CareEvent
		var plantOf *domain.Plant
		var err error
		done, next, err = s.store.CompleteTask(ctx, p.User.ID, id, func(t *domain.CareTask, plant *domain.Plant) (*domain.CareTask, error) {
			n, err := t.Complete(when)
			if err != nil {
				return nil, err
			}
			t.ApplyTo(plant)
			// The completed task is care given: it joins the plant's log in this transaction.
			if kind := domain.CareKind(t.Type); kind.Valid() {
				e := &domain.CareEvent{Kind: kind, Source: domain.CareByTask, At: *t.CompletedAt, CreatedAt: s.clock.Now()}
				plant.LogCare(e)
				if kind == domain.CareWater {
					watered, plantOf = e, plant
				}
			}
			return n, nil
		})
		if err != nil || s.hooks == nil {
			return err
		}
		if err := s.hooks.EmitEvent(ctx, domain.EventTaskCompleted, []int64{p.User.ID}, map[string]any{"taskId": done.ID,
			"plantId": done.PlantID, "type": done.Type, "completedAt": done.CompletedAt, "userId": p.User.ID}); err != nil {
			return err
		}
		if watered != nil && plantOf != nil {
			return s.hooks.EmitEvent(ctx, domain.EventPlantWatered, []int64{p.User.ID}, PlantWateredPayload(plantOf, watered))
		}
		return nil
	})
	return done, next, taskNotFound(err)
}

// Delete removes one of the caller's tasks.
func (s *CareTasks) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return taskNotFound(s.store.DeleteTask(ctx, p.User.ID, id))
}

// Overdue returns one page of the caller's overdue tasks on day (the server's date when zero):
// pending and scheduled before it, oldest first. They stay listed until completed or deleted.
func (s *CareTasks) Overdue(ctx context.Context, p *domain.Principal, day time.Time, page domain.PageRequest) (domain.Page[*domain.CareTask], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.CareTask]{}, err
	}
	return s.store.ListOverdueTasks(ctx, p.User.ID, today(s.clock, day), page)
}

// CareDue returns one page of the caller's due waterings and fertilizings placed on the days
// from..to (inclusive) as the calendar feed places them: each plant's next one on its date, an
// overdue one on day (the server's date when zero). Paged by offset: the list is derived from
// the plants (at most two entries a plant), not stored.
func (s *CareTasks) CareDue(ctx context.Context, p *domain.Principal, day, from, to time.Time, page domain.PageRequest) (domain.Page[domain.CareDue], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[domain.CareDue]{}, err
	}
	from, to = domain.DateOf(from), domain.DateOf(to)
	if to.Before(from) || to.Sub(from) > MaxRangeDays*24*time.Hour {
		return domain.Page[domain.CareDue]{}, domain.Errorf(domain.EInvalid, "The range must run forward and span at most %d days", MaxRangeDays)
	}
	offset, err := domain.DecodeOffsetCursor(page.Cursor)
	if err != nil {
		return domain.Page[domain.CareDue]{}, err
	}
	plants, err := s.store.ListPlants(ctx, p.User.ID)
	if err != nil {
		return domain.Page[domain.CareDue]{}, err
	}
	domain.ApplySeason(plants, p.User.Garden, today(s.clock, day))
	due := domain.CareDueBetween(plants, today(s.clock, day), from, to)
	if offset > len(due) {
		offset = len(due)
	}
	return domain.PageOf(due[offset:], page, func(domain.CareDue) string { return domain.OffsetCursor(offset + page.Limit) }), nil
}
