package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

type deviceRow struct {
	ID         int64         `db:"id"`
	UserID     int64         `db:"user_id"`
	PlayerID   string        `db:"player_id"`
	DeviceName string        `db:"device_name"`
	UserAgent  string        `db:"user_agent"`
	Platform   string        `db:"platform"`
	Vendor     string        `db:"vendor"`
	Endpoint   string        `db:"endpoint"`
	P256dh     string        `db:"p256dh"`
	Auth       string        `db:"auth"`
	SessionID  sql.NullInt64 `db:"session_id"`
	APITokenID sql.NullInt64 `db:"api_token_id"`
	ExpiresAt  sql.NullTime  `db:"expires_at"`
	CreatedAt  time.Time     `db:"created_at"`
	UpdatedAt  time.Time     `db:"updated_at"`
}

const deviceColumns = `id, user_id, player_id, device_name, user_agent, platform, vendor, endpoint, p256dh, auth,
	session_id, api_token_id, expires_at, created_at, updated_at`

func (r *deviceRow) toDomain() *domain.Device {
	return &domain.Device{ID: r.ID, UserID: r.UserID, PlayerID: r.PlayerID, Name: r.DeviceName,
		Info:         domain.DeviceInfo{UserAgent: r.UserAgent, Platform: r.Platform, Vendor: r.Vendor},
		Subscription: domain.PushSubscription{Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth},
		SessionID:    nullInt(r.SessionID), APITokenID: nullInt(r.APITokenID), ExpiresAt: nullTime(r.ExpiresAt),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// SaveDevice implements ports.DeviceStore.
func (s *Store) SaveDevice(ctx context.Context, d *domain.Device, keep int) (bool, error) {
	if d.UpdatedAt.IsZero() {
		d.UpdatedAt = time.Now().UTC()
	}
	d.UpdatedAt = utc(d.UpdatedAt)
	created := false
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		// Locking the owner serialises one user's registrations, so the cap below holds.
		var owner int64
		if err := tx.GetContext(ctx, &owner, s.q(`SELECT id FROM users WHERE id = ?`+s.forUpdate()), d.UserID); err != nil {
			return translate(err)
		}
		var existing []deviceRow
		if err := tx.SelectContext(ctx, &existing, s.q(`SELECT `+deviceColumns+` FROM push_devices WHERE player_id = ?`+s.forUpdate()), d.PlayerID); err != nil {
			return translate(err)
		}
		sub := d.Subscription
		if len(existing) == 1 {
			d.ID, d.CreatedAt = existing[0].ID, existing[0].CreatedAt.UTC()
			// The browser now belongs to whoever registered it last, with their sign-in.
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE push_devices SET user_id = ?, device_name = ?, user_agent = ?, platform = ?,
				vendor = ?, endpoint = ?, p256dh = ?, auth = ?, session_id = ?, api_token_id = ?, expires_at = ?, updated_at = ? WHERE id = ?`),
				d.UserID, d.Name, d.Info.UserAgent, d.Info.Platform, d.Info.Vendor, sub.Endpoint, sub.P256dh, sub.Auth,
				d.SessionID, d.APITokenID, utcPtr(d.ExpiresAt), d.UpdatedAt, d.ID); err != nil {
				return translate(err)
			}
		} else {
			d.CreatedAt, created = d.UpdatedAt, true
			if err := tx.GetContext(ctx, &d.ID, s.q(`INSERT INTO push_devices (user_id, player_id, device_name, user_agent, platform,
				vendor, endpoint, p256dh, auth, session_id, api_token_id, expires_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				d.UserID, d.PlayerID, d.Name, d.Info.UserAgent, d.Info.Platform, d.Info.Vendor, sub.Endpoint, sub.P256dh, sub.Auth,
				d.SessionID, d.APITokenID, utcPtr(d.ExpiresAt), d.CreatedAt, d.UpdatedAt); err != nil {
				return translate(err)
			}
		}
		if keep > 0 {
			_, err := tx.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE user_id = ? AND id NOT IN
				(SELECT id FROM push_devices WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT ?)`), d.UserID, d.UserID, keep)
			return translate(err)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return created, nil
}

// ListDevices implements ports.DeviceStore.
func (s *Store) ListDevices(ctx context.Context, userID int64) ([]*domain.Device, error) {
	var rows []deviceRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+deviceColumns+` FROM push_devices WHERE user_id = ?
		ORDER BY updated_at DESC, id DESC`), userID); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Device, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// DeleteDevice implements ports.DeviceStore.
func (s *Store) DeleteDevice(ctx context.Context, userID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE id = ? AND user_id = ?`), id, userID)
	return affectedOne(res, err)
}

// DeleteDeviceByPlayerID implements ports.DeviceStore.
func (s *Store) DeleteDeviceByPlayerID(ctx context.Context, userID int64, playerID string) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE player_id = ? AND user_id = ?`), playerID, userID)
	return affectedOne(res, err)
}

// ForgetDevice implements ports.DeviceStore.
func (s *Store) ForgetDevice(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.q(`DELETE FROM push_devices WHERE id = ?`), id)
	return translate(err)
}

// NotificationChannels implements ports.NotificationChannelStore.
func (s *Store) NotificationChannels(ctx context.Context, userID int64) (domain.NotificationChannels, error) {
	var rows []struct {
		NtfyServer string    `db:"ntfy_server"`
		NtfyTopic  string    `db:"ntfy_topic"`
		UpdatedAt  time.Time `db:"updated_at"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT ntfy_server, ntfy_topic, updated_at FROM notification_channels WHERE user_id = ?`), userID); err != nil {
		return domain.NotificationChannels{}, translate(err)
	}
	if len(rows) == 0 {
		return domain.NotificationChannels{}, nil
	}
	return domain.NotificationChannels{NtfyServer: rows[0].NtfyServer, NtfyTopic: rows[0].NtfyTopic, UpdatedAt: rows[0].UpdatedAt.UTC()}, nil
}

// SaveNotificationChannels implements ports.NotificationChannelStore.
func (s *Store) SaveNotificationChannels(ctx context.Context, userID int64, c domain.NotificationChannels) error {
	if c.UpdatedAt.IsZero() {
		c.UpdatedAt = time.Now().UTC()
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO notification_channels (user_id, ntfy_server, ntfy_topic, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET ntfy_server = excluded.ntfy_server, ntfy_topic = excluded.ntfy_topic, updated_at = excluded.updated_at`),
		userID, c.NtfyServer, c.NtfyTopic, utc(c.UpdatedAt))
	err = translate(err)
	if domain.ErrorCode(err) == domain.EConflict {
		// The only reference that can fail is the user's.
		return domain.Errorf(domain.ENotFound, "not found")
	}
	return err
}

// VAPIDKeys implements ports.VAPIDKeyStore.
func (s *Store) VAPIDKeys(ctx context.Context) (domain.VAPIDKeys, error) {
	var r struct {
		Public  string `db:"public_key"`
		Private string `db:"private_key"`
	}
	if err := s.db.GetContext(ctx, &r, `SELECT public_key, private_key FROM vapid_keys WHERE id = 1`); err != nil {
		return domain.VAPIDKeys{}, translate(err)
	}
	return domain.VAPIDKeys{PublicKey: r.Public, PrivateKey: r.Private}, nil
}

// SaveVAPIDKeysOnce implements ports.VAPIDKeyStore.
func (s *Store) SaveVAPIDKeysOnce(ctx context.Context, k domain.VAPIDKeys) (domain.VAPIDKeys, error) {
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO vapid_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`), k.PublicKey, k.PrivateKey, utc(time.Now())); err != nil {
		return domain.VAPIDKeys{}, translate(err)
	}
	return s.VAPIDKeys(ctx)
}
