package sqlstore

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.ImportStore = (*Store)(nil)

// ImportedKeys implements ports.ImportStore: one read of the primary key's prefix.
func (s *Store) ImportedKeys(ctx context.Context, userID int64, source string) (map[string]int64, error) {
	var rows []struct {
		Kind     string `db:"kind"`
		Key      string `db:"source_key"`
		TargetID int64  `db:"target_id"`
	}
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT kind, source_key, target_id FROM import_sources
		WHERE user_id = ? AND source = ?`), userID, source); err != nil {
		return nil, translate(err)
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.Kind+":"+r.Key] = r.TargetID
	}
	return out, nil
}

// SaveImport implements ports.ImportStore.
func (s *Store) SaveImport(ctx context.Context, userID int64, limit int, b *domain.ImportBatch, known map[string]int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		// The owner's row lock serialises this with plant creation (CreatePlant), so the limit
		// holds against both.
		var owner int64
		if err := tx.GetContext(ctx, &owner, s.q(`SELECT id FROM users WHERE id = ?`+s.forUpdate()), userID); err != nil {
			return translate(err)
		}
		if limit > 0 && len(b.Plants) > 0 {
			var n int
			if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM plants WHERE user_id = ?`), userID); err != nil {
				return translate(err)
			}
			if n+len(b.Plants) > limit {
				return domain.Errorf(domain.ELimitReached, domain.MsgPlantLimitReached)
			}
		}
		remember := func(kind, key string, id int64) error {
			_, err := tx.ExecContext(ctx, s.q(`INSERT INTO import_sources (user_id, source, kind, source_key, target_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?)`), userID, b.Source, kind, key, id, utc(b.At))
			return translate(err)
		}
		plantIDs := map[string]int64{}
		for k, id := range known {
			if len(k) > len(domain.ImportKindPlant)+1 && k[:len(domain.ImportKindPlant)+1] == domain.ImportKindPlant+":" {
				plantIDs[k[len(domain.ImportKindPlant)+1:]] = id
			}
		}
		for _, ip := range b.Plants {
			p := ip.Plant
			p.UserID = userID
			p.CreatedAt, p.AcquiredDate = utc(p.CreatedAt), utc(p.AcquiredDate)
			p.LastWatered, p.LastFertilized = utcPtr(p.LastWatered), utcPtr(p.LastFertilized)
			if err := s.insertPlant(ctx, tx, p); err != nil {
				return err
			}
			if err := remember(domain.ImportKindPlant, ip.SourceKey, p.ID); err != nil {
				return err
			}
			plantIDs[ip.SourceKey] = p.ID
		}
		for _, ij := range b.Journal {
			e := ij.Entry
			e.UserID, e.PlantID, e.CreatedAt = userID, plantIDs[ij.PlantKey], utc(e.CreatedAt)
			if err := tx.GetContext(ctx, &e.ID, s.q(`INSERT INTO journal_entries (user_id, plant_id, title, content, image_url,
				growth_stage, entry_date, created_at) SELECT ?, p.id, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ?
				RETURNING id`), e.UserID, e.Title, e.Content, e.ImageURL, string(e.GrowthStage), dbDate{e.EntryDate}, e.CreatedAt,
				e.PlantID, e.UserID); err != nil {
				return translate(err)
			}
			if err := remember(domain.ImportKindJournal, ij.SourceKey, e.ID); err != nil {
				return err
			}
		}
		for _, r := range b.Sources {
			if err := remember(r.Kind, r.Key, r.ID); err != nil {
				return err
			}
		}
		for _, it := range b.Tasks {
			t := it.Task
			t.UserID, t.PlantID = userID, plantIDs[it.PlantKey]
			if err := s.insertTask(ctx, tx, t); err != nil {
				return err
			}
			if err := remember(domain.ImportKindTask, it.SourceKey, t.ID); err != nil {
				return err
			}
		}
		return nil
	})
}
