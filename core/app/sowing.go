package app

import (
	"context"
	"fmt"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// plantAdder and taskAdder are the two writes "Remind me" makes: the Plants and CareTasks
// services, so that the plant limit and task rules apply as everywhere else.
type plantAdder interface {
	Create(ctx context.Context, p *domain.Principal, plant *domain.Plant, fromDatabaseID int64) (*domain.Plant, error)
}

type taskAdder interface {
	Create(ctx context.Context, p *domain.Principal, t *domain.CareTask) (*domain.CareTask, error)
}

// SowingService answers "what can I sow now?" (issue #24 item 7) from the plant database's
// sowing windows and the gardener's frost dates.
type SowingService struct {
	tr       ports.Translator
	store    ports.SowingStore
	latitude ports.GardenLatitude
	plants   plantAdder
	tasks    taskAdder
	clock    ports.Clock
}

// NewSowing builds the sowing service. latitude may be nil: the garden's location in the
// gardener's own settings (Settings › Garden & Weather) is then where their garden lies.
func NewSowing(store ports.SowingStore, latitude ports.GardenLatitude, plants plantAdder, tasks taskAdder, clock ports.Clock) *SowingService {
	if latitude == nil {
		latitude = gardenSettingsLatitude{}
	}
	return &SowingService{store: store, latitude: latitude, plants: plants, tasks: tasks, clock: clock}
}

// gardenSettingsLatitude reads the latitude from the user's garden settings, loaded with them.
type gardenSettingsLatitude struct{}

func (gardenSettingsLatitude) GardenLatitude(_ context.Context, u *domain.User) (float64, bool, error) {
	if u == nil || u.Garden.Location == nil {
		return 0, false, nil
	}
	return u.Garden.Location.Latitude, true, nil
}

// Frost source values.
const (
	FrostFromSettings = "settings"
	FrostFromEstimate = "estimate"
)

// Frost is what the app knows of a gardener's frost dates: their own (Source "settings"), or
// the estimate from their garden's latitude ("estimate"), or nothing (Dates nil). Estimate is
// offered whenever a latitude is known, so Settings can propose it.
type Frost struct {
	Dates    *domain.FrostDates
	Source   string
	Estimate *domain.FrostDates
	Southern bool
}

// FrostFor works out u's frost dates in the year of day.
func (s *SowingService) FrostFor(ctx context.Context, u *domain.User, day time.Time) (Frost, error) {
	var f Frost
	lat, known := 0.0, false
	var err error
	if lat, known, err = s.latitude.GardenLatitude(ctx, u); err != nil {
		return Frost{}, err
	}
	if known {
		f.Southern = lat < 0
		if est, ok := domain.EstimateFrostDates(lat, day.Year()); ok {
			f.Estimate = &est
		}
	}
	switch {
	case u.LastSpringFrost != nil:
		d := domain.FrostDates{LastSpring: *u.LastSpringFrost}
		if u.FirstAutumnFrost != nil {
			d.FirstAutumn = *u.FirstAutumnFrost
		} else if f.Estimate != nil {
			d.FirstAutumn = f.Estimate.FirstAutumn
		}
		f.Dates, f.Source = &d, FrostFromSettings
		if !known {
			f.Southern = d.Southern()
		}
	case f.Estimate != nil:
		d := *f.Estimate
		if u.FirstAutumnFrost != nil {
			d.FirstAutumn = *u.FirstAutumnFrost
		}
		f.Dates, f.Source = &d, FrostFromEstimate
	}
	return f, nil
}

func (f Frost) place() domain.SowingPlace {
	return domain.SowingPlace{Frost: f.Dates, Southern: f.Southern}
}

// SowingStep is one window of an item as it falls for this gardener: Span is the occurrence
// open in the asked week, else the next one (nil when none can be placed: a window in weeks
// without frost dates); Months are the calendar months of the week's year it touches.
type SowingStep struct {
	Window domain.SowingWindow
	Open   bool
	Span   *domain.Span
	Months []int
}

// SowingEntry is one item of the sowing list with its windows placed in time.
type SowingEntry struct {
	Item                              *domain.PlantDBItem
	SowIndoors, DirectSow, Transplant SowingStep
	// HarvestFrom and HarvestTo are when a sowing this week would be ready (nil: unknown).
	HarvestFrom, HarvestTo *time.Time
}

// SowingList is one page of what can be sown in a week.
type SowingList struct {
	Monday, Sunday time.Time
	Frost          Frost
	Page           domain.Page[SowingEntry]
}

// Week lists, one page at a time, the plant database items that can be sown (indoors or
// directly) in the week holding day (the gardener's today when zero).
func (s *SowingService) Week(ctx context.Context, p *domain.Principal, day time.Time, page domain.PageRequest) (SowingList, error) {
	if err := signedIn(p); err != nil {
		return SowingList{}, err
	}
	day = today(s.clock, p, day)
	frost, err := s.FrostFor(ctx, p.User, day)
	if err != nil {
		return SowingList{}, err
	}
	place := frost.place()
	week := domain.NewSowingWeek(place, day)
	items, err := s.store.PageSowing(ctx, week, page)
	if err != nil {
		return SowingList{}, err
	}
	out := SowingList{Monday: week.Monday, Sunday: week.Sunday, Frost: frost}
	out.Page.NextCursor = items.NextCursor
	out.Page.Items = make([]SowingEntry, len(items.Items))
	for i, it := range items.Items {
		out.Page.Items[i] = entry(it, place, day)
	}
	return out, nil
}

func step(w domain.SowingWindow, place domain.SowingPlace, day time.Time) SowingStep {
	st := SowingStep{Window: w}
	if w.IsZero() {
		return st
	}
	if span, ok := w.OpenIn(place, day); ok {
		st.Open, st.Span = true, &span
	} else if span, ok := w.Next(place, day); ok {
		st.Span = &span
	}
	st.Months = w.MonthsIn(place, day.Year())
	return st
}

func entry(it *domain.PlantDBItem, place domain.SowingPlace, day time.Time) SowingEntry {
	e := SowingEntry{Item: it, SowIndoors: step(it.Sowing.SowIndoors, place, day), DirectSow: step(it.Sowing.DirectSow, place, day),
		Transplant: step(it.Sowing.Transplant, place, day)}
	if it.Sowing.HarvestDaysMin > 0 {
		from, to := day.AddDate(0, 0, it.Sowing.HarvestDaysMin), day.AddDate(0, 0, it.Sowing.HarvestDaysMax)
		e.HarvestFrom, e.HarvestTo = &from, &to
	}
	return e
}

// Sowing steps a reminder can be for.
const (
	StepSowIndoors = "sowIndoors"
	StepDirectSow  = "directSow"
)

// Sowing reminder messages.
const (
	MsgSowingStep     = "Step must be sowIndoors or directSow"
	MsgNoSowingWindow = "This plant has no sowing window for this step"
)

// Reminder is what "Remind me" made: the task, and the plant it hangs on when it was created
// for it (nil when the gardener's own plant was given).
type Reminder struct {
	Task         *domain.CareTask
	CreatedPlant *domain.Plant
}

// A sowing reminder's task note, written in the gardener's language (then it is their note).
const (
	MsgSowIndoorsNote  = "Sow indoors: %s"
	MsgSowOutdoorsNote = "Sow outdoors: %s"
)

// WithTranslator writes a sowing reminder's note in the gardener's language (without one,
// English).
func (s *SowingService) WithTranslator(tr ports.Translator) *SowingService {
	s.tr = tr
	return s
}

// Remind schedules a care task on the day a step of item id can next be done (today when its
// window is open). Tasks belong to plants: the task goes on plantID when given (one of the
// caller's plants), else on a new plant made from the item by the plant database prefill, so
// the plant limit applies.
func (s *SowingService) Remind(ctx context.Context, p *domain.Principal, id int64, stepName string, plantID int64, day time.Time) (Reminder, error) {
	if err := signedIn(p); err != nil {
		return Reminder{}, err
	}
	it, err := s.store.PlantDBByID(ctx, id)
	if err != nil {
		return Reminder{}, plantDBNotFound(err)
	}
	var w domain.SowingWindow
	label := ""
	switch stepName {
	case StepSowIndoors:
		w, label = it.Sowing.SowIndoors, MsgSowIndoorsNote
	case StepDirectSow:
		w, label = it.Sowing.DirectSow, MsgSowOutdoorsNote
	default:
		return Reminder{}, &domain.Error{Code: domain.EInvalid, Message: MsgSowingStep, Fields: map[string]string{"step": MsgSowingStep}}
	}
	day = today(s.clock, p, day)
	frost, err := s.FrostFor(ctx, p.User, day)
	if err != nil {
		return Reminder{}, err
	}
	span, ok := w.Next(frost.place(), day)
	if !ok {
		return Reminder{}, &domain.Error{Code: domain.EInvalid, Message: MsgNoSowingWindow, Fields: map[string]string{"step": MsgNoSowingWindow}}
	}
	on := span.From
	if on.Before(day) {
		on = day
	}
	var out Reminder
	if plantID == 0 {
		plant, err := s.plants.Create(ctx, p, &domain.Plant{}, it.ID)
		if err != nil {
			return Reminder{}, err
		}
		out.CreatedPlant, plantID = plant, plant.ID
	}
	note := fmt.Sprintf(wordsFor(s.tr, p.User)(label), it.CommonName)
	task, err := s.tasks.Create(ctx, p, &domain.CareTask{PlantID: plantID, Type: domain.TaskInspect, ScheduledDate: on, Notes: &note})
	if err != nil {
		return Reminder{}, err
	}
	out.Task = task
	return out, nil
}

// Season is the week holding a day and the frost dates that place windows in it.
type Season struct {
	Monday, Sunday time.Time
	Frost          Frost
}

// Season returns the caller's week of day (their today when zero) and their frost dates.
func (s *SowingService) Season(ctx context.Context, p *domain.Principal, day time.Time) (Season, error) {
	if err := signedIn(p); err != nil {
		return Season{}, err
	}
	day = today(s.clock, p, day)
	frost, err := s.FrostFor(ctx, p.User, day)
	if err != nil {
		return Season{}, err
	}
	mon, sun := domain.Week(day)
	return Season{Monday: mon, Sunday: sun, Frost: frost}, nil
}
