package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// plantDatabaseRoutes are the plant database, gated by the plant_database function.
func (s *Server) plantDatabaseRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plant-database", handler: s.handleListPlantDB,
			op: apiOp{summary: "The plant database", out: []plantDBJSON{}, page: true, query: []string{"q: searches common and scientific names", "type: a plant type"}}},
		{method: "GET", path: "/api/plant-database/{id}", handler: s.handleGetPlantDB,
			op: apiOp{summary: "One plant database item", out: plantDBJSON{}}},
		{method: "POST", path: "/api/plant-database", access: writes(domain.FunctionPlantDatabase), handler: s.handleCreatePlantDB,
			op: apiOp{summary: "Add a plant database item", in: plantDBInput{}, out: plantDBJSON{}, status: 201}},
		{method: "PATCH", path: "/api/plant-database/{id}", access: writes(domain.FunctionPlantDatabase), role: domain.RoleAdmin, handler: s.handleUpdatePlantDB,
			op: apiOp{summary: "Change a plant database item", in: plantDBInput{}, out: plantDBJSON{}}},
		{method: "DELETE", path: "/api/plant-database/{id}", access: writes(domain.FunctionPlantDatabase), role: domain.RoleAdmin, handler: s.handleDeletePlantDB,
			op: apiOp{summary: "Delete a plant database item"}},
		{method: "POST", path: "/api/plant-database/clear", access: writes(domain.FunctionPlantDatabase), handler: s.handleClearPlantDB(false),
			op: apiOp{summary: "Delete every plant database item", out: deletedCountJSON{}}},
		{method: "POST", path: "/api/plant-database/clear-imported", access: writes(domain.FunctionPlantDatabase), handler: s.handleClearPlantDB(true),
			op: apiOp{summary: "Delete the imported plant database items", out: deletedCountJSON{}}},
	}
}

// plantDBJSON is a plant database item on the wire. The fertilizer text is sent under both
// spellings the spec's pages read; careInstructions is a string or an object.
type plantDBJSON struct {
	ID                     int64    `json:"id"`
	CommonName             string   `json:"commonName"`
	ScientificName         string   `json:"scientificName"`
	PlantType              string   `json:"plantType"`
	Description            string   `json:"description"`
	ImageURL               string   `json:"imageUrl"`
	AlternativeImageURLs   []string `json:"alternativeImageUrls"`
	LightRequirements      string   `json:"lightRequirements"`
	WaterRequirements      string   `json:"waterRequirements"`
	FertilizerRequirements string   `json:"fertilizerRequirements"`
	FertilizorRequirements string   `json:"fertilizorRequirements"`
	CareInstructions       any      `json:"careInstructions"`
	StoreURL               string   `json:"storeUrl"`
	Slug                   string   `json:"slug"`
	Source                 string   `json:"source"`
	// Sowing is when to sow, plant out and harvest (issue #24 item 7).
	Sowing sowingJSON `json:"sowing"`
	timestamps
}

func toPlantDBJSON(it *domain.PlantDBItem) plantDBJSON {
	var care any = it.CareInstructions.Text
	if len(it.CareInstructions.Parts) > 0 {
		care = it.CareInstructions.Parts
	}
	alts := it.AlternativeImageURLs
	if alts == nil {
		alts = []string{}
	}
	return plantDBJSON{ID: it.ID, CommonName: it.CommonName, ScientificName: it.ScientificName, PlantType: string(it.Type),
		Description: it.Description, ImageURL: it.ImageURL, AlternativeImageURLs: alts, LightRequirements: it.LightRequirements,
		WaterRequirements: it.WaterRequirements, FertilizerRequirements: it.FertilizerRequirements,
		FertilizorRequirements: it.FertilizerRequirements, CareInstructions: care, StoreURL: it.StoreURL, Slug: it.Slug,
		Source: it.Source, Sowing: toSowingJSON(it.Sowing), timestamps: stamped(it.CreatedAt, it.UpdatedAt)}
}

// handleListPlantDB serves GET /api/plant-database: ?q= (common or scientific name), ?type=
// (a plant type, any case; "all" or empty for every type), by common name, paginated by the
// list convention.
func (s *Server) handleListPlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	page, err := pageRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	qs := r.URL.Query()
	q := ports.PlantDBQuery{Search: qs.Get("q"), Type: domain.PlantType(qs.Get("type"))}
	if strings.EqualFold(string(q.Type), "all") {
		q.Type = ""
	}
	items, err := s.svc.PlantDatabase.List(r.Context(), p, q, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]plantDBJSON, len(items.Items))
	for i, it := range items.Items {
		out[i] = toPlantDBJSON(it)
	}
	writePage(w, r, out, items.NextCursor)
}

func (s *Server) handleGetPlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		err = domain.Errorf(domain.ENotFound, domain.MsgPlantDBNotFound)
	} else {
		var it *domain.PlantDBItem
		if it, err = s.svc.PlantDatabase.Get(r.Context(), p, id); err == nil {
			writeJSON(w, http.StatusOK, toPlantDBJSON(it))
			return
		}
	}
	s.fail(w, r, err)
}

// plantDBInput is the body of the admin's POST and PATCH: every field optional; both spellings
// of the fertilizer text are read (the later-named one wins when both are sent).
type plantDBInput struct {
	CommonName             optional[string]     `json:"commonName"`
	ScientificName         optional[string]     `json:"scientificName"`
	PlantType              optional[string]     `json:"plantType"`
	Description            optional[string]     `json:"description"`
	ImageURL               optional[string]     `json:"imageUrl"`
	AlternativeImageURLs   optional[[]string]   `json:"alternativeImageUrls"`
	LightRequirements      optional[string]     `json:"lightRequirements"`
	WaterRequirements      optional[string]     `json:"waterRequirements"`
	FertilizerRequirements optional[string]     `json:"fertilizerRequirements"`
	FertilizorRequirements optional[string]     `json:"fertilizorRequirements"`
	CareInstructions       optional[careJSON]   `json:"careInstructions"`
	StoreURL               optional[string]     `json:"storeUrl"`
	Slug                   optional[string]     `json:"slug"`
	Source                 optional[string]     `json:"source"`
	Sowing                 optional[sowingJSON] `json:"sowing"`
}

// careJSON reads careInstructions as a string, an object of named parts, or a string holding
// such an object (some clients send it encoded).
type careJSON domain.CareInstructions

func (c *careJSON) UnmarshalJSON(b []byte) error {
	var text string
	if err := json.Unmarshal(b, &text); err == nil {
		var parts map[string]string
		if strings.HasPrefix(strings.TrimSpace(text), "{") && json.Unmarshal([]byte(text), &parts) == nil {
			*c = careJSON{Parts: parts}
			return nil
		}
		*c = careJSON{Text: text}
		return nil
	}
	var parts map[string]string
	if err := json.Unmarshal(b, &parts); err != nil {
		return &domain.Error{Code: domain.EInvalid, Message: "careInstructions must be text or an object of texts",
			Fields: map[string]string{"careInstructions": "careInstructions must be text or an object of texts"}}
	}
	*c = careJSON{Parts: parts}
	return nil
}

func (in *plantDBInput) apply(it *domain.PlantDBItem) error {
	set := func(dst *string, o optional[string]) {
		if o.Set {
			*dst = o.Value
		}
	}
	set(&it.CommonName, in.CommonName)
	set(&it.ScientificName, in.ScientificName)
	set(&it.Description, in.Description)
	set(&it.ImageURL, in.ImageURL)
	set(&it.LightRequirements, in.LightRequirements)
	set(&it.WaterRequirements, in.WaterRequirements)
	set(&it.FertilizerRequirements, in.FertilizorRequirements)
	set(&it.FertilizerRequirements, in.FertilizerRequirements)
	set(&it.StoreURL, in.StoreURL)
	set(&it.Slug, in.Slug)
	set(&it.Source, in.Source)
	if in.PlantType.Set {
		it.Type = domain.PlantType(in.PlantType.Value)
	}
	if in.AlternativeImageURLs.Set {
		it.AlternativeImageURLs = in.AlternativeImageURLs.Value
	}
	if in.CareInstructions.Set {
		it.CareInstructions = domain.CareInstructions(in.CareInstructions.Value)
	}
	if in.Sowing.Set {
		it.Sowing = in.Sowing.Value.domain() // null clears every window
	}
	return nil
}

func (s *Server) handleCreatePlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in plantDBInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	var it domain.PlantDBItem
	in.apply(&it)
	created, err := s.svc.PlantDatabase.Create(r.Context(), p, &it)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toPlantDBJSON(created))
}

func (s *Server) handleUpdatePlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	// The role (the route's) comes before the body, so a user learns nothing from validation.
	e := endpoint{id: true, idNotFound: domain.MsgPlantDBNotFound}
	handleJSON(s, w, r, p, e, func(q request[plantDBInput]) (*domain.PlantDBItem, error) {
		return s.svc.PlantDatabase.Update(r.Context(), p, q.id, q.in.apply)
	}, toPlantDBJSON)
}

func (s *Server) handleDeletePlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.svc.PlantDatabase.Delete(r.Context(), p, id)
	} else {
		err = domain.Errorf(domain.ENotFound, domain.MsgPlantDBNotFound)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleClearPlantDB(importedOnly bool) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		n, err := s.svc.PlantDatabase.Clear(r.Context(), p, importedOnly)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]int{"deleted": n})
	}
}
