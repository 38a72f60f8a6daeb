package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.SignInStore = (*Store)(nil)

type totpRow struct {
	UserID      int64        `db:"user_id"`
	Secret      string       `db:"secret"`
	ConfirmedAt sql.NullTime `db:"confirmed_at"`
	LastStep    int64        `db:"last_step"`
	CreatedAt   time.Time    `db:"created_at"`
}

// TOTPByUser implements ports.SignInStore.
func (s *Store) TOTPByUser(ctx context.Context, userID int64) (*domain.TOTPEnrolment, error) {
	var r totpRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT user_id, secret, confirmed_at, last_step, created_at FROM user_totp WHERE user_id = ?`), userID); err != nil {
		return nil, translate(err)
	}
	return &domain.TOTPEnrolment{UserID: r.UserID, Secret: r.Secret, ConfirmedAt: nullTime(r.ConfirmedAt), LastStep: r.LastStep, CreatedAt: r.CreatedAt.UTC()}, nil
}

// SavePendingTOTP implements ports.SignInStore.
func (s *Store) SavePendingTOTP(ctx context.Context, userID int64, secret string, at time.Time) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var confirmed []sql.NullTime
		if err := tx.SelectContext(ctx, &confirmed, s.q(`SELECT confirmed_at FROM user_totp WHERE user_id = ?`+s.forUpdate()), userID); err != nil {
			return translate(err)
		}
		if len(confirmed) > 0 && confirmed[0].Valid {
			return domain.Errorf(domain.EConflict, domain.MsgTOTPAlreadyOn)
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM user_totp WHERE user_id = ?`), userID); err != nil {
			return translate(err)
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO user_totp (user_id, secret, last_step, created_at) VALUES (?, ?, 0, ?)`), userID, secret, utc(at))
		return translate(err)
	})
}

// ConfirmTOTP implements ports.SignInStore.
func (s *Store) ConfirmTOTP(ctx context.Context, userID int64, step int64, at time.Time, recoveryHashes []string) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var confirmed []sql.NullTime
		if err := tx.SelectContext(ctx, &confirmed, s.q(`SELECT confirmed_at FROM user_totp WHERE user_id = ?`+s.forUpdate()), userID); err != nil {
			return translate(err)
		}
		if len(confirmed) == 0 {
			return domain.Errorf(domain.ENotFound, domain.MsgTOTPNotStarted)
		}
		if confirmed[0].Valid {
			return domain.Errorf(domain.EConflict, domain.MsgTOTPAlreadyOn)
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE user_totp SET confirmed_at = ?, last_step = ? WHERE user_id = ?`), utc(at), step, userID); err != nil {
			return translate(err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM recovery_codes WHERE user_id = ?`), userID); err != nil {
			return translate(err)
		}
		for _, h := range recoveryHashes {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`), userID, h); err != nil {
				return translate(err)
			}
		}
		return nil
	})
}

// AdvanceTOTPStep implements ports.SignInStore: one conditional update, so two requests with
// the same code cannot both pass.
func (s *Store) AdvanceTOTPStep(ctx context.Context, userID int64, step int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE user_totp SET last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?`), step, userID, step)
	if err != nil {
		return translate(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return domain.Errorf(domain.EConflict, domain.MsgCodeWrong)
	}
	return nil
}

// DeleteSecondFactors implements ports.SignInStore.
func (s *Store) DeleteSecondFactors(ctx context.Context, userID int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM recovery_codes WHERE user_id = ?`), userID); err != nil {
			return translate(err)
		}
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM user_totp WHERE user_id = ?`), userID)
		return translate(err)
	})
}

// UseRecoveryCode implements ports.SignInStore: one conditional update, so a code is spent once.
func (s *Store) UseRecoveryCode(ctx context.Context, userID int64, hash string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`), utc(at), userID, hash)
	return affectedOne(res, err)
}

// CountRecoveryCodes implements ports.SignInStore.
func (s *Store) CountRecoveryCodes(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL`), userID)
	return n, translate(err)
}

type loginTicketRow struct {
	ID        int64     `db:"id"`
	Hash      string    `db:"ticket_hash"`
	UserID    int64     `db:"user_id"`
	Purpose   string    `db:"purpose"`
	Tries     int       `db:"tries"`
	CreatedAt time.Time `db:"created_at"`
	ExpiresAt time.Time `db:"expires_at"`
}

func (r loginTicketRow) toDomain() *domain.LoginTicket {
	return &domain.LoginTicket{ID: r.ID, Hash: r.Hash, UserID: r.UserID, Purpose: domain.TicketPurpose(r.Purpose), Tries: r.Tries,
		CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
}

const loginTicketColumns = `id, ticket_hash, user_id, purpose, tries, created_at, expires_at`

// CreateLoginTicket implements ports.SignInStore.
func (s *Store) CreateLoginTicket(ctx context.Context, t *domain.LoginTicket) error {
	return translate(s.db.GetContext(ctx, &t.ID, s.q(`INSERT INTO login_tickets (ticket_hash, user_id, purpose, tries, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), t.Hash, t.UserID, string(t.Purpose), t.Tries, utc(t.CreatedAt), utc(t.ExpiresAt)))
}

// LoginTicketByHash implements ports.SignInStore.
func (s *Store) LoginTicketByHash(ctx context.Context, hash string, now time.Time, maxTries int) (*domain.LoginTicket, error) {
	var r loginTicketRow
	err := s.db.GetContext(ctx, &r, s.q(`SELECT `+loginTicketColumns+` FROM login_tickets WHERE ticket_hash = ? AND expires_at > ? AND tries < ?`),
		hash, utc(now), maxTries)
	if err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// TryLoginTicket implements ports.SignInStore: the try is spent by a conditional update before
// anything is checked, so parallel requests cannot share one try.
func (s *Store) TryLoginTicket(ctx context.Context, hash string, now time.Time, maxTries int) (*domain.LoginTicket, error) {
	var r loginTicketRow
	err := s.db.GetContext(ctx, &r, s.q(`UPDATE login_tickets SET tries = tries + 1
		WHERE ticket_hash = ? AND expires_at > ? AND tries < ? RETURNING `+loginTicketColumns), hash, utc(now), maxTries)
	if err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// DeleteLoginTicket implements ports.SignInStore.
func (s *Store) DeleteLoginTicket(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM login_tickets WHERE id = ?`), id)
	return translate(err)
}

// DeleteLoginTicketsBefore implements ports.SignInStore.
func (s *Store) DeleteLoginTicketsBefore(ctx context.Context, t time.Time) (int, error) {
	return s.deleteCount(ctx, `DELETE FROM login_tickets WHERE expires_at < ?`, utc(t))
}

func (s *Store) deleteCount(ctx context.Context, query string, args ...any) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(query), args...)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

type signInRow struct {
	ID        int64     `db:"id"`
	UserID    int64     `db:"user_id"`
	At        time.Time `db:"at"`
	Success   bool      `db:"success"`
	Method    string    `db:"method"`
	Addr      string    `db:"client_addr"`
	UserAgent string    `db:"user_agent"`
}

// RecordSignIn implements ports.SignInStore.
func (s *Store) RecordSignIn(ctx context.Context, e *domain.SignInEvent) error {
	return translate(s.db.GetContext(ctx, &e.ID, s.q(`INSERT INTO sign_in_events (user_id, at, success, method, client_addr, user_agent)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), e.UserID, utc(e.At), e.Success, string(e.Method), e.Address, e.UserAgent))
}

// CountFailedCodes implements ports.SignInStore (sign_in_events_user_at).
func (s *Store) CountFailedCodes(ctx context.Context, userID int64, since time.Time) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM sign_in_events WHERE user_id = ? AND at >= ? AND NOT success AND method IN (?, ?)`),
		userID, utc(since), string(domain.MethodTOTP), string(domain.MethodRecoveryCode))
	return n, translate(err)
}

// ListSignIns implements ports.SignInStore: keyset on id, newest first (sign_in_events_user_id).
func (s *Store) ListSignIns(ctx context.Context, userID int64, page domain.PageRequest) (domain.Page[*domain.SignInEvent], error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.SignInEvent]{}, err
	}
	query, args := `SELECT id, user_id, at, success, method, client_addr, user_agent FROM sign_in_events WHERE user_id = ?`, []any{userID}
	if ok {
		query, args = query+` AND id < ?`, append(args, c.ID)
	}
	query, args = query+` ORDER BY id DESC LIMIT ?`, append(args, page.Limit+1)
	var rows []signInRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.SignInEvent]{}, translate(err)
	}
	out := make([]*domain.SignInEvent, len(rows))
	for i, r := range rows {
		out[i] = &domain.SignInEvent{ID: r.ID, UserID: r.UserID, At: r.At.UTC(), Success: r.Success, Method: domain.SignInMethod(r.Method),
			Address: r.Addr, UserAgent: r.UserAgent}
	}
	return domain.PageOf(out, page, func(e *domain.SignInEvent) string { return idCursor(e.ID) }), nil
}

// DeleteSignInsBefore implements ports.SignInStore.
func (s *Store) DeleteSignInsBefore(ctx context.Context, t time.Time) (int, error) {
	return s.deleteCount(ctx, `DELETE FROM sign_in_events WHERE at < ?`, utc(t))
}

type userSessionRow struct {
	sessionRow
	Method     string       `db:"method"`
	UserAgent  string       `db:"user_agent"`
	Addr       string       `db:"client_addr"`
	LastSeenAt sql.NullTime `db:"last_seen_at"`
}

// ListUserSessions implements ports.SignInStore: keyset on id, newest first (sessions_user_id).
func (s *Store) ListUserSessions(ctx context.Context, userID int64, now time.Time, page domain.PageRequest) (domain.Page[*domain.Session], error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Session]{}, err
	}
	query := `SELECT id, token_hash, user_id, impersonator_id, created_at, expires_at, revoked_at, method, user_agent, client_addr, last_seen_at
		FROM sessions WHERE user_id = ? AND impersonator_id IS NULL AND revoked_at IS NULL AND expires_at > ?`
	args := []any{userID, utc(now)}
	if ok {
		query, args = query+` AND id < ?`, append(args, c.ID)
	}
	query, args = query+` ORDER BY id DESC LIMIT ?`, append(args, page.Limit+1)
	var rows []userSessionRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.Session]{}, translate(err)
	}
	out := make([]*domain.Session, len(rows))
	for i, r := range rows {
		out[i] = &domain.Session{ID: r.ID, UserID: r.UserID, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(),
			Method: domain.SignInMethod(r.Method), UserAgent: r.UserAgent, Address: r.Addr, LastSeenAt: nullTime(r.LastSeenAt)}
	}
	return domain.PageOf(out, page, func(x *domain.Session) string { return idCursor(x.ID) }), nil
}

// RevokeUserSession implements ports.SignInStore.
func (s *Store) RevokeUserSession(ctx context.Context, userID, id int64, at time.Time) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND impersonator_id IS NULL
			AND revoked_at IS NULL AND expires_at > ?`), utc(at), id, userID, utc(at))
		if err := affectedOne(res, err); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE session_id = ?`), id)
		return translate(err)
	})
}

// RevokeOtherSessions implements ports.SignInStore.
func (s *Store) RevokeOtherSessions(ctx context.Context, userID, keep int64, at time.Time) (int, error) {
	var n int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE session_id IN
			(SELECT id FROM sessions WHERE user_id = ? AND impersonator_id IS NULL AND id <> ? AND revoked_at IS NULL)`), userID, keep); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE sessions SET revoked_at = ?
			WHERE user_id = ? AND impersonator_id IS NULL AND id <> ? AND revoked_at IS NULL`), utc(at), userID, keep)
		if err != nil {
			return translate(err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// TouchSession implements ports.SignInStore.
func (s *Store) TouchSession(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE sessions SET last_seen_at = ? WHERE id = ?`), utc(at), id)
	return translate(err)
}

// SiteRequiresTwoFactor implements ports.SignInStore.
func (s *Store) SiteRequiresTwoFactor(ctx context.Context, siteID int64) (bool, error) {
	var on bool
	err := s.db.GetContext(ctx, &on, s.q(`SELECT require_two_factor FROM sites WHERE id = ?`), siteID)
	return on, translate(err)
}

// SetSiteRequiresTwoFactor implements ports.SignInStore.
func (s *Store) SetSiteRequiresTwoFactor(ctx context.Context, siteID int64, on bool) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE sites SET require_two_factor = ? WHERE id = ?`), on, siteID)
	return affectedOne(res, err)
}
