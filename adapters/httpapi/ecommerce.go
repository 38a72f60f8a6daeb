package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// ecommerceRoutes are the seed store's catalogue import.
func (s *Server) ecommerceRoutes() []route {
	return []route{
		{method: "GET", path: "/api/ecommerce/plants", access: remoteRead, handler: s.handleRemotePlants,
			op: apiOp{summary: "Preview the seed store's catalogue", out: remotePlantsJSON{}}},
		{method: "POST", path: "/api/ecommerce/import-plants", access: writes(domain.FunctionPlantDatabase), handler: s.handleImportPlants,
			op: apiOp{summary: "Import the seed store's catalogue into the plant database", out: importRunJSON{}}},
		{method: "GET", path: "/api/ecommerce/import-status", handler: s.handleImportStatus,
			op: apiOp{summary: "The latest catalogue import run", out: importStatusJSON{}}},
		{method: "GET", path: "/api/ecommerce/schedule", handler: s.handleImportSchedule,
			op: apiOp{summary: "The daily catalogue import schedule", out: importScheduleJSON{}}},
		{method: "POST", path: "/api/ecommerce/update-schedule", role: domain.RoleAdmin, handler: s.handleUpdateImportSchedule,
			op: apiOp{summary: "Change the daily catalogue import schedule (admin)", in: updateImportScheduleInput{}, out: importScheduleJSON{}}},
		{method: "GET", path: "/api/ecommerce/import-history", handler: s.handleImportHistory,
			op: apiOp{summary: "The latest catalogue import runs", out: []importHistoryJSON{}}},
	}
}

// catalogueImportJob is the job behind the ecommerce import calls.
const catalogueImportJob = "catalogue-import"

type remotePlantJSON struct {
	Name                 string   `json:"name"`
	CommonName           string   `json:"commonName"`
	ScientificName       string   `json:"scientificName"`
	PlantType            string   `json:"plantType"`
	StoreURL             string   `json:"storeUrl"`
	Slug                 string   `json:"slug"`
	ImageURL             string   `json:"imageUrl"`
	AlternativeImageURLs []string `json:"alternativeImageUrls"`
	Price                string   `json:"price"`
}

type failureJSON struct {
	Name    string `json:"name"`
	URL     string `json:"url"`
	Message string `json:"message"`
}

func (s *Server) handleRemotePlants(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	res, err := s.svc.Import.Preview(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := struct {
		Data     []remotePlantJSON `json:"data"`
		Failures []failureJSON     `json:"failures"`
	}{Data: []remotePlantJSON{}, Failures: []failureJSON{}}
	for _, pr := range res.Products {
		alts := pr.AlternativeImageURLs
		if alts == nil {
			alts = []string{}
		}
		out.Data = append(out.Data, remotePlantJSON{Name: pr.ProductName, CommonName: pr.CommonName, ScientificName: pr.ScientificName,
			PlantType: string(pr.Type), StoreURL: pr.StoreURL, Slug: pr.Slug, ImageURL: pr.ImageURL, AlternativeImageURLs: alts, Price: pr.Price})
	}
	for _, f := range res.Failures {
		f.Message = localize(r, s.tr, f.Message)
		out.Failures = append(out.Failures, failureJSON(f))
	}
	writeJSON(w, http.StatusOK, out)
}

func countJSON(counts map[string]int) map[string]int {
	out := map[string]int{"added": 0, "updated": 0, "failed": 0, "unchanged": 0, "skipped": 0}
	for k, v := range counts {
		out[k] = v
	}
	return out
}

func (s *Server) handleImportPlants(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	run, err := s.svc.Jobs.RunNow(r.Context(), p, catalogueImportJob)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !run.Success {
		s.fail(w, r, domain.Errorf(domain.EUnavailable, "%s", run.Message))
		return
	}
	details := []map[string]string{}
	for _, d := range run.Details {
		details = append(details, map[string]string{"name": d.Name, "status": d.Status, "message": localize(r, s.tr, d.Message)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": map[string]any{"count": countJSON(run.Counts), "details": details, "message": localize(r, s.tr, run.Message)}})
}

func runJSON(run *domain.JobRun) map[string]any {
	if run == nil {
		return nil
	}
	return map[string]any{"id": run.ID, "running": run.Running(), "startedAt": run.StartedAt, "finishedAt": run.FinishedAt,
		"done": run.Done, "total": run.Total, "success": run.Success, "message": run.Message, "trigger": run.Trigger}
}

// handleImportStatus reports the latest import run from storage, so a progress bar works
// whichever replica runs the import.
func (s *Server) handleImportStatus(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	st, err := s.svc.Jobs.Status(r.Context(), p, catalogueImportJob)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := runJSON(st.LastRun)
	if out == nil {
		out = map[string]any{"running": false, "done": 0, "total": 0}
	} else {
		out["message"] = localize(r, s.tr, st.LastRun.Message)
	}
	writeJSON(w, http.StatusOK, out)
}

func writeSchedule(w http.ResponseWriter, st *app.JobStatus) {
	hhmm, _ := domain.DailyTime(st.Schedule.Cron)
	var lastRun *time.Time
	if st.LastRun != nil {
		lastRun = &st.LastRun.StartedAt
	}
	writeJSON(w, http.StatusOK, map[string]any{"enabled": st.Schedule.Enabled, "cronTime": st.Schedule.Cron, "time": hhmm,
		"lastRun": lastRun, "nextRun": st.NextRun})
}

func (s *Server) handleImportSchedule(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	st, err := s.svc.Jobs.Status(r.Context(), p, catalogueImportJob)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeSchedule(w, st)
}

// updateImportScheduleInput is the body of handleUpdateImportSchedule.
type updateImportScheduleInput struct {
	Enabled optional[bool]   `json:"enabled"`
	Time    optional[string] `json:"time"`
}

func (s *Server) handleUpdateImportSchedule(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in updateImportScheduleInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	if !in.Enabled.has() && !in.Time.has() {
		s.fail(w, r, domain.Errorf(domain.EInvalid, "Send enabled, time (HH:MM) or both"))
		return
	}
	st, err := s.svc.Jobs.UpdateDaily(r.Context(), p, catalogueImportJob, in.Enabled.ptr(), in.Time.ptr())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeSchedule(w, st)
}

func (s *Server) handleImportHistory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	runs, err := s.svc.Jobs.History(r.Context(), p, catalogueImportJob, 50)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]map[string]any, 0, len(runs))
	for _, run := range runs {
		out = append(out, map[string]any{"id": run.ID, "date": run.StartedAt, "finishedAt": run.FinishedAt, "running": run.Running(),
			"success": run.Success, "count": countJSON(run.Counts), "message": localize(r, s.tr, run.Message), "trigger": run.Trigger})
	}
	writeJSON(w, http.StatusOK, out)
}
