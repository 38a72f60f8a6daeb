package app

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PlantDatabase serves the plant species database to signed-in gardeners.
type PlantDatabase struct {
	store ports.Store
}

// NewPlantDatabase builds the plant database service.
func NewPlantDatabase(store ports.Store) *PlantDatabase { return &PlantDatabase{store: store} }

// List returns every item.
func (s *PlantDatabase) List(ctx context.Context, p *domain.Principal) ([]*domain.PlantDBItem, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return s.store.ListPlantDB(ctx)
}

// Get returns one item, or not found "Plant Not Found".
func (s *PlantDatabase) Get(ctx context.Context, p *domain.Principal, id int64) (*domain.PlantDBItem, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	item, err := s.store.PlantDBByID(ctx, id)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgPlantDBNotFound)
	}
	return item, err
}
