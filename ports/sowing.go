package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// SowingStore lists the plant database items that can be sown in a week.
type SowingStore interface {
	// PageSowing returns one page of the items with a sowing window (indoors or direct) open
	// in week, by common name (case-insensitive), then id. Codes: invalid (cursor).
	PageSowing(ctx context.Context, week domain.SowingWeek, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error)
	// PlantDBByID returns one item. Codes: not_found.
	PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error)
}

// GardenLatitude tells where a gardener's garden lies, when they have said so. It is optional:
// without it (or without a location) frost dates are only the gardener's own.
type GardenLatitude interface {
	// GardenLatitude returns the latitude of u's garden (degrees, negative south), and whether
	// one is known.
	GardenLatitude(ctx context.Context, u *domain.User) (float64, bool, error)
}
