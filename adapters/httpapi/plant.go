package httpapi

import (
	"encoding/base64"
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// plantRoutes are the caller's plants and their labels.
func (s *Server) plantRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plants", handler: s.handleListPlants,
			op: apiOp{summary: "The caller's plants", out: []plantJSON{}, page: true, query: []string{"status: healthy, needs_water or needs_care", "q: name, species or location contains", "sort: name, name_desc, oldest, newest or status", "today: the caller's date (yyyy-MM-dd) statuses are reckoned on"}}},
		{method: "POST", path: "/api/plants", access: writes(domain.FunctionPlants), handler: s.handleCreatePlant,
			op: apiOp{summary: "Add a plant", in: plantInput{}, out: plantJSON{}, status: 201}},
		{method: "GET", path: "/api/plants-limit", handler: s.handlePlantLimit,
			op: apiOp{summary: "The plant limit and count (alias of /api/plants/limit)", out: plantLimitJSON{}}},
		{method: "GET", path: "/api/plants/limit", handler: s.handlePlantLimit,
			op: apiOp{summary: "The plant limit and count", out: plantLimitJSON{}}},
		{method: "GET", path: "/api/plants/{id}", handler: s.handleGetPlant,
			op: apiOp{summary: "One plant", out: plantJSON{}, query: []string{"today: the caller's date (yyyy-MM-dd)"}}},
		{method: "PATCH", path: "/api/plants/{id}", access: writes(domain.FunctionPlants), handler: s.handleUpdatePlant,
			op: apiOp{summary: "Change a plant (absent fields stay, null clears)", in: plantInput{}, out: plantJSON{}}},
		{method: "DELETE", path: "/api/plants/{id}", access: writes(domain.FunctionPlants), handler: s.handleDeletePlant,
			op: apiOp{summary: "Delete a plant"}},
		{method: "GET", path: "/api/plants/{id}/qrcode", handler: s.handlePlantQR,
			op: apiOp{summary: "A plant label's QR code as a PNG data URL", out: qrCodeJSON{}}},
		{method: "GET", path: "/api/plants/{id}/qrcode/svg", handler: s.handlePlantQRSVG,
			op: apiOp{summary: "A plant label's QR code as SVG", media: "image/svg+xml"}},
	}
}

// plantJSON is a plant on the wire (docs/api.md).
type plantJSON struct {
	ID                  int64      `json:"id"`
	UserID              int64      `json:"userId"`
	Name                string     `json:"name"`
	Species             string     `json:"species"`
	PlantType           string     `json:"plantType"`
	Location            string     `json:"location"`
	ImageURL            string     `json:"imageUrl"`
	LightNeeds          string     `json:"lightNeeds"`
	WaterFrequency      *int       `json:"waterFrequency"`
	FertilizerFrequency *int       `json:"fertilizerFrequency"`
	Notes               string     `json:"notes"`
	Status              string     `json:"status"`
	GrowthProgress      int        `json:"growthProgress"`
	LastWatered         *time.Time `json:"lastWatered"`
	LastFertilized      *time.Time `json:"lastFertilized"`
	AcquiredDate        time.Time  `json:"acquiredDate"`
	CreatedAt           time.Time  `json:"createdAt"`
	NextWatering        *time.Time `json:"nextWatering"`
	NextFertilizing     *time.Time `json:"nextFertilizing"`
	// The care rhythm (docs/decisions.md, "Care log and adaptive intervals").
	WaterMode                    string `json:"waterMode"`
	SuggestedWaterFrequency      *int   `json:"suggestedWaterFrequency"`
	EffectiveWaterFrequency      *int   `json:"effectiveWaterFrequency"`
	WaterLearnedFrom             int    `json:"waterLearnedFrom"`
	WaterPostponedDays           int    `json:"waterPostponedDays"`
	FertilizeMode                string `json:"fertilizeMode"`
	SuggestedFertilizerFrequency *int   `json:"suggestedFertilizerFrequency"`
	EffectiveFertilizerFrequency *int   `json:"effectiveFertilizerFrequency"`
	FertilizeLearnedFrom         int    `json:"fertilizeLearnedFrom"`
	// Outdoor plants are the ones the weather reaches; SeasonFactor is the winter stretch on
	// the adaptive watering today (1: none), WaterBroughtForwardDays a day a hot forecast took
	// off the next watering (docs/decisions.md, "Seasons and the weather at the garden").
	Outdoor                 bool    `json:"outdoor"`
	SeasonFactor            float64 `json:"seasonFactor"`
	WaterBroughtForwardDays int     `json:"waterBroughtForwardDays"`
}

func toPlantJSON(p *domain.Plant) plantJSON {
	return plantJSON{ID: p.ID, UserID: p.UserID, Name: p.Name, Species: p.Species, PlantType: string(p.Type), Location: p.Location,
		ImageURL: p.ImageURL, LightNeeds: p.LightNeeds, WaterFrequency: p.WaterFrequency, FertilizerFrequency: p.FertilizerFrequency,
		Notes: p.Notes, Status: string(p.Status), GrowthProgress: p.GrowthProgress, LastWatered: p.LastWatered,
		LastFertilized: p.LastFertilized, AcquiredDate: p.AcquiredDate, CreatedAt: p.CreatedAt,
		NextWatering: p.NextWatering(), NextFertilizing: p.NextFertilizing(),
		WaterMode: string(modeOrFixed(p.WaterMode)), SuggestedWaterFrequency: p.SuggestedWaterFrequency,
		EffectiveWaterFrequency: p.EffectiveWaterFrequency(), WaterLearnedFrom: p.WaterLearnedFrom, WaterPostponedDays: p.WaterDelayDays,
		FertilizeMode: string(modeOrFixed(p.FertilizeMode)), SuggestedFertilizerFrequency: p.SuggestedFertilizerFrequency,
		EffectiveFertilizerFrequency: p.EffectiveFertilizerFrequency(), FertilizeLearnedFrom: p.FertilizeLearnedFrom,
		Outdoor: p.Outdoor, SeasonFactor: max(p.SeasonFactor, 1), WaterBroughtForwardDays: p.WaterAdvanceDays}
}

func modeOrFixed(m domain.CareMode) domain.CareMode {
	if m == "" {
		return domain.ModeFixed
	}
	return m
}

// plantInput is the body of POST and PATCH /api/plants: every field optional, null clears.
type plantInput struct {
	Name                optional[string] `json:"name"`
	Species             optional[string] `json:"species"`
	PlantType           optional[string] `json:"plantType"`
	Location            optional[string] `json:"location"`
	ImageURL            optional[string] `json:"imageUrl"`
	LightNeeds          optional[string] `json:"lightNeeds"`
	WaterFrequency      optional[int]    `json:"waterFrequency"`
	FertilizerFrequency optional[int]    `json:"fertilizerFrequency"`
	Notes               optional[string] `json:"notes"`
	// Status is read-only: a plant's status is derived from its care dates and tasks, so a
	// status sent by a client is ignored (docs/decisions.md).
	Status         optional[string] `json:"status"`
	GrowthProgress optional[int]    `json:"growthProgress"`
	LastWatered    optional[string] `json:"lastWatered"`
	LastFertilized optional[string] `json:"lastFertilized"`
	AcquiredDate   optional[string] `json:"acquiredDate"`
	// WaterMode and FertilizeMode are fixed or adaptive (null: fixed).
	WaterMode     optional[string] `json:"waterMode"`
	FertilizeMode optional[string] `json:"fertilizeMode"`
	// Outdoor marks a plant the weather reaches (null: false).
	Outdoor optional[bool] `json:"outdoor"`
	// PlantDatabaseID fills the fields left empty from a plant database item (create only).
	PlantDatabaseID optional[int64] `json:"plantDatabaseId"`
}

// apply copies the fields present in the body onto p.
func (in *plantInput) apply(p *domain.Plant) error {
	var f fieldErrors
	setText := func(dst *string, o optional[string]) {
		if o.Set {
			*dst = o.Value // null clears to ""
		}
	}
	setText(&p.Name, in.Name)
	setText(&p.Species, in.Species)
	setText(&p.Location, in.Location)
	setText(&p.ImageURL, in.ImageURL)
	setText(&p.LightNeeds, in.LightNeeds)
	setText(&p.Notes, in.Notes)
	if in.PlantType.Set {
		p.Type = domain.PlantType(in.PlantType.Value)
	}
	if in.WaterFrequency.Set {
		p.WaterFrequency = in.WaterFrequency.ptr()
	}
	if in.FertilizerFrequency.Set {
		p.FertilizerFrequency = in.FertilizerFrequency.ptr()
	}
	if in.WaterMode.Set {
		p.WaterMode = domain.CareMode(in.WaterMode.Value)
	}
	if in.FertilizeMode.Set {
		p.FertilizeMode = domain.CareMode(in.FertilizeMode.Value)
	}
	if in.Outdoor.Set {
		p.Outdoor = in.Outdoor.Value
	}
	if in.GrowthProgress.has() {
		p.GrowthProgress = in.GrowthProgress.Value
	}
	if t, set := f.timestamp("lastWatered", in.LastWatered); set {
		p.LastWatered = t
	}
	if t, set := f.timestamp("lastFertilized", in.LastFertilized); set {
		p.LastFertilized = t
	}
	if t, _ := f.timestamp("acquiredDate", in.AcquiredDate); t != nil {
		p.AcquiredDate = *t
	}
	return f.err()
}

// dayPageParams reads the ?today= and paging parameters that every list of due care takes.
func dayPageParams(r *http.Request) (time.Time, domain.PageRequest, error) {
	day, err := todayParam(r)
	if err != nil {
		return time.Time{}, domain.PageRequest{}, err
	}
	page, err := pageRequest(r)
	return day, page, err
}

// todayParam reads the optional ?today=yyyy-MM-dd, the caller's local date that statuses and
// overdue work are reckoned on (zero: the server's date).
func todayParam(r *http.Request) (time.Time, error) {
	v := r.URL.Query().Get("today")
	if v == "" {
		return time.Time{}, nil
	}
	var f fieldErrors
	d := f.date("today", v)
	return d, f.err()
}

// handleListPlants serves GET /api/plants: ?status= (healthy, needs_water, needs_care), ?q=
// (name, species or location), ?sort= (name, name_desc, oldest, newest, status) and ?today=,
// paginated by the list convention.
func (s *Server) handleListPlants(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	day, page, err := dayPageParams(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	qs := r.URL.Query()
	q := domain.PlantQuery{Status: domain.PlantStatus(qs.Get("status")), Search: qs.Get("q"), Sort: domain.PlantSort(qs.Get("sort"))}
	plants, err := s.svc.Plants.List(r.Context(), p, day, q, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]plantJSON, len(plants.Items))
	for i, pl := range plants.Items {
		out[i] = toPlantJSON(pl)
	}
	writePage(w, r, out, plants.NextCursor)
}

func (s *Server) handleGetPlant(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	var day time.Time
	if err == nil {
		day, err = todayParam(r)
	}
	if err == nil {
		var plant *domain.Plant
		if plant, err = s.svc.Plants.Get(r.Context(), p, id, day); err == nil {
			writeJSON(w, http.StatusOK, toPlantJSON(plant))
			return
		}
	}
	s.fail(w, r, err)
}

func (s *Server) handleCreatePlant(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in plantInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	var plant domain.Plant
	if err := in.apply(&plant); err != nil {
		s.fail(w, r, err)
		return
	}
	if !in.PlantType.Set && !in.PlantDatabaseID.has() {
		plant.Type = domain.DefaultPlantType // the form's default; an explicit "" is refused
	}
	created, err := s.svc.Plants.Create(r.Context(), p, &plant, in.PlantDatabaseID.Value)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toPlantJSON(created))
}

func (s *Server) handleUpdatePlant(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[plantInput]) (*domain.Plant, error) {
		return s.svc.Plants.Update(r.Context(), p, q.id, q.in.apply)
	}, toPlantJSON)
}

func (s *Server) handleDeletePlant(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error { return s.svc.Plants.Delete(r.Context(), p, q.id) })
}

func (s *Server) handlePlantLimit(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	l, err := s.svc.Plants.Limit(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"limit": l.Limit, "currentCount": l.CurrentCount, "canAddPlant": l.CanAddPlant()})
}

func (s *Server) handlePlantQR(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	png, url, err := s.svc.Labels.QRPNG(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"qrCodeDataUrl": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), "url": url})
}

func (s *Server) handlePlantQRSVG(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	svg, err := s.svc.Labels.QRSVG(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(svg))
}
