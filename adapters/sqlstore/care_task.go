package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

type taskRow struct {
	ID            int64          `db:"id"`
	UserID        int64          `db:"user_id"`
	PlantID       int64          `db:"plant_id"`
	PlantName     string         `db:"plant_name"`
	TaskType      string         `db:"task_type"`
	ScheduledDate dbDate         `db:"scheduled_date"`
	Completed     bool           `db:"completed"`
	CompletedAt   sql.NullTime   `db:"completed_at"`
	Notes         sql.NullString `db:"notes"`
	IsRecurring   bool           `db:"is_recurring"`
	RecurringDays sql.NullInt64  `db:"recurring_days"`
	CreatedAt     time.Time      `db:"created_at"`
}

const taskSelect = `SELECT t.id, t.user_id, t.plant_id, p.name AS plant_name, t.task_type, t.scheduled_date, t.completed,
	t.completed_at, t.notes, t.is_recurring, t.recurring_days, t.created_at
	FROM care_tasks t JOIN plants p ON p.id = t.plant_id`

func (r *taskRow) toDomain() *domain.CareTask {
	t := &domain.CareTask{ID: r.ID, UserID: r.UserID, PlantID: r.PlantID, PlantName: r.PlantName, Type: domain.TaskType(r.TaskType),
		ScheduledDate: r.ScheduledDate.Time, Completed: r.Completed, CompletedAt: nullTime(r.CompletedAt),
		IsRecurring: r.IsRecurring, RecurringDays: nullIntPtr(r.RecurringDays), CreatedAt: r.CreatedAt.UTC()}
	if r.Notes.Valid {
		n := r.Notes.String
		t.Notes = &n
	}
	return t
}

func (s *Store) insertTask(ctx context.Context, q sqlx.QueryerContext, t *domain.CareTask) error {
	t.CreatedAt = utc(t.CreatedAt)
	// Inserting through a SELECT of the plant makes "the plant is the owner's" part of the
	// statement: no row, no task.
	err := sqlx.GetContext(ctx, q, &t.ID, s.q(`INSERT INTO care_tasks (user_id, plant_id, task_type, scheduled_date, completed,
		completed_at, notes, is_recurring, recurring_days, created_at)
		SELECT ?, p.id, ?, ?, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ? RETURNING id`),
		t.UserID, string(t.Type), dbDate{t.ScheduledDate}, t.Completed, utcPtr(t.CompletedAt), t.Notes, t.IsRecurring,
		t.RecurringDays, t.CreatedAt, t.PlantID, t.UserID)
	if domain.ErrorCode(translate(err)) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	return translate(err)
}

// CreateTask implements ports.TaskStore.
func (s *Store) CreateTask(ctx context.Context, t *domain.CareTask) error {
	if err := s.insertTask(ctx, s.db, t); err != nil {
		return err
	}
	return s.db.GetContext(ctx, &t.PlantName, s.q(`SELECT name FROM plants WHERE id = ?`), t.PlantID)
}

func (s *Store) getTask(ctx context.Context, q sqlx.QueryerContext, ownerID, id int64, lock bool) (*domain.CareTask, error) {
	suffix := ""
	if lock && s.dialect == Postgres {
		suffix = " FOR UPDATE OF t"
	}
	var r taskRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(taskSelect+` WHERE t.id = ? AND t.user_id = ?`+suffix), id, ownerID); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// TaskByID implements ports.TaskStore.
func (s *Store) TaskByID(ctx context.Context, ownerID, id int64) (*domain.CareTask, error) {
	return s.getTask(ctx, s.db, ownerID, id, false)
}

// ListTasks implements ports.TaskStore: a hot read (Store.hotQuery; the dashboard's summary,
// the Today list and every plant page's status read it), scanned by hand (taskScan).
func (s *Store) ListTasks(ctx context.Context, ownerID int64, f ports.TaskFilter) ([]*domain.CareTask, error) {
	query, args := s.taskListSQL(ownerID, f)
	rows, err := s.hotQuery(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.CareTask{}
	var r taskScan
	dest := r.dest()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, translate(err)
		}
		out = append(out, r.row.toDomain())
	}
	return out, translate(rows.Err())
}

// TaskListSQL is ListTasks' statement without a filter (every task of the owner, its only
// argument), in dialect d: the load harness's bare baseline runs this very text.
func TaskListSQL(d Dialect) string {
	q, _ := sqlOnly(d).taskListSQL(0, ports.TaskFilter{})
	return q
}

// taskScan receives one row of taskSelect without sqlx's reflection.
type taskScan struct{ row taskRow }

func (r *taskScan) dest() []any {
	t := &r.row
	return []any{&t.ID, &t.UserID, &t.PlantID, &t.PlantName, &t.TaskType, &t.ScheduledDate, &t.Completed, &t.CompletedAt, &t.Notes,
		&t.IsRecurring, &t.RecurringDays, &t.CreatedAt}
}

// taskListSQL builds ListTasks' statement (bound for the dialect) and its arguments; its dates
// go as their text (dateArg).
func (s *Store) taskListSQL(ownerID int64, f ports.TaskFilter) (string, []any) {
	where, args := []string{"t.user_id = ?"}, []any{ownerID}
	if f.PlantID > 0 {
		where, args = append(where, "t.plant_id = ?"), append(args, f.PlantID)
	}
	if f.PendingOnly {
		where, args = append(where, "t.completed = ?"), append(args, false)
	}
	var rangeCond []string
	var rangeArgs []any
	if f.From != nil {
		rangeCond, rangeArgs = append(rangeCond, "t.scheduled_date >= ?"), append(rangeArgs, dateArg(*f.From))
	}
	if f.To != nil {
		rangeCond, rangeArgs = append(rangeCond, "t.scheduled_date <= ?"), append(rangeArgs, dateArg(*f.To))
	}
	if len(rangeCond) > 0 {
		cond := "(" + strings.Join(rangeCond, " AND ") + ")"
		if f.PendingRecurring {
			cond = "(" + cond + " OR (t.is_recurring = ? AND t.completed = ?" + toCond(f.To) + "))"
			rangeArgs = append(rangeArgs, true, false)
			if f.To != nil {
				rangeArgs = append(rangeArgs, dateArg(*f.To))
			}
		}
		where, args = append(where, cond), append(args, rangeArgs...)
	}
	return s.hotSQL(taskSelect + ` WHERE ` + strings.Join(where, " AND ") + ` ORDER BY t.scheduled_date, t.id`), args
}

func toCond(to *time.Time) string {
	if to == nil {
		return ""
	}
	return " AND t.scheduled_date <= ?"
}

// CompleteTask implements ports.TaskStore.
func (s *Store) CompleteTask(ctx context.Context, ownerID, id int64, fn func(*domain.CareTask, *domain.Plant) (*domain.CareTask, error)) (done, next *domain.CareTask, err error) {
	err = s.withTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.getTask(ctx, tx, ownerID, id, true)
		if err != nil {
			return err
		}
		p, err := s.getPlant(ctx, tx, ownerID, t.PlantID, true)
		if err != nil {
			return err
		}
		n, err := fn(t, p)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE care_tasks SET completed = ?, completed_at = ? WHERE id = ? AND user_id = ?`),
			t.Completed, utcPtr(t.CompletedAt), t.ID, ownerID); err != nil {
			return translate(err)
		}
		if err := s.savePlant(ctx, tx, p); err != nil {
			return err
		}
		if n != nil {
			n.UserID, n.PlantID = ownerID, t.PlantID
			if err := s.insertTask(ctx, tx, n); err != nil {
				return err
			}
			n.PlantName = p.Name
		}
		done, next = t, n
		return nil
	})
	return done, next, err
}

// DeleteTask implements ports.TaskStore.
func (s *Store) DeleteTask(ctx context.Context, ownerID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM care_tasks WHERE id = ? AND user_id = ?`), id, ownerID)
	return affectedOne(res, err)
}

// RescheduleTasks implements ports.TaskStore in one statement.
func (s *Store) RescheduleTasks(ctx context.Context, ownerID int64, ids []int64, to time.Time) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	args := []any{dbDate{domain.DateOf(to)}, ownerID, false}
	for _, id := range ids {
		args = append(args, id)
	}
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE care_tasks SET scheduled_date = ? WHERE user_id = ? AND completed = ? AND id IN (`+marks+`)`), args...)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), translate(err)
}

// ListOverdueTasks implements ports.TaskStore: a keyset page over (scheduled_date, id), read
// through the care_tasks_pending index.
func (s *Store) ListOverdueTasks(ctx context.Context, ownerID int64, today time.Time, page domain.PageRequest) (domain.Page[*domain.CareTask], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.CareTask]{}, err
	}
	where := `t.user_id = ? AND t.completed = ? AND t.scheduled_date < ?`
	args := []any{ownerID, false, dbDate{domain.DateOf(today)}}
	if ok {
		after, valid := domain.ParseDate(cur.Key)
		if !valid {
			return domain.Page[*domain.CareTask]{}, domain.Errorf(domain.EInvalid, domain.MsgPageCursor)
		}
		where += ` AND (t.scheduled_date > ? OR (t.scheduled_date = ? AND t.id > ?))`
		args = append(args, dbDate{after}, dbDate{after}, cur.ID)
	}
	var rows []taskRow
	if err := s.db.SelectContext(ctx, &rows, s.q(taskSelect+` WHERE `+where+` ORDER BY t.scheduled_date, t.id LIMIT ?`),
		append(args, page.Limit+1)...); err != nil {
		return domain.Page[*domain.CareTask]{}, translate(err)
	}
	tasks := make([]*domain.CareTask, len(rows))
	for i := range rows {
		tasks[i] = rows[i].toDomain()
	}
	return domain.PageOf(tasks, page, func(t *domain.CareTask) string {
		return domain.KeysetCursor{Key: t.ScheduledDate.Format(domain.DateLayout), ID: t.ID}.Encode()
	}), nil
}

// dateArg is a date argument as its text (yyyy-MM-dd), which both databases compare with a
// date column as dbDate's value does: pgx re-plans the encoding of a driver.Valuer's result on
// every call, which a hot read on its pool should not pay.
func dateArg(d time.Time) string { return d.Format(domain.DateLayout) }
