package httpapi

import (
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// userJSON is a user on the wire (spec 02 §3). The password hash never leaves the server.
type userJSON struct {
	ID                      int64                       `json:"id"`
	Username                string                      `json:"username"`
	Email                   string                      `json:"email"`
	FullName                string                      `json:"fullName"`
	Role                    domain.Role                 `json:"role"`
	IsActive                bool                        `json:"isActive"`
	IsProtected             bool                        `json:"isProtected"`
	CategoryID              *int64                      `json:"categoryId"`
	SiteID                  *int64                      `json:"siteId"`
	IsSiteAdmin             bool                        `json:"isSiteAdmin"`
	SiteRole                string                      `json:"siteRole,omitempty"`
	SiteJoinedAt            *time.Time                  `json:"siteJoinedAt,omitempty"`
	CreatedAt               time.Time                   `json:"createdAt"`
	LastLogin               *time.Time                  `json:"lastLogin"`
	Preferences             preferencesJSON             `json:"preferences"`
	NotificationPreferences notificationPreferencesJSON `json:"notificationPreferences"`
	// TimeZone is the gardener's IANA zone, "" until set (then UTC).
	TimeZone string `json:"timeZone"`
	// ReminderHour is the hour (0-23, in timeZone) of the daily care reminder; null for the
	// installation's default.
	ReminderHour *int `json:"reminderHour"`
	// Language is the gardener's language tag, "" until set (then the API answers in English,
	// or in the browser's Accept-Language).
	Language string `json:"language"`
	// Theme is "system" (the default), "light" or "dark".
	Theme domain.Theme `json:"theme"`
	// Units is "metric" or "imperial", null until chosen: the web app then follows the
	// gardener's locale (imperial for the United States, Liberia and Myanmar).
	Units *domain.Units `json:"units"`
	// LastSpringFrost and FirstAutumnFrost are the gardener's own frost dates, "MM-DD" or null.
	LastSpringFrost  *string `json:"lastSpringFrost"`
	FirstAutumnFrost *string `json:"firstAutumnFrost"`
}

func monthDayJSON(md *domain.MonthDay) *string {
	if md == nil {
		return nil
	}
	s := md.String()
	return &s
}

type preferencesJSON struct {
	Notifications bool `json:"notifications"`
}

type notificationPreferencesJSON struct {
	Email         bool  `json:"email"`
	Push          *bool `json:"push"`
	CareReminders bool  `json:"careReminders"`
	WeeklyDigest  bool  `json:"weeklyDigest"`
}

func toUserJSON(u *domain.User) userJSON {
	p := u.NotificationPrefs
	return userJSON{
		ID: u.ID, Username: u.Username, Email: u.Email, FullName: u.FullName, Role: u.Role, IsActive: u.IsActive,
		IsProtected: u.IsProtected, CategoryID: u.CategoryID, SiteID: u.SiteID, IsSiteAdmin: u.IsSiteAdmin,
		SiteRole: string(u.SiteRole), SiteJoinedAt: u.SiteJoinedAt,
		CreatedAt: u.CreatedAt.UTC(), LastLogin: u.LastLogin,
		Preferences:             preferencesJSON{Notifications: u.NotificationsEnabled},
		NotificationPreferences: notificationPreferencesJSON{Email: p.Email, Push: p.Push, CareReminders: p.CareReminders, WeeklyDigest: p.WeeklyDigest},
		LastSpringFrost:         monthDayJSON(u.LastSpringFrost),
		FirstAutumnFrost:        monthDayJSON(u.FirstAutumnFrost),
		TimeZone:                u.TimeZone,
		ReminderHour:            u.ReminderHour,
		Language:                u.Language,
		Theme:                   u.Theme.OrSystem(),
		Units:                   unitsJSON(u.Units),
	}
}

func unitsJSON(u domain.Units) *domain.Units {
	if u == "" {
		return nil
	}
	return &u
}
