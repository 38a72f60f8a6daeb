package app

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgNoFunction = "No function named %q"
)

// MaintenanceStore is what Maintenance keeps: the functions and sites in maintenance.
type MaintenanceStore interface {
	ports.AppFunctionStore
	// ports.SiteStore's:
	SitesInMaintenance(ctx context.Context, id *int64, limit int) ([]*domain.Site, int, error)
	UpdateSite(ctx context.Context, id int64, fn func(*domain.Site) error) (*domain.Site, error)
}

// Maintenance puts functions and sites in maintenance, reports the state, and gates writes.
type Maintenance struct {
	store MaintenanceStore
	clock ports.Clock
	// ttl is how long a read state is reused by the gate: every write request asks, and a
	// few seconds of delay after switching maintenance on is acceptable.
	ttl time.Duration

	mu     sync.Mutex
	cached domain.MaintenanceState
	at     time.Time
}

// NewMaintenance builds the maintenance service.
func NewMaintenance(store MaintenanceStore, clock ports.Clock) *Maintenance {
	return &Maintenance{store: store, clock: clock, ttl: 5 * time.Second}
}

// Functions lists the application functions (superadmins).
func (m *Maintenance) Functions(ctx context.Context, p *domain.Principal) ([]*domain.AppFunction, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	return m.store.ListAppFunctions(ctx)
}

// CreateFunction adds a function (superadmins).
func (m *Maintenance) CreateFunction(ctx context.Context, p *domain.Principal, f *domain.AppFunction) (*domain.AppFunction, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	f.ID, f.MaintenanceMode, f.MaintenanceMessage = 0, false, ""
	f.Description = strings.TrimSpace(f.Description)
	if err := domain.ValidateAppFunction(f); err != nil {
		return nil, err
	}
	if err := m.store.CreateAppFunction(ctx, f); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, &domain.Error{Code: domain.EConflict, Message: "A function with this name exists", Fields: map[string]string{"name": "A function with this name exists"}}
		}
		return nil, err
	}
	return f, nil
}

// SetFunction turns a function's maintenance on (with a message) or off (superadmins).
func (m *Maintenance) SetFunction(ctx context.Context, p *domain.Principal, id int64, on bool, message string) (*domain.AppFunction, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	f, err := m.store.UpdateAppFunction(ctx, id, func(f *domain.AppFunction) error {
		return domain.SetMaintenance(on, message, m.clock.Now(), &f.MaintenanceMode, &f.MaintenanceMessage, &f.LastMaintenanceStart, &f.LastMaintenanceEnd)
	})
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgFunctionNotFound)
	}
	m.forget()
	return f, err
}

// SetFunctionByName is SetFunction for the command line.
func (m *Maintenance) SetFunctionByName(ctx context.Context, name string, on bool, message string) (*domain.AppFunction, error) {
	fns, err := m.store.ListAppFunctions(ctx)
	if err != nil {
		return nil, err
	}
	for _, f := range fns {
		if f.Name == name {
			return m.SetFunction(ctx, operator(), f.ID, on, message)
		}
	}
	return nil, domain.Errorf(domain.ENotFound, MsgNoFunction, name)
}

// DeleteFunction removes a function; site_wide stays (superadmins).
func (m *Maintenance) DeleteFunction(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireSuperadmin(p); err != nil {
		return err
	}
	fns, err := m.store.ListAppFunctions(ctx)
	if err != nil {
		return err
	}
	for _, f := range fns {
		if f.ID == id && f.Name == domain.FunctionSiteWide {
			return domain.Errorf(domain.EForbidden, domain.MsgFunctionProtected)
		}
	}
	err = m.store.DeleteAppFunction(ctx, id)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgFunctionNotFound)
	}
	m.forget()
	return err
}

// SetSite turns a site's maintenance on (with a message) or off (superadmins).
func (m *Maintenance) SetSite(ctx context.Context, p *domain.Principal, siteID int64, on bool, message string) (*domain.Site, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	site, err := m.store.UpdateSite(ctx, siteID, func(s *domain.Site) error {
		return domain.SetMaintenance(on, message, m.clock.Now(), &s.MaintenanceMode, &s.MaintenanceMessage, &s.MaintenanceStartedAt, &s.MaintenanceEndedAt)
	})
	m.forget()
	return site, siteNotFound(err)
}

// operator is the principal of the command line, which acts with the operator's authority.
func operator() *domain.Principal {
	return &domain.Principal{User: &domain.User{Role: domain.RoleSuperadmin, IsActive: true}}
}

// SetSiteAsOperator is SetSite for the command line.
func (m *Maintenance) SetSiteAsOperator(ctx context.Context, siteID int64, on bool, message string) (*domain.Site, error) {
	return m.SetSite(ctx, operator(), siteID, on, message)
}

// FunctionsAsOperator lists functions for the command line.
func (m *Maintenance) FunctionsAsOperator(ctx context.Context) ([]*domain.AppFunction, error) {
	return m.Functions(ctx, operator())
}

// StatusView is what the maintenance status call answers.
type StatusView struct {
	HasMaintenance bool
	Sites          []*domain.Site
	// SiteCount is how many sites in maintenance concern the caller; Sites holds at most
	// StatusSiteLimit of them.
	SiteCount int
	Functions []*domain.AppFunction
}

// StatusSiteLimit bounds the sites the maintenance status lists (SiteCount says how many there
// are): every open page polls it, so it reads a bounded number of rows however many sites are
// in maintenance.
const StatusSiteLimit = domain.DefaultPageLimit

// Status reports the maintenance a caller is concerned by: every function in maintenance, and
// the sites in maintenance that concern them (their own site; every site for a superadmin),
// read and counted in SQL. p may be nil (signed out): then only functions are reported.
func (m *Maintenance) Status(ctx context.Context, p *domain.Principal) (*StatusView, error) {
	fns, err := m.store.ListAppFunctions(ctx)
	if err != nil {
		return nil, err
	}
	out := &StatusView{Sites: []*domain.Site{}, Functions: []*domain.AppFunction{}}
	for _, f := range fns {
		if f.MaintenanceMode {
			out.Functions = append(out.Functions, f)
		}
	}
	if p != nil && p.User != nil && (p.User.Role == domain.RoleSuperadmin || p.User.SiteID != nil) {
		var only *int64
		if p.User.Role != domain.RoleSuperadmin {
			only = p.User.SiteID
		}
		sites, n, err := m.store.SitesInMaintenance(ctx, only, StatusSiteLimit)
		if err != nil {
			return nil, err
		}
		out.Sites, out.SiteCount = append(out.Sites, sites...), n
	}
	out.HasMaintenance = out.SiteCount+len(out.Functions) > 0
	return out, nil
}

// Blocked tells whether u's write to function is refused now, and with which message.
func (m *Maintenance) Blocked(ctx context.Context, u *domain.User, function string) (string, bool, error) {
	st, err := m.state(ctx)
	if err != nil {
		return "", false, err
	}
	msg, blocked := st.Blocks(u, function)
	if blocked && msg == "" {
		msg = domain.MsgInMaintenance
	}
	return msg, blocked, nil
}

func (m *Maintenance) state(ctx context.Context) (domain.MaintenanceState, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.clock.Now()
	if !m.at.IsZero() && now.Sub(m.at) < m.ttl && now.After(m.at.Add(-time.Second)) {
		return m.cached, nil
	}
	st, err := m.store.MaintenanceState(ctx)
	if err != nil {
		return st, err
	}
	m.cached, m.at = st, now
	return st, nil
}

// forget drops the cached state so this replica applies a change at once.
func (m *Maintenance) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.at = time.Time{}
}
