package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

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
	fns, err := s.svc.Maintenance.Functions(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]functionJSON, len(fns))
	for i, f := range fns {
		out[i] = toFunctionJSON(f)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleCreateFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := domain.RequireRole(p, domain.RoleSuperadmin); err != nil {
		s.fail(w, r, err)
		return
	}
	var in struct {
		Name        string `json:"name"`
		DisplayName string `json:"displayName"`
		Description string `json:"description"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	f, err := s.svc.Maintenance.CreateFunction(r.Context(), p, &domain.AppFunction{Name: in.Name, DisplayName: in.DisplayName, Description: in.Description})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toFunctionJSON(f))
}

// maintenanceInput is {maintenanceMode, message} (spec 02 §7).
type maintenanceInput struct {
	MaintenanceMode *bool  `json:"maintenanceMode"`
	Message         string `json:"message"`
}

func (s *Server) readMaintenance(w http.ResponseWriter, r *http.Request, p *domain.Principal) (int64, maintenanceInput, bool) {
	var in maintenanceInput
	if err := domain.RequireRole(p, domain.RoleSuperadmin); err != nil {
		s.fail(w, r, err)
		return 0, in, false
	}
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return 0, in, false
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return 0, in, false
	}
	if in.MaintenanceMode == nil {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: "maintenanceMode is required", Fields: map[string]string{"maintenanceMode": "maintenanceMode is required"}})
		return 0, in, false
	}
	return id, in, true
}

func (s *Server) handleSetFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, in, ok := s.readMaintenance(w, r, p)
	if !ok {
		return
	}
	f, err := s.svc.Maintenance.SetFunction(r.Context(), p, id, *in.MaintenanceMode, in.Message)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toFunctionJSON(f))
}

func (s *Server) handleDeleteFunction(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.svc.Maintenance.DeleteFunction(r.Context(), p, id)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleSetSiteMaintenance(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, in, ok := s.readMaintenance(w, r, p)
	if !ok {
		return
	}
	site, err := s.svc.Maintenance.SetSite(r.Context(), p, id, *in.MaintenanceMode, in.Message)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := s.svc.Sites.Get(r.Context(), p, site.ID)
	s.site(w, r, v, err, http.StatusOK)
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
	writeJSON(w, http.StatusOK, map[string]any{"hasMaintenance": st.HasMaintenance, "sitesInMaintenance": sites, "functionsInMaintenance": fns})
}
