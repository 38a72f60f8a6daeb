package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

type plantDBRow struct {
	ID                     int64          `db:"id"`
	CommonName             string         `db:"common_name"`
	ScientificName         string         `db:"scientific_name"`
	PlantType              string         `db:"plant_type"`
	Description            string         `db:"description"`
	ImageURL               string         `db:"image_url"`
	AlternativeImageURLs   string         `db:"alternative_image_urls"`
	LightRequirements      string         `db:"light_requirements"`
	WaterRequirements      string         `db:"water_requirements"`
	FertilizerRequirements string         `db:"fertilizer_requirements"`
	CareInstructions       string         `db:"care_instructions"`
	StoreURL               sql.NullString `db:"store_url"`
	Slug                   sql.NullString `db:"slug"`
	Source                 string         `db:"source"`
	CreatedAt              time.Time      `db:"created_at"`
	UpdatedAt              time.Time      `db:"updated_at"`
	SowIndoorsUnit         string         `db:"sow_indoors_unit"`
	SowIndoorsFrom         int            `db:"sow_indoors_from"`
	SowIndoorsTo           int            `db:"sow_indoors_to"`
	DirectSowUnit          string         `db:"direct_sow_unit"`
	DirectSowFrom          int            `db:"direct_sow_from"`
	DirectSowTo            int            `db:"direct_sow_to"`
	TransplantUnit         string         `db:"transplant_unit"`
	TransplantFrom         int            `db:"transplant_from"`
	TransplantTo           int            `db:"transplant_to"`
	HarvestDaysMin         int            `db:"harvest_days_min"`
	HarvestDaysMax         int            `db:"harvest_days_max"`
	// LowerName is lower(common_name) as the database computes it: the list's keyset key.
	LowerName string `db:"lower_name"`
}

const plantDBColumns = `id, common_name, scientific_name, plant_type, description, image_url, alternative_image_urls,
	light_requirements, water_requirements, fertilizer_requirements, care_instructions, store_url, slug, source, created_at, updated_at,
	sow_indoors_unit, sow_indoors_from, sow_indoors_to, direct_sow_unit, direct_sow_from, direct_sow_to,
	transplant_unit, transplant_from, transplant_to, harvest_days_min, harvest_days_max,
	lower(common_name) AS lower_name`

// sowingColumns are the sowing columns in the order sowingArgs gives their values.
const sowingColumns = `sow_indoors_unit, sow_indoors_from, sow_indoors_to, direct_sow_unit, direct_sow_from, direct_sow_to,
	transplant_unit, transplant_from, transplant_to, harvest_days_min, harvest_days_max`

func sowingArgs(s domain.Sowing) []any {
	return []any{string(s.SowIndoors.Unit), s.SowIndoors.From, s.SowIndoors.To, string(s.DirectSow.Unit), s.DirectSow.From, s.DirectSow.To,
		string(s.Transplant.Unit), s.Transplant.From, s.Transplant.To, s.HarvestDaysMin, s.HarvestDaysMax}
}

// Care instructions are stored as text: a JSON object when they have named parts, plain text
// otherwise. A plain text that happens to start with "{" is kept apart by a marker prefix.
const careTextPrefix = "text:"

func encodeCare(c domain.CareInstructions) string {
	if len(c.Parts) > 0 {
		b, _ := json.Marshal(c.Parts)
		return string(b)
	}
	if strings.HasPrefix(c.Text, "{") || strings.HasPrefix(c.Text, careTextPrefix) {
		return careTextPrefix + c.Text
	}
	return c.Text
}

func decodeCare(s string) domain.CareInstructions {
	if strings.HasPrefix(s, careTextPrefix) {
		return domain.CareInstructions{Text: strings.TrimPrefix(s, careTextPrefix)}
	}
	if strings.HasPrefix(s, "{") {
		var parts map[string]string
		if json.Unmarshal([]byte(s), &parts) == nil {
			return domain.CareInstructions{Parts: parts}
		}
	}
	return domain.CareInstructions{Text: s}
}

func (r *plantDBRow) toDomain() *domain.PlantDBItem {
	var alts []string
	_ = json.Unmarshal([]byte(r.AlternativeImageURLs), &alts)
	return &domain.PlantDBItem{ID: r.ID, CommonName: r.CommonName, ScientificName: r.ScientificName, Type: domain.PlantType(r.PlantType),
		Description: r.Description, ImageURL: r.ImageURL, AlternativeImageURLs: alts, LightRequirements: r.LightRequirements,
		WaterRequirements: r.WaterRequirements, FertilizerRequirements: r.FertilizerRequirements, CareInstructions: decodeCare(r.CareInstructions),
		StoreURL: r.StoreURL.String, Slug: r.Slug.String, Source: r.Source, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
		Sowing: domain.Sowing{
			SowIndoors:     domain.SowingWindow{Unit: domain.WindowUnit(r.SowIndoorsUnit), From: r.SowIndoorsFrom, To: r.SowIndoorsTo},
			DirectSow:      domain.SowingWindow{Unit: domain.WindowUnit(r.DirectSowUnit), From: r.DirectSowFrom, To: r.DirectSowTo},
			Transplant:     domain.SowingWindow{Unit: domain.WindowUnit(r.TransplantUnit), From: r.TransplantFrom, To: r.TransplantTo},
			HarvestDaysMin: r.HarvestDaysMin, HarvestDaysMax: r.HarvestDaysMax,
		}}
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func altsJSON(alts []string) string {
	if alts == nil {
		alts = []string{}
	}
	b, _ := json.Marshal(alts)
	return string(b)
}

// ListPlantDB implements ports.PlantDatabaseStore.
func (s *Store) ListPlantDB(ctx context.Context) ([]*domain.PlantDBItem, error) {
	var rows []plantDBRow
	if err := s.db.SelectContext(ctx, &rows, `SELECT `+plantDBColumns+` FROM plant_database ORDER BY lower(common_name), id`); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.PlantDBItem, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// PagePlantDB implements ports.PlantDatabaseStore: a keyset page on (lower(common_name), id),
// read through the plant_database_name_order or plant_database_type_name_order index.
func (s *Store) PagePlantDB(ctx context.Context, q ports.PlantDBQuery, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error) {
	c, after, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.PlantDBItem]{}, err
	}
	var where []string
	var args []any
	if q.Type != "" {
		where, args = append(where, `plant_type = ?`), append(args, string(q.Type))
	}
	if strings.TrimSpace(q.Search) != "" {
		p := searchPattern(q.Search)
		where = append(where, `(lower(common_name) LIKE ? ESCAPE '\' OR lower(scientific_name) LIKE ? ESCAPE '\')`)
		args = append(args, p, p)
	}
	if after {
		// The name bound lets SQLite seek the expression index (it does not seek on a row
		// value); the row comparison is PostgreSQL's index condition and settles ties by id.
		where = append(where, `lower(common_name) >= ? AND (lower(common_name), id) > (?, ?)`)
		args = append(args, c.Key, c.Key, c.ID)
	}
	query := `SELECT ` + plantDBColumns + ` FROM plant_database`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY lower(common_name), id LIMIT ?`
	args = append(args, page.Limit+1)
	var rows []plantDBRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.PlantDBItem]{}, translate(err)
	}
	keys := make(map[int64]string, len(rows))
	out := make([]*domain.PlantDBItem, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
		keys[rows[i].ID] = rows[i].LowerName
	}
	return domain.PageOf(out, page, func(it *domain.PlantDBItem) string {
		return domain.KeysetCursor{Key: keys[it.ID], ID: it.ID}.Encode()
	}), nil
}

func (s *Store) getPlantDB(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.PlantDBItem, error) {
	suffix := ""
	if lock {
		suffix = s.forUpdate()
	}
	var r plantDBRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(`SELECT `+plantDBColumns+` FROM plant_database WHERE id = ?`+suffix), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// PlantDBByID implements ports.PlantDatabaseStore.
func (s *Store) PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error) {
	return s.getPlantDB(ctx, s.db, id, false)
}

// CreatePlantDB implements ports.PlantDatabaseStore.
func (s *Store) CreatePlantDB(ctx context.Context, it *domain.PlantDBItem) error {
	it.CreatedAt, it.UpdatedAt = utc(it.CreatedAt), utc(it.UpdatedAt)
	return translate(s.db.GetContext(ctx, &it.ID, s.q(`INSERT INTO plant_database (common_name, scientific_name, plant_type,
		description, image_url, alternative_image_urls, light_requirements, water_requirements, fertilizer_requirements,
		care_instructions, store_url, slug, source, created_at, updated_at, `+sowingColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		append([]any{it.CommonName, it.ScientificName, string(it.Type), it.Description, it.ImageURL, altsJSON(it.AlternativeImageURLs),
			it.LightRequirements, it.WaterRequirements, it.FertilizerRequirements, encodeCare(it.CareInstructions),
			nullString(it.StoreURL), nullString(it.Slug), it.Source, it.CreatedAt, it.UpdatedAt}, sowingArgs(it.Sowing)...)...))
}

// UpdatePlantDB implements ports.PlantDatabaseStore.
func (s *Store) UpdatePlantDB(ctx context.Context, id int64, fn func(*domain.PlantDBItem) error) (*domain.PlantDBItem, error) {
	var out *domain.PlantDBItem
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		it, err := s.getPlantDB(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := fn(it); err != nil {
			return err
		}
		it.ID = id
		_, err = tx.ExecContext(ctx, s.q(`UPDATE plant_database SET common_name = ?, scientific_name = ?, plant_type = ?,
			description = ?, image_url = ?, alternative_image_urls = ?, light_requirements = ?, water_requirements = ?,
			fertilizer_requirements = ?, care_instructions = ?, store_url = ?, slug = ?, source = ?, updated_at = ?,
			sow_indoors_unit = ?, sow_indoors_from = ?, sow_indoors_to = ?, direct_sow_unit = ?, direct_sow_from = ?, direct_sow_to = ?,
			transplant_unit = ?, transplant_from = ?, transplant_to = ?, harvest_days_min = ?, harvest_days_max = ? WHERE id = ?`),
			append(append([]any{it.CommonName, it.ScientificName, string(it.Type), it.Description, it.ImageURL, altsJSON(it.AlternativeImageURLs),
				it.LightRequirements, it.WaterRequirements, it.FertilizerRequirements, encodeCare(it.CareInstructions),
				nullString(it.StoreURL), nullString(it.Slug), it.Source, utc(it.UpdatedAt)}, sowingArgs(it.Sowing)...), id)...)
		if err != nil {
			return translate(err)
		}
		out = it
		return nil
	})
	return out, err
}

// DeletePlantDB implements ports.PlantDatabaseStore.
func (s *Store) DeletePlantDB(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM plant_database WHERE id = ?`), id)
	return affectedOne(res, err)
}

// ClearPlantDB implements ports.PlantDatabaseStore.
func (s *Store) ClearPlantDB(ctx context.Context, importedOnly bool) (int, error) {
	q, args := `DELETE FROM plant_database`, []any{}
	if importedOnly {
		q, args = q+` WHERE source = ?`, append(args, domain.SourceImport)
	}
	res, err := s.db.ExecContext(ctx, s.q(q), args...)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// FindPlantDB implements ports.PlantDatabaseStore.
func (s *Store) FindPlantDB(ctx context.Context, storeURL, slug string) (*domain.PlantDBItem, error) {
	for _, q := range []struct{ col, val string }{{"store_url", storeURL}, {"slug", slug}} {
		if q.val == "" {
			continue
		}
		var r plantDBRow
		err := s.db.GetContext(ctx, &r, s.q(`SELECT `+plantDBColumns+` FROM plant_database WHERE `+q.col+` = ?`), q.val)
		if err == nil {
			return r.toDomain(), nil
		}
		if domain.ErrorCode(translate(err)) != domain.ENotFound {
			return nil, translate(err)
		}
	}
	return nil, domain.Errorf(domain.ENotFound, "not found")
}
