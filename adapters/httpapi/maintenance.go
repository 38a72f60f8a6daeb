package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// maintenanceRoutes put app functions and sites in and out of maintenance.
func (s *Server) maintenanceRoutes() []route {
	return []route{
		{method: "GET", path: "/api/maintenance/status", open: s.handleMaintenanceStatus,
			op: apiOp{summary: "The sites and functions in maintenance (the caller's, when signed in)", out: maintenanceStatusJSON{}}},
		{method: "GET", path: "/api/maintenance/functions", handler: s.handleListFunctions,
			op: apiOp{summary: "The app functions and their maintenance state", out: []functionJSON{}}},
		{method: "POST", path: "/api/maintenance/functions", role: domain.RoleSuperadmin, handler: s.handleCreateFunction,
			op: apiOp{summary: "Create an app function (superadmin)", in: functionInput{}, out: functionJSON{}, status: 201}},
		{method: "PATCH", path: "/api/maintenance/functions/{id}", role: domain.RoleSuperadmin, handler: s.handleSetFunction,
			op: apiOp{summary: "Put an app function in or out of maintenance", in: maintenanceInput{}, out: functionJSON{}}},
		{method: "DELETE", path: "/api/maintenance/functions/{id}", handler: s.handleDeleteFunction,
			op: apiOp{summary: "Delete an app function"}},
		{method: "POST", path: "/api/maintenance/site/{id}", role: domain.RoleSuperadmin, handler: s.handleSetSiteMaintenance,
			op: apiOp{summary: "Put a site in or out of maintenance", in: maintenanceInput{}, out: siteJSON{}}},
	}
}

// gate refuses a write with 503 and the maintenance message while function (or the whole
// site, or the caller's own site) is in maintenance; superadmins pass. function "" is gated by
// site-wide and site maintenance only.
func (s *Server) gate(function string, h func(http.ResponseWriter, *http.Request, *domain.Principal)) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		if s.svc.Maintenance != nil {
			msg, blocked, err := s.svc.Maintenance.Blocked(r.Context(), p.User, function)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			if blocked {
				w.Header().Set("Retry-After", "300")
				s.fail(w, r, domain.Errorf(domain.EUnavailable, "%s", msg))
				return
			}
		}
		h(w, r, p)
	}
}

// write is a signed-in write call of function: authenticated, then gated by maintenance.
func (s *Server) write(function string, h func(http.ResponseWriter, *http.Request, *domain.Principal)) http.HandlerFunc {
	return s.authed(s.gate(function, h))
}

type functionJSON struct {
	ID                   int64      `json:"id"`
	Name                 string     `json:"name"`
	DisplayName          string     `json:"displayName"`
	Description          string     `json:"description"`
	MaintenanceMode      bool       `json:"maintenanceMode"`
	MaintenanceMessage   string     `json:"maintenanceMessage"`
	LastMaintenanceStart *time.Time `json:"lastMaintenanceStart"`
	LastMaintenanceEnd   *time.Time `json:"lastMaintenanceEnd"`
}

func toFunctionJSON(f *domain.AppFunction) functionJSON {
	return functionJSON{f.ID, f.Name, f.DisplayName, f.Description, f.MaintenanceMode, f.MaintenanceMessage, f.LastMaintenanceStart, f.LastMaintenanceEnd}
}

func (s *Server) handleListFunctions(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.AppFunction, error) {
		return s.svc.Maintenance.Functions(r.Context(), p)
	}, each(toFunctionJSON))
}

type functionInput struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	Description string `json:"description"`
}

func (s *Server) handleCreateFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[functionInput]) (*domain.AppFunction, error) {
		return s.svc.Maintenance.CreateFunction(r.Context(), p, &domain.AppFunction{Name: q.in.Name, DisplayName: q.in.DisplayName, Description: q.in.Description})
	}, toFunctionJSON)
}

// maintenanceInput is {maintenanceMode, message} (spec 02 §7).
type maintenanceInput struct {
	MaintenanceMode *bool  `json:"maintenanceMode"`
	Message         string `json:"message"`
}

// mode is the required maintenanceMode.
func (in maintenanceInput) mode() (bool, error) {
	if in.MaintenanceMode == nil {
		return false, &domain.Error{Code: domain.EInvalid, Message: "maintenanceMode is required", Fields: map[string]string{"maintenanceMode": "maintenanceMode is required"}}
	}
	return *in.MaintenanceMode, nil
}

// setMaintenance is the superadmin's PATCH of a function or POST of a site: {id} and a
// maintenanceInput.
var setMaintenance = endpoint{id: true}

func (s *Server) handleSetFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, setMaintenance, func(q request[maintenanceInput]) (*domain.AppFunction, error) {
		on, err := q.in.mode()
		if err != nil {
			return nil, err
		}
		return s.svc.Maintenance.SetFunction(r.Context(), p, q.id, on, q.in.Message)
	}, toFunctionJSON)
}

func (s *Server) handleDeleteFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, endpoint{id: true}, s.svc.Maintenance.DeleteFunction)
}

func (s *Server) handleSetSiteMaintenance(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, setMaintenance, func(q request[maintenanceInput]) (*app.SiteView, error) {
		on, err := q.in.mode()
		if err != nil {
			return nil, err
		}
		site, err := s.svc.Maintenance.SetSite(r.Context(), p, q.id, on, q.in.Message)
		if err != nil {
			return nil, err
		}
		return s.svc.Sites.Get(r.Context(), p, site.ID)
	}, toSiteJSON)
}

// handleMaintenanceStatus answers everyone, signed in or not (the page polls it every 60 s):
// the functions in maintenance, and the sites in maintenance that concern the caller.
func (s *Server) handleMaintenanceStatus(w http.ResponseWriter, r *http.Request) {
	var p *domain.Principal
	if tok := bearerToken(r); tok != "" {
		p, _ = s.accounts.Authenticate(r.Context(), tok)
	}
	st, err := s.svc.Maintenance.Status(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sites := make([]map[string]any, 0, len(st.Sites))
	for _, site := range st.Sites {
		sites = append(sites, map[string]any{"id": site.ID, "name": site.Name, "maintenanceMessage": site.MaintenanceMessage,
			"maintenanceStartedAt": site.MaintenanceStartedAt})
	}
	fns := make([]map[string]any, 0, len(st.Functions))
	for _, f := range st.Functions {
		fns = append(fns, map[string]any{"id": f.ID, "name": f.Name, "displayName": f.DisplayName, "maintenanceMessage": f.MaintenanceMessage,
			"lastMaintenanceStart": f.LastMaintenanceStart})
	}
	writeJSON(w, http.StatusOK, map[string]any{"hasMaintenance": st.HasMaintenance, "sitesInMaintenance": sites,
		"sitesInMaintenanceCount": st.SiteCount, "functionsInMaintenance": fns})
}
