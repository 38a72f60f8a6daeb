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

// userRow is the users table as the driver sees it.
type userRow struct {
	ID                   int64         `db:"id"`
	Username             string        `db:"username"`
	Email                string        `db:"email"`
	FullName             string        `db:"full_name"`
	PasswordHash         string        `db:"password_hash"`
	Role                 string        `db:"role"`
	IsActive             bool          `db:"is_active"`
	IsProtected          bool          `db:"is_protected"`
	CategoryID           sql.NullInt64 `db:"category_id"`
	SiteID               sql.NullInt64 `db:"site_id"`
	IsSiteAdmin          bool          `db:"is_site_admin"`
	SiteRole             string        `db:"site_role"`
	SiteJoinedAt         sql.NullTime  `db:"site_joined_at"`
	NotificationsEnabled bool          `db:"notifications_enabled"`
	PrefEmail            bool          `db:"pref_email"`
	PrefPush             sql.NullBool  `db:"pref_push"`
	PrefCareReminders    bool          `db:"pref_care_reminders"`
	PrefWeeklyDigest     bool          `db:"pref_weekly_digest"`
	CreatedAt            time.Time     `db:"created_at"`
	LastLogin            sql.NullTime  `db:"last_login"`
	// The garden settings (migration 0033).
	LocationName sql.NullString  `db:"garden_location_name"`
	Latitude     sql.NullFloat64 `db:"garden_latitude"`
	Longitude    sql.NullFloat64 `db:"garden_longitude"`
	WinterFactor float64         `db:"winter_factor"`
	Hemisphere   string          `db:"winter_hemisphere"`
	RainMM       float64         `db:"rain_threshold_mm"`
	FrostC       float64         `db:"frost_threshold_c"`
	HeatC        float64         `db:"heat_threshold_c"`
	// The frost dates (migration 0034).
	LastSpringFrost  sql.NullString `db:"last_spring_frost"`
	FirstAutumnFrost sql.NullString `db:"first_autumn_frost"`
	// The gardener's time zone (migration 0031).
	TimeZone string `db:"time_zone"`
	// The reminder hour (migration 0040).
	ReminderHour sql.NullInt64 `db:"reminder_hour"`
	// The gardener's language (migration 0043).
	Language string `db:"language"`
	// The web app's theme (migration 0041).
	Theme string `db:"theme"`
	// The gardener's measurement system, NULL until chosen (migration 0046).
	Units sql.NullString `db:"units"`
}

const userColumns = `id, username, email, full_name, password_hash, role, is_active, is_protected, category_id, site_id,
	is_site_admin, site_role, site_joined_at, notifications_enabled, pref_email, pref_push, pref_care_reminders, pref_weekly_digest, created_at, last_login,
	garden_location_name, garden_latitude, garden_longitude, winter_factor, winter_hemisphere, rain_threshold_mm, frost_threshold_c, heat_threshold_c,
	last_spring_frost, first_autumn_frost, time_zone, reminder_hour, language, theme, units`

// dest points at r's fields in the order of userColumns, for a Scan without reflection.
func (r *userRow) dest() []any {
	return []any{&r.ID, &r.Username, &r.Email, &r.FullName, &r.PasswordHash, &r.Role, &r.IsActive, &r.IsProtected, &r.CategoryID,
		&r.SiteID, &r.IsSiteAdmin, &r.SiteRole, &r.SiteJoinedAt, &r.NotificationsEnabled, &r.PrefEmail, &r.PrefPush,
		&r.PrefCareReminders, &r.PrefWeeklyDigest, &r.CreatedAt, &r.LastLogin,
		&r.LocationName, &r.Latitude, &r.Longitude, &r.WinterFactor, &r.Hemisphere, &r.RainMM, &r.FrostC, &r.HeatC,
		&r.LastSpringFrost, &r.FirstAutumnFrost, &r.TimeZone, &r.ReminderHour, &r.Language, &r.Theme, &r.Units}
}

func (r *userRow) toDomain() *domain.User {
	u := &domain.User{
		ID: r.ID, Username: r.Username, Email: r.Email, FullName: r.FullName, PasswordHash: r.PasswordHash,
		Role: domain.Role(r.Role), IsActive: r.IsActive, IsProtected: r.IsProtected, IsSiteAdmin: r.IsSiteAdmin,
		CategoryID: nullInt(r.CategoryID), SiteID: nullInt(r.SiteID), NotificationsEnabled: r.NotificationsEnabled,
		NotificationPrefs: domain.NotificationPreferences{Email: r.PrefEmail, CareReminders: r.PrefCareReminders, WeeklyDigest: r.PrefWeeklyDigest},
		CreatedAt:         r.CreatedAt.UTC(), TimeZone: r.TimeZone, Language: r.Language, Theme: domain.Theme(r.Theme),
		Units: domain.Units(r.Units.String),
	}
	if u.SiteID != nil {
		u.SiteRole, u.SiteJoinedAt = domain.SiteRole(r.SiteRole), nullTime(r.SiteJoinedAt)
	}
	if r.ReminderHour.Valid {
		h := int(r.ReminderHour.Int64)
		u.ReminderHour = &h
	}
	if r.PrefPush.Valid {
		v := r.PrefPush.Bool
		u.NotificationPrefs.Push = &v
	}
	if r.LastLogin.Valid {
		t := r.LastLogin.Time.UTC()
		u.LastLogin = &t
	}
	u.Garden = domain.GardenSettings{WinterFactor: r.WinterFactor, Hemisphere: domain.Hemisphere(r.Hemisphere),
		RainMM: r.RainMM, FrostC: r.FrostC, HeatC: r.HeatC}
	if r.Latitude.Valid && r.Longitude.Valid {
		u.Garden.Location = &domain.GardenLocation{Name: r.LocationName.String, Latitude: r.Latitude.Float64, Longitude: r.Longitude.Float64}
	}
	u.LastSpringFrost, u.FirstAutumnFrost = monthDay(r.LastSpringFrost), monthDay(r.FirstAutumnFrost)
	return u
}

// southernSiteSQL is the hemisphere a user of the site bound to its ? takes when they set no
// location: south when the site's country is one of domain.SouthernCountries, else north.
func southernSiteSQL() string {
	var names []string
	for _, c := range domain.SouthernCountries() {
		names = append(names, "'"+strings.ReplaceAll(c, "'", "''")+"'")
	}
	return `COALESCE((SELECT 'south' FROM sites WHERE id = ? AND lower(trim(country)) IN (` + strings.Join(names, ", ") + `)), 'north')`
}

// SaveGardenSettings implements ports.GardenSettingsStore: the location (nil clears it), the
// winter factor, the hemisphere and the thresholds, in one statement.
func (s *Store) SaveGardenSettings(ctx context.Context, userID int64, g domain.GardenSettings) error {
	var name sql.NullString
	var lat, lon sql.NullFloat64
	if l := g.Location; l != nil {
		name = sql.NullString{String: l.Name, Valid: true}
		lat, lon = sql.NullFloat64{Float64: l.Latitude, Valid: true}, sql.NullFloat64{Float64: l.Longitude, Valid: true}
	}
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE users SET garden_location_name = ?, garden_latitude = ?, garden_longitude = ?,
		winter_factor = ?, winter_hemisphere = ?, rain_threshold_mm = ?, frost_threshold_c = ?, heat_threshold_c = ? WHERE id = ?`),
		name, lat, lon, g.WinterFactor, string(g.Hemisphere), g.RainMM, g.FrostC, g.HeatC, userID)
	return affectedOne(res, err)
}

func monthDay(s sql.NullString) *domain.MonthDay {
	if md, ok := domain.ParseMonthDay(s.String); s.Valid && ok {
		return &md
	}
	return nil
}

func monthDayArg(md *domain.MonthDay) sql.NullString {
	if md == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: md.String(), Valid: true}
}

// CreateUser implements ports.UserStore. A new account has no frost dates yet (they are set
// through UpdateUser), so the insert names only the columns every schema version has: the
// migration tests create users on older schemas.
func (s *Store) CreateUser(ctx context.Context, u *domain.User) error {
	if u.CreatedAt.IsZero() {
		u.CreatedAt = time.Now().UTC()
	}
	u.CreatedAt = utc(u.CreatedAt)
	normaliseSiteLink(u, nil, u.CreatedAt)
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.checkUserLimit(ctx, tx, u.SiteID); err != nil {
			return err
		}
		return translate(tx.GetContext(ctx, &u.ID, s.q(`INSERT INTO users (username, email, full_name, password_hash, role, is_active, is_protected,
			category_id, site_id, is_site_admin, site_role, site_joined_at, notifications_enabled, pref_email, pref_push, pref_care_reminders,
			pref_weekly_digest, created_at, last_login, time_zone, reminder_hour, language, winter_hemisphere)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, `+southernSiteSQL()+`) RETURNING id`),
			u.Username, u.Email, u.FullName, u.PasswordHash, string(u.Role), u.IsActive, u.IsProtected,
			u.CategoryID, u.SiteID, u.IsSiteAdmin, string(u.SiteRole), utcPtr(u.SiteJoinedAt), u.NotificationsEnabled, u.NotificationPrefs.Email,
			u.NotificationPrefs.Push, u.NotificationPrefs.CareReminders, u.NotificationPrefs.WeeklyDigest, u.CreatedAt, utcPtr(u.LastLogin), u.TimeZone, u.ReminderHour, u.Language, u.SiteID))
	})
}

// normaliseSiteLink keeps the site role and join time in step with the site: a user joining a
// site becomes a member (unless a role was given) from now; a user without a site has neither.
func normaliseSiteLink(u *domain.User, before *domain.User, now time.Time) {
	if u.SiteID == nil {
		u.SiteRole, u.SiteJoinedAt = domain.SiteMember, nil
		return
	}
	if u.SiteRole == "" {
		u.SiteRole = domain.SiteMember
	}
	moved := before == nil || before.SiteID == nil || *before.SiteID != *u.SiteID
	if moved || u.SiteJoinedAt == nil {
		t := utc(now)
		u.SiteJoinedAt = &t
	}
}

// checkUserLimit refuses a user joining siteID when the site is full. The site row is locked
// (Postgres; SQLite's transaction holds the write lock) so two joins cannot both take the last
// place; the rule itself is the domain's.
func (s *Store) checkUserLimit(ctx context.Context, tx *sqlx.Tx, siteID *int64) error {
	if siteID == nil {
		return nil
	}
	var r siteRow
	if err := tx.GetContext(ctx, &r, s.q(`SELECT `+siteColumns+` FROM sites WHERE id = ?`+s.forUpdate()), *siteID); err != nil {
		if domain.ErrorCode(translate(err)) == domain.ENotFound {
			return domain.Errorf(domain.EInvalid, domain.MsgSiteNotFound)
		}
		return translate(err)
	}
	var n int
	if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM users WHERE site_id = ?`), *siteID); err != nil {
		return translate(err)
	}
	return domain.CheckUserLimit(r.toDomain(), n)
}

func (s *Store) getUser(ctx context.Context, q sqlx.QueryerContext, where string, args ...any) (*domain.User, error) {
	var r userRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(`SELECT `+userColumns+` FROM users WHERE `+where), args...); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// UserByID implements ports.UserStore.
func (s *Store) UserByID(ctx context.Context, id int64) (*domain.User, error) {
	return s.getUser(ctx, s.db, `id = ?`, id)
}

// UserByUsername implements ports.UserStore.
func (s *Store) UserByUsername(ctx context.Context, username string) (*domain.User, error) {
	return s.getUser(ctx, s.db, `lower(username) = ?`, strings.ToLower(username))
}

// ProtectedUser implements ports.UserStore.
func (s *Store) ProtectedUser(ctx context.Context) (*domain.User, error) {
	return s.getUser(ctx, s.db, `is_protected = ?`, true)
}

// ListUsers implements ports.UserStore.
func (s *Store) ListUsers(ctx context.Context, f ports.UserFilter) ([]*domain.User, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.SiteID != nil {
		where, args = append(where, "site_id = ?"), append(args, *f.SiteID)
	}
	if f.Role != "" {
		where, args = append(where, "role = ?"), append(args, string(f.Role))
	}
	if f.IDs != nil {
		if len(f.IDs) == 0 {
			return nil, nil
		}
		marks, ids := inList(f.IDs)
		where, args = append(where, "id IN ("+marks+")"), append(args, ids...)
	}
	var rows []userRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT `+userColumns+` FROM users WHERE `+strings.Join(where, " AND ")+` ORDER BY id`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UpdateUser implements ports.UserStore.
func (s *Store) UpdateUser(ctx context.Context, id int64, fn func(*domain.User) error) (*domain.User, error) {
	var out *domain.User
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		u, err := s.getUser(ctx, tx, `id = ?`+s.forUpdate(), id)
		if err != nil {
			return err
		}
		before := *u
		if err := fn(u); err != nil {
			return err
		}
		normaliseSiteLink(u, &before, time.Now())
		if u.SiteID != nil && (before.SiteID == nil || *before.SiteID != *u.SiteID) {
			if err := s.checkUserLimit(ctx, tx, u.SiteID); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE users SET username = ?, email = ?, full_name = ?, password_hash = ?, role = ?,
			is_active = ?, is_protected = ?, category_id = ?, site_id = ?, is_site_admin = ?, site_role = ?, site_joined_at = ?,
			notifications_enabled = ?, pref_email = ?, pref_push = ?, pref_care_reminders = ?, pref_weekly_digest = ?, last_login = ?,
			last_spring_frost = ?, first_autumn_frost = ?, time_zone = ?, reminder_hour = ?, language = ?, theme = ?, units = ?,
			winter_hemisphere = CASE WHEN garden_latitude IS NULL THEN `+southernSiteSQL()+` ELSE winter_hemisphere END WHERE id = ?`),
			u.Username, u.Email, u.FullName, u.PasswordHash, string(u.Role), u.IsActive, u.IsProtected, u.CategoryID, u.SiteID,
			u.IsSiteAdmin, string(u.SiteRole), utcPtr(u.SiteJoinedAt), u.NotificationsEnabled, u.NotificationPrefs.Email,
			u.NotificationPrefs.Push, u.NotificationPrefs.CareReminders, u.NotificationPrefs.WeeklyDigest, utcPtr(u.LastLogin),
			monthDayArg(u.LastSpringFrost), monthDayArg(u.FirstAutumnFrost), u.TimeZone, u.ReminderHour, u.Language, string(u.Theme.OrSystem()), unitsArg(u.Units), u.SiteID, id)
		if err != nil {
			return translate(err)
		}
		out = u
		return nil
	})
	return out, err
}

// DeleteUser implements ports.UserStore.
func (s *Store) DeleteUser(ctx context.Context, id int64, check func(*domain.User) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		u, err := s.getUser(ctx, tx, `id = ?`+s.forUpdate(), id)
		if err != nil {
			return err
		}
		if check != nil {
			if err := check(u); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM users WHERE id = ?`), id)
		return translate(err)
	})
}

// RecordLogin implements ports.UserStore.
func (s *Store) RecordLogin(ctx context.Context, id int64, at time.Time) error {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE users SET last_login = ? WHERE id = ?`), utc(at), id)
	return affectedOne(res, err)
}

func affectedOne(res sql.Result, err error) error {
	if err != nil {
		return translate(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.ENotFound, "not found")
	}
	return nil
}

func nullInt(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

// unitsArg is a gardener's measurement system for the units column: NULL until chosen.
func unitsArg(u domain.Units) any {
	if u == "" {
		return nil
	}
	return string(u)
}
