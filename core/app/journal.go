package app

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// JournalStore is what the journal keeps: entries, and the plants they are about.
type JournalStore interface {
	ports.JournalStore
	// ports.PlantStore's:
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
}

// Journal keeps the caller's growth journal.
type Journal struct {
	store JournalStore
	clock ports.Clock
}

// NewJournal builds the journal service.
func NewJournal(store JournalStore, clock ports.Clock) *Journal {
	return &Journal{store: store, clock: clock}
}

// List returns the caller's entries, newest first; with a plant id only that plant's.
func (s *Journal) List(ctx context.Context, p *domain.Principal, plantID int64) ([]*domain.JournalEntry, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if plantID > 0 {
		if _, err := s.store.PlantByID(ctx, p.User.ID, plantID); err != nil {
			return nil, plantNotFound(err)
		}
	}
	return s.store.ListJournalEntries(ctx, p.User.ID, plantID)
}

// Create adds an entry for one of the caller's plants, dated today unless it has a date. The
// entry is always the caller's, whatever user id the client sent.
func (s *Journal) Create(ctx context.Context, p *domain.Principal, e *domain.JournalEntry) (*domain.JournalEntry, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	e.ID, e.UserID, e.CreatedAt = 0, p.User.ID, s.clock.Now()
	if e.EntryDate.IsZero() {
		e.EntryDate = domain.DateOf(e.CreatedAt)
	}
	if err := domain.ValidateJournalEntry(e); err != nil {
		return nil, err
	}
	if err := s.store.CreateJournalEntry(ctx, e); err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgSelectPlant, Fields: map[string]string{"plantId": domain.MsgSelectPlant}}
		}
		return nil, err
	}
	return e, nil
}

// Update changes one of the caller's entries: the fields patch carries, checked by the create
// form's rules (ValidateJournalEntry); a plant that is not the caller's is the same field error
// as on create. Another gardener's entry is not found, as on delete.
func (s *Journal) Update(ctx context.Context, p *domain.Principal, id int64, patch domain.JournalPatch) (*domain.JournalEntry, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	e, err := s.store.UpdateJournalEntry(ctx, p.User.ID, id, func(e *domain.JournalEntry) error {
		patch.Apply(e, now)
		return domain.ValidateJournalEntry(e)
	})
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound && domain.ErrorMessage(err) == domain.MsgPlantNotFound {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgSelectPlant, Fields: map[string]string{"plantId": domain.MsgSelectPlant}}
		}
		return nil, err
	}
	return e, nil
}

// Delete removes one of the caller's entries.
func (s *Journal) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	err := s.store.DeleteJournalEntry(ctx, p.User.ID, id)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgJournalNotFound)
	}
	return err
}
