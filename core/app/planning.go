package app

import (
	"context"
	"strconv"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PlanningStore is what Planning keeps: layouts, beds, groups and plans, and the plants and
// plant database items they place.
type PlanningStore interface {
	ports.PlanningStore
	// ports.PlantDatabaseStore's:
	PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error)
	// ports.PlantStore's:
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
}

// Planning is the garden planner and crop rotation: layouts with beds and plantings, rotation
// groups and plans. Everything is private to its owner: another gardener's layout, plan or group
// is not found, whatever the caller's role (spec 02 §6 leaves the server's rules open; see
// docs/decisions.md, "Planning").
type Planning struct {
	store PlanningStore
	clock ports.Clock
	tr    ports.Translator
}

// WithTranslator names a layout's copy in the copier's language (without one, English).
func (s *Planning) WithTranslator(tr ports.Translator) *Planning {
	s.tr = tr
	return s
}

// NewPlanning builds the planning service.
func NewPlanning(store PlanningStore, clock ports.Clock) *Planning {
	return &Planning{store: store, clock: clock}
}

func layoutNotFound() error { return domain.Errorf(domain.ENotFound, domain.MsgLayoutNotFound) }
func planNotFound() error   { return domain.Errorf(domain.ENotFound, domain.MsgPlanNotFound) }
func groupNotFound() error  { return domain.Errorf(domain.ENotFound, domain.MsgGroupNotFound) }

// notFoundAs turns the store's not found into the area's message.
func notFoundAs(err error, nf func() error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return nf()
	}
	return err
}

// ownLayout is the check every layout call runs: the caller owns it, else not found.
func ownLayout(p *domain.Principal) func(*domain.GardenLayout) error {
	return func(l *domain.GardenLayout) error {
		if l.UserID != p.User.ID {
			return layoutNotFound()
		}
		return nil
	}
}

// ListLayouts returns a page of the caller's layouts, newest first, searched by name and
// description.
func (s *Planning) ListLayouts(ctx context.Context, p *domain.Principal, search string, page domain.PageRequest) (domain.Page[*domain.GardenLayout], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.GardenLayout]{}, err
	}
	return s.store.ListLayouts(ctx, p.User.ID, search, page)
}

// GetLayout returns one of the caller's layouts with its beds and plantings.
func (s *Planning) GetLayout(ctx context.Context, p *domain.Principal, id int64) (*domain.GardenLayout, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.LayoutByID(ctx, id)
	if err != nil {
		return nil, notFoundAs(err, layoutNotFound)
	}
	if err := ownLayout(p)(l); err != nil {
		return nil, err
	}
	return l, nil
}

// checkPlantings makes sure every planting names one of the caller's plants or an existing
// plant database item.
func (s *Planning) checkPlantings(ctx context.Context, ownerID int64, beds []*domain.GardenBed) error {
	plants, items := map[int64]bool{}, map[int64]bool{}
	for i, b := range beds {
		for j, pl := range b.Plantings {
			field := "beds." + strconv.Itoa(i) + ".plantings." + strconv.Itoa(j) + ".plantId"
			switch {
			case pl.PlantID != nil && !plants[*pl.PlantID]:
				if _, err := s.store.PlantByID(ctx, ownerID, *pl.PlantID); domain.ErrorCode(err) == domain.ENotFound {
					return &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantingPlantUnknown, Fields: map[string]string{field: domain.MsgPlantingPlantUnknown}}
				} else if err != nil {
					return err
				}
				plants[*pl.PlantID] = true
			case pl.PlantDatabaseID != nil && !items[*pl.PlantDatabaseID]:
				if _, err := s.store.PlantDBByID(ctx, *pl.PlantDatabaseID); domain.ErrorCode(err) == domain.ENotFound {
					return &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantingDBUnknown, Fields: map[string]string{field: domain.MsgPlantingDBUnknown}}
				} else if err != nil {
					return err
				}
				items[*pl.PlantDatabaseID] = true
			}
		}
	}
	return nil
}

// CreateLayout makes a layout for the caller, with the beds given (often none).
func (s *Planning) CreateLayout(ctx context.Context, p *domain.Principal, l *domain.GardenLayout) (*domain.GardenLayout, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if err := domain.ValidateLayout(l); err != nil {
		return nil, err
	}
	if err := domain.ValidateBeds(l); err != nil {
		return nil, err
	}
	if err := s.checkPlantings(ctx, p.User.ID, l.Beds); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	l.ID, l.UserID, l.Username, l.CreatedAt, l.UpdatedAt = 0, p.User.ID, p.User.Username, now, now
	for _, b := range l.Beds {
		b.ID = 0
	}
	if err := s.store.CreateLayout(ctx, l, domain.CheckLayoutQuota); err != nil {
		return nil, err
	}
	return s.GetLayout(ctx, p, l.ID)
}

// LayoutPatch changes a layout's own fields; nil leaves a field alone. Version, when given,
// must be the layout's current version.
type LayoutPatch struct {
	Name        *string
	Description *string
	Width       *float64
	Height      *float64
	Version     *int64
}

// UpdateLayout changes one of the caller's layouts. A smaller size must still hold every bed.
func (s *Planning) UpdateLayout(ctx context.Context, p *domain.Principal, id int64, in LayoutPatch) (*domain.GardenLayout, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.UpdateLayout(ctx, id, func(l *domain.GardenLayout) error {
		if err := ownLayout(p)(l); err != nil {
			return err
		}
		if in.Version != nil {
			if err := domain.CheckLayoutVersion(l, *in.Version); err != nil {
				return err
			}
		}
		if in.Name != nil {
			l.Name = *in.Name
		}
		if in.Description != nil {
			l.Description = *in.Description
		}
		if in.Width != nil {
			l.Width = *in.Width
		}
		if in.Height != nil {
			l.Height = *in.Height
		}
		if err := domain.ValidateLayout(l); err != nil {
			return err
		}
		l.UpdatedAt = s.clock.Now()
		return domain.CheckBedsFit(l)
	})
	return l, notFoundAs(err, layoutNotFound)
}

// SaveBeds replaces the whole bed set of one of the caller's layouts, if version is still the
// layout's version; a stale save is a conflict and changes nothing. meta's fields, when set,
// change the layout's own fields in the same transaction (the editor saves a resized layout
// and its moved beds at once; meta.Version is ignored).
func (s *Planning) SaveBeds(ctx context.Context, p *domain.Principal, id, version int64, beds []*domain.GardenBed, meta LayoutPatch) (*domain.GardenLayout, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if beds == nil {
		beds = []*domain.GardenBed{}
	}
	// Plantings are checked before the transaction: reading plants inside it would hold the
	// layout's lock longer, and a plant deleted in between fails the insert anyway.
	if err := s.checkPlantings(ctx, p.User.ID, beds); err != nil {
		return nil, err
	}
	l, err := s.store.UpdateLayout(ctx, id, func(l *domain.GardenLayout) error {
		if err := ownLayout(p)(l); err != nil {
			return err
		}
		if err := domain.CheckLayoutVersion(l, version); err != nil {
			return err
		}
		if meta.Name != nil {
			l.Name = *meta.Name
		}
		if meta.Description != nil {
			l.Description = *meta.Description
		}
		if meta.Width != nil {
			l.Width = *meta.Width
		}
		if meta.Height != nil {
			l.Height = *meta.Height
		}
		if err := domain.ValidateLayout(l); err != nil {
			return err
		}
		l.Beds = beds
		if err := domain.ValidateBeds(l); err != nil {
			return err
		}
		l.UpdatedAt = s.clock.Now()
		return nil
	})
	return l, notFoundAs(err, layoutNotFound)
}

// CopyLayout copies one of the caller's layouts with its beds and plantings ("Copy of …"),
// within the caller's layout quota and copy rate (checked in the transaction that inserts the
// copy, so parallel copies cannot all pass).
func (s *Planning) CopyLayout(ctx context.Context, p *domain.Principal, id int64) (*domain.GardenLayout, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	l, err := s.store.CopyLayout(ctx, id, p.User.ID, now.Add(-domain.LayoutCopyWindow), func(src *domain.GardenLayout, usage domain.LayoutUsage) (*domain.GardenLayout, error) {
		if err := ownLayout(p)(src); err != nil {
			return nil, err
		}
		if err := domain.CheckLayoutCopyQuota(usage, now); err != nil {
			return nil, err
		}
		c := domain.CopyLayout(src, p.User.ID, now)
		c.Name = domain.CopyNameAs(wordsFor(s.tr, p.User)(domain.MsgLayoutCopyName), src.Name)
		return c, nil
	})
	return l, notFoundAs(err, layoutNotFound)
}

// DeleteLayout deletes one of the caller's layouts with its beds; plans linked to it keep their
// other data.
func (s *Planning) DeleteLayout(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return notFoundAs(s.store.DeleteLayout(ctx, id, ownLayout(p)), layoutNotFound)
}

// Placements says where one of the caller's plants grows.
func (s *Planning) Placements(ctx context.Context, p *domain.Principal, plantID int64) ([]domain.Placement, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if _, err := s.store.PlantByID(ctx, p.User.ID, plantID); err != nil {
		return nil, plantNotFound(err)
	}
	return s.store.PlantPlacements(ctx, p.User.ID, plantID)
}

func ownGroup(p *domain.Principal) func(*domain.RotationGroup) error {
	return func(g *domain.RotationGroup) error {
		if g.UserID != p.User.ID {
			return groupNotFound()
		}
		return nil
	}
}

// ListGroups returns a page of the caller's rotation groups by name.
func (s *Planning) ListGroups(ctx context.Context, p *domain.Principal, page domain.PageRequest) (domain.Page[*domain.RotationGroup], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.RotationGroup]{}, err
	}
	return s.store.ListGroups(ctx, p.User.ID, page)
}

// CreateGroup adds a rotation group for the caller; no colour means the default grey-blue.
func (s *Planning) CreateGroup(ctx context.Context, p *domain.Principal, g *domain.RotationGroup) (*domain.RotationGroup, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if err := domain.ValidateGroup(g); err != nil {
		return nil, err
	}
	g.ID, g.UserID, g.CreatedAt = 0, p.User.ID, s.clock.Now()
	if err := s.store.CreateGroup(ctx, g); err != nil {
		return nil, err
	}
	return g, nil
}

// SeedClassicGroups adds the classic rotation groups the caller does not have yet (by name) and
// says how many it added.
func (s *Planning) SeedClassicGroups(ctx context.Context, p *domain.Principal) (int, error) {
	if err := signedIn(p); err != nil {
		return 0, err
	}
	return s.store.CreateGroupsIfMissing(ctx, p.User.ID, domain.ClassicGroups(p.User.ID, s.clock.Now()))
}

// GroupPatch changes a group; nil leaves a field alone, an empty colour resets it to the default.
type GroupPatch struct {
	Name        *string
	Description *string
	Color       *string
}

// UpdateGroup changes one of the caller's groups.
func (s *Planning) UpdateGroup(ctx context.Context, p *domain.Principal, id int64, in GroupPatch) (*domain.RotationGroup, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	g, err := s.store.UpdateGroup(ctx, id, func(g *domain.RotationGroup) error {
		if err := ownGroup(p)(g); err != nil {
			return err
		}
		if in.Name != nil {
			g.Name = *in.Name
		}
		if in.Description != nil {
			g.Description = *in.Description
		}
		if in.Color != nil {
			g.Color = *in.Color
		}
		return domain.ValidateGroup(g)
	})
	return g, notFoundAs(err, groupNotFound)
}

// DeleteGroup deletes one of the caller's groups unless a plan uses it (conflict).
func (s *Planning) DeleteGroup(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return notFoundAs(s.store.DeleteGroup(ctx, id, ownGroup(p)), groupNotFound)
}

// PlanRow is one row of a plan's grid: a bed of the linked layout or a named area.
type PlanRow struct {
	Slot domain.Slot
	Name string
}

// PlanDetail is a plan as its editor needs it: its rows in order and the rule check's warnings.
type PlanDetail struct {
	*domain.RotationPlan
	Rows     []PlanRow
	Warnings []domain.RotationWarning
}

func ownPlan(p *domain.Principal) func(*domain.RotationPlan) error {
	return func(x *domain.RotationPlan) error {
		if x.UserID != p.User.ID {
			return planNotFound()
		}
		return nil
	}
}

// ListPlans returns a page of the caller's plans, newest first, searched by name and description.
func (s *Planning) ListPlans(ctx context.Context, p *domain.Principal, search string, page domain.PageRequest) (domain.Page[*domain.RotationPlan], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.RotationPlan]{}, err
	}
	return s.store.ListPlans(ctx, p.User.ID, search, page)
}

// GetPlan returns one of the caller's plans with its rows and warnings.
func (s *Planning) GetPlan(ctx context.Context, p *domain.Principal, id int64) (*PlanDetail, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	x, err := s.store.PlanByID(ctx, id)
	if err != nil {
		return nil, notFoundAs(err, planNotFound)
	}
	if err := ownPlan(p)(x); err != nil {
		return nil, err
	}
	return s.detail(ctx, p, x)
}

// layoutBeds returns the beds of the caller's layout id, or an invalid error naming layoutId.
func (s *Planning) layoutBeds(ctx context.Context, p *domain.Principal, id *int64) ([]*domain.GardenBed, error) {
	if id == nil {
		return nil, nil
	}
	l, err := s.store.LayoutByID(ctx, *id)
	if domain.ErrorCode(err) == domain.ENotFound || err == nil && l.UserID != p.User.ID {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgLayoutNotFound, Fields: map[string]string{"layoutId": domain.MsgLayoutNotFound}}
	} else if err != nil {
		return nil, err
	}
	return l.Beds, nil
}

func bedSet(beds []*domain.GardenBed) map[int64]bool {
	out := map[int64]bool{}
	for _, b := range beds {
		out[b.ID] = true
	}
	return out
}

func (s *Planning) detail(ctx context.Context, p *domain.Principal, x *domain.RotationPlan) (*PlanDetail, error) {
	beds, err := s.layoutBeds(ctx, p, x.LayoutID)
	if domain.ErrorCode(err) == domain.EInvalid {
		beds = nil
	} else if err != nil {
		return nil, err
	}
	d := &PlanDetail{RotationPlan: x, Rows: []PlanRow{}}
	names := map[domain.Slot]string{}
	if x.LayoutID != nil {
		for _, b := range beds {
			r := PlanRow{Slot: domain.Slot{BedID: b.ID}, Name: b.Name}
			d.Rows = append(d.Rows, r)
			names[r.Slot] = r.Name
		}
	} else {
		for _, a := range x.Areas {
			r := PlanRow{Slot: domain.Slot{Area: a}, Name: a}
			d.Rows = append(d.Rows, r)
			names[r.Slot] = a
		}
	}
	ids := []int64{}
	for _, a := range x.Assignments {
		ids = append(ids, a.GroupID)
	}
	groups, err := s.store.OwnerGroups(ctx, p.User.ID, ids)
	if err != nil {
		return nil, err
	}
	d.Warnings = domain.CheckRotation(x.Assignments, x.Gap,
		func(sl domain.Slot) string { return names[sl] },
		func(id int64) string {
			if g := groups[id]; g != nil {
				return g.Name
			}
			return "A group"
		})
	return d, nil
}

// checkPlanRefs checks the plan's layout, beds and groups belong to the caller.
func (s *Planning) checkPlanRefs(ctx context.Context, p *domain.Principal, x *domain.RotationPlan, beds []*domain.GardenBed) error {
	ids := make([]int64, 0, len(x.Assignments))
	for _, a := range x.Assignments {
		ids = append(ids, a.GroupID)
	}
	groups, err := s.store.OwnerGroups(ctx, p.User.ID, ids)
	if err != nil {
		return err
	}
	known := map[int64]bool{}
	for id := range groups {
		known[id] = true
	}
	return domain.CheckAssignments(x, bedSet(beds), known)
}

// CreatePlan makes a rotation plan for the caller, with any assignments given.
func (s *Planning) CreatePlan(ctx context.Context, p *domain.Principal, x *domain.RotationPlan) (*PlanDetail, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if err := domain.ValidatePlan(x); err != nil {
		return nil, err
	}
	beds, err := s.layoutBeds(ctx, p, x.LayoutID)
	if err != nil {
		return nil, err
	}
	if x.LayoutID != nil {
		x.Areas = []string{}
	}
	if err := s.checkPlanRefs(ctx, p, x, beds); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	x.ID, x.UserID, x.CreatedAt, x.UpdatedAt = 0, p.User.ID, now, now
	if err := s.store.CreatePlan(ctx, x); err != nil {
		return nil, err
	}
	return s.GetPlan(ctx, p, x.ID)
}

// PlanPatch changes a plan's own fields; nil leaves a field alone. LayoutSet with a nil LayoutID
// unlinks the layout. Assignments that no longer fit (years, beds, areas) are dropped.
type PlanPatch struct {
	Name        *string
	Description *string
	StartYear   *int
	Duration    *int
	Gap         *int
	LayoutSet   bool
	LayoutID    *int64
	Areas       *[]string
}

// UpdatePlan changes one of the caller's plans.
func (s *Planning) UpdatePlan(ctx context.Context, p *domain.Principal, id int64, in PlanPatch) (*PlanDetail, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	var beds []*domain.GardenBed
	if in.LayoutSet {
		b, err := s.layoutBeds(ctx, p, in.LayoutID)
		if err != nil {
			return nil, err
		}
		beds = b
	}
	x, err := s.store.UpdatePlan(ctx, id, func(x *domain.RotationPlan) error {
		if err := ownPlan(p)(x); err != nil {
			return err
		}
		if !in.LayoutSet && x.LayoutID != nil {
			b, err := s.layoutBeds(ctx, p, x.LayoutID)
			if err == nil {
				beds = b
			}
		}
		if in.Name != nil {
			x.Name = *in.Name
		}
		if in.Description != nil {
			x.Description = *in.Description
		}
		if in.StartYear != nil {
			x.StartYear = *in.StartYear
		}
		if in.Duration != nil {
			x.Duration = *in.Duration
		}
		if in.Gap != nil {
			x.Gap = *in.Gap
			if x.Gap == 0 {
				x.Gap = -1 // an explicit 0 is out of range, not "the default"
			}
		}
		if in.LayoutSet {
			x.LayoutID = in.LayoutID
		}
		if in.Areas != nil {
			x.Areas = append([]string{}, (*in.Areas)...)
		}
		if err := domain.ValidatePlan(x); err != nil {
			return err
		}
		domain.TrimAssignments(x, bedSet(beds))
		x.UpdatedAt = s.clock.Now()
		return nil
	})
	if err != nil {
		return nil, notFoundAs(err, planNotFound)
	}
	return s.detail(ctx, p, x)
}

// SaveAssignments replaces all the assignments of one of the caller's plans at once.
func (s *Planning) SaveAssignments(ctx context.Context, p *domain.Principal, id int64, as []domain.RotationAssignment) (*PlanDetail, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	cur, err := s.store.PlanByID(ctx, id)
	if err != nil {
		return nil, notFoundAs(err, planNotFound)
	}
	if err := ownPlan(p)(cur); err != nil {
		return nil, err
	}
	beds, err := s.layoutBeds(ctx, p, cur.LayoutID)
	if err != nil && domain.ErrorCode(err) != domain.EInvalid {
		return nil, err
	}
	if as == nil {
		as = []domain.RotationAssignment{}
	}
	x, err := s.store.UpdatePlan(ctx, id, func(x *domain.RotationPlan) error {
		if err := ownPlan(p)(x); err != nil {
			return err
		}
		x.Assignments = as
		if err := s.checkPlanRefs(ctx, p, x, beds); err != nil {
			return err
		}
		x.UpdatedAt = s.clock.Now()
		return nil
	})
	if err != nil {
		return nil, notFoundAs(err, planNotFound)
	}
	return s.detail(ctx, p, x)
}

// DeletePlan deletes one of the caller's plans.
func (s *Planning) DeletePlan(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return notFoundAs(s.store.DeletePlan(ctx, id, ownPlan(p)), planNotFound)
}
