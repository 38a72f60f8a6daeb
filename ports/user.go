package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

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
	// CompactUserSearch merges the user search index into one piece, so that a search opens
	// one piece however many users were added one by one (SQLite's FTS5 index; PostgreSQL's
	// trigram indexes need nothing and nothing is done there).
	CompactUserSearch(ctx context.Context) error
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
