package httpapi

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// harvestRoutes are harvest tracking (spec 02 §2, §3, §7; docs/api.md, "Harvest tracking").
// Records are the caller's own; writes are gated by the harvest_tracking function.
func (s *Server) harvestRoutes() []route {
	return []route{
		{method: "GET", path: "/api/harvests", handler: s.handleListHarvests,
			op: apiOp{summary: "The caller's harvests", out: []harvestJSON{}, page: true, query: []string{"plantId", "period", "from: first day (yyyy-MM-dd)", "to: last day (yyyy-MM-dd)", "q: plant name or notes contain"}}},
		{method: "POST", path: "/api/harvests", access: writes(domain.FunctionHarvest), handler: s.handleCreateHarvest,
			op: apiOp{summary: "Record a harvest", in: harvestInput{}, out: harvestJSON{}, status: 201}},
		{method: "GET", path: "/api/harvests/stats", handler: s.handleHarvestStats,
			op: apiOp{summary: "Harvest totals, months and year on year", out: harvestStatsJSON{}, query: []string{"plantId", "period", "from", "to", "q"}}},
		{method: "GET", path: "/api/harvests/export.csv", handler: s.handleExportHarvests,
			op: apiOp{summary: "The harvests as CSV", media: "text/csv", query: []string{"plantId", "period", "from", "to", "q"}}},
		{method: "GET", path: "/api/harvests/{id}", handler: s.handleGetHarvest,
			op: apiOp{summary: "One harvest", out: harvestJSON{}}},
		{method: "PATCH", path: "/api/harvests/{id}", access: writes(domain.FunctionHarvest), handler: s.handleUpdateHarvest,
			op: apiOp{summary: "Change a harvest", in: harvestInput{}, out: harvestJSON{}}},
		{method: "DELETE", path: "/api/harvests/{id}", access: writes(domain.FunctionHarvest), handler: s.handleDeleteHarvest,
			op: apiOp{summary: "Delete a harvest"}},
		// The beds a harvest can come from: names and ids only, for the form's choice.
		{method: "GET", path: "/api/garden-beds", handler: s.handleListHarvestBeds,
			op: apiOp{summary: "The beds of the caller's garden layouts a harvest can come from", out: []harvestBedJSON{}, page: true}},
	}
}

// harvestJSON is a harvest record (spec 02 §3) with its quantity in the common unit of its
// kind, so that a client never converts units itself.
type harvestJSON struct {
	ID             int64     `json:"id"`
	UserID         int64     `json:"userId"`
	PlantID        *int64    `json:"plantId"`
	PlantName      string    `json:"plantName"`
	HarvestDate    string    `json:"harvestDate"`
	Quantity       *float64  `json:"quantity"`
	Unit           string    `json:"unit"`
	Kind           string    `json:"kind"`
	CommonQuantity *float64  `json:"commonQuantity"`
	CommonUnit     string    `json:"commonUnit"`
	Notes          string    `json:"notes"`
	ImageURL       string    `json:"imageUrl"`
	BedID          *int64    `json:"bedId"`
	BedName        string    `json:"bedName"`
	LayoutName     string    `json:"layoutName"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

func toHarvestJSON(h *domain.Harvest) harvestJSON {
	common, kind := h.Common()
	return harvestJSON{ID: h.ID, UserID: h.UserID, PlantID: h.PlantID, PlantName: h.PlantName, HarvestDate: h.HarvestDate.Format(domain.DateLayout),
		Quantity: h.Quantity, Unit: string(h.Unit), Kind: string(kind), CommonQuantity: common, CommonUnit: string(kind.CommonUnit()),
		Notes: h.Notes, ImageURL: h.ImageURL, BedID: h.BedID, BedName: h.BedName, LayoutName: h.LayoutName,
		CreatedAt: h.CreatedAt.UTC(), UpdatedAt: h.UpdatedAt.UTC()}
}

// harvestQuery reads the filters shared by the list, the stats and the export: plantId,
// period (all, year, 3months, month), from and to (dates, inclusive) and q.
func harvestQuery(r *http.Request) (app.HarvestQuery, error) {
	q := r.URL.Query()
	var out app.HarvestQuery
	var f fieldErrors
	if v := strings.TrimSpace(q.Get("plantId")); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			f.v.Add("plantId", domain.MsgSelectPlant)
		}
		out.PlantID = id
	}
	period, err := domain.ParseHarvestPeriod(q.Get("period"))
	if err != nil {
		return out, err
	}
	out.Period = period
	for name, dst := range map[string]**time.Time{"from": &out.From, "to": &out.To} {
		if v := strings.TrimSpace(q.Get(name)); v != "" {
			d := f.date(name, v)
			*dst = &d
		}
	}
	out.Query = strings.TrimSpace(q.Get("q"))
	if len(out.Query) > 200 {
		f.v.Add("q", domain.MsgTextTooLong)
	}
	return out, f.err()
}

func (s *Server) handleListHarvests(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.Harvest], error) {
		q, err := harvestQuery(r)
		if err != nil {
			return domain.Page[*domain.Harvest]{}, err
		}
		return s.svc.Harvests.List(r.Context(), p, q, page)
	}, toHarvestJSON)
}

func (s *Server) handleGetHarvest(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true}, s.svc.Harvests.Get, toHarvestJSON)
}

// harvestInput is the body of POST and PATCH. Absent fields are left as they are by PATCH;
// "quantity": null clears the quantity, "bedId": null the bed.
type harvestInput struct {
	PlantID     optional[int64]   `json:"plantId"`
	UserID      any               `json:"userId"` // ignored: a record is always the caller's
	HarvestDate optional[string]  `json:"harvestDate"`
	Quantity    optional[float64] `json:"quantity"`
	Unit        optional[string]  `json:"unit"`
	Notes       optional[string]  `json:"notes"`
	ImageURL    optional[string]  `json:"imageUrl"`
	BedID       optional[int64]   `json:"bedId"`
}

func (in *harvestInput) date(f *fieldErrors) *time.Time {
	if !in.HarvestDate.has() || strings.TrimSpace(in.HarvestDate.Value) == "" {
		return nil
	}
	d := f.date("harvestDate", in.HarvestDate.Value)
	return &d
}

func (s *Server) handleCreateHarvest(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[harvestInput]) (*domain.Harvest, error) {
		in := q.in
		var f fieldErrors
		h := &domain.Harvest{PlantID: in.PlantID.ptr(), Quantity: in.Quantity.ptr(), Unit: domain.HarvestUnit(in.Unit.Value),
			Notes: in.Notes.Value, ImageURL: in.ImageURL.Value, BedID: in.BedID.ptr()}
		if d := in.date(&f); d != nil { // none: the service takes today, the form's default
			h.HarvestDate = *d
		}
		if err := f.err(); err != nil {
			return nil, err
		}
		return s.svc.Harvests.Create(r.Context(), p, h)
	}, toHarvestJSON)
}

func (s *Server) handleUpdateHarvest(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[harvestInput]) (*domain.Harvest, error) {
		in := q.in
		var f fieldErrors
		patch := app.HarvestPatch{PlantID: in.PlantID.ptr(), SetQuantity: in.Quantity.Set, Quantity: in.Quantity.ptr(),
			Notes: in.Notes.ptr(), ImageURL: in.ImageURL.ptr(), SetBed: in.BedID.Set, BedID: in.BedID.ptr()}
		if in.PlantID.Set && in.PlantID.Null {
			f.v.Add("plantId", domain.MsgSelectPlant)
		}
		if in.HarvestDate.Set {
			if patch.HarvestDate = in.date(&f); patch.HarvestDate == nil {
				f.v.Add("harvestDate", domain.MsgHarvestDateRequired)
			}
		}
		if in.Unit.Set {
			u := domain.HarvestUnit(in.Unit.Value) // null clears the unit, like ""
			patch.Unit = &u
		}
		if err := f.err(); err != nil {
			return nil, err
		}
		return s.svc.Harvests.Update(r.Context(), p, q.id, patch)
	}, toHarvestJSON)
}

func (s *Server) handleDeleteHarvest(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error { return s.svc.Harvests.Delete(r.Context(), p, q.id) })
}

type harvestTotalJSON struct {
	Kind    string  `json:"kind"`
	Unit    string  `json:"unit"`
	Amount  float64 `json:"amount"`
	Records int     `json:"records"`
}

func toTotalsJSON(in []domain.HarvestTotal) []harvestTotalJSON {
	out := make([]harvestTotalJSON, len(in))
	for i, t := range in {
		out[i] = harvestTotalJSON{Kind: string(t.Kind), Unit: string(t.Unit), Amount: t.Amount, Records: t.Records}
	}
	return out
}

type plantTotalsJSON struct {
	PlantName string             `json:"plantName"`
	Records   int                `json:"records"`
	Totals    []harvestTotalJSON `json:"totals"`
}

type mostHarvestedJSON struct {
	plantTotalsJSON
	// RankedBy is the kind the plant was ranked by, and Amount and Unit its total of that kind;
	// all empty when ranked by number of records.
	RankedBy string   `json:"rankedBy"`
	Amount   *float64 `json:"amount"`
	Unit     string   `json:"unit"`
}

type monthlyJSON struct {
	Month     string  `json:"month"`
	PlantName string  `json:"plantName"`
	Kind      string  `json:"kind"`
	Unit      string  `json:"unit"`
	Amount    float64 `json:"amount"`
	Records   int     `json:"records"`
}

type rangeJSON struct {
	From *string `json:"from"`
	To   *string `json:"to"`
}

func toRangeJSON(r domain.HarvestRange) rangeJSON {
	f := func(d *time.Time) *string {
		if d == nil {
			return nil
		}
		s := d.Format(domain.DateLayout)
		return &s
	}
	return rangeJSON{From: f(r.From), To: f(r.To)}
}

type comparisonJSON struct {
	PlantName       string  `json:"plantName"`
	Kind            string  `json:"kind"`
	Unit            string  `json:"unit"`
	Current         float64 `json:"current"`
	Previous        float64 `json:"previous"`
	CurrentRecords  int     `json:"currentRecords"`
	PreviousRecords int     `json:"previousRecords"`
}

type yearOnYearJSON struct {
	Current  rangeJSON        `json:"current"`
	Previous rangeJSON        `json:"previous"`
	Plants   []comparisonJSON `json:"plants"`
}

// harvestStatsJSON is GET /api/harvests/stats. Every amount is in the unit named beside it:
// kg for mass, items for counts (a bunch is one item), litres for volume.
// bedYieldJSON is one kind a bed gave: the total in unit and the same per square foot of the
// bed (unit/ft²).
type bedYieldJSON struct {
	Kind          string  `json:"kind"`
	Unit          string  `json:"unit"`
	Amount        float64 `json:"amount"`
	PerSquareFoot float64 `json:"perSquareFoot"`
	Records       int     `json:"records"`
}

// bedYieldsJSON is what one bed gave in the period.
type bedYieldsJSON struct {
	BedID      int64          `json:"bedId"`
	BedName    string         `json:"bedName"`
	LayoutID   int64          `json:"layoutId"`
	LayoutName string         `json:"layoutName"`
	Area       float64        `json:"area"`
	Records    int            `json:"records"`
	Yields     []bedYieldJSON `json:"yields"`
}

type harvestStatsJSON struct {
	Period        string             `json:"period"`
	Range         rangeJSON          `json:"range"`
	TotalHarvests int                `json:"totalHarvests"`
	Totals        []harvestTotalJSON `json:"totals"`
	Plants        []plantTotalsJSON  `json:"plants"`
	MostHarvested *mostHarvestedJSON `json:"mostHarvested"`
	Monthly       []monthlyJSON      `json:"monthly"`
	YearOnYear    yearOnYearJSON     `json:"yearOnYear"`
	// YieldPerSquareFoot has one entry per bed records of the period came from.
	YieldPerSquareFoot []bedYieldsJSON `json:"yieldPerSquareFoot"`
}

func toPlantTotalsJSON(p domain.PlantHarvestTotals) plantTotalsJSON {
	return plantTotalsJSON{PlantName: p.PlantName, Records: p.Records, Totals: toTotalsJSON(p.Totals)}
}

func toHarvestStatsJSON(st *app.HarvestStats) harvestStatsJSON {
	out := harvestStatsJSON{Period: string(st.Period), Range: toRangeJSON(st.Range), TotalHarvests: st.Records,
		Totals: toTotalsJSON(st.Totals), Plants: make([]plantTotalsJSON, len(st.Plants)), Monthly: make([]monthlyJSON, len(st.Monthly)),
		YearOnYear: yearOnYearJSON{Current: toRangeJSON(st.Current), Previous: toRangeJSON(st.Previous), Plants: make([]comparisonJSON, len(st.YearOnYear))}}
	for i, p := range st.Plants {
		out.Plants[i] = toPlantTotalsJSON(p)
	}
	if top := st.MostHarvested; top != nil {
		m := &mostHarvestedJSON{plantTotalsJSON: toPlantTotalsJSON(*top)}
		if st.MostHarvestedBy != "" {
			t := top.Total(st.MostHarvestedBy)
			m.RankedBy, m.Amount, m.Unit = string(st.MostHarvestedBy), &t.Amount, string(t.Unit)
		}
		out.MostHarvested = m
	}
	for i, m := range st.Monthly {
		out.Monthly[i] = monthlyJSON{Month: m.Month, PlantName: m.PlantName, Kind: string(m.Kind), Unit: string(m.Kind.CommonUnit()),
			Amount: m.Amount, Records: m.Quantified}
	}
	for i, c := range st.YearOnYear {
		out.YearOnYear.Plants[i] = comparisonJSON{PlantName: c.PlantName, Kind: string(c.Kind), Unit: string(c.Unit), Current: c.Current,
			Previous: c.Previous, CurrentRecords: c.CurrentRecords, PreviousRecords: c.PreviousRecords}
	}
	out.YieldPerSquareFoot = make([]bedYieldsJSON, len(st.Beds))
	for i, b := range st.Beds {
		y := bedYieldsJSON{BedID: b.Bed.ID, BedName: b.Bed.Name, LayoutID: b.Bed.LayoutID, LayoutName: b.Bed.LayoutName, Area: b.Bed.Area,
			Records: b.Records, Yields: make([]bedYieldJSON, len(b.Yields))}
		for j, t := range b.Yields {
			y.Yields[j] = bedYieldJSON{Kind: string(t.Kind), Unit: string(t.Unit), Amount: t.Amount, PerSquareFoot: t.PerSquareFoot, Records: t.Records}
		}
		out.YieldPerSquareFoot[i] = y
	}
	return out
}

func (s *Server) handleHarvestStats(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*app.HarvestStats, error) {
		q, err := harvestQuery(r)
		if err != nil {
			return nil, err
		}
		return s.svc.Harvests.Stats(r.Context(), p, q)
	}, toHarvestStatsJSON)
}

// harvestCSVHeader names the export's columns.
var harvestCSVHeader = []string{"Date", "Plant", "Quantity", "Unit", "Quantity in common unit", "Common unit", "Notes", "Image URL"}

// csvCell guards a text cell against formula injection: a spreadsheet runs a cell starting
// with = + - @ (or a tab or carriage return, which some read past) as a formula, so such a
// cell gets a leading apostrophe and is shown as the text it is (OWASP, "CSV Injection").
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func csvNumber(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}

func harvestCSVRow(h *domain.Harvest) []string {
	common, kind := h.Common()
	return []string{h.HarvestDate.Format(domain.DateLayout), csvCell(h.DisplayName()), csvNumber(h.Quantity), string(h.Unit),
		csvNumber(common), string(kind.CommonUnit()), csvCell(h.Notes), csvCell(h.ImageURL)}
}

// handleExportHarvests streams the caller's records matching the list's filters as CSV
// (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read accents right).
func (s *Server) handleExportHarvests(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	q, err := harvestQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var cw *csv.Writer
	start := func() {
		h := w.Header()
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Disposition", `attachment; filename="harvests.csv"`)
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte("\ufeff"))
		cw = csv.NewWriter(w)
		cw.UseCRLF = true
		_ = cw.Write(harvestCSVHeader)
	}
	err = s.svc.Harvests.Export(r.Context(), p, q, func(h *domain.Harvest) error {
		if cw == nil {
			start()
		}
		return cw.Write(harvestCSVRow(h))
	})
	if err != nil {
		if cw == nil {
			s.fail(w, r, err)
			return
		}
		// The answer has begun: all we can do is stop and say so in the log.
		s.log.Error("harvest export", "err", err)
		return
	}
	if cw == nil {
		start()
	}
	cw.Flush()
}

// harvestBedJSON is a bed a harvest can come from: ids and names only.
type harvestBedJSON struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	LayoutID   int64  `json:"layoutId"`
	LayoutName string `json:"layoutName"`
}

// handleListHarvestBeds is GET /api/garden-beds: the beds of the caller's garden layouts,
// paginated, the newest layout first and each layout's beds in drawing order.
func (s *Server) handleListHarvestBeds(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.HarvestBed], error) {
		return s.svc.Harvests.Beds(r.Context(), p, page)
	}, func(b *domain.HarvestBed) harvestBedJSON {
		return harvestBedJSON{ID: b.ID, Name: b.Name, LayoutID: b.LayoutID, LayoutName: b.LayoutName}
	})
}
