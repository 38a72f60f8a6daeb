package app

import (
	"context"
	"fmt"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CareTaskStore is what CareTasks keeps: tasks, and the plants they are for.
type CareTaskStore interface {
	ports.TaskStore
	// ports.PlantStore's:
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
	UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error)
}

// CareTasks schedules, completes and lists the caller's care tasks.
type CareTasks struct {
	store CareTaskStore
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
func NewCareTasks(store CareTaskStore, clock ports.Clock) *CareTasks {
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
	return s.store.ListOverdueTasks(ctx, p.User.ID, today(s.clock, p, day), page)
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
	domain.ApplySeason(plants, p.User.Garden, today(s.clock, p, day))
	due := domain.CareDueBetween(plants, today(s.clock, p, day), from, to)
	if offset > len(due) {
		offset = len(due)
	}
	return domain.PageOf(due[offset:], page, func(domain.CareDue) string { return domain.OffsetCursor(offset + page.Limit) }), nil
}

// MaxCareNowPlants bounds one Water all (or Fertilize all): a request's work stays bounded.
const MaxCareNowPlants = 100

// MsgCareNowPlants answers an empty or too long list of plants to care for now.
var MsgCareNowPlants = fmt.Sprintf("Choose between 1 and %d plants", MaxCareNowPlants)

// CareNow waters (or fertilizes) each of plantIDs now, as Water Now does: the plant's pending
// tasks of the type due by today are completed (so the due watering and the due water task are
// done together, and the Today list empties), or, when it has none, a task scheduled today is
// created and completed. Each completion records the care on the plant and in its log like
// Complete (one care event a plant). Every id must be one of the caller's plants, checked
// before anything is written. at, when set, is when the care was given (a Water Now made
// offline and sent later): the tasks are completed and the care logged at that instant, which
// may not be in the future. It answers the plants with their status after the care.
func (s *CareTasks) CareNow(ctx context.Context, p *domain.Principal, typ domain.TaskType, plantIDs []int64, at time.Time) ([]*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if typ != domain.TaskWater && typ != domain.TaskFertilize {
		return nil, domain.Errorf(domain.EInvalid, domain.MsgSelectTaskType)
	}
	now := s.clock.Now()
	if !at.IsZero() && at.After(now) {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgCareAtFuture, Fields: map[string]string{"at": domain.MsgCareAtFuture}}
	}
	ids := make([]int64, 0, len(plantIDs))
	seen := map[int64]bool{}
	for _, id := range plantIDs {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || len(ids) > MaxCareNowPlants {
		return nil, &domain.Error{Code: domain.EInvalid, Message: MsgCareNowPlants, Fields: map[string]string{"plantIds": MsgCareNowPlants}}
	}
	plants, err := s.store.ListPlants(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	owned := map[int64]bool{}
	for _, pl := range plants {
		owned[pl.ID] = true
	}
	for _, id := range ids {
		if !owned[id] {
			return nil, domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
		}
	}
	day := today(s.clock, p, time.Time{})
	pending, err := s.store.ListTasks(ctx, p.User.ID, ports.TaskFilter{To: &day, PendingOnly: true})
	if err != nil {
		return nil, err
	}
	due := map[int64][]int64{}
	for _, t := range pending {
		if t.Type == typ && !t.Completed && !t.ScheduledDate.After(day) {
			due[t.PlantID] = append(due[t.PlantID], t.ID)
		}
	}
	done := now
	if !at.IsZero() {
		done = at
	}
	for _, id := range ids {
		taskIDs := due[id]
		if len(taskIDs) == 0 {
			t := &domain.CareTask{UserID: p.User.ID, PlantID: id, Type: typ, ScheduledDate: day, CreatedAt: now}
			if err := s.store.CreateTask(ctx, t); err != nil {
				return nil, plantNotFound(err)
			}
			taskIDs = []int64{t.ID}
		}
		for i, taskID := range taskIDs {
			logged := i == 0
			_, _, err := s.store.CompleteTask(ctx, p.User.ID, taskID, func(t *domain.CareTask, plant *domain.Plant) (*domain.CareTask, error) {
				n, err := t.Complete(done)
				if err != nil {
					return nil, err
				}
				t.ApplyTo(plant)
				if logged {
					plant.LogCare(&domain.CareEvent{Kind: domain.CareKind(t.Type), Source: domain.CareByTask, At: *t.CompletedAt, CreatedAt: now})
				}
				return n, nil
			})
			// A task completed meanwhile (another tab) is care already given: not an error here.
			if err != nil && domain.ErrorCode(err) != domain.EConflict && domain.ErrorCode(err) != domain.ENotFound {
				return nil, err
			}
		}
	}
	out := make([]*domain.Plant, 0, len(ids))
	for _, id := range ids {
		pl, err := s.store.PlantByID(ctx, p.User.ID, id)
		if err != nil {
			return nil, plantNotFound(err)
		}
		out = append(out, pl)
	}
	return out, withStatusList(ctx, s.store, p.User, out, day)
}

// Snooze postpones one due item of the Today list to tomorrow (docs/decisions.md, "Today list
// and snooze"): a watering or fertilizing moves the plant's schedule by growing its delay (as a
// moist check does; the next act of that care clears it) and moves its pending tasks of the type
// due by today to tomorrow; a task moves to tomorrow. Care not due today is left as it is.
func (s *CareTasks) Snooze(ctx context.Context, p *domain.Principal, kind domain.DueKind, plantID, taskID int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	day := today(s.clock, p, time.Time{})
	tomorrow := domain.AddDays(day, 1)
	switch kind {
	case domain.DueTask:
		t, err := s.store.TaskByID(ctx, p.User.ID, taskID)
		if err != nil {
			return taskNotFound(err)
		}
		if t.Completed {
			return domain.Errorf(domain.EConflict, domain.MsgTaskAlreadyCompleted)
		}
		if t.ScheduledDate.After(day) {
			return nil
		}
		_, err = s.store.RescheduleTasks(ctx, p.User.ID, []int64{taskID}, tomorrow)
		return err
	case domain.DueWater, domain.DueFertilize:
	default:
		return &domain.Error{Code: domain.EInvalid, Message: domain.MsgDueKind, Fields: map[string]string{"kind": domain.MsgDueKind}}
	}
	typ := domain.TaskType(kind)
	if _, err := s.store.UpdatePlant(ctx, p.User.ID, plantID, func(plant *domain.Plant) error {
		plant.SnoozeUntil(typ, day, tomorrow)
		return nil
	}); err != nil {
		return plantNotFound(err)
	}
	f := ports.TaskFilter{PlantID: plantID, To: &day, PendingOnly: true}
	tasks, err := s.store.ListTasks(ctx, p.User.ID, f)
	if err != nil {
		return err
	}
	var ids []int64
	for _, t := range tasks {
		if t.Type == typ && t.PlantID == plantID {
			ids = append(ids, t.ID)
		}
	}
	_, err = s.store.RescheduleTasks(ctx, p.User.ID, ids, tomorrow)
	return err
}
