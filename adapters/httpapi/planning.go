package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// planningRoutes are the garden layout and crop rotation calls of spec 02 §7 and the ones the
// editors need (docs/api.md, "Planning"). Writes are gated by the garden_planner and
// crop_rotation maintenance functions.
func (s *Server) planningRoutes() []route {
	return []route{
		{method: "GET", path: "/api/garden-layouts", handler: s.handleListLayouts,
			op: apiOp{summary: "The caller's garden layouts", out: []layoutJSON{}, page: true, query: []string{"search"}}},
		{method: "POST", path: "/api/garden-layouts", access: writes(domain.FunctionPlanner), handler: s.handleCreateLayout,
			op: apiOp{summary: "Create a garden layout", in: createLayoutInput{}, out: layoutJSON{}, status: 201}},
		{method: "GET", path: "/api/garden-layouts/{id}", handler: s.handleGetLayout,
			op: apiOp{summary: "One garden layout with its beds", out: layoutJSON{}}},
		{method: "PATCH", path: "/api/garden-layouts/{id}", access: writes(domain.FunctionPlanner), handler: s.handleUpdateLayout,
			op: apiOp{summary: "Change a garden layout (version guards concurrent edits)", in: updateLayoutInput{}, out: layoutJSON{}}},
		{method: "DELETE", path: "/api/garden-layouts/{id}", access: writes(domain.FunctionPlanner), handler: s.handleDeleteLayout,
			op: apiOp{summary: "Delete a garden layout"}},
		{method: "POST", path: "/api/garden-layouts/{id}/copy", access: writes(domain.FunctionPlanner), handler: s.handleCopyLayout,
			op: apiOp{summary: "Copy a garden layout", out: layoutJSON{}, status: 201}},
		{method: "PUT", path: "/api/garden-layouts/{id}/beds", access: writes(domain.FunctionPlanner), handler: s.handleSaveBeds,
			op: apiOp{summary: "Save a layout's beds and plantings", in: saveBedsInput{}, out: layoutJSON{}}},
		{method: "GET", path: "/api/plants/{id}/placements", handler: s.handlePlantPlacements,
			op: apiOp{summary: "The garden beds a plant is placed in", out: []placementJSON{}}},
		// A plan is the grid of beds × years; the rule check runs on every save.
		{method: "GET", path: "/api/crop-rotation/plans", handler: s.handleListPlans,
			op: apiOp{summary: "The caller's crop rotation plans", out: []planJSON{}, page: true, query: []string{"search"}}},
		{method: "POST", path: "/api/crop-rotation/plans", access: writes(domain.FunctionCropRotation), handler: s.handleCreatePlan,
			op: apiOp{summary: "Create a crop rotation plan", in: createPlanInput{}, out: planJSON{}, status: 201}},
		{method: "GET", path: "/api/crop-rotation/plans/{id}", handler: s.handleGetPlan,
			op: apiOp{summary: "One crop rotation plan with its rows and warnings", out: planJSON{}}},
		{method: "PATCH", path: "/api/crop-rotation/plans/{id}", access: writes(domain.FunctionCropRotation), handler: s.handleUpdatePlan,
			op: apiOp{summary: "Change a crop rotation plan", in: updatePlanInput{}, out: planJSON{}}},
		{method: "DELETE", path: "/api/crop-rotation/plans/{id}", access: writes(domain.FunctionCropRotation), handler: s.handleDeletePlan,
			op: apiOp{summary: "Delete a crop rotation plan"}},
		{method: "PUT", path: "/api/crop-rotation/plans/{id}/assignments", access: writes(domain.FunctionCropRotation), handler: s.handleSaveAssignments,
			op: apiOp{summary: "Save a plan's group per bed and year", in: saveAssignmentsInput{}, out: planJSON{}}},
		// Rotation groups are the crop families a plan cycles through, the gardener's own.
		{method: "GET", path: "/api/crop-rotation/groups", handler: s.handleListGroups,
			op: apiOp{summary: "The caller's rotation groups", out: []groupJSON{}, page: true}},
		{method: "POST", path: "/api/crop-rotation/groups", access: writes(domain.FunctionCropRotation), handler: s.handleCreateGroup,
			op: apiOp{summary: "Create a rotation group", in: createGroupInput{}, out: groupJSON{}, status: 201}},
		{method: "POST", path: "/api/crop-rotation/groups/seed-classic", access: writes(domain.FunctionCropRotation), handler: s.handleSeedGroups,
			op: apiOp{summary: "Add the classic four rotation groups", out: createdCountJSON{}}},
		{method: "PATCH", path: "/api/crop-rotation/groups/{id}", access: writes(domain.FunctionCropRotation), handler: s.handleUpdateGroup,
			op: apiOp{summary: "Change a rotation group", in: updateGroupInput{}, out: groupJSON{}}},
		{method: "DELETE", path: "/api/crop-rotation/groups/{id}", access: writes(domain.FunctionCropRotation), handler: s.handleDeleteGroup,
			op: apiOp{summary: "Delete a rotation group"}},
	}
}

// layoutJSON is a garden layout (spec 02 §3), with its beds when one layout is read.
type layoutJSON struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Width       float64 `json:"width"`
	Height      float64 `json:"height"`
	BedCount    int     `json:"bedCount"`
	Username    string  `json:"username"`
	Version     int64   `json:"version"`
	timestamps
	Beds *[]bedJSON `json:"beds,omitempty"`
}

// bedJSON is a bed in and out; an absent or zero id in a save makes a new bed.
type bedJSON struct {
	ID        *int64         `json:"id"`
	Name      string         `json:"name"`
	X         float64        `json:"x"`
	Y         float64        `json:"y"`
	Width     float64        `json:"width"`
	Height    float64        `json:"height"`
	Color     *string        `json:"color"`
	Plantings []plantingJSON `json:"plantings"`
}

type plantingJSON struct {
	ID              int64    `json:"id,omitempty"`
	PlantID         *int64   `json:"plantId"`
	PlantDatabaseID *int64   `json:"plantDatabaseId"`
	Name            string   `json:"name"`
	Count           int      `json:"count"`
	X               *float64 `json:"x"`
	Y               *float64 `json:"y"`
}

func toLayoutJSON(l *domain.GardenLayout, withBeds bool) layoutJSON {
	out := layoutJSON{ID: l.ID, Name: l.Name, Description: l.Description, Width: l.Width, Height: l.Height, BedCount: l.BedCount,
		Username: l.Username, Version: l.Version, timestamps: stamped(l.CreatedAt, l.UpdatedAt)}
	if withBeds {
		beds := make([]bedJSON, len(l.Beds))
		for i, b := range l.Beds {
			id := b.ID
			bj := bedJSON{ID: &id, Name: b.Name, X: b.X, Y: b.Y, Width: b.Width, Height: b.Height, Plantings: make([]plantingJSON, len(b.Plantings))}
			if b.Color != "" {
				c := b.Color
				bj.Color = &c
			}
			for j, p := range b.Plantings {
				bj.Plantings[j] = plantingJSON{ID: p.ID, PlantID: p.PlantID, PlantDatabaseID: p.PlantDatabaseID, Name: p.Name, Count: p.Count, X: p.X, Y: p.Y}
			}
			beds[i] = bj
		}
		out.Beds = &beds
	}
	return out
}

func fromBedsJSON(in []bedJSON) []*domain.GardenBed {
	out := make([]*domain.GardenBed, len(in))
	for i, b := range in {
		bed := &domain.GardenBed{Name: b.Name, X: b.X, Y: b.Y, Width: b.Width, Height: b.Height, Plantings: make([]*domain.BedPlanting, len(b.Plantings))}
		if b.ID != nil {
			bed.ID = *b.ID
		}
		if b.Color != nil {
			bed.Color = *b.Color
		}
		for j, p := range b.Plantings {
			bed.Plantings[j] = &domain.BedPlanting{PlantID: p.PlantID, PlantDatabaseID: p.PlantDatabaseID, Count: p.Count, X: p.X, Y: p.Y}
		}
		out[i] = bed
	}
	return out
}

func (s *Server) handleListLayouts(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleSearchPage(s, w, r, p, s.svc.Planning.ListLayouts, toLayoutSummaryJSON)
}

func toLayoutSummaryJSON(l *domain.GardenLayout) layoutJSON { return toLayoutJSON(l, false) }
func toLayoutDetailJSON(l *domain.GardenLayout) layoutJSON  { return toLayoutJSON(l, true) }

// layoutEndpoint reads a layout's {id}: one that is not a number is the layout's 404.
var layoutEndpoint = endpoint{id: true, idNotFound: domain.MsgLayoutNotFound}

func (s *Server) handleGetLayout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, layoutEndpoint, s.svc.Planning.GetLayout, toLayoutDetailJSON)
}

// createLayoutInput is the body of handleCreateLayout.
type createLayoutInput struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Width       float64   `json:"width"`
	Height      float64   `json:"height"`
	Beds        []bedJSON `json:"beds"`
}

func (s *Server) handleCreateLayout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[createLayoutInput]) (*domain.GardenLayout, error) {
		in := q.in
		return s.svc.Planning.CreateLayout(r.Context(), p, &domain.GardenLayout{Name: in.Name, Description: in.Description, Width: in.Width,
			Height: in.Height, Beds: fromBedsJSON(in.Beds)})
	}, toLayoutDetailJSON)
}

// updateLayoutInput is the body of handleUpdateLayout.
type updateLayoutInput struct {
	Name        *string  `json:"name"`
	Description *string  `json:"description"`
	Width       *float64 `json:"width"`
	Height      *float64 `json:"height"`
	Version     *int64   `json:"version"`
}

func (s *Server) handleUpdateLayout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, layoutEndpoint, func(q request[updateLayoutInput]) (*domain.GardenLayout, error) {
		in := q.in
		return s.svc.Planning.UpdateLayout(r.Context(), p, q.id, app.LayoutPatch{Name: in.Name, Description: in.Description, Width: in.Width,
			Height: in.Height, Version: in.Version})
	}, toLayoutDetailJSON)
}

func (s *Server) handleDeleteLayout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, layoutEndpoint, s.svc.Planning.DeleteLayout)
}

// saveBedsInput is the body of handleSaveBeds.
type saveBedsInput struct {
	Version     *int64    `json:"version"`
	Beds        []bedJSON `json:"beds"`
	Name        *string   `json:"name"`
	Description *string   `json:"description"`
	Width       *float64  `json:"width"`
	Height      *float64  `json:"height"`
}

func (s *Server) handleSaveBeds(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, layoutEndpoint, func(q request[saveBedsInput]) (*domain.GardenLayout, error) {
		in := q.in
		if in.Version == nil {
			const msg = "version is required: send the version the layout was read with"
			return nil, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"version": msg}}
		}
		return s.svc.Planning.SaveBeds(r.Context(), p, q.id, *in.Version, fromBedsJSON(in.Beds),
			app.LayoutPatch{Name: in.Name, Description: in.Description, Width: in.Width, Height: in.Height})
	}, toLayoutDetailJSON)
}

func (s *Server) handleCopyLayout(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	e := layoutEndpoint
	e.status = http.StatusCreated
	handleByID(s, w, r, p, e, s.svc.Planning.CopyLayout, toLayoutDetailJSON)
}

// placementJSON says where a plant grows, for "Grows in: Back garden · Bed 2".
type placementJSON struct {
	LayoutID   int64  `json:"layoutId"`
	LayoutName string `json:"layoutName"`
	BedID      int64  `json:"bedId"`
	BedName    string `json:"bedName"`
	Count      int    `json:"count"`
}

func (s *Server) handlePlantPlacements(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgPlantNotFound}, func(q request[noBody]) ([]domain.Placement, error) {
		return s.svc.Planning.Placements(r.Context(), p, q.id)
	}, each(func(x domain.Placement) placementJSON {
		return placementJSON{x.LayoutID, x.LayoutName, x.BedID, x.BedName, x.Count}
	}))
}

// groupJSON is a rotation group (spec 02 §3).
type groupJSON struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Color       string    `json:"color"`
	CreatedAt   time.Time `json:"createdAt"`
}

func toGroupJSON(g *domain.RotationGroup) groupJSON {
	return groupJSON{g.ID, g.Name, g.Description, g.Color, g.CreatedAt.UTC()}
}

func (s *Server) handleListGroups(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.RotationGroup], error) {
		return s.svc.Planning.ListGroups(r.Context(), p, page)
	}, toGroupJSON)
}

// createGroupInput is the body of handleCreateGroup.
type createGroupInput struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Color       string `json:"color"`
}

func (s *Server) handleCreateGroup(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[createGroupInput]) (*domain.RotationGroup, error) {
		return s.svc.Planning.CreateGroup(r.Context(), p, &domain.RotationGroup{Name: q.in.Name, Description: q.in.Description, Color: q.in.Color})
	}, toGroupJSON)
}

func (s *Server) handleSeedGroups(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (int, error) {
		return s.svc.Planning.SeedClassicGroups(r.Context(), p)
	}, func(n int) createdCountJSON { return createdCountJSON{Created: n} })
}

// groupEndpoint reads a rotation group's {id}: one that is not a number is the group's 404.
var groupEndpoint = endpoint{id: true, idNotFound: domain.MsgGroupNotFound}

// updateGroupInput is the body of handleUpdateGroup.
type updateGroupInput struct {
	Name        *string          `json:"name"`
	Description *string          `json:"description"`
	Color       optional[string] `json:"color"`
}

func (s *Server) handleUpdateGroup(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, groupEndpoint, func(q request[updateGroupInput]) (*domain.RotationGroup, error) {
		patch := app.GroupPatch{Name: q.in.Name, Description: q.in.Description}
		if q.in.Color.Set {
			c := q.in.Color.Value // null resets to the default colour, like ""
			patch.Color = &c
		}
		return s.svc.Planning.UpdateGroup(r.Context(), p, q.id, patch)
	}, toGroupJSON)
}

func (s *Server) handleDeleteGroup(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, groupEndpoint, s.svc.Planning.DeleteGroup)
}

// planJSON is a rotation plan (spec 02 §3); one plan read alone also carries its grid rows,
// assignments and the rule check's warnings.
type planJSON struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	StartYear   int      `json:"startYear"`
	Duration    int      `json:"duration"`
	YearRange   string   `json:"yearRange"`
	Gap         int      `json:"gap"`
	LayoutID    *int64   `json:"layoutId"`
	LayoutName  *string  `json:"layoutName"`
	Areas       []string `json:"areas"`
	GroupCount  int      `json:"groupCount"`
	Username    string   `json:"username"`
	timestamps
	Rows        *[]planRowJSON    `json:"rows,omitempty"`
	Assignments *[]assignmentJSON `json:"assignments,omitempty"`
	Warnings    *[]warningJSON    `json:"warnings,omitempty"`
}

type planRowJSON struct {
	BedID *int64  `json:"bedId"`
	Area  *string `json:"area"`
	Name  string  `json:"name"`
}

type assignmentJSON struct {
	BedID   *int64  `json:"bedId"`
	Area    *string `json:"area"`
	Year    int     `json:"year"`
	GroupID int64   `json:"groupId"`
}

type warningJSON struct {
	BedID        *int64  `json:"bedId"`
	Area         *string `json:"area"`
	Year         int     `json:"year"`
	PreviousYear int     `json:"previousYear"`
	GroupID      int64   `json:"groupId"`
	Message      string  `json:"message"`
}

func slotJSON(sl domain.Slot) (*int64, *string) {
	if sl.BedID != 0 {
		id := sl.BedID
		return &id, nil
	}
	a := sl.Area
	return nil, &a
}

func toPlanJSON(x *domain.RotationPlan) planJSON {
	out := planJSON{ID: x.ID, Name: x.Name, Description: x.Description, StartYear: x.StartYear, Duration: x.Duration,
		YearRange: domain.YearRange(x.StartYear, x.Duration), Gap: x.Gap, LayoutID: x.LayoutID, Areas: x.Areas, GroupCount: x.GroupCount,
		Username: x.Username, timestamps: stamped(x.CreatedAt, x.UpdatedAt)}
	if x.LayoutID != nil {
		n := x.LayoutName
		out.LayoutName = &n
	}
	if out.Areas == nil {
		out.Areas = []string{}
	}
	return out
}

func toPlanDetailJSON(d *app.PlanDetail) planJSON {
	out := toPlanJSON(d.RotationPlan)
	rows := make([]planRowJSON, len(d.Rows))
	for i, r := range d.Rows {
		b, a := slotJSON(r.Slot)
		rows[i] = planRowJSON{BedID: b, Area: a, Name: r.Name}
	}
	as := make([]assignmentJSON, len(d.Assignments))
	for i, a := range d.Assignments {
		b, ar := slotJSON(domain.SlotOf(a))
		as[i] = assignmentJSON{BedID: b, Area: ar, Year: a.Year, GroupID: a.GroupID}
	}
	ws := make([]warningJSON, len(d.Warnings))
	for i, w := range d.Warnings {
		b, a := slotJSON(w.Slot)
		ws[i] = warningJSON{BedID: b, Area: a, Year: w.Year, PreviousYear: w.PreviousYear, GroupID: w.GroupID, Message: w.Message}
	}
	out.Rows, out.Assignments, out.Warnings = &rows, &as, &ws
	return out
}

func fromAssignmentsJSON(in []assignmentJSON) []domain.RotationAssignment {
	out := make([]domain.RotationAssignment, len(in))
	for i, a := range in {
		out[i] = domain.RotationAssignment{BedID: a.BedID, Year: a.Year, GroupID: a.GroupID}
		if a.Area != nil {
			out[i].Area = *a.Area
		}
	}
	return out
}

func (s *Server) handleListPlans(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleSearchPage(s, w, r, p, s.svc.Planning.ListPlans, toPlanJSON)
}

// planEndpoint reads a rotation plan's {id}: one that is not a number is the plan's 404.
var planEndpoint = endpoint{id: true, idNotFound: domain.MsgPlanNotFound}

func (s *Server) handleGetPlan(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, planEndpoint, s.svc.Planning.GetPlan, toPlanDetailJSON)
}

// createPlanInput is the body of handleCreatePlan.
type createPlanInput struct {
	Name        string           `json:"name"`
	Description string           `json:"description"`
	StartYear   int              `json:"startYear"`
	Duration    int              `json:"duration"`
	Gap         int              `json:"gap"`
	LayoutID    *int64           `json:"layoutId"`
	Areas       []string         `json:"areas"`
	Assignments []assignmentJSON `json:"assignments"`
}

func (s *Server) handleCreatePlan(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[createPlanInput]) (*app.PlanDetail, error) {
		in := q.in
		return s.svc.Planning.CreatePlan(r.Context(), p, &domain.RotationPlan{Name: in.Name, Description: in.Description, StartYear: in.StartYear,
			Duration: in.Duration, Gap: in.Gap, LayoutID: in.LayoutID, Areas: in.Areas, Assignments: fromAssignmentsJSON(in.Assignments)})
	}, toPlanDetailJSON)
}

// updatePlanInput is the body of handleUpdatePlan.
type updatePlanInput struct {
	Name        *string         `json:"name"`
	Description *string         `json:"description"`
	StartYear   *int            `json:"startYear"`
	Duration    *int            `json:"duration"`
	Gap         *int            `json:"gap"`
	LayoutID    optional[int64] `json:"layoutId"`
	Areas       *[]string       `json:"areas"`
}

func (s *Server) handleUpdatePlan(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, planEndpoint, func(q request[updatePlanInput]) (*app.PlanDetail, error) {
		in := q.in
		return s.svc.Planning.UpdatePlan(r.Context(), p, q.id, app.PlanPatch{Name: in.Name, Description: in.Description, StartYear: in.StartYear,
			Duration: in.Duration, Gap: in.Gap, LayoutSet: in.LayoutID.Set, LayoutID: in.LayoutID.ptr(), Areas: in.Areas})
	}, toPlanDetailJSON)
}

// saveAssignmentsInput is the body of handleSaveAssignments.
type saveAssignmentsInput struct {
	Assignments []assignmentJSON `json:"assignments"`
}

func (s *Server) handleSaveAssignments(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, planEndpoint, func(q request[saveAssignmentsInput]) (*app.PlanDetail, error) {
		return s.svc.Planning.SaveAssignments(r.Context(), p, q.id, fromAssignmentsJSON(q.in.Assignments))
	}, toPlanDetailJSON)
}

func (s *Server) handleDeletePlan(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, planEndpoint, s.svc.Planning.DeletePlan)
}
