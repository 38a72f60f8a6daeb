package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// JournalStore keeps journal entries, scoped to their owner.
type JournalStore interface {
	// CreateJournalEntry inserts e; its plant must be the owner's. Codes: not_found (plant).
	CreateJournalEntry(ctx context.Context, e *domain.JournalEntry) error
	// ListJournalEntries returns the owner's entries (of one plant when plantID > 0), newest
	// entry date first, with plant names.
	ListJournalEntries(ctx context.Context, ownerID, plantID int64) ([]*domain.JournalEntry, error)
	// UpdateJournalEntry loads the owner's entry in a transaction, lets fn change it and saves
	// it (owner, id and creation time cannot change); the plant must be the owner's. Codes:
	// not_found (no such entry of the owner's, with MsgJournalNotFound; or no such plant, with
	// MsgPlantNotFound), fn's error (nothing saved).
	UpdateJournalEntry(ctx context.Context, ownerID, id int64, fn func(*domain.JournalEntry) error) (*domain.JournalEntry, error)
	// DeleteJournalEntry removes an entry. Codes: not_found.
	DeleteJournalEntry(ctx context.Context, ownerID, id int64) error
}
