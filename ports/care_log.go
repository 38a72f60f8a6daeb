package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// CareLogStore keeps each plant's care log, scoped to the plant's owner like PlantStore.
// Events are written through the plant: a change that logs care queues its events on
// domain.Plant.NewCare, and CreatePlant, UpdatePlant and CompleteTask insert them in the
// transaction that saves the plant, then keep the learned intervals (domain.Plant.Relearn) on
// the plant row.
type CareLogStore interface {
	// PageCareEvents returns one page of the plant's events, newest first (by time, then id),
	// of one kind when kind is not empty. Codes: not_found (plant), invalid (cursor).
	PageCareEvents(ctx context.Context, ownerID, plantID int64, kind domain.CareKind, page domain.PageRequest) (domain.Page[*domain.CareEvent], error)
	// DeleteCareEvent removes one of the plant's events and, in the same transaction,
	// recomputes the plant's last dates from the remaining events (domain.Plant.ForgetCare) and
	// its learned intervals, and returns the plant. Codes: not_found (plant or event).
	DeleteCareEvent(ctx context.Context, ownerID, plantID, eventID int64) (*domain.Plant, error)
}
