package app

import (
	"context"

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

// List returns the caller's plants.
func (s *Plants) List(ctx context.Context, p *domain.Principal) ([]*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return s.store.ListPlants(ctx, p.User.ID)
}

// Get returns one of the caller's plants.
func (s *Plants) Get(ctx context.Context, p *domain.Principal, id int64) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	plant, err := s.store.PlantByID(ctx, p.User.ID, id)
	return plant, plantNotFound(err)
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
// every 7 days, fertilizer every 30); a missing acquired date is today. The plant type has no
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
	if plant.WaterFrequency == nil {
		d := domain.DefaultWaterFrequency
		plant.WaterFrequency = &d
	}
	if plant.FertilizerFrequency == nil {
		d := domain.DefaultFertilizerFrequency
		plant.FertilizerFrequency = &d
	}
	if err := domain.ValidatePlant(plant); err != nil {
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
	return plant, nil
}

// Update lets change edit one of the caller's plants, then validates the result; nothing is
// saved when either fails.
func (s *Plants) Update(ctx context.Context, p *domain.Principal, id int64, change func(*domain.Plant) error) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	plant, err := s.store.UpdatePlant(ctx, p.User.ID, id, func(plant *domain.Plant) error {
		if err := change(plant); err != nil {
			return err
		}
		return domain.ValidatePlant(plant)
	})
	return plant, plantNotFound(err)
}

// Delete removes one of the caller's plants with its care tasks and journal entries.
func (s *Plants) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return plantNotFound(s.store.DeletePlant(ctx, p.User.ID, id))
}
