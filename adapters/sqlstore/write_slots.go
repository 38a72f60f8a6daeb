package sqlstore

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

// writeLockClass is the first key of the PostgreSQL advisory locks that serialise one user's
// writes of one kind (the second is a hash of the kind and the user). Two-key advisory locks
// never collide with the one-key locks of migrations and jobs, and the class differs from the
// sign-in throttle's.
const writeLockClass = 22022

// ReserveWriteSlot implements ports.WriteSlotStore.
func (s *Store) ReserveWriteSlot(ctx context.Context, kind string, userID int64, at, since time.Time, check func(recent []time.Time) error) (int64, error) {
	var id int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			// SQLite's immediate transaction already holds the database's write lock.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2 || ':' || $3::bigint))`, writeLockClass, kind, userID); err != nil {
				return translate(err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM write_slots WHERE user_id = ? AND kind = ? AND reserved_at < ?`), userID, kind, utc(since)); err != nil {
			return translate(err)
		}
		var recent []time.Time
		if err := tx.SelectContext(ctx, &recent, s.q(`SELECT reserved_at FROM write_slots WHERE user_id = ? AND kind = ? ORDER BY reserved_at`), userID, kind); err != nil {
			return translate(err)
		}
		for i := range recent {
			recent[i] = recent[i].UTC()
		}
		if err := check(recent); err != nil {
			return err
		}
		return translate(tx.QueryRowxContext(ctx, s.q(`INSERT INTO write_slots (user_id, kind, reserved_at) VALUES (?, ?, ?) RETURNING id`),
			userID, kind, utc(at)).Scan(&id))
	})
	return id, err
}

// ForgetWriteSlot implements ports.WriteSlotStore.
func (s *Store) ForgetWriteSlot(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM write_slots WHERE id = ?`), id)
	return translate(err)
}
