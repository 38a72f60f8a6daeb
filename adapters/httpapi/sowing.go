package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// sowingRoutes answer what can be sown this week (issue #24 item 7).
func (s *Server) sowingRoutes() []route {
	return []route{
		{method: "GET", path: "/api/sowing", handler: s.handleSowing,
			op: apiOp{summary: "What can be sown (indoors or directly) in a week, by common name", out: []sowingEntryJSON{}, page: true, query: []string{"week: any date of the week (yyyy-MM-dd); the caller's today by default"}}},
		{method: "GET", path: "/api/sowing/season", handler: s.handleSowingSeason,
			op: apiOp{summary: "The week and the caller's frost dates (their own or estimated from the garden's latitude)", out: sowingSeasonJSON{}, query: []string{"week: any date of the week (yyyy-MM-dd)"}}},
		{method: "POST", path: "/api/sowing/{id}/reminder", access: writes(domain.FunctionSchedule), handler: s.handleSowingReminder,
			op: apiOp{summary: "Remind me: a care task on the day a sowing step can next be done (on plantId, else on a new plant from the item)", in: sowingReminderInput{}, out: sowingReminderJSON{}, status: 201}},
	}
}

// windowJSON is a sowing window: unit "weeks" (from/to count weeks from the last spring
// frost, negative before it) or "months" (1–12, as a northern hemisphere packet states them).
type windowJSON struct {
	Unit string `json:"unit"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// sowingJSON is what a plant database item says about sowing; null windows are unknown, and
// harvest days are 0 when unknown.
type sowingJSON struct {
	SowIndoors     *windowJSON `json:"sowIndoors"`
	DirectSow      *windowJSON `json:"directSow"`
	Transplant     *windowJSON `json:"transplant"`
	HarvestDaysMin int         `json:"harvestDaysMin"`
	HarvestDaysMax int         `json:"harvestDaysMax"`
}

func toWindowJSON(w domain.SowingWindow) *windowJSON {
	if w.IsZero() {
		return nil
	}
	return &windowJSON{Unit: string(w.Unit), From: w.From, To: w.To}
}

func toSowingJSON(s domain.Sowing) sowingJSON {
	return sowingJSON{SowIndoors: toWindowJSON(s.SowIndoors), DirectSow: toWindowJSON(s.DirectSow), Transplant: toWindowJSON(s.Transplant),
		HarvestDaysMin: s.HarvestDaysMin, HarvestDaysMax: s.HarvestDaysMax}
}

func (w *windowJSON) domain() domain.SowingWindow {
	if w == nil {
		return domain.SowingWindow{}
	}
	return domain.SowingWindow{Unit: domain.WindowUnit(w.Unit), From: w.From, To: w.To}
}

func (s sowingJSON) domain() domain.Sowing {
	return domain.Sowing{SowIndoors: s.SowIndoors.domain(), DirectSow: s.DirectSow.domain(), Transplant: s.Transplant.domain(),
		HarvestDaysMin: s.HarvestDaysMin, HarvestDaysMax: s.HarvestDaysMax}
}

// sowingStepJSON is one window placed in time for the gardener: open in the asked week, the
// dates of that (or the next) occurrence, and the months of the week's year it touches.
type sowingStepJSON struct {
	Unit   string  `json:"unit"`
	From   int     `json:"from"`
	To     int     `json:"to"`
	Open   bool    `json:"open"`
	Start  *string `json:"start"`
	End    *string `json:"end"`
	Months []int   `json:"months"`
}

// sowingEntryJSON is one item of GET /api/sowing.
type sowingEntryJSON struct {
	Item        plantDBJSON     `json:"item"`
	SowIndoors  *sowingStepJSON `json:"sowIndoors"`
	DirectSow   *sowingStepJSON `json:"directSow"`
	Transplant  *sowingStepJSON `json:"transplant"`
	HarvestFrom *string         `json:"harvestFrom"`
	HarvestTo   *string         `json:"harvestTo"`
}

func dateString(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.Format(domain.DateLayout)
	return &s
}

func toSowingStepJSON(st app.SowingStep) *sowingStepJSON {
	if st.Window.IsZero() {
		return nil
	}
	out := &sowingStepJSON{Unit: string(st.Window.Unit), From: st.Window.From, To: st.Window.To, Open: st.Open, Months: st.Months}
	if out.Months == nil {
		out.Months = []int{}
	}
	if st.Span != nil {
		out.Start, out.End = dateString(&st.Span.From), dateString(&st.Span.To)
	}
	return out
}

func toSowingEntryJSON(e app.SowingEntry) sowingEntryJSON {
	return sowingEntryJSON{Item: toPlantDBJSON(e.Item), SowIndoors: toSowingStepJSON(e.SowIndoors), DirectSow: toSowingStepJSON(e.DirectSow),
		Transplant: toSowingStepJSON(e.Transplant), HarvestFrom: dateString(e.HarvestFrom), HarvestTo: dateString(e.HarvestTo)}
}

// frostDatesJSON is a pair of frost dates, "MM-DD".
type frostDatesJSON struct {
	LastSpringFrost  string `json:"lastSpringFrost"`
	FirstAutumnFrost string `json:"firstAutumnFrost"`
}

func toFrostDatesJSON(f *domain.FrostDates) *frostDatesJSON {
	if f == nil {
		return nil
	}
	out := &frostDatesJSON{LastSpringFrost: f.LastSpring.String()}
	if f.FirstAutumn.Valid() {
		out.FirstAutumnFrost = f.FirstAutumn.String()
	}
	return out
}

// sowingSeasonJSON is GET /api/sowing/season: the week asked for, the frost dates in use and
// where they come from ("settings", "estimate" or null), and the estimate from the garden's
// latitude when one is known (Settings offers it).
type sowingSeasonJSON struct {
	Monday   string          `json:"monday"`
	Sunday   string          `json:"sunday"`
	Frost    *frostDatesJSON `json:"frost"`
	Source   *string         `json:"source"`
	Estimate *frostDatesJSON `json:"estimate"`
	Southern bool            `json:"southern"`
}

// weekDay reads ?week= (any date of the week, yyyy-MM-dd), else ?today=; zero means the
// server's today.
func weekDay(r *http.Request) (time.Time, error) {
	var f fieldErrors
	var day time.Time
	for _, k := range []string{"week", "today"} {
		if v := r.URL.Query().Get(k); v != "" {
			day = f.date(k, v)
			break
		}
	}
	return day, f.err()
}

// handleSowing serves GET /api/sowing: what can be sown (indoors or directly) in the week of
// ?week=, by common name, paginated by the list convention.
func (s *Server) handleSowing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(q request[noBody], page domain.PageRequest) (domain.Page[app.SowingEntry], error) {
		day, err := weekDay(r)
		if err != nil {
			return domain.Page[app.SowingEntry]{}, err
		}
		list, err := s.svc.Sowing.Week(r.Context(), p, day, page)
		return list.Page, err
	}, toSowingEntryJSON)
}

// handleSowingSeason serves GET /api/sowing/season.
func (s *Server) handleSowingSeason(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(q request[noBody]) (sowingSeasonJSON, error) {
		day, err := weekDay(r)
		if err != nil {
			return sowingSeasonJSON{}, err
		}
		season, err := s.svc.Sowing.Season(r.Context(), p, day)
		if err != nil {
			return sowingSeasonJSON{}, err
		}
		out := sowingSeasonJSON{Monday: season.Monday.Format(domain.DateLayout), Sunday: season.Sunday.Format(domain.DateLayout),
			Frost: toFrostDatesJSON(season.Frost.Dates), Estimate: toFrostDatesJSON(season.Frost.Estimate), Southern: season.Frost.Southern}
		if season.Frost.Source != "" {
			src := season.Frost.Source
			out.Source = &src
		}
		return out, nil
	}, func(v sowingSeasonJSON) sowingSeasonJSON { return v })
}

// sowingReminderInput is the body of POST /api/sowing/{id}/reminder.
type sowingReminderInput struct {
	Step    string `json:"step"`
	PlantID int64  `json:"plantId"`
	Today   string `json:"today"`
}

// sowingReminderJSON answers it: the task, and the plant made for it (null when the gardener
// named their own).
type sowingReminderJSON struct {
	Task  taskJSON   `json:"task"`
	Plant *plantJSON `json:"plant"`
}

// handleSowingReminder serves POST /api/sowing/{id}/reminder: "Remind me" schedules a care task
// on the day the step can next be done.
func (s *Server) handleSowingReminder(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	e := created(endpoint{id: true, idNotFound: domain.MsgPlantDBNotFound})
	handleJSON(s, w, r, p, e, func(q request[sowingReminderInput]) (sowingReminderJSON, error) {
		var f fieldErrors
		var day time.Time
		if q.in.Today != "" {
			day = f.date("today", q.in.Today)
		}
		if err := f.err(); err != nil {
			return sowingReminderJSON{}, err
		}
		rem, err := s.svc.Sowing.Remind(r.Context(), p, q.id, q.in.Step, q.in.PlantID, day)
		if err != nil {
			return sowingReminderJSON{}, err
		}
		out := sowingReminderJSON{Task: toTaskJSON(rem.Task)}
		if rem.CreatedPlant != nil {
			pj := toPlantJSON(rem.CreatedPlant)
			out.Plant = &pj
		}
		return out, nil
	}, func(v sowingReminderJSON) sowingReminderJSON { return v })
}
