package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// PlantStore keeps plants. Every method is scoped to one owner: another user's plant is
// not_found.
type PlantStore interface {
	// CreatePlant inserts p (owned by p.UserID) unless the owner already has limit plants or
	// more; limit 0 means unlimited. Counting and inserting happen in one transaction, so two
	// concurrent creations cannot both pass the limit. Codes: limit_reached.
	CreatePlant(ctx context.Context, p *domain.Plant, limit int) error
	// PlantByID returns one of the owner's plants. Codes: not_found.
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
	// ListPlants returns the owner's plants by id.
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	// PagePlants returns at most limit of the owner's plants after skipping offset, with their
	// Status derived on the date day (domain.Plant.StatusOn with the owner's pending tasks),
	// filtered and ordered by q (q.Apply's rules: ties by id), in one statement.
	PagePlants(ctx context.Context, ownerID int64, day time.Time, q domain.PlantQuery, offset, limit int) ([]*domain.Plant, error)
	// CountPlants returns how many plants the owner has.
	CountPlants(ctx context.Context, ownerID int64) (int, error)
	// UpdatePlant loads the plant in a transaction, lets fn change it and saves it. Codes:
	// not_found, fn's error (nothing saved).
	UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error)
	// DeletePlant removes the plant with its care tasks and journal entries in one
	// transaction. Codes: not_found.
	DeletePlant(ctx context.Context, ownerID, id int64) error
}
