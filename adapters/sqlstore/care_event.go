package sqlstore

import (
	"context"
	"database/sql"
	"sort"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.CareLogStore = (*Store)(nil)

const careEventColumns = `id, user_id, plant_id, kind, source, at, note, feedback, postpone_days, created_at`

type careEventRow struct {
	ID           int64     `db:"id"`
	UserID       int64     `db:"user_id"`
	PlantID      int64     `db:"plant_id"`
	Kind         string    `db:"kind"`
	Source       string    `db:"source"`
	At           time.Time `db:"at"`
	Note         string    `db:"note"`
	Feedback     string    `db:"feedback"`
	PostponeDays int       `db:"postpone_days"`
	CreatedAt    time.Time `db:"created_at"`
}

func (r *careEventRow) toDomain() *domain.CareEvent {
	return &domain.CareEvent{ID: r.ID, UserID: r.UserID, PlantID: r.PlantID, Kind: domain.CareKind(r.Kind),
		Source: domain.CareSource(r.Source), At: r.At.UTC(), Note: r.Note, Feedback: domain.Feedback(r.Feedback),
		PostponeDays: r.PostponeDays, CreatedAt: r.CreatedAt.UTC()}
}

// insertCareEvents inserts the events p queued (for p's owner and id) and empties the queue.
func (s *Store) insertCareEvents(ctx context.Context, tx *sqlx.Tx, p *domain.Plant) error {
	for _, e := range p.NewCare {
		e.UserID, e.PlantID = p.UserID, p.ID
		e.At, e.CreatedAt = utc(e.At), utc(e.CreatedAt)
		if e.CreatedAt.IsZero() {
			e.CreatedAt = e.At
		}
		if err := tx.GetContext(ctx, &e.ID, s.q(`INSERT INTO care_events (user_id, plant_id, kind, source, at, note, feedback,
			postpone_days, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			e.UserID, e.PlantID, string(e.Kind), string(e.Source), e.At, e.Note, string(e.Feedback), e.PostponeDays, e.CreatedAt); err != nil {
			return translate(err)
		}
	}
	p.NewCare = nil
	return nil
}

// learnWindow is how many feedback events the learner is shown: more than the checks a
// gardener makes between eight waterings.
const learnWindow = 32

// relearn reads, in one statement, the newest waterings and fertilizings the learner uses and
// the newest events with feedback, and sets p's learned intervals; when deleted is not nil it
// first recomputes p's last dates from them (Plant.ForgetCare).
func (s *Store) relearn(ctx context.Context, tx *sqlx.Tx, p *domain.Plant, deleted *domain.CareEvent) error {
	part := func(tag, where string, limit int) string {
		return `SELECT * FROM (SELECT '` + tag + `' AS part, kind, at, feedback, id FROM care_events WHERE plant_id = ? AND ` + where +
			` ORDER BY at DESC, id DESC LIMIT ` + strconv.Itoa(limit) + `) ` + tag
	}
	n := domain.MaxLearnIntervals + 1
	var rows []struct {
		Part     string    `db:"part"`
		Kind     string    `db:"kind"`
		At       time.Time `db:"at"`
		Feedback string    `db:"feedback"`
		ID       int64     `db:"id"`
	}
	if err := tx.SelectContext(ctx, &rows, s.q(part("w", `kind = 'water'`, n)+` UNION ALL `+part("f", `kind = 'fertilize'`, n)+
		` UNION ALL `+part("b", `feedback <> ''`, learnWindow)), p.ID, p.ID, p.ID); err != nil {
		return translate(err)
	}
	// UNION ALL keeps no order: each part is sorted again, newest first.
	parts := map[string][]*domain.CareEvent{}
	for _, r := range rows {
		parts[r.Part] = append(parts[r.Part], &domain.CareEvent{ID: r.ID, Kind: domain.CareKind(r.Kind), At: r.At.UTC(), Feedback: domain.Feedback(r.Feedback)})
	}
	water, fert, feedback := careNewestFirst(parts["w"]), careNewestFirst(parts["f"]), careNewestFirst(parts["b"])
	if deleted != nil {
		p.ForgetCare(deleted, newestAt(water), newestAt(fert))
	}
	p.Relearn(water, fert, feedback)
	return nil
}

// careNewestFirst copies events sorted by time, then id, newest first.
func careNewestFirst(events []*domain.CareEvent) []domain.CareEvent {
	out := make([]domain.CareEvent, len(events))
	for i, e := range events {
		out[i] = *e
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].At.Equal(out[j].At) {
			return out[i].At.After(out[j].At)
		}
		return out[i].ID > out[j].ID
	})
	return out
}

func newestAt(events []domain.CareEvent) *time.Time {
	if len(events) == 0 {
		return nil
	}
	at := events[0].At
	return &at
}

// PageCareEvents implements ports.CareLogStore: keyset paging on (at, id) descending over
// care_events_plant (or care_events_plant_kind for one kind).
func (s *Store) PageCareEvents(ctx context.Context, ownerID, plantID int64, kind domain.CareKind, page domain.PageRequest) (domain.Page[*domain.CareEvent], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.CareEvent]{}, err
	}
	var after time.Time
	if ok {
		if after, err = time.Parse(time.RFC3339Nano, cur.Key); err != nil {
			return domain.Page[*domain.CareEvent]{}, domain.Errorf(domain.EInvalid, domain.MsgPageCursor)
		}
	}
	var owner int64
	if err := s.db.GetContext(ctx, &owner, s.q(`SELECT user_id FROM plants WHERE id = ? AND user_id = ?`), plantID, ownerID); err != nil {
		return domain.Page[*domain.CareEvent]{}, translate(err)
	}
	where := `plant_id = ? AND user_id = ?`
	args := []any{plantID, ownerID}
	if kind != "" {
		where += ` AND kind = ?`
		args = append(args, string(kind))
	}
	if ok {
		where += ` AND (at < ? OR (at = ? AND id < ?))`
		args = append(args, utc(after), utc(after), cur.ID)
	}
	var rows []careEventRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+careEventColumns+` FROM care_events WHERE `+where+
		` ORDER BY at DESC, id DESC LIMIT ?`), append(args, page.Limit+1)...); err != nil {
		return domain.Page[*domain.CareEvent]{}, translate(err)
	}
	events := make([]*domain.CareEvent, len(rows))
	for i := range rows {
		events[i] = rows[i].toDomain()
	}
	return domain.PageOf(events, page, func(e *domain.CareEvent) string {
		return domain.KeysetCursor{Key: e.At.Format(time.RFC3339Nano), ID: e.ID}.Encode()
	}), nil
}

// DeleteCareEvent implements ports.CareLogStore.
func (s *Store) DeleteCareEvent(ctx context.Context, ownerID, plantID, eventID int64) (*domain.Plant, error) {
	var out *domain.Plant
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.getPlant(ctx, tx, ownerID, plantID, true)
		if err != nil {
			return err
		}
		var row careEventRow
		err = tx.GetContext(ctx, &row, s.q(`SELECT `+careEventColumns+` FROM care_events WHERE id = ? AND plant_id = ? AND user_id = ?`),
			eventID, plantID, ownerID)
		if err == sql.ErrNoRows {
			return domain.Errorf(domain.ENotFound, domain.MsgCareEventMissing)
		} else if err != nil {
			return translate(err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM care_events WHERE id = ?`), eventID); err != nil {
			return translate(err)
		}
		if err := s.relearn(ctx, tx, p, row.toDomain()); err != nil {
			return err
		}
		out = p
		return s.savePlant(ctx, tx, p)
	})
	return out, err
}
