package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// HarvestFilter narrows the harvest list, the sums and the CSV export. Zero values do not
// filter.
type HarvestFilter struct {
	// PlantID keeps the records of one plant (records of deleted plants have none).
	PlantID int64
	// Range keeps harvest dates within it, both ends inclusive.
	Range domain.HarvestRange
	// Query keeps records whose plant name or notes contain it, ignoring letter case.
	Query string
}

// HarvestStore keeps harvest records. Every method is scoped to one owner: another user's record
// is not_found. A record outlives its plant: deleting the plant clears the record's plant id
// and keeps its plant name.
type HarvestStore interface {
	// CreateHarvest inserts h (owned by h.UserID) and sets its ID. Its plant, and its bed when
	// it has one, must be the owner's (the bed one of the owner's garden layouts), checked in the
	// same statement. Codes: not_found (no such plant of the owner: domain.MsgPlantNotFound; no
	// such bed: domain.MsgHarvestBedNotFound), invalid (a value out of range).
	CreateHarvest(ctx context.Context, h *domain.Harvest) error
	// HarvestByID returns one of the owner's records, with its bed's and layout's names. Codes:
	// not_found.
	HarvestByID(ctx context.Context, ownerID, id int64) (*domain.Harvest, error)
	// ListHarvests returns one page of the owner's records matching f, newest harvest date
	// first, then newest record first. Codes: invalid (a cursor it did not make).
	ListHarvests(ctx context.Context, ownerID int64, f HarvestFilter, page domain.PageRequest) (domain.Page[*domain.Harvest], error)
	// UpdateHarvest loads the record in a transaction, lets fn change it and saves it; a new
	// plant id must name one of the owner's plants, a new bed id a bed of one of the owner's
	// layouts (nil clears the bed). Codes: not_found (record, the new plant:
	// domain.MsgPlantNotFound, or the new bed: domain.MsgHarvestBedNotFound), fn's error (nothing
	// saved).
	UpdateHarvest(ctx context.Context, ownerID, id int64, fn func(*domain.Harvest) error) (*domain.Harvest, error)
	// DeleteHarvest removes a record. Codes: not_found.
	DeleteHarvest(ctx context.Context, ownerID, id int64) error
	// SumHarvestsByPlant adds up the owner's records matching f in the database: one row per
	// plant name and unit kind, amounts in the kind's common unit.
	SumHarvestsByPlant(ctx context.Context, ownerID int64, f HarvestFilter) ([]domain.HarvestSum, error)
	// SumHarvestsByMonth is SumHarvestsByPlant split by calendar month, ordered by month.
	SumHarvestsByMonth(ctx context.Context, ownerID int64, f HarvestFilter) ([]domain.MonthlyHarvestSum, error)
	// SumHarvestsByBed adds up the owner's records matching f that came from a bed, in the
	// database: one row per bed and unit kind, amounts in the kind's common unit and divided by
	// the bed's area (width × height, square feet). Beds come ordered by layout name, then in
	// drawing order.
	SumHarvestsByBed(ctx context.Context, ownerID int64, f HarvestFilter) ([]domain.BedHarvestSum, error)
	// HarvestBed returns a bed of one of the owner's garden layouts. Codes: not_found
	// (domain.MsgHarvestBedNotFound: no such bed, or another gardener's).
	HarvestBed(ctx context.Context, ownerID, bedID int64) (*domain.HarvestBed, error)
	// ListHarvestBeds returns one page of the beds of the owner's garden layouts, the newest
	// layout first and each layout's beds in drawing order. Codes: invalid (a cursor it did not
	// make).
	ListHarvestBeds(ctx context.Context, ownerID int64, page domain.PageRequest) (domain.Page[*domain.HarvestBed], error)
}
