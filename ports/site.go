package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// SiteQuery selects the sites of an admin list. Zero values do not filter.
type SiteQuery struct {
	// ID narrows the list to one site (a site admin's own).
	ID *int64
	// IDs, when not empty, narrows the list to these sites (the names a page of users shows).
	IDs []int64
	// Search matches the name, city, state, country, e-mail or description, case-insensitively.
	Search string
	// InMaintenance keeps only the sites in maintenance.
	InMaintenance bool
}

// SiteStore keeps sites and their categories.
type SiteStore interface {
	// CreateSite inserts s and sets ID and CreatedAt.
	CreateSite(ctx context.Context, s *domain.Site) error
	// SiteByID returns one site. Codes: not_found.
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
	// ListSites returns all sites ordered by name, then id.
	ListSites(ctx context.Context) ([]*domain.Site, error)
	// UpdateSite loads a site in a transaction, lets fn change it and saves it. Codes:
	// not_found, fn's error.
	UpdateSite(ctx context.Context, id int64, fn func(*domain.Site) error) (*domain.Site, error)
	// DeleteSite removes a site without users. Codes: not_found, conflict (it has users).
	DeleteSite(ctx context.Context, id int64) error
	// ListSitesPage returns one page of the sites q selects, ordered by name (case-insensitive),
	// then id.
	ListSitesPage(ctx context.Context, q SiteQuery, page domain.PageRequest) (domain.Page[*domain.Site], error)
	// SitesInMaintenance returns the sites in maintenance (only site id's when id is set),
	// ordered by name, at most limit, and how many there are in all, in one query.
	SitesInMaintenance(ctx context.Context, id *int64, limit int) ([]*domain.Site, int, error)
	// CountUsersBySite returns each site's number of users in one query; sites without users
	// are absent.
	CountUsersBySite(ctx context.Context) (map[int64]int, error)
	// CountUsersOfSites returns the number of users of each of the given sites in one grouped
	// query; sites without users are absent.
	CountUsersOfSites(ctx context.Context, ids []int64) (map[int64]int, error)
	// CountSiteUsers returns how many users belong to a site.
	CountSiteUsers(ctx context.Context, siteID int64) (int, error)
	// CreateSiteCategory inserts c. Codes: conflict (name exists).
	CreateSiteCategory(ctx context.Context, c *domain.SiteCategory) error
	// ListSiteCategories returns categories ordered by name.
	ListSiteCategories(ctx context.Context) ([]*domain.SiteCategory, error)
}
