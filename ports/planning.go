package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// PlanningStore keeps garden layouts (with their beds and plantings) and crop rotation groups
// and plans (with their assignments). Every list is one owner's, paginated by
// domain.PageRequest, and searched case-insensitively in name and description.
type PlanningStore interface {
	// CreateLayout inserts l with its beds and plantings in one transaction and sets the ids,
	// Version (1) and BedCount. check, when not nil, may veto it on its owner's usage, read in
	// the same transaction with the owner's account locked (so concurrent creations cannot both
	// pass a quota). Codes: invalid (a planting names a missing plant or item), check's error.
	CreateLayout(ctx context.Context, l *domain.GardenLayout, check func(domain.LayoutUsage) error) error
	// LayoutByID returns a layout with its owner's username, its beds in drawing order and
	// each bed's plantings with their names. Codes: not_found.
	LayoutByID(ctx context.Context, id int64) (*domain.GardenLayout, error)
	// ListLayouts returns ownerID's layouts newest first, with BedCount and Username, without
	// beds.
	ListLayouts(ctx context.Context, ownerID int64, search string, page domain.PageRequest) (domain.Page[*domain.GardenLayout], error)
	// UpdateLayout loads layout id with its beds inside a transaction (locked against other
	// writers), lets fn change it, then saves its fields and replaces its bed set with l.Beds:
	// beds with an id are updated, beds without one are inserted, missing ones deleted; every
	// bed's plantings are replaced. The version goes up by one. Codes: not_found, invalid (a
	// bed id of another layout, a missing plant), and fn's error, in which case nothing changes.
	UpdateLayout(ctx context.Context, id int64, fn func(*domain.GardenLayout) error) (*domain.GardenLayout, error)
	// CopyLayout, in one transaction with ownerID's account locked, loads layout id with its
	// beds, lets fn make the copy from it and ownerID's usage (layouts kept, copies made at or
	// after since), inserts the copy and records it as a copy made at its CreatedAt. Codes:
	// not_found, fn's error.
	CopyLayout(ctx context.Context, id, ownerID int64, since time.Time,
		fn func(src *domain.GardenLayout, usage domain.LayoutUsage) (*domain.GardenLayout, error)) (*domain.GardenLayout, error)
	// DeleteLayout removes a layout with its beds, plantings and the rotation assignments of
	// its beds; plans linked to it keep their rows as no layout. check may veto inside the
	// transaction. Codes: not_found, check's error.
	DeleteLayout(ctx context.Context, id int64, check func(*domain.GardenLayout) error) error
	// PlantPlacements returns the beds of ownerID's layouts where plant plantID grows, by
	// layout name then bed name.
	PlantPlacements(ctx context.Context, ownerID, plantID int64) ([]domain.Placement, error)

	// CreateGroup inserts g. Codes: conflict (the owner has a group of that name, any case).
	CreateGroup(ctx context.Context, g *domain.RotationGroup) error
	// CreateGroupsIfMissing inserts, in one transaction, the groups whose name the owner does
	// not use yet and returns how many it inserted.
	CreateGroupsIfMissing(ctx context.Context, ownerID int64, groups []*domain.RotationGroup) (int, error)
	// GroupByID returns one group. Codes: not_found.
	GroupByID(ctx context.Context, id int64) (*domain.RotationGroup, error)
	// ListGroups returns ownerID's groups by name (case-insensitive), then id.
	ListGroups(ctx context.Context, ownerID int64, page domain.PageRequest) (domain.Page[*domain.RotationGroup], error)
	// OwnerGroups returns those of ids that are groups of ownerID, by id.
	OwnerGroups(ctx context.Context, ownerID int64, ids []int64) (map[int64]*domain.RotationGroup, error)
	// UpdateGroup loads group id in a transaction, lets fn change it and saves it. Codes:
	// not_found, conflict (name taken), fn's error.
	UpdateGroup(ctx context.Context, id int64, fn func(*domain.RotationGroup) error) (*domain.RotationGroup, error)
	// DeleteGroup removes a group no plan uses. check may veto first. Codes: not_found,
	// conflict (domain.MsgGroupInUse), check's error.
	DeleteGroup(ctx context.Context, id int64, check func(*domain.RotationGroup) error) error

	// CreatePlan inserts p with its areas and assignments in one transaction. Codes: invalid
	// (a bed or group that does not exist).
	CreatePlan(ctx context.Context, p *domain.RotationPlan) error
	// PlanByID returns a plan with its owner's username, linked layout name, areas,
	// assignments (by row then year) and GroupCount. Codes: not_found.
	PlanByID(ctx context.Context, id int64) (*domain.RotationPlan, error)
	// ListPlans returns ownerID's plans newest first with GroupCount, Username and LayoutName,
	// without assignments.
	ListPlans(ctx context.Context, ownerID int64, search string, page domain.PageRequest) (domain.Page[*domain.RotationPlan], error)
	// UpdatePlan loads plan id with its assignments in a locked transaction, lets fn change it,
	// then saves its fields and replaces its assignments with p.Assignments. Codes: not_found,
	// invalid (a bed or group that does not exist), fn's error, in which case nothing changes.
	UpdatePlan(ctx context.Context, id int64, fn func(*domain.RotationPlan) error) (*domain.RotationPlan, error)
	// DeletePlan removes a plan with its assignments. Codes: not_found, check's error.
	DeletePlan(ctx context.Context, id int64, check func(*domain.RotationPlan) error) error
}
