package sqlstore

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type appFunctionRow struct {
	ID                   int64        `db:"id"`
	Name                 string       `db:"name"`
	DisplayName          string       `db:"display_name"`
	Description          string       `db:"description"`
	MaintenanceMode      bool         `db:"maintenance_mode"`
	MaintenanceMessage   string       `db:"maintenance_message"`
	LastMaintenanceStart sql.NullTime `db:"last_maintenance_start"`
	LastMaintenanceEnd   sql.NullTime `db:"last_maintenance_end"`
}

const appFunctionColumns = `id, name, display_name, description, maintenance_mode, maintenance_message, last_maintenance_start, last_maintenance_end`

func (r *appFunctionRow) toDomain() *domain.AppFunction {
	return &domain.AppFunction{ID: r.ID, Name: r.Name, DisplayName: r.DisplayName, Description: r.Description,
		MaintenanceMode: r.MaintenanceMode, MaintenanceMessage: r.MaintenanceMessage,
		LastMaintenanceStart: nullTime(r.LastMaintenanceStart), LastMaintenanceEnd: nullTime(r.LastMaintenanceEnd)}
}

// ListAppFunctions implements ports.AppFunctionStore.
func (s *Store) ListAppFunctions(ctx context.Context) ([]*domain.AppFunction, error) {
	var rows []appFunctionRow
	if err := s.db.SelectContext(ctx, &rows, `SELECT `+appFunctionColumns+` FROM app_functions ORDER BY name = 'site_wide' DESC, lower(display_name)`); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.AppFunction, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// CreateAppFunction implements ports.AppFunctionStore.
func (s *Store) CreateAppFunction(ctx context.Context, f *domain.AppFunction) error {
	return translate(s.db.GetContext(ctx, &f.ID, s.q(`INSERT INTO app_functions (name, display_name, description) VALUES (?, ?, ?) RETURNING id`),
		f.Name, f.DisplayName, f.Description))
}

// UpdateAppFunction implements ports.AppFunctionStore.
func (s *Store) UpdateAppFunction(ctx context.Context, id int64, fn func(*domain.AppFunction) error) (*domain.AppFunction, error) {
	var out *domain.AppFunction
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r appFunctionRow
		if err := tx.GetContext(ctx, &r, s.q(`SELECT `+appFunctionColumns+` FROM app_functions WHERE id = ?`+s.forUpdate()), id); err != nil {
			return translate(err)
		}
		f := r.toDomain()
		if err := fn(f); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`UPDATE app_functions SET display_name = ?, description = ?, maintenance_mode = ?,
			maintenance_message = ?, last_maintenance_start = ?, last_maintenance_end = ? WHERE id = ?`),
			f.DisplayName, f.Description, f.MaintenanceMode, f.MaintenanceMessage, utcPtr(f.LastMaintenanceStart), utcPtr(f.LastMaintenanceEnd), id)
		if err != nil {
			return translate(err)
		}
		f.ID, out = id, f
		return nil
	})
	return out, err
}

// DeleteAppFunction implements ports.AppFunctionStore.
func (s *Store) DeleteAppFunction(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM app_functions WHERE id = ?`), id)
	return affectedOne(res, err)
}

// MaintenanceState implements ports.AppFunctionStore.
func (s *Store) MaintenanceState(ctx context.Context) (domain.MaintenanceState, error) {
	st := domain.MaintenanceState{Functions: map[string]string{}, Sites: map[int64]string{}}
	var fns []struct {
		Name    string `db:"name"`
		Message string `db:"maintenance_message"`
	}
	if err := s.db.SelectContext(ctx, &fns, s.q(`SELECT name, maintenance_message FROM app_functions WHERE maintenance_mode = ?`), true); err != nil {
		return st, translate(err)
	}
	for _, f := range fns {
		st.Functions[f.Name] = f.Message
	}
	var sites []struct {
		ID      int64  `db:"id"`
		Message string `db:"maintenance_message"`
	}
	if err := s.db.SelectContext(ctx, &sites, s.q(`SELECT id, maintenance_message FROM sites WHERE maintenance_mode = ?`), true); err != nil {
		return st, translate(err)
	}
	for _, site := range sites {
		st.Sites[site.ID] = site.Message
	}
	return st, nil
}
