package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type journalRow struct {
	ID          int64        `db:"id"`
	UserID      int64        `db:"user_id"`
	PlantID     int64        `db:"plant_id"`
	PlantName   string       `db:"plant_name"`
	Title       string       `db:"title"`
	Content     string       `db:"content"`
	ImageURL    string       `db:"image_url"`
	GrowthStage string       `db:"growth_stage"`
	EntryDate   dbDate       `db:"entry_date"`
	CreatedAt   time.Time    `db:"created_at"`
	EditedAt    sql.NullTime `db:"edited_at"`
}

func (r *journalRow) toDomain() *domain.JournalEntry {
	return &domain.JournalEntry{ID: r.ID, UserID: r.UserID, PlantID: r.PlantID, PlantName: r.PlantName, Title: r.Title,
		Content: r.Content, ImageURL: r.ImageURL, GrowthStage: domain.GrowthStage(r.GrowthStage), EntryDate: r.EntryDate.Time,
		CreatedAt: r.CreatedAt.UTC(), EditedAt: nullTime(r.EditedAt)}
}

// CreateJournalEntry implements ports.JournalStore.
func (s *Store) CreateJournalEntry(ctx context.Context, e *domain.JournalEntry) error {
	e.CreatedAt = utc(e.CreatedAt)
	err := s.db.GetContext(ctx, &e.ID, s.q(`INSERT INTO journal_entries (user_id, plant_id, title, content, image_url,
		growth_stage, entry_date, created_at) SELECT ?, p.id, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ?
		RETURNING id`), e.UserID, e.Title, e.Content, e.ImageURL, string(e.GrowthStage), dbDate{e.EntryDate}, e.CreatedAt,
		e.PlantID, e.UserID)
	if domain.ErrorCode(translate(err)) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	if err != nil {
		return translate(err)
	}
	return translate(s.db.GetContext(ctx, &e.PlantName, s.q(`SELECT name FROM plants WHERE id = ?`), e.PlantID))
}

const journalSelect = `SELECT j.id, j.user_id, j.plant_id, p.name AS plant_name, j.title, j.content, j.image_url, j.growth_stage,
		j.entry_date, j.created_at, j.edited_at FROM journal_entries j JOIN plants p ON p.id = j.plant_id`

// UpdateJournalEntry implements ports.JournalStore. The new plant is checked in the UPDATE
// itself (it must be the owner's), so a plant deleted meanwhile cannot be named.
func (s *Store) UpdateJournalEntry(ctx context.Context, ownerID, id int64, fn func(*domain.JournalEntry) error) (*domain.JournalEntry, error) {
	var out *domain.JournalEntry
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		query := journalSelect + ` WHERE j.id = ? AND j.user_id = ?`
		if s.dialect == Postgres {
			query += ` FOR UPDATE OF j`
		}
		var r journalRow
		if err := tx.GetContext(ctx, &r, s.q(query), id, ownerID); err != nil {
			if domain.ErrorCode(translate(err)) == domain.ENotFound {
				return domain.Errorf(domain.ENotFound, domain.MsgJournalNotFound)
			}
			return translate(err)
		}
		e := r.toDomain()
		if err := fn(e); err != nil {
			return err
		}
		e.ID, e.UserID, e.CreatedAt = id, ownerID, r.CreatedAt.UTC()
		res, err := tx.ExecContext(ctx, s.q(`UPDATE journal_entries SET plant_id = ?, title = ?, content = ?, image_url = ?,
			growth_stage = ?, entry_date = ?, edited_at = ? WHERE id = ? AND user_id = ?
			AND EXISTS (SELECT 1 FROM plants p WHERE p.id = ? AND p.user_id = ?)`),
			e.PlantID, e.Title, e.Content, e.ImageURL, string(e.GrowthStage), dbDate{e.EntryDate}, utcPtr(e.EditedAt), id, ownerID,
			e.PlantID, ownerID)
		if err := affectedOne(res, err); err != nil {
			if domain.ErrorCode(err) == domain.ENotFound {
				return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
			}
			return err
		}
		if e.PlantID != r.PlantID {
			if err := tx.GetContext(ctx, &e.PlantName, s.q(`SELECT name FROM plants WHERE id = ?`), e.PlantID); err != nil {
				return translate(err)
			}
		}
		out = e
		return nil
	})
	return out, err
}

// ListJournalEntries implements ports.JournalStore.
func (s *Store) ListJournalEntries(ctx context.Context, ownerID, plantID int64) ([]*domain.JournalEntry, error) {
	q := journalSelect + ` WHERE j.user_id = ?`
	args := []any{ownerID}
	if plantID > 0 {
		q, args = q+` AND j.plant_id = ?`, append(args, plantID)
	}
	var rows []journalRow
	if err := s.db.SelectContext(ctx, &rows, s.q(q+` ORDER BY j.entry_date DESC, j.id DESC`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.JournalEntry, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// DeleteJournalEntry implements ports.JournalStore.
func (s *Store) DeleteJournalEntry(ctx context.Context, ownerID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM journal_entries WHERE id = ? AND user_id = ?`), id, ownerID)
	return affectedOne(res, err)
}
