package app

import (
	"context"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PlantDatabase serves the plant species database to signed-in gardeners and lets admins
// edit it. Every HTML field is sanitized before it is stored.
type PlantDatabase struct {
	store     ports.PlantDatabaseStore
	sanitizer ports.HTMLSanitizer
	clock     ports.Clock
}

// NewPlantDatabase builds the plant database service.
func NewPlantDatabase(store ports.PlantDatabaseStore, sanitizer ports.HTMLSanitizer, clock ports.Clock) *PlantDatabase {
	return &PlantDatabase{store: store, sanitizer: sanitizer, clock: clock}
}

// MsgPlantDBType answers a type filter that is not one of the plant types.
const MsgPlantDBType = "Type must be Herbs, Vegetables, Fruits, Flowers, Houseplants, Succulents & Cacti, Trees & Shrubs or Other"

// List returns one page of the items matching q, by common name. The type filter is read in
// any case ("herbs" is Herbs).
func (s *PlantDatabase) List(ctx context.Context, p *domain.Principal, q ports.PlantDBQuery, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.PlantDBItem]{}, err
	}
	if q.Type != "" {
		t, ok := parsePlantType(string(q.Type))
		if !ok {
			return domain.Page[*domain.PlantDBItem]{}, &domain.Error{Code: domain.EInvalid, Message: MsgPlantDBType,
				Fields: map[string]string{"type": MsgPlantDBType}}
		}
		q.Type = t
	}
	if len(q.Search) > 200 {
		q.Search = q.Search[:200]
	}
	return s.store.PagePlantDB(ctx, q, page)
}

func parsePlantType(s string) (domain.PlantType, bool) {
	for _, t := range domain.PlantTypes {
		if strings.EqualFold(strings.TrimSpace(s), string(t)) {
			return t, true
		}
	}
	return "", false
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

func requireAdmin(p *domain.Principal) error { return domain.RequireRole(p, domain.RoleAdmin) }

// sanitizeItem cleans the HTML fields of an item.
func sanitizeItem(s ports.HTMLSanitizer, it *domain.PlantDBItem) {
	it.Description = s.Sanitize(it.Description)
	it.CareInstructions.Text = s.Sanitize(it.CareInstructions.Text)
	for k, v := range it.CareInstructions.Parts {
		it.CareInstructions.Parts[k] = s.Sanitize(v)
	}
}

func plantDBNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantDBNotFound)
	}
	return err
}

func storeURLTaken(err error) error {
	if domain.ErrorCode(err) == domain.EConflict {
		msg := "Another plant in the database has this store URL or slug"
		return &domain.Error{Code: domain.EConflict, Message: msg, Fields: map[string]string{"storeUrl": msg}}
	}
	return err
}

// Create adds an item (admins only). Items made here are manual unless marked otherwise.
func (s *PlantDatabase) Create(ctx context.Context, p *domain.Principal, it *domain.PlantDBItem) (*domain.PlantDBItem, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	it.ID, it.CreatedAt, it.UpdatedAt = 0, now, now
	sanitizeItem(s.sanitizer, it)
	if err := domain.ValidatePlantDBItem(it); err != nil {
		return nil, err
	}
	if err := s.store.CreatePlantDB(ctx, it); err != nil {
		return nil, storeURLTaken(err)
	}
	return it, nil
}

// Update lets change edit an item (admins only), then sanitizes and validates it.
func (s *PlantDatabase) Update(ctx context.Context, p *domain.Principal, id int64, change func(*domain.PlantDBItem) error) (*domain.PlantDBItem, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	it, err := s.store.UpdatePlantDB(ctx, id, func(it *domain.PlantDBItem) error {
		if err := change(it); err != nil {
			return err
		}
		it.UpdatedAt = s.clock.Now()
		sanitizeItem(s.sanitizer, it)
		return domain.ValidatePlantDBItem(it)
	})
	return it, storeURLTaken(plantDBNotFound(err))
}

// Delete removes an item (admins only). Plants made from it keep their own copy of the data.
func (s *PlantDatabase) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	return plantDBNotFound(s.store.DeletePlantDB(ctx, id))
}

// Clear removes every item, or only imported ones (admins only), and says how many.
func (s *PlantDatabase) Clear(ctx context.Context, p *domain.Principal, importedOnly bool) (int, error) {
	if err := requireAdmin(p); err != nil {
		return 0, err
	}
	return s.store.ClearPlantDB(ctx, importedOnly)
}

// ClearAsOperator is Clear for the command line, which acts with the operator's authority.
func (s *PlantDatabase) ClearAsOperator(ctx context.Context, importedOnly bool) (int, error) {
	return s.store.ClearPlantDB(ctx, importedOnly)
}

// ListAsOperator is List for the command line.
func (s *PlantDatabase) ListAsOperator(ctx context.Context) ([]*domain.PlantDBItem, error) {
	return s.store.ListPlantDB(ctx)
}
