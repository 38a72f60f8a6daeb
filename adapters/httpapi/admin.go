package httpapi

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// adminRoutes are sites, users, their categories and the caller's own settings.
func (s *Server) adminRoutes() []route {
	return []route{
		{method: "GET", path: "/api/sites", handler: s.handleListSites,
			op: apiOp{summary: "The sites the caller may see, by name, each with its user count", out: []siteJSON{}, page: true, query: []string{"q: name, city, state, country, e-mail or description contains", "maintenance: true for the sites in maintenance only", "ids: these site ids only (comma-separated, at most 200)"}}},
		{method: "POST", path: "/api/sites", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleCreateSite,
			op: apiOp{summary: "Create a site (superadmin)", in: siteInput{}, out: siteJSON{}, status: 201}},
		{method: "GET", path: "/api/sites/current", handler: s.handleCurrentSite,
			op: apiOp{summary: "The caller's site", out: siteJSON{}}},
		{method: "GET", path: "/api/sites/{id}", handler: s.handleGetSite,
			op: apiOp{summary: "One site", out: siteJSON{}}},
		{method: "PATCH", path: "/api/sites/{id}", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleUpdateSite,
			op: apiOp{summary: "Change a site (superadmin)", in: siteInput{}, out: siteJSON{}}},
		{method: "DELETE", path: "/api/sites/{id}", access: writes(""), handler: s.handleDeleteSite,
			op: apiOp{summary: "Delete a site"}},
		// The spec has both PATCH /api/sites/{id}/toggle-status and PATCH /api/sites/users/{id};
		// one pattern serves both, since the mux cannot tell "users" from an id.
		{method: "PATCH", path: "/api/sites/{first}/{second}", access: writes(""), handler: s.handleSitesPatch, docs: []documented{
			{"/api/sites/{id}/toggle-status", apiOp{summary: "Activate or deactivate a site", out: siteJSON{}}},
			{"/api/sites/users/{id}", apiOp{summary: "Activate or deactivate a user of the caller's site", in: activeInput{}, out: userJSON{}}},
		}},
		{method: "GET", path: "/api/site-categories", handler: s.handleSiteCategories,
			op: apiOp{summary: "The site categories", out: []siteCategoryJSON{}}},
		{method: "GET", path: "/api/admin/sites", role: domain.RoleSuperadmin, handler: s.handleAdminSites,
			op: apiOp{summary: "Every site (superadmin), by name", out: []siteJSON{}, page: true, query: []string{"q: name, city, state, country, e-mail or description contains", "maintenance: true for the sites in maintenance only", "ids: these site ids only (comma-separated, at most 200)"}}},
		{method: "GET", path: "/api/users", handler: s.handleListUsers,
			op: apiOp{summary: "The users the caller may manage, by id", out: []userJSON{}, page: true, query: []string{"q: username, full name or e-mail contains", "active: true for active accounts only"}}},
		{method: "POST", path: "/api/users", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleCreateUser,
			op: apiOp{summary: "Create a user (superadmin)", in: userInput{}, out: userJSON{}, status: 201}},
		{method: "GET", path: "/api/users/{id}", handler: s.handleGetUser,
			op: apiOp{summary: "One user", out: userJSON{}}},
		{method: "PATCH", path: "/api/users/{id}", access: writes(""), handler: s.handleUpdateUser,
			op: apiOp{summary: "Change a user", in: userInput{}, out: userJSON{}}},
		{method: "DELETE", path: "/api/users/{id}", access: writes(""), handler: s.handleDeleteUser,
			op: apiOp{summary: "Delete a user"}},
		{method: "PATCH", path: "/api/users/{id}/toggle-active", access: writes(""), handler: s.handleToggleActive,
			op: apiOp{summary: "Activate or deactivate a user", out: userJSON{}}},
		{method: "GET", path: "/api/admin/users", role: domain.RoleSuperadmin, handler: s.handleAdminUsers,
			op: apiOp{summary: "Every user (superadmin), by id", out: []userJSON{}, page: true, query: []string{"q: username, full name or e-mail contains", "active: true for active accounts only"}}},
		{method: "PATCH", path: "/api/user/settings", access: writes(""), handler: s.handleOwnSettings,
			op: apiOp{summary: "Change the signed-in user's own settings (gardenLocation null clears it)", in: ownSettingsInput{}, out: ownUserJSON{}}},
		{method: "GET", path: "/api/user-categories", handler: s.handleUserCategories,
			op: apiOp{summary: "The user categories", out: []categoryJSON{}}},
		{method: "POST", path: "/api/user-categories", access: writes(""), role: domain.RoleAdmin, handler: s.handleCreateUserCategory,
			op: apiOp{summary: "Create a user category (admin)", in: categoryInput{}, out: categoryJSON{}, status: 201}},
		{method: "PATCH", path: "/api/user-categories/{id}", access: writes(""), role: domain.RoleAdmin, handler: s.handleUpdateUserCategory,
			op: apiOp{summary: "Change a user category (admin)", in: categoryInput{}, out: categoryJSON{}}},
		{method: "DELETE", path: "/api/user-categories/{id}", access: writes(""), handler: s.handleDeleteUserCategory,
			op: apiOp{summary: "Delete a user category"}},
		{method: "GET", path: "/api/sites/{id}/users", handler: s.handleSiteUsers,
			op: apiOp{summary: "A site's users (its site admin, or a superadmin), by id", out: []siteUserJSON{}, page: true, query: []string{"q: username, full name or e-mail contains", "active: true for active accounts only"}}},
		{method: "POST", path: "/api/sites/{id}/users", access: writes(""), handler: s.handleAddSiteUser,
			op: apiOp{summary: "Add an existing user to a site", in: addSiteUserInput{}, out: siteUserJSON{}, status: 201}},
		{method: "PATCH", path: "/api/site-users/{id}/role", access: writes(""), handler: s.handleSiteUserRole,
			op: apiOp{summary: "Change a site user's role", in: siteRoleInput{}, out: siteUserJSON{}}},
		{method: "PATCH", path: "/api/site-users/{id}/admin", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleSiteUserAdmin,
			op: apiOp{summary: "Make a site user site admin or not (superadmin)", in: siteAdminInput{}, out: siteUserJSON{}}},
		{method: "DELETE", path: "/api/site-users/{id}", access: writes(""), handler: s.handleRemoveSiteUser,
			op: apiOp{summary: "Remove a user from the site"}},
		{method: "POST", path: "/api/sites/users", access: writes(""), handler: s.handleCreateSiteUser,
			op: apiOp{summary: "Create a user in the caller's site", in: createSiteUserInput{}, out: userJSON{}, status: 201}},
	}
}

// looseInt reads a number the way the site form sends it: a number, a numeric string, or a
// blank ("" or null), which is 0 (spec 02 §5).
type looseInt struct {
	Value int
	Bad   bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *looseInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "" || s == "null" {
		n.Value = 0
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		switch {
		case ferr == nil && f >= math.MaxInt64:
			n.Value = math.MaxInt // too large: the limit's own message says so
			return nil
		case ferr == nil && f <= math.MinInt64:
			n.Value = math.MinInt
			return nil
		}
		if ferr != nil || f != float64(int(f)) {
			n.Bad = true
			return nil
		}
		v = int(f)
	}
	n.Value = v
	return nil
}

type siteJSON struct {
	ID                   int64      `json:"id"`
	Name                 string     `json:"name"`
	Description          string     `json:"description"`
	Email                string     `json:"email"`
	Address              string     `json:"address"`
	City                 string     `json:"city"`
	State                string     `json:"state"`
	ZipCode              string     `json:"zipCode"`
	PhoneNumber          string     `json:"phoneNumber"`
	Website              string     `json:"website"`
	Country              string     `json:"country"`
	Status               string     `json:"status"`
	CategoryID           *int64     `json:"categoryId"`
	UserLimit            int        `json:"userLimit"`
	PlantLimit           int        `json:"plantLimit"`
	UserCount            int        `json:"userCount"`
	MaintenanceMode      bool       `json:"maintenanceMode"`
	MaintenanceMessage   string     `json:"maintenanceMessage"`
	MaintenanceStartedAt *time.Time `json:"maintenanceStartedAt"`
	MaintenanceEndedAt   *time.Time `json:"maintenanceEndedAt"`
	CreatedAt            time.Time  `json:"createdAt"`
}

func toSiteJSON(v *app.SiteView) siteJSON {
	s := v.Site
	return siteJSON{ID: s.ID, Name: s.Name, Description: s.Description, Email: s.Email, Address: s.Address, City: s.City,
		State: s.State, ZipCode: s.ZipCode, PhoneNumber: s.PhoneNumber, Website: s.Website, Country: s.Country, Status: string(s.Status),
		CategoryID: s.CategoryID, UserLimit: s.UserLimit, PlantLimit: s.PlantLimit, UserCount: v.UserCount,
		MaintenanceMode: s.MaintenanceMode, MaintenanceMessage: s.MaintenanceMessage, MaintenanceStartedAt: s.MaintenanceStartedAt,
		MaintenanceEndedAt: s.MaintenanceEndedAt, CreatedAt: s.CreatedAt}
}

type siteNameInput struct {
	Name        optional[string] `json:"name"`
	Description optional[string] `json:"description"`
	Email       optional[string] `json:"email"`
}

// siteInput is the body of the site form (spec 02 §5): who the site is, where to reach it, and
// its settings. Every field is optional (a PATCH sends some).
type siteInput struct {
	siteNameInput
	siteContactInput
	siteSettingsInput
}

type siteContactInput struct {
	Address     optional[string] `json:"address"`
	City        optional[string] `json:"city"`
	State       optional[string] `json:"state"`
	ZipCode     optional[string] `json:"zipCode"`
	PhoneNumber optional[string] `json:"phoneNumber"`
	Website     optional[string] `json:"website"`
	Country     optional[string] `json:"country"`
}

func (in *siteInput) apply(s *domain.Site) error {
	for _, f := range []struct {
		dst *string
		o   optional[string]
	}{{&s.Name, in.Name}, {&s.Description, in.Description}, {&s.Email, in.Email}, {&s.Address, in.Address}, {&s.City, in.City},
		{&s.State, in.State}, {&s.ZipCode, in.ZipCode}, {&s.PhoneNumber, in.PhoneNumber}, {&s.Website, in.Website}, {&s.Country, in.Country}} {
		if f.o.Set {
			*f.dst = strings.TrimSpace(f.o.Value)
		}
	}
	if in.Status.Set {
		s.Status = domain.SiteStatus(in.Status.Value)
	}
	if in.CategoryID.Set {
		s.CategoryID = in.CategoryID.ptr()
	}
	var v domain.Validation
	if in.UserLimit.Set {
		if in.UserLimit.Value.Bad {
			v.Add("userLimit", domain.MsgUserLimitNegative)
		}
		s.UserLimit = in.UserLimit.Value.Value
	}
	if in.PlantLimit.Set {
		if in.PlantLimit.Value.Bad {
			v.Add("plantLimit", domain.MsgPlantLimitNegative)
		}
		s.PlantLimit = in.PlantLimit.Value.Value
	}
	return v.Err()
}

type siteSettingsInput struct {
	Status     optional[string]   `json:"status"`
	CategoryID optional[int64]    `json:"categoryId"`
	UserLimit  optional[looseInt] `json:"userLimit"`
	PlantLimit optional[looseInt] `json:"plantLimit"`
}

func (s *Server) handleListSites(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleSitePage(w, r, p, endpoint{})
}

// handleAdminSites is the superadmin's list for pickers (spec 02 §7 GET /api/admin/sites).
func (s *Server) handleAdminSites(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleSitePage(w, r, p, endpoint{})
}

func (s *Server) handleGetSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true}, s.svc.Sites.Get, toSiteJSON)
}

func (s *Server) handleCurrentSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*app.SiteView, error) {
		return s.svc.Sites.Current(r.Context(), p)
	}, toSiteJSON)
}

func (s *Server) handleCreateSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[siteInput]) (*app.SiteView, error) {
		var site domain.Site
		if err := q.in.apply(&site); err != nil {
			return nil, err
		}
		return s.svc.Sites.Create(r.Context(), p, &site)
	}, toSiteJSON)
}

func (s *Server) handleUpdateSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[siteInput]) (*app.SiteView, error) {
		return s.svc.Sites.Update(r.Context(), p, q.id, q.in.apply)
	}, toSiteJSON)
}

func (s *Server) handleToggleSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true}, s.svc.Sites.ToggleStatus, toSiteJSON)
}

func (s *Server) handleDeleteSite(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, endpoint{id: true}, s.svc.Sites.Delete)
}

func (s *Server) handleSiteCategories(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.SiteCategory, error) {
		return s.svc.Sites.Categories(r.Context(), p)
	}, each(func(c *domain.SiteCategory) map[string]any { return map[string]any{"id": c.ID, "name": c.Name} }))
}

type userAccountInput struct {
	Username optional[string] `json:"username"`
	Email    optional[string] `json:"email"`
	FullName optional[string] `json:"fullName"`
	Password optional[string] `json:"password"`
	// CurrentPassword proves a change of one's own password.
	CurrentPassword optional[string] `json:"currentPassword"`
}

// userInput is the body of the admin user form, of PATCH /api/users/{id} and of PATCH
// /api/user/settings: the account, what only administrators change, and the preferences.
type userInput struct {
	userAccountInput
	userAdminInput
	userPreferencesInput
}

type userPreferencesInput struct {
	Preferences optional[struct {
		Notifications *bool `json:"notifications"`
	}] `json:"preferences"`
	NotificationPreferences optional[notificationPreferencesJSON] `json:"notificationPreferences"`
	CategoryDetail          json.RawMessage                       `json:"categoryDetail"` // read-only; ignored
	// LastSpringFrost and FirstAutumnFrost are "MM-DD"; null clears one (issue #24 item 7).
	LastSpringFrost  optional[string] `json:"lastSpringFrost"`
	FirstAutumnFrost optional[string] `json:"firstAutumnFrost"`
	// TimeZone is an IANA name ("Europe/Paris"): "today", "due" and "overdue" are reckoned in it.
	TimeZone optional[string] `json:"timeZone"`
	// ReminderHour is the hour (0-23, in timeZone) of the daily care reminder; null for the
	// installation's default.
	ReminderHour optional[int] `json:"reminderHour"`
	// Language is one of the twelve language tags ("de", "pt-BR"): the API's messages follow it.
	Language optional[string] `json:"language"`
	// Theme is "system", "light" or "dark" (issue #25 item 6).
	Theme optional[string] `json:"theme"`
	// Units is "metric" or "imperial"; null follows the gardener's locale (issue #25 item 4).
	Units optional[string] `json:"units"`
}

func (in *userInput) patch(current *domain.User) app.UserPatch {
	var p app.UserPatch
	if in.Username.Set {
		p.Username = app.Of(in.Username.Value)
	}
	if in.Email.Set {
		p.Email = app.Of(in.Email.Value)
	}
	if in.FullName.Set {
		p.FullName = app.Of(in.FullName.Value)
	}
	if in.Password.has() && in.Password.Value != "" {
		p.Password = app.Of(in.Password.Value) // an empty password means "unchanged"
	}
	if in.CurrentPassword.has() {
		p.CurrentPassword = app.Of(in.CurrentPassword.Value)
	}
	if in.Role.Set {
		p.Role = app.Of(domain.Role(in.Role.Value))
	}
	if in.IsActive.has() {
		p.IsActive = app.Of(in.IsActive.Value)
	}
	if in.CategoryID.Set {
		p.CategoryID = app.Of(in.CategoryID.ptr())
	}
	if in.SiteID.Set {
		p.SiteID = app.Of(in.SiteID.ptr())
	}
	if in.IsSiteAdmin.has() {
		p.IsSiteAdmin = app.Of(in.IsSiteAdmin.Value)
	}
	if in.Preferences.has() && in.Preferences.Value.Notifications != nil {
		p.NotificationsEnabled = app.Of(*in.Preferences.Value.Notifications)
	}
	if in.NotificationPreferences.has() {
		n := in.NotificationPreferences.Value
		p.NotificationPrefs = app.Of(domain.NotificationPreferences{Email: n.Email, Push: n.Push, CareReminders: n.CareReminders, WeeklyDigest: n.WeeklyDigest})
	}
	if in.LastSpringFrost.Set {
		p.LastSpringFrost = app.Of(in.LastSpringFrost.ptr())
	}
	if in.FirstAutumnFrost.Set {
		p.FirstAutumnFrost = app.Of(in.FirstAutumnFrost.ptr())
	}
	if in.TimeZone.Set {
		p.TimeZone = app.Of(in.TimeZone.Value)
	}
	if in.ReminderHour.Set {
		p.ReminderHour = app.Of(in.ReminderHour.ptr())
	}
	if in.Language.Set {
		p.Language = app.Of(in.Language.Value)
	}
	if in.Theme.Set {
		p.Theme = app.Of(domain.Theme(in.Theme.Value))
	}
	if in.Units.Set {
		var units *domain.Units
		if in.Units.has() {
			units = new(domain.Units)
			*units = domain.Units(in.Units.Value)
		}
		p.Units = app.Of(units)
	}
	// Sending back unchanged read-only values of one's own record is not a change.
	if current != nil {
		if p.Role.Set && p.Role.Value == current.Role {
			p.Role = app.Field[domain.Role]{}
		}
		if p.IsActive.Set && p.IsActive.Value == current.IsActive {
			p.IsActive = app.Field[bool]{}
		}
		if p.IsSiteAdmin.Set && p.IsSiteAdmin.Value == current.IsSiteAdmin {
			p.IsSiteAdmin = app.Field[bool]{}
		}
		if p.SiteID.Set && sameIDPtr(p.SiteID.Value, current.SiteID) {
			p.SiteID = app.Field[*int64]{}
		}
		if p.CategoryID.Set && sameIDPtr(p.CategoryID.Value, current.CategoryID) {
			p.CategoryID = app.Field[*int64]{}
		}
	}
	return p
}

// userAdminInput is what only administrators change (the account rules of spec 02 §5).
type userAdminInput struct {
	Role        optional[string] `json:"role"`
	IsActive    optional[bool]   `json:"isActive"`
	CategoryID  optional[int64]  `json:"categoryId"`
	SiteID      optional[int64]  `json:"siteId"`
	IsSiteAdmin optional[bool]   `json:"isSiteAdmin"`
}

func sameIDPtr(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func (s *Server) handleListUsers(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleUserPage(w, r, p, endpoint{})
}

// handleAdminUsers is the superadmin's list for pickers (spec 02 §7 GET /api/admin/users).
func (s *Server) handleAdminUsers(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleUserPage(w, r, p, endpoint{})
}

func (s *Server) handleGetUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[noBody]) (*domain.User, error) {
		return s.accounts.GetUserFor(r.Context(), p, q.id)
	}, toUserJSON)
}

func (s *Server) handleCreateUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[userInput]) (*domain.User, error) {
		in := q.in
		nu := app.NewUser{Username: in.Username.Value, Email: in.Email.Value, FullName: in.FullName.Value, Password: in.Password.Value,
			Role: domain.Role(in.Role.Value), SiteID: in.SiteID.ptr(), IsSiteAdmin: in.IsSiteAdmin.Value, CategoryID: in.CategoryID.ptr()}
		if !in.Role.has() || in.Role.Value == "" {
			nu.Role = domain.RoleUser
		}
		u, err := s.accounts.CreateUserAsAdmin(r.Context(), p, nu)
		if err == nil && in.IsActive.has() && !in.IsActive.Value {
			u, err = s.accounts.SetActiveFor(r.Context(), p, u.ID, &in.IsActive.Value)
		}
		return u, err
	}, toUserJSON)
}

func (s *Server) handleUpdateUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	current, err := s.accounts.GetUserFor(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var in userInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.accounts.UpdateUserFor(r.Context(), p, id, in.patch(current))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toUserJSON(u))
}

func (s *Server) handleOwnSettings(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(q request[ownSettingsInput]) (*domain.User, error) {
		patch := q.in.userInput.patch(p.User)
		patch.Garden = q.in.gardenSettingsInput.patch()
		return s.accounts.UpdateOwnSettings(r.Context(), p, patch)
	}, toOwnUserJSON)
}

func (s *Server) handleDeleteUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error {
		// The anonymising deletion of DELETE /api/user when it is wired (it always is in
		// gardenctl serve): the user's own data and photos go, posts others rely on stay.
		if s.svc.UserData != nil {
			return s.svc.UserData.DeleteAccountFor(r.Context(), p, q.id)
		}
		return s.accounts.DeleteUserFor(r.Context(), p, q.id)
	})
}

func (s *Server) handleToggleActive(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[noBody]) (*domain.User, error) {
		return s.accounts.SetActiveFor(r.Context(), p, q.id, nil)
	}, toUserJSON)
}

// siteUserJSON is the site-user link (spec 02 §3). A user belongs to at most one site, so the
// link's id is the user's id.
type siteUserJSON struct {
	ID        int64      `json:"id"`
	Role      string     `json:"role"`
	IsAdmin   bool       `json:"isAdmin"`
	CreatedAt *time.Time `json:"createdAt"`
	User      userJSON   `json:"user"`
}

func toSiteUserJSON(u *domain.User) siteUserJSON {
	return siteUserJSON{ID: u.ID, Role: string(u.SiteRole), IsAdmin: u.IsSiteAdmin, CreatedAt: u.SiteJoinedAt, User: toUserJSON(u)}
}

// handleSiteUsers answers a page of a site's users, filtered as GET /api/users is (userQuery).
func (s *Server) handleSiteUsers(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{id: true}, func(q request[noBody], page domain.PageRequest) (domain.Page[*domain.User], error) {
		return s.accounts.SiteUsers(r.Context(), p, q.id, userQuery(r), page)
	}, toSiteUserJSON)
}

type addSiteUserInput struct {
	UserID  int64  `json:"userId"`
	Role    string `json:"role"`
	IsAdmin bool   `json:"isAdmin"`
}

func (s *Server) handleAddSiteUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, status: http.StatusCreated}, func(q request[addSiteUserInput]) (*domain.User, error) {
		role, err := domain.ParseSiteRole(q.in.Role)
		if err != nil {
			return nil, err
		}
		return s.accounts.AddToSite(r.Context(), p, q.id, q.in.UserID, role, q.in.IsAdmin)
	}, toSiteUserJSON)
}

type siteRoleInput struct {
	Role string `json:"role"`
}

func (s *Server) handleSiteUserRole(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[siteRoleInput]) (*domain.User, error) {
		role, err := domain.ParseSiteRole(q.in.Role)
		if err != nil || strings.TrimSpace(q.in.Role) == "" {
			const msg = "Site role must be member, manager or owner"
			return nil, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"role": msg}}
		}
		return s.accounts.SetSiteRole(r.Context(), p, q.id, role)
	}, toSiteUserJSON)
}

type siteAdminInput struct {
	IsAdmin *bool `json:"isAdmin"`
}

func (s *Server) handleSiteUserAdmin(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[siteAdminInput]) (*domain.User, error) {
		if q.in.IsAdmin == nil {
			return nil, domain.Errorf(domain.EInvalid, "isAdmin is required")
		}
		return s.accounts.SetSiteAdmin(r.Context(), p, q.id, *q.in.IsAdmin)
	}, toSiteUserJSON)
}

func (s *Server) handleRemoveSiteUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error {
		_, err := s.accounts.RemoveFromSite(r.Context(), p, q.id)
		return err
	})
}

type createSiteUserInput struct {
	Username string          `json:"username"`
	Email    string          `json:"email"`
	Password string          `json:"password"`
	FullName string          `json:"fullName"`
	SiteID   optional[int64] `json:"siteId"`
	Role     string          `json:"role"`
}

func (s *Server) handleCreateSiteUser(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[createSiteUserInput]) (*domain.User, error) {
		in := q.in
		// The spec's form forces role "user"; a site role (member, manager, owner) is accepted too.
		role, _ := domain.ParseSiteRole(in.Role)
		if role == "" {
			role = domain.SiteMember
		}
		return s.accounts.CreateSiteUser(r.Context(), p, app.SiteUserInput{Username: in.Username, Email: in.Email, Password: in.Password,
			FullName: in.FullName, SiteID: in.SiteID.Value, Role: role})
	}, toUserJSON)
}

type activeInput struct {
	IsActive *bool `json:"isActive"`
}

func (s *Server) handleSetSiteUserActive(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[activeInput]) (*domain.User, error) {
		if q.in.IsActive == nil {
			return nil, domain.Errorf(domain.EInvalid, "isActive is required")
		}
		if _, err := s.accounts.GetUserFor(r.Context(), p, q.id); err != nil {
			return nil, err
		}
		return s.accounts.SetActiveFor(r.Context(), p, q.id, q.in.IsActive)
	}, toUserJSON)
}

type categoryJSON struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Experts: the category's members answer questions with the Expert badge.
	Experts   bool      `json:"experts"`
	CreatedAt time.Time `json:"createdAt"`
}

func toCategoryJSON(c *domain.UserCategory) categoryJSON {
	return categoryJSON{c.ID, c.Name, c.Description, c.Experts, c.CreatedAt}
}

func (s *Server) handleUserCategories(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.UserCategory, error) {
		return s.accounts.UserCategories(r.Context(), p)
	}, each(toCategoryJSON))
}

type categoryInput struct {
	Name        optional[string] `json:"name"`
	Description optional[string] `json:"description"`
	// Experts may be changed by superadmins only (403 otherwise).
	Experts optional[bool] `json:"experts"`
}

func (s *Server) handleCreateUserCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[categoryInput]) (*domain.UserCategory, error) {
		return s.accounts.CreateUserCategory(r.Context(), p, q.in.Name.Value, q.in.Description.Value, q.in.Experts.ptr())
	}, toCategoryJSON)
}

func (s *Server) handleUpdateUserCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[categoryInput]) (*domain.UserCategory, error) {
		return s.accounts.UpdateUserCategory(r.Context(), p, q.id, q.in.Name.ptr(), q.in.Description.ptr(), q.in.Experts.ptr())
	}, toCategoryJSON)
}

func (s *Server) handleDeleteUserCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error {
		return s.accounts.DeleteUserCategory(r.Context(), p, q.id)
	})
}

// handleSitesPatch routes PATCH /api/sites/{id}/toggle-status and PATCH /api/sites/users/{id}.
func (s *Server) handleSitesPatch(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	first, second := r.PathValue("first"), r.PathValue("second")
	switch {
	case first == "users":
		r.SetPathValue("id", second)
		s.handleSetSiteUserActive(w, r, p)
	case second == "toggle-status":
		r.SetPathValue("id", first)
		s.handleToggleSite(w, r, p)
	default:
		s.fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
	}
}
