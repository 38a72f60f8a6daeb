package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// The administration lists (users, sites) take their filters as query parameters beside
// ?limit= and ?cursor= (docs/api.md, "Lists and pagination"): ?q= searches, a flag is true
// when it says "true" or "1".

// flag reads a boolean query parameter.
func flag(r *http.Request, name string) bool {
	v := r.URL.Query().Get(name)
	return v == "true" || v == "1"
}

// search reads ?q=, trimmed.
func search(r *http.Request) string { return strings.TrimSpace(r.URL.Query().Get("q")) }

// userQuery reads the filters of GET /api/users and GET /api/admin/users: ?q= (username, full
// name or e-mail) and ?active=true (active accounts only).
func userQuery(r *http.Request) ports.UserQuery {
	return ports.UserQuery{Search: search(r), ActiveOnly: flag(r, "active")}
}

// msgSiteIDs answers an ?ids= that is not a list of at most 200 site ids.
const msgSiteIDs = "ids must be at most 200 site ids separated by commas"

// siteQuery reads the filters of GET /api/sites and GET /api/admin/sites: ?q= (name, city,
// state, country, e-mail or description), ?maintenance=true (sites in maintenance only) and
// ?ids=1,2 (these sites: the names a page of users shows).
func siteQuery(r *http.Request) (ports.SiteQuery, error) {
	q := ports.SiteQuery{Search: search(r), InMaintenance: flag(r, "maintenance")}
	if v := strings.TrimSpace(r.URL.Query().Get("ids")); v != "" {
		parts := strings.Split(v, ",")
		if len(parts) > domain.MaxPageLimit {
			return q, &domain.Error{Code: domain.EInvalid, Message: msgSiteIDs, Fields: map[string]string{"ids": msgSiteIDs}}
		}
		for _, part := range parts {
			id, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
			if err != nil || id < 1 {
				return q, &domain.Error{Code: domain.EInvalid, Message: msgSiteIDs, Fields: map[string]string{"ids": msgSiteIDs}}
			}
			q.IDs = append(q.IDs, id)
		}
	}
	return q, nil
}

// handleUserPage answers a page of the users the caller administers, as userQuery filters
// them; e is the list's endpoint (its role).
func (s *Server) handleUserPage(w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint) {
	handlePage(s, w, r, p, e, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.User], error) {
		return s.accounts.ListUsersFor(r.Context(), p, userQuery(r), page)
	}, toUserJSON)
}

// handleSitePage answers a page of the sites the caller may see, as siteQuery filters them,
// each with its user count; e is the list's endpoint (its role).
func (s *Server) handleSitePage(w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint) {
	handlePage(s, w, r, p, e, func(_ request[noBody], page domain.PageRequest) (domain.Page[*app.SiteView], error) {
		q, err := siteQuery(r)
		if err != nil {
			return domain.Page[*app.SiteView]{}, err
		}
		return s.svc.Sites.List(r.Context(), p, q, page)
	}, toSiteJSON)
}
