// Package ports declares the interfaces the core needs from the outside world, in domain
// vocabulary. Adapters implement them; ports/porttest holds the contract suites every adapter
// of a port must pass.
package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// Clock tells the time. The core never calls time.Now itself, so tests can fix the clock.
type Clock interface {
	Now() time.Time
}

// PasswordHasher turns passwords into encoded hashes and checks them.
type PasswordHasher interface {
	// Hash returns an encoded, salted hash of password.
	Hash(password string) (string, error)
	// Verify reports whether password matches encoded. A malformed hash is an error.
	Verify(encoded, password string) (bool, error)
}

// UserStore keeps users. Usernames are unique regardless of letter case.
type UserStore interface {
	// CreateUser inserts u and sets its ID and CreatedAt. Codes: conflict (username taken).
	CreateUser(ctx context.Context, u *domain.User) error
	// UserByID returns one user. Codes: not_found.
	UserByID(ctx context.Context, id int64) (*domain.User, error)
	// UserByUsername finds a user by username, ignoring case. Codes: not_found.
	UserByUsername(ctx context.Context, username string) (*domain.User, error)
	// ProtectedUser returns the protected system account. Codes: not_found.
	ProtectedUser(ctx context.Context) (*domain.User, error)
	// ListUsers returns users ordered by id.
	ListUsers(ctx context.Context, filter UserFilter) ([]*domain.User, error)
	// ListUsersPage returns one page of the users q selects, by id (the admin users list).
	ListUsersPage(ctx context.Context, q UserQuery, page domain.PageRequest) (domain.Page[*domain.User], error)
	// UpdateUser loads user id inside a transaction, lets fn change it (fn decides whether the
	// change is allowed), and saves it. Codes: not_found, conflict (username taken), and any
	// error fn returns, in which case nothing is saved.
	UpdateUser(ctx context.Context, id int64, fn func(*domain.User) error) (*domain.User, error)
	// DeleteUser removes a user, letting check veto it inside the same transaction. Codes:
	// not_found, and check's error.
	DeleteUser(ctx context.Context, id int64, check func(*domain.User) error) error
	// RecordLogin sets the user's last sign-in time.
	RecordLogin(ctx context.Context, id int64, at time.Time) error
}

// UserFilter narrows ListUsers. Zero values do not filter.
type UserFilter struct {
	SiteID *int64
	Role   domain.Role
	// IDs, when not nil, keeps these users only (a batch: at most a few thousand).
	IDs []int64
}

// UserQuery selects the users of an admin list. Zero values do not filter.
type UserQuery struct {
	SiteID *int64
	// Search matches the username, full name or e-mail, case-insensitively.
	Search string
	// ActiveOnly leaves out deactivated accounts (the notification console's user picker).
	ActiveOnly bool
}

// SessionStore keeps bearer sessions by token hash.
type SessionStore interface {
	// CreateSession inserts s and sets its ID. Codes: conflict (hash exists).
	CreateSession(ctx context.Context, s *domain.Session) error
	// SessionByTokenHash returns a session whatever its state. Codes: not_found.
	SessionByTokenHash(ctx context.Context, hash string) (*domain.Session, error)
	// SessionAndUserByTokenHash returns a session, whatever its state, with its user, in one
	// read: every signed-in request starts with it. Codes: not_found.
	SessionAndUserByTokenHash(ctx context.Context, hash string) (*domain.Session, *domain.User, error)
	// RevokeSession marks one session revoked at at; revoking twice keeps the first time. The
	// push devices registered with the session are deleted in the same transaction.
	// Codes: not_found.
	RevokeSession(ctx context.Context, id int64, at time.Time) error
	// RevokeUserSessions revokes every open session of a user (as user or impersonator) and
	// returns how many it revoked; the push devices of the user's sessions are deleted in the
	// same transaction.
	RevokeUserSessions(ctx context.Context, userID int64, at time.Time) (int, error)
	// DeleteEndedDevices deletes the push devices whose session or API token expired at or
	// before now, and says how many.
	DeleteEndedDevices(ctx context.Context, now time.Time) (int, error)
	// DeleteSessionsBefore removes sessions that expired or were revoked before t.
	DeleteSessionsBefore(ctx context.Context, t time.Time) (int, error)
}

// LoginFailureStore counts failed sign-ins per username (case-insensitive), shared by every
// replica so that the throttle holds behind a load balancer.
type LoginFailureStore interface {
	// RecordLoginFailure notes one failed attempt at at.
	RecordLoginFailure(ctx context.Context, username string, at time.Time) error
	// LoginFailuresSince returns the times of failures at or after since, oldest first.
	LoginFailuresSince(ctx context.Context, username string, since time.Time) ([]time.Time, error)
	// ClearLoginFailures forgets a username's failures (after a successful sign-in).
	ClearLoginFailures(ctx context.Context, username string) error
	// DeleteLoginFailuresBefore forgets every failure older than t and says how many.
	DeleteLoginFailuresBefore(ctx context.Context, t time.Time) (int, error)
}

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

// UserCategoryStore keeps user categories.
type UserCategoryStore interface {
	// CreateUserCategory inserts c and sets ID and CreatedAt. Codes: conflict (name exists).
	CreateUserCategory(ctx context.Context, c *domain.UserCategory) error
	// UserCategoryByID returns one category. Codes: not_found.
	UserCategoryByID(ctx context.Context, id int64) (*domain.UserCategory, error)
	// ListUserCategories returns categories ordered by name.
	ListUserCategories(ctx context.Context) ([]*domain.UserCategory, error)
	// UpdateUserCategory saves a category's name, description and Experts flag. Codes:
	// not_found, conflict.
	UpdateUserCategory(ctx context.Context, c *domain.UserCategory) error
	// DeleteUserCategory removes a category; its users keep no category. Codes: not_found.
	DeleteUserCategory(ctx context.Context, id int64) error
}

// AppFunctionStore keeps the application functions that can be put in maintenance.
type AppFunctionStore interface {
	// ListAppFunctions returns every function by display name.
	ListAppFunctions(ctx context.Context) ([]*domain.AppFunction, error)
	// CreateAppFunction inserts a function. Codes: conflict (name taken).
	CreateAppFunction(ctx context.Context, f *domain.AppFunction) error
	// UpdateAppFunction loads, lets fn change and saves a function. Codes: not_found, fn's error.
	UpdateAppFunction(ctx context.Context, id int64, fn func(*domain.AppFunction) error) (*domain.AppFunction, error)
	// DeleteAppFunction removes a function. Codes: not_found.
	DeleteAppFunction(ctx context.Context, id int64) error
	// MaintenanceState returns the functions and sites in maintenance now.
	MaintenanceState(ctx context.Context) (domain.MaintenanceState, error)
}

// Store is everything the core keeps in its database, plus the health checks a load balancer
// needs.
type Store interface {
	UserStore
	SessionStore
	SignInStore
	PasskeyStore
	IdentityStore
	APITokenStore
	LoginFailureStore
	LoginAttemptStore
	WriteSlotStore
	SiteStore
	UserCategoryStore
	AppFunctionStore
	PlantStore
	CareLogStore
	TaskStore
	CareDigestStore
	GardenSettingsStore
	WeatherStore
	JournalStore
	PlantDatabaseStore
	SowingStore
	CalendarFeedStore
	JobStore
	// Ready returns nil when the database answers and its schema is current. Codes:
	// unavailable.
	Ready(ctx context.Context) error
}
