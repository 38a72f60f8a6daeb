package app

import (
	"context"
	"errors"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PlantStore is what Plants keeps: plants, their care log and tasks, the plant database items
// they come from and their sites (for the plant limit).
type PlantStore interface {
	ports.CareLogStore
	ports.PlantStore
	// ports.PlantDatabaseStore's:
	PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error)
	// ports.SiteStore's:
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
	// ports.TaskStore's:
	ListTasks(ctx context.Context, ownerID int64, f ports.TaskFilter) ([]*domain.CareTask, error)
}

// Plants manages a gardener's plants. Every call acts for the signed-in caller on their own
// plants only; another user's plant is not found, whatever the caller's role.
type Plants struct {
	store PlantStore
	clock ports.Clock
	hooks *Webhooks
}

// WithWebhooks makes waterings emit plant.watered to the owner's webhooks.
func (s *Plants) WithWebhooks(w *Webhooks) *Plants {
	s.hooks = w
	return s
}

// NewPlants builds the plants service.
func NewPlants(store PlantStore, clock ports.Clock) *Plants {
	return &Plants{store: store, clock: clock}
}

func signedIn(p *domain.Principal) error {
	if p == nil || p.User == nil {
		return domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	return nil
}

func plantNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	return err
}

// today is the caller's date when given (?today= of an API client), else today in the
// caller's time zone (UTC until they set one): the gardener's day, not the server's.
func today(clock ports.Clock, p *domain.Principal, day time.Time) time.Time {
	if !day.IsZero() {
		return domain.DateOf(day)
	}
	zone := ""
	if p != nil && p.User != nil {
		zone = p.User.TimeZone
	}
	return domain.TodayIn(clock.Now(), zone)
}

// taskLister reads the tasks a plant's status comes from (ports.TaskStore's ListTasks).
type taskLister interface {
	ListTasks(ctx context.Context, ownerID int64, f ports.TaskFilter) ([]*domain.CareTask, error)
}

// withStatus derives the status of the owner's plants on day from their care dates (with the
// owner's winter stretch on day: domain.ApplySeason) and the owner's tasks due by day (one
// indexed read of pending tasks up to day).
func withStatus(ctx context.Context, store taskLister, owner *domain.User, plants []*domain.Plant, day time.Time) error {
	if len(plants) == 0 {
		return nil
	}
	ownerID := owner.ID
	domain.ApplySeason(plants, owner.Garden, day)
	f := ports.TaskFilter{To: &day, PendingOnly: true}
	if len(plants) == 1 {
		f.PlantID = plants[0].ID
	}
	tasks, err := store.ListTasks(ctx, ownerID, f)
	if err != nil {
		return err
	}
	domain.DeriveStatuses(plants, tasks, day)
	return nil
}

// withStatusList is withStatus for plants of one owner read one by one.
func withStatusList(ctx context.Context, store taskLister, owner *domain.User, plants []*domain.Plant, day time.Time) error {
	if len(plants) <= 1 {
		return withStatus(ctx, store, owner, plants, day)
	}
	domain.ApplySeason(plants, owner.Garden, day)
	tasks, err := store.ListTasks(ctx, owner.ID, ports.TaskFilter{To: &day, PendingOnly: true})
	if err != nil {
		return err
	}
	domain.DeriveStatuses(plants, tasks, day)
	return nil
}

// ListAll returns all the caller's plants with their status on day (the server's date when
// zero), by id: the pickers and the dashboard read it.
func (s *Plants) ListAll(ctx context.Context, p *domain.Principal, day time.Time) ([]*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	plants, err := s.store.ListPlants(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	return plants, withStatus(ctx, s.store, p.User, plants, today(s.clock, p, day))
}

// List returns one page of the caller's plants with their status on day, filtered and ordered
// by q. The status depends on the day and on the tasks, so it cannot be a stored, indexed
// column: the store derives it in the query that filters, orders and pages (offset cursor), so
// a page reads its own rows and their overdue tasks only.
func (s *Plants) List(ctx context.Context, p *domain.Principal, day time.Time, q domain.PlantQuery, page domain.PageRequest) (domain.Page[*domain.Plant], error) {
	if err := q.Validate(); err != nil {
		return domain.Page[*domain.Plant]{}, err
	}
	offset, err := domain.DecodeOffsetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Plant]{}, err
	}
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.Plant]{}, err
	}
	day = today(s.clock, p, day)
	q.SeasonFactor = p.User.Garden.SeasonFactorOn(day)
	rows, err := s.store.PagePlants(ctx, p.User.ID, day, q, offset, page.Limit+1)
	if err != nil {
		return domain.Page[*domain.Plant]{}, err
	}
	domain.ApplySeason(rows, p.User.Garden, day)
	return domain.PageOf(rows, page, func(*domain.Plant) string { return domain.OffsetCursor(offset + page.Limit) }), nil
}

// Get returns one of the caller's plants with its status on day (the server's date when zero).
func (s *Plants) Get(ctx context.Context, p *domain.Principal, id int64, day time.Time) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	plant, err := s.store.PlantByID(ctx, p.User.ID, id)
	if err != nil {
		return nil, plantNotFound(err)
	}
	return plant, withStatus(ctx, s.store, p.User, []*domain.Plant{plant}, today(s.clock, p, day))
}

// Limit returns the caller's plant limit and count.
func (s *Plants) Limit(ctx context.Context, p *domain.Principal) (domain.PlantLimit, error) {
	if err := signedIn(p); err != nil {
		return domain.PlantLimit{}, err
	}
	limit, err := s.limitFor(ctx, p.User)
	if err != nil {
		return domain.PlantLimit{}, err
	}
	n, err := s.store.CountPlants(ctx, p.User.ID)
	return domain.PlantLimit{Limit: limit, CurrentCount: n}, err
}

func (s *Plants) limitFor(ctx context.Context, u *domain.User) (*int, error) {
	return plantLimitFor(ctx, s.store, u)
}

// siteReader reads one site (ports.SiteStore's SiteByID): the plant limit is its.
type siteReader interface {
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
}

// plantLimitFor is u's plant limit under its site (domain.PlantLimitFor), nil for none.
func plantLimitFor(ctx context.Context, sites siteReader, u *domain.User) (*int, error) {
	if u.SiteID == nil {
		return nil, nil
	}
	site, err := sites.SiteByID(ctx, *u.SiteID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return domain.PlantLimitFor(u, site), nil
}

// Create adds a plant for the caller. Missing care intervals take the spec's defaults (water
// every 7 days, fertilizer every 30); a missing acquired date is today, and a missing last
// watering or fertilizing is now, so that every new plant is on the schedule from the start. The plant type has no
// default here: the caller decides whether an absent type means Herbs. When fromDatabaseID is
// set, the fields left empty are filled from that plant database item with the prefill rules.
// Past the site's plant limit it answers limit_reached "Plant limit reached".
func (s *Plants) Create(ctx context.Context, p *domain.Principal, plant *domain.Plant, fromDatabaseID int64) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if fromDatabaseID > 0 {
		item, err := s.store.PlantDBByID(ctx, fromDatabaseID)
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantDBNotFound, Fields: map[string]string{"plantDatabaseId": domain.MsgPlantDBNotFound}}
		} else if err != nil {
			return nil, err
		}
		domain.FillFromDatabase(plant, item)
	}
	now := s.clock.Now()
	plant.ID, plant.UserID, plant.CreatedAt = 0, p.User.ID, now
	if plant.AcquiredDate.IsZero() {
		plant.AcquiredDate = now
	}
	if plant.LastWatered == nil {
		plant.LastWatered = &now
	}
	if plant.LastFertilized == nil {
		at := now
		plant.LastFertilized = &at
	}
	if plant.WaterFrequency == nil {
		d := domain.DefaultWaterFrequency
		plant.WaterFrequency = &d
	}
	if plant.FertilizerFrequency == nil {
		d := domain.DefaultFertilizerFrequency
		plant.FertilizerFrequency = &d
	}
	if err := domain.ValidatePlant(plant, now); err != nil {
		return nil, err
	}
	// The log starts with the dates the plant comes with, so it and lastWatered agree.
	plant.NewCare = nil
	for _, c := range []struct {
		kind domain.CareKind
		at   *time.Time
	}{{domain.CareWater, plant.LastWatered}, {domain.CareFertilize, plant.LastFertilized}} {
		if c.at != nil {
			plant.LogCare(&domain.CareEvent{Kind: c.kind, Source: domain.CareImported, At: *c.at, CreatedAt: now})
		}
	}
	limit, err := s.limitFor(ctx, p.User)
	if err != nil {
		return nil, err
	}
	max := 0
	if limit != nil {
		max = *limit
	}
	if err := s.store.CreatePlant(ctx, plant, max); err != nil {
		return nil, err
	}
	return plant, withStatus(ctx, s.store, p.User, []*domain.Plant{plant}, today(s.clock, p, time.Time{}))
}

// Update lets change edit one of the caller's plants, then validates the result by the rules
// of Create; nothing is saved when either fails. The answer carries the status on the server's
// date.
func (s *Plants) Update(ctx context.Context, p *domain.Principal, id int64, change func(*domain.Plant) error) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	plant, err := s.store.UpdatePlant(ctx, p.User.ID, id, func(plant *domain.Plant) error {
		domain.ApplySeason([]*domain.Plant{plant}, p.User.Garden, now)
		watered, fertilized := plant.LastWatered, plant.LastFertilized
		if err := change(plant); err != nil {
			return err
		}
		if err := domain.ValidatePlant(plant, now); err != nil {
			return err
		}
		// A last date moved forward is care given then (Water Now, Fertilize): it goes into the
		// log in the same transaction. A date moved back is a correction and logs nothing, and so
		// does a move within domain.SameActWindow: Water Now completes its task (logged) and then
		// sets lastWatered to the browser's now, the same act reported twice.
		if later(plant.LastWatered, watered) && !sameAct(plant.LastWatered, watered) {
			plant.LogCare(&domain.CareEvent{Kind: domain.CareWater, Source: domain.CareByHand, At: *plant.LastWatered, CreatedAt: now})
		}
		if later(plant.LastFertilized, fertilized) && !sameAct(plant.LastFertilized, fertilized) {
			plant.LogCare(&domain.CareEvent{Kind: domain.CareFertilize, Source: domain.CareByHand, At: *plant.LastFertilized, CreatedAt: now})
		}
		return nil
	})
	if err != nil {
		return nil, plantNotFound(err)
	}
	return plant, withStatus(ctx, s.store, p.User, []*domain.Plant{plant}, today(s.clock, p, time.Time{}))
}

// Delete removes one of the caller's plants with its care tasks and journal entries.
func (s *Plants) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return plantNotFound(s.store.DeletePlant(ctx, p.User.ID, id))
}

// sameAct reports whether t lies within domain.SameActWindow after before.
func sameAct(t, before *time.Time) bool {
	return t != nil && before != nil && t.Sub(*before) <= domain.SameActWindow
}

// later reports whether t is set and after before (or before is unset).
func later(t, before *time.Time) bool {
	return t != nil && (before == nil || t.After(*before))
}

// CareInput is one act of care the caller logs: At zero means now; PostponeDays zero on a
// moist check means domain.DefaultPostponeDays.
type CareInput struct {
	Kind         domain.CareKind
	At           time.Time
	Note         string
	Feedback     domain.Feedback
	PostponeDays int
}

// LogCare records an act of care on one of the caller's plants (source manual) and, in the
// same transaction, its effect on the plant: a watering or fertilizing moves the last date, a
// moist check postpones the due watering, and the learned intervals follow the log. It
// answers the event and the plant with its status on the server's date.
func (s *Plants) LogCare(ctx context.Context, p *domain.Principal, plantID int64, in CareInput) (*domain.CareEvent, *domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, nil, err
	}
	now := s.clock.Now()
	e := &domain.CareEvent{Kind: in.Kind, Source: domain.CareByHand, At: in.At, Note: in.Note, Feedback: in.Feedback,
		PostponeDays: in.PostponeDays, CreatedAt: now}
	if e.At.IsZero() {
		e.At = now
	}
	if e.Kind == domain.CareCheck && e.Feedback == domain.FeedbackMoist && e.PostponeDays == 0 {
		e.PostponeDays = domain.DefaultPostponeDays
	}
	if err := domain.ValidateCareEvent(e, now); err != nil {
		return nil, nil, err
	}
	var plant *domain.Plant
	err := s.hooks.Tx(ctx, func(ctx context.Context) error {
		var err error
		plant, err = s.store.UpdatePlant(ctx, p.User.ID, plantID, func(plant *domain.Plant) error {
			domain.ApplySeason([]*domain.Plant{plant}, p.User.Garden, now)
			plant.LogCare(e)
			return nil
		})
		if err != nil || e.Kind != domain.CareWater {
			return err
		}
		return s.hooks.EmitEvent(ctx, domain.EventPlantWatered, []int64{p.User.ID}, PlantWateredPayload(plant, e))
	})
	if err != nil {
		return nil, nil, plantNotFound(err)
	}
	return e, plant, withStatus(ctx, s.store, p.User, []*domain.Plant{plant}, today(s.clock, p, time.Time{}))
}

// CareLog returns one page of a plant's care log, newest first, of one kind when kind is set.
func (s *Plants) CareLog(ctx context.Context, p *domain.Principal, plantID int64, kind domain.CareKind, page domain.PageRequest) (domain.Page[*domain.CareEvent], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.CareEvent]{}, err
	}
	if kind != "" && !kind.Valid() {
		return domain.Page[*domain.CareEvent]{}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgCareKind, Fields: map[string]string{"kind": domain.MsgCareKind}}
	}
	out, err := s.store.PageCareEvents(ctx, p.User.ID, plantID, kind, page)
	return out, plantNotFound(err)
}

// DeleteCare removes an event from a plant's log; the plant's last dates and learned intervals
// are recomputed from the events that remain, in the same transaction.
func (s *Plants) DeleteCare(ctx context.Context, p *domain.Principal, plantID, eventID int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	_, err := s.store.DeleteCareEvent(ctx, p.User.ID, plantID, eventID)
	if domain.ErrorCode(err) == domain.ENotFound {
		if e := (*domain.Error)(nil); errors.As(err, &e) && e.Message == domain.MsgCareEventMissing {
			return err
		}
		return plantNotFound(err)
	}
	return err
}

// PlantWateredPayload is the payload of a plant.watered event.
func PlantWateredPayload(plant *domain.Plant, e *domain.CareEvent) map[string]any {
	return map[string]any{"plantId": plant.ID, "plantName": plant.Name, "userId": plant.UserID, "wateredAt": e.At.UTC(),
		"source": string(e.Source), "note": e.Note}
}
