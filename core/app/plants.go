package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Plants manages a gardener's plants. Every call acts for the signed-in caller on their own
// plants only; another user's plant is not found, whatever the caller's role.
type Plants struct {
	store ports.Store
	clock ports.Clock
}

// NewPlants builds the plants service.
func NewPlants(store ports.Store, clock ports.Clock) *Plants {
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

// today is the caller's date when given (the web app sends its local date), else the server's.
func today(clock ports.Clock, day time.Time) time.Time {
	if day.IsZero() {
		day = clock.Now()
	}
	return domain.DateOf(day)
}

// withStatus derives the status of the owner's plants on day from their care dates and the
// owner's overdue tasks (one indexed read of pending tasks before day).
func withStatus(ctx context.Context, store ports.Store, ownerID int64, plants []*domain.Plant, day time.Time) error {
	if len(plants) == 0 {
		return nil
	}
	before := domain.AddDays(day, -1)
	f := ports.TaskFilter{To: &before, PendingOnly: true}
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
	return plants, withStatus(ctx, s.store, p.User.ID, plants, today(s.clock, day))
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
	rows, err := s.store.PagePlants(ctx, p.User.ID, today(s.clock, day), q, offset, page.Limit+1)
	if err != nil {
		return domain.Page[*domain.Plant]{}, err
	}
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
	return plant, withStatus(ctx, s.store, p.User.ID, []*domain.Plant{plant}, today(s.clock, day))
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
	if u.SiteID == nil {
		return nil, nil
	}
	site, err := s.store.SiteByID(ctx, *u.SiteID)
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
	return plant, withStatus(ctx, s.store, p.User.ID, []*domain.Plant{plant}, today(s.clock, time.Time{}))
}

// Update lets change edit one of the caller's plants, then validates the result by the rules
// of Create; nothing is saved when either fails. The answer carries the status on the server's
// date.
func (s *Plants) Update(ctx context.Context, p *domain.Principal, id int64, change func(*domain.Plant) error) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	plant, err := s.store.UpdatePlant(ctx, p.User.ID, id, func(plant *domain.Plant) error {
		if err := change(plant); err != nil {
			return err
		}
		return domain.ValidatePlant(plant, s.clock.Now())
	})
	if err != nil {
		return nil, plantNotFound(err)
	}
	return plant, withStatus(ctx, s.store, p.User.ID, []*domain.Plant{plant}, today(s.clock, time.Time{}))
}

// Delete removes one of the caller's plants with its care tasks and journal entries.
func (s *Plants) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return plantNotFound(s.store.DeletePlant(ctx, p.User.ID, id))
}
