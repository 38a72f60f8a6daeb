package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

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
