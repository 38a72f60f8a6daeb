package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// PlantDBQuery narrows the plant database list: Search is found, case-insensitively, in the
// common or scientific name; Type keeps one plant type (items stored without one count as
// Herbs, the default).
type PlantDBQuery struct {
	Search string
	Type   domain.PlantType
}

// PlantDatabaseStore keeps the plant database.
type PlantDatabaseStore interface {
	// ListPlantDB returns every item by common name.
	ListPlantDB(ctx context.Context) ([]*domain.PlantDBItem, error)
	// PagePlantDB returns one page of the items matching q, by common name (case-insensitive),
	// then id. Codes: invalid (cursor).
	PagePlantDB(ctx context.Context, q PlantDBQuery, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error)
	// PlantDBByID returns one item. Codes: not_found.
	PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error)
	// CreatePlantDB inserts an item. Codes: conflict (store URL or slug taken).
	CreatePlantDB(ctx context.Context, item *domain.PlantDBItem) error
	// UpdatePlantDB loads, lets fn change and saves an item. Codes: not_found, conflict, fn's error.
	UpdatePlantDB(ctx context.Context, id int64, fn func(*domain.PlantDBItem) error) (*domain.PlantDBItem, error)
	// DeletePlantDB removes an item. Codes: not_found.
	DeletePlantDB(ctx context.Context, id int64) error
	// FindPlantDB returns the item with this store URL, else the one with this slug (empty
	// values match nothing). Codes: not_found.
	FindPlantDB(ctx context.Context, storeURL, slug string) (*domain.PlantDBItem, error)
	// ClearPlantDB removes every item, or only imported ones, and returns how many.
	ClearPlantDB(ctx context.Context, importedOnly bool) (int, error)
}
