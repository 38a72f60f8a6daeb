package sqlstore

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type userCategoryRow struct {
	ID          int64     `db:"id"`
	Name        string    `db:"name"`
	Description string    `db:"description"`
	Experts     bool      `db:"experts"`
	CreatedAt   time.Time `db:"created_at"`
}

const userCategoryColumns = `id, name, description, experts, created_at`

func (r *userCategoryRow) toDomain() *domain.UserCategory {
	return &domain.UserCategory{ID: r.ID, Name: r.Name, Description: r.Description, Experts: r.Experts, CreatedAt: r.CreatedAt.UTC()}
}

// CreateUserCategory implements ports.UserCategoryStore.
func (s *Store) CreateUserCategory(ctx context.Context, c *domain.UserCategory) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = time.Now().UTC()
	}
	c.CreatedAt = utc(c.CreatedAt)
	return translate(s.db.GetContext(ctx, &c.ID, s.q(`INSERT INTO user_categories (name, description, experts, created_at) VALUES (?, ?, ?, ?) RETURNING id`),
		c.Name, c.Description, c.Experts, c.CreatedAt))
}

// UserCategoryByID implements ports.UserCategoryStore.
func (s *Store) UserCategoryByID(ctx context.Context, id int64) (*domain.UserCategory, error) {
	var r userCategoryRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+userCategoryColumns+` FROM user_categories WHERE id = ?`), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListUserCategories implements ports.UserCategoryStore.
func (s *Store) ListUserCategories(ctx context.Context) ([]*domain.UserCategory, error) {
	var rows []userCategoryRow
	if err := s.db.SelectContext(ctx, &rows, `SELECT `+userCategoryColumns+` FROM user_categories ORDER BY lower(name)`); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.UserCategory, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UpdateUserCategory implements ports.UserCategoryStore.
func (s *Store) UpdateUserCategory(ctx context.Context, c *domain.UserCategory) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE user_categories SET name = ?, description = ?, experts = ? WHERE id = ?`), c.Name, c.Description, c.Experts, c.ID)
	return affectedOne(res, err)
}

// DeleteUserCategory implements ports.UserCategoryStore.
func (s *Store) DeleteUserCategory(ctx context.Context, id int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		// Explicit, so the outcome does not depend on a connection's foreign-key setting.
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE users SET category_id = NULL WHERE category_id = ?`), id); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM user_categories WHERE id = ?`), id)
		return affectedOne(res, err)
	})
}
