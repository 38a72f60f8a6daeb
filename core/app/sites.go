package app

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Sites administers sites (tenants). Creating, editing and deleting sites is for superadmins;
// everyone may see their own site.
type Sites struct {
	store ports.SiteStore
	clock ports.Clock
}

// NewSites builds the sites service.
func NewSites(store ports.SiteStore, clock ports.Clock) *Sites {
	return &Sites{store: store, clock: clock}
}

func requireSuperadmin(p *domain.Principal) error {
	return domain.RequireRole(p, domain.RoleSuperadmin)
}

func siteNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgSiteNotFound)
	}
	return err
}

// SiteView is a site with its number of users.
type SiteView struct {
	Site      *domain.Site
	UserCount int
}

func (s *Sites) view(ctx context.Context, site *domain.Site) (*SiteView, error) {
	n, err := s.store.CountSiteUsers(ctx, site.ID)
	return &SiteView{Site: site, UserCount: n}, err
}

// List returns a page of the sites q selects: every site for a superadmin, the caller's own
// for anyone else, each with its number of users counted in one grouped query for the page.
func (s *Sites) List(ctx context.Context, p *domain.Principal, q ports.SiteQuery, page domain.PageRequest) (domain.Page[*SiteView], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*SiteView]{}, err
	}
	if p.User.Role != domain.RoleSuperadmin {
		if p.User.SiteID == nil {
			return domain.Page[*SiteView]{}, nil
		}
		q.ID = p.User.SiteID
	}
	sites, err := s.store.ListSitesPage(ctx, q, page)
	if err != nil {
		return domain.Page[*SiteView]{}, err
	}
	return s.withCounts(ctx, sites)
}

func (s *Sites) withCounts(ctx context.Context, sites domain.Page[*domain.Site]) (domain.Page[*SiteView], error) {
	ids := make([]int64, len(sites.Items))
	for i, site := range sites.Items {
		ids[i] = site.ID
	}
	counts, err := s.store.CountUsersOfSites(ctx, ids)
	if err != nil {
		return domain.Page[*SiteView]{}, err
	}
	out := domain.Page[*SiteView]{Items: make([]*SiteView, len(sites.Items)), NextCursor: sites.NextCursor}
	for i, site := range sites.Items {
		out.Items[i] = &SiteView{Site: site, UserCount: counts[site.ID]}
	}
	return out, nil
}

// Get returns a site to a superadmin or a member of it.
func (s *Sites) Get(ctx context.Context, p *domain.Principal, id int64) (*SiteView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if p.User.Role != domain.RoleSuperadmin && (p.User.SiteID == nil || *p.User.SiteID != id) {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgSiteNotFound)
	}
	site, err := s.store.SiteByID(ctx, id)
	if err != nil {
		return nil, siteNotFound(err)
	}
	return s.view(ctx, site)
}

// Current returns the caller's site, or not found when they have none.
func (s *Sites) Current(ctx context.Context, p *domain.Principal) (*SiteView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if p.User.SiteID == nil {
		return nil, domain.Errorf(domain.ENotFound, "You do not belong to a site")
	}
	return s.Get(ctx, p, *p.User.SiteID)
}

// Create adds a site (superadmins).
func (s *Sites) Create(ctx context.Context, p *domain.Principal, site *domain.Site) (*SiteView, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	return s.CreateAsOperator(ctx, site)
}

// CreateAsOperator adds a site from the command line.
func (s *Sites) CreateAsOperator(ctx context.Context, site *domain.Site) (*SiteView, error) {
	site.ID, site.CreatedAt, site.MaintenanceMode, site.MaintenanceMessage = 0, s.clock.Now(), false, ""
	if err := domain.ValidateSite(site); err != nil {
		return nil, err
	}
	if err := s.checkCategory(ctx, site.CategoryID); err != nil {
		return nil, err
	}
	if err := s.store.CreateSite(ctx, site); err != nil {
		return nil, err
	}
	return &SiteView{Site: site}, nil
}

func (s *Sites) checkCategory(ctx context.Context, id *int64) error {
	if id == nil {
		return nil
	}
	cats, err := s.store.ListSiteCategories(ctx)
	if err != nil {
		return err
	}
	for _, c := range cats {
		if c.ID == *id {
			return nil
		}
	}
	return &domain.Error{Code: domain.EInvalid, Message: domain.MsgCategoryNotFound, Fields: map[string]string{"categoryId": domain.MsgCategoryNotFound}}
}

// Update lets change edit a site (superadmins); maintenance has its own calls.
func (s *Sites) Update(ctx context.Context, p *domain.Principal, id int64, change func(*domain.Site) error) (*SiteView, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	return s.UpdateAsOperator(ctx, id, change)
}

// UpdateAsOperator is Update for the command line.
func (s *Sites) UpdateAsOperator(ctx context.Context, id int64, change func(*domain.Site) error) (*SiteView, error) {
	site, err := s.store.UpdateSite(ctx, id, func(site *domain.Site) error {
		mode, msg, start, end := site.MaintenanceMode, site.MaintenanceMessage, site.MaintenanceStartedAt, site.MaintenanceEndedAt
		if err := change(site); err != nil {
			return err
		}
		site.MaintenanceMode, site.MaintenanceMessage, site.MaintenanceStartedAt, site.MaintenanceEndedAt = mode, msg, start, end
		if err := domain.ValidateSite(site); err != nil {
			return err
		}
		return s.checkCategory(ctx, site.CategoryID)
	})
	if err != nil {
		return nil, siteNotFound(err)
	}
	return s.view(ctx, site)
}

// ToggleStatus switches a site between active and inactive (superadmins).
func (s *Sites) ToggleStatus(ctx context.Context, p *domain.Principal, id int64) (*SiteView, error) {
	return s.Update(ctx, p, id, func(site *domain.Site) error {
		if site.Status == domain.SiteActive {
			site.Status = domain.SiteInactive
		} else {
			site.Status = domain.SiteActive
		}
		return nil
	})
}

// Delete removes a site that has no users (superadmins).
func (s *Sites) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireSuperadmin(p); err != nil {
		return err
	}
	return siteNotFound(s.store.DeleteSite(ctx, id))
}

// ListAsOperator returns every site for the command line.
func (s *Sites) ListAsOperator(ctx context.Context) ([]*SiteView, error) {
	sites, err := s.store.ListSites(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountUsersBySite(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*SiteView, len(sites))
	for i, site := range sites {
		out[i] = &SiteView{Site: site, UserCount: counts[site.ID]}
	}
	return out, nil
}

// Categories returns the site categories.
func (s *Sites) Categories(ctx context.Context, p *domain.Principal) ([]*domain.SiteCategory, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return s.store.ListSiteCategories(ctx)
}
