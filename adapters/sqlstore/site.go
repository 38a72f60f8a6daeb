package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type siteRow struct {
	ID                 int64         `db:"id"`
	Name               string        `db:"name"`
	Description        string        `db:"description"`
	Email              string        `db:"email"`
	Address            string        `db:"address"`
	City               string        `db:"city"`
	State              string        `db:"state"`
	ZipCode            string        `db:"zip_code"`
	PhoneNumber        string        `db:"phone_number"`
	Website            string        `db:"website"`
	Country            string        `db:"country"`
	Status             string        `db:"status"`
	CategoryID         sql.NullInt64 `db:"category_id"`
	UserLimit          int           `db:"user_limit"`
	PlantLimit         int           `db:"plant_limit"`
	MaintenanceMode    bool          `db:"maintenance_mode"`
	MaintenanceMessage string        `db:"maintenance_message"`
	MaintenanceStarted sql.NullTime  `db:"maintenance_started_at"`
	MaintenanceEnded   sql.NullTime  `db:"maintenance_ended_at"`
	CreatedAt          time.Time     `db:"created_at"`
}

const siteColumns = `id, name, description, email, address, city, state, zip_code, phone_number, website, country, status,
	category_id, user_limit, plant_limit, maintenance_mode, maintenance_message, maintenance_started_at, maintenance_ended_at, created_at`

func (r *siteRow) toDomain() *domain.Site {
	return &domain.Site{ID: r.ID, Name: r.Name, Description: r.Description, Email: r.Email, Address: r.Address,
		City: r.City, State: r.State, ZipCode: r.ZipCode, PhoneNumber: r.PhoneNumber, Website: r.Website, Country: r.Country,
		Status: domain.SiteStatus(r.Status), CategoryID: nullInt(r.CategoryID), UserLimit: r.UserLimit, PlantLimit: r.PlantLimit,
		MaintenanceMode: r.MaintenanceMode, MaintenanceMessage: r.MaintenanceMessage, MaintenanceStartedAt: nullTime(r.MaintenanceStarted),
		MaintenanceEndedAt: nullTime(r.MaintenanceEnded), CreatedAt: r.CreatedAt.UTC()}
}

// CreateSite implements ports.SiteStore.
func (s *Store) CreateSite(ctx context.Context, site *domain.Site) error {
	if site.CreatedAt.IsZero() {
		site.CreatedAt = time.Now().UTC()
	}
	site.CreatedAt = utc(site.CreatedAt)
	err := s.db.GetContext(ctx, &site.ID, s.q(`INSERT INTO sites (name, description, email, address, city, state, zip_code,
		phone_number, website, country, status, category_id, user_limit, plant_limit, maintenance_mode, maintenance_message,
		maintenance_started_at, maintenance_ended_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		site.Name, site.Description, site.Email, site.Address, site.City, site.State, site.ZipCode, site.PhoneNumber,
		site.Website, site.Country, string(site.Status), site.CategoryID, site.UserLimit, site.PlantLimit,
		site.MaintenanceMode, site.MaintenanceMessage, utcPtr(site.MaintenanceStartedAt), utcPtr(site.MaintenanceEndedAt), site.CreatedAt)
	return translate(err)
}

// SiteByID implements ports.SiteStore.
func (s *Store) SiteByID(ctx context.Context, id int64) (*domain.Site, error) {
	var r siteRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+siteColumns+` FROM sites WHERE id = ?`), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListSites implements ports.SiteStore.
func (s *Store) ListSites(ctx context.Context) ([]*domain.Site, error) {
	var rows []siteRow
	if err := s.db.SelectContext(ctx, &rows, `SELECT `+siteColumns+` FROM sites ORDER BY lower(name), id`); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Site, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UpdateSite implements ports.SiteStore.
func (s *Store) UpdateSite(ctx context.Context, id int64, fn func(*domain.Site) error) (*domain.Site, error) {
	var out *domain.Site
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r siteRow
		if err := tx.GetContext(ctx, &r, s.q(`SELECT `+siteColumns+` FROM sites WHERE id = ?`+s.forUpdate()), id); err != nil {
			return translate(err)
		}
		site := r.toDomain()
		if err := fn(site); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`UPDATE sites SET name = ?, description = ?, email = ?, address = ?, city = ?, state = ?,
			zip_code = ?, phone_number = ?, website = ?, country = ?, status = ?, category_id = ?, user_limit = ?, plant_limit = ?,
			maintenance_mode = ?, maintenance_message = ?, maintenance_started_at = ?, maintenance_ended_at = ? WHERE id = ?`),
			site.Name, site.Description, site.Email, site.Address, site.City, site.State, site.ZipCode, site.PhoneNumber,
			site.Website, site.Country, string(site.Status), site.CategoryID, site.UserLimit, site.PlantLimit,
			site.MaintenanceMode, site.MaintenanceMessage, utcPtr(site.MaintenanceStartedAt), utcPtr(site.MaintenanceEndedAt), id)
		if err != nil {
			return translate(err)
		}
		site.ID, out = id, site
		return nil
	})
	return out, err
}

// DeleteSite implements ports.SiteStore.
func (s *Store) DeleteSite(ctx context.Context, id int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var n int
		if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM users WHERE site_id = ?`), id); err != nil {
			return translate(err)
		}
		if n > 0 {
			return domain.Errorf(domain.EConflict, domain.MsgSiteHasUsers)
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM sites WHERE id = ?`), id)
		return affectedOne(res, err)
	})
}

// CountUsersBySite implements ports.SiteStore: the counts sites.user_count keeps (0042).
func (s *Store) CountUsersBySite(ctx context.Context) (map[int64]int, error) {
	var rows []struct {
		SiteID int64 `db:"site_id"`
		N      int   `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT id AS site_id, user_count AS n FROM sites WHERE user_count > 0`); err != nil {
		return nil, translate(err)
	}
	out := make(map[int64]int, len(rows))
	for _, r := range rows {
		out[r.SiteID] = r.N
	}
	return out, nil
}

// CountSiteUsers implements ports.SiteStore: the count sites.user_count keeps (0042).
func (s *Store) CountSiteUsers(ctx context.Context, siteID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT COALESCE((SELECT user_count FROM sites WHERE id = ?), 0)`), siteID)
	return n, translate(err)
}

// CreateSiteCategory implements ports.SiteStore.
func (s *Store) CreateSiteCategory(ctx context.Context, c *domain.SiteCategory) error {
	return translate(s.db.GetContext(ctx, &c.ID, s.q(`INSERT INTO site_categories (name) VALUES (?) RETURNING id`), c.Name))
}

// ListSiteCategories implements ports.SiteStore.
func (s *Store) ListSiteCategories(ctx context.Context) ([]*domain.SiteCategory, error) {
	var out []*domain.SiteCategory
	rows, err := s.db.QueryxContext(ctx, `SELECT id, name FROM site_categories ORDER BY lower(name)`)
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	for rows.Next() {
		c := &domain.SiteCategory{}
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
