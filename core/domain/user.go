package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Role is a user's system-wide role. The zero value is not a valid role.
type Role string

// The three roles of spec 01 §6. Site admin is a flag on a user of a site, not a role.
const (
	RoleUser       Role = "user"
	RoleAdmin      Role = "admin"
	RoleSuperadmin Role = "superadmin"
)

// ParseRole returns the role named s, or an invalid error.
func ParseRole(s string) (Role, error) {
	switch r := Role(strings.ToLower(strings.TrimSpace(s))); r {
	case RoleUser, RoleAdmin, RoleSuperadmin:
		return r, nil
	}
	return "", &Error{Code: EInvalid, Message: "Role must be one of user, admin or superadmin", Fields: map[string]string{"role": "Role must be one of user, admin or superadmin"}}
}

// AtLeast reports whether r grants everything min grants (user < admin < superadmin).
func (r Role) AtLeast(min Role) bool { return r.rank() >= min.rank() }

func (r Role) rank() int {
	switch r {
	case RoleUser:
		return 1
	case RoleAdmin:
		return 2
	case RoleSuperadmin:
		return 3
	}
	return 0
}

// NotificationPreferences are a user's delivery choices (spec 02 §3). Push is nil until the
// user decides: the page then shows the browser's permission state.
type NotificationPreferences struct {
	Email         bool
	Push          *bool
	CareReminders bool
	WeeklyDigest  bool
}

// DefaultNotificationPreferences are the spec's defaults: e-mail and care reminders on, weekly
// digest off, push undecided.
func DefaultNotificationPreferences() NotificationPreferences {
	return NotificationPreferences{Email: true, CareReminders: true}
}

// User is an account holder.
type User struct {
	ID       int64
	Username string
	Email    string
	FullName string
	// PasswordHash is the encoded password hash; never sent to clients.
	PasswordHash string
	Role         Role
	IsActive     bool
	// IsProtected marks the system superadmin created at installation (spec 02 §5).
	IsProtected bool
	CategoryID  *int64
	SiteID      *int64
	IsSiteAdmin bool
	// SiteRole is the user's role within their site; empty without a site.
	SiteRole SiteRole
	// SiteJoinedAt is when the user joined their site (the site-user link's createdAt).
	SiteJoinedAt *time.Time
	// NotificationsEnabled is preferences.notifications of spec 02 §3.
	NotificationsEnabled bool
	NotificationPrefs    NotificationPreferences
	CreatedAt            time.Time
	LastLogin            *time.Time
	// Garden is the gardener's garden-wide settings: place, seasons, weather thresholds.
	Garden GardenSettings
	// LastSpringFrost and FirstAutumnFrost are the gardener's own frost dates (issue #24
	// item 7); nil until set, when an estimate from the garden's latitude may stand in.
	LastSpringFrost, FirstAutumnFrost *MonthDay
	// TimeZone is the gardener's IANA zone ("" until set: UTC); "today", "due" and "overdue"
	// are reckoned in it (TodayIn).
	TimeZone string
	// ReminderHour is the hour (0-23, in TimeZone) the daily care reminder goes out; nil for
	// the installation's default hour.
	ReminderHour *int
	// Language is the gardener's language tag (one of Languages), "" until set (then English):
	// the server's messages to them are written in it.
	Language string
	// Units is the gardener's measurement system, "" until chosen (then their locale's: UnitsOf).
	Units Units
	// Theme is the web app's look for the gardener ("" or "system" until chosen).
	Theme Theme
}

// Validation limits and messages for accounts (spec 01 §5, spec 02 §5 and §9).
const (
	MinUsernameLength          = 3
	MaxUsernameLength          = 64
	MinLoginPasswordLength     = 6
	MinAdminPasswordLength     = 8
	MinSiteAdminPasswordLength = 6
	// MaxPasswordLength bounds the work one login can cause the password hasher.
	MaxPasswordLength = 256

	MsgUsernameTooShort           = "Username must be at least 3 characters"
	MsgUsernameTooLong            = "Username must be at most 64 characters"
	MsgUsernameCharacters         = "Username may contain only letters, digits, dots, dashes and underscores"
	MsgLoginPasswordTooShort      = "Password must be at least 6 characters"
	MsgAdminPasswordTooShort      = "Password must be at least 8 characters"
	MsgPasswordTooLong            = "Password must be at most 256 characters"
	MsgPasswordRequired           = "Password required"
	MsgInvalidEmail               = "Please enter a valid email"
	MsgInvalidCredentials         = "Invalid username or password"
	MsgAccountDeactivated         = "This account is deactivated. Please contact your site administrator."
	MsgNotSignedIn                = "You must be signed in."
	MsgAdminRequired              = "You need admin privileges to access this page."
	MsgSuperadminRequired         = "You need superadmin privileges to access this page."
	MsgOnlySuperadminsImpersonate = "Only superadmins can impersonate other users"
	MsgCannotImpersonateSelf      = "You cannot impersonate yourself"
	MsgCannotImpersonateInactive  = "This account is deactivated and cannot be impersonated"
	MsgAlreadyImpersonating       = "End the current impersonation first"
	MsgNotImpersonating           = "You are not impersonating anyone"
	MsgUsernameTaken              = "This username is already taken"
	MsgUserNotFound               = "User not found"
	MsgSiteNotFound               = "Site not found"
	// MsgCurrentPasswordRequired and MsgCurrentPasswordWrong answer a change of one's own
	// password without the right current one (issue 17; docs/decisions.md).
	MsgCurrentPasswordRequired = "Please enter your current password"
	MsgCurrentPasswordWrong    = "Your current password is incorrect"
)

// NormalizeUsername trims surrounding space; usernames compare case-insensitively in storage.
func NormalizeUsername(s string) string { return strings.TrimSpace(s) }

// ValidateLogin checks a sign-in form the way the page does (spec 01 §5), so a client that skips
// the page gets the same messages.
func ValidateLogin(username, password string) error {
	var v Validation
	if utf8.RuneCountInString(NormalizeUsername(username)) < MinUsernameLength {
		v.Add("username", MsgUsernameTooShort)
	}
	if utf8.RuneCountInString(password) < MinLoginPasswordLength {
		v.Add("password", MsgLoginPasswordTooShort)
	}
	if len(password) > MaxPasswordLength {
		v.Add("password", MsgPasswordTooLong)
	}
	return v.Err()
}

// ValidateUsername checks a new or changed username.
func ValidateUsername(v *Validation, username string) {
	n := utf8.RuneCountInString(username)
	switch {
	case n < MinUsernameLength:
		v.Add("username", MsgUsernameTooShort)
	case n > MaxUsernameLength:
		v.Add("username", MsgUsernameTooLong)
	default:
		for _, r := range username {
			if !(r == '.' || r == '-' || r == '_' || r == '@' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				v.Add("username", MsgUsernameCharacters)
				return
			}
		}
	}
}

// ValidatePassword checks a new password against the admin form's minimum (spec 02 §5).
func ValidatePassword(v *Validation, password string, min int) {
	switch {
	case password == "":
		v.Add("password", MsgPasswordRequired)
	case utf8.RuneCountInString(password) < min:
		if min == MinAdminPasswordLength {
			v.Add("password", MsgAdminPasswordTooShort)
		} else {
			v.Add("password", MsgLoginPasswordTooShort)
		}
	case len(password) > MaxPasswordLength:
		v.Add("password", MsgPasswordTooLong)
	}
}

// ValidateEmail checks an optional e-mail address: empty is allowed.
func ValidateEmail(v *Validation, email string) {
	if email == "" {
		return
	}
	if !IsEmailAddress(email) {
		v.Add("email", MsgInvalidEmail)
	}
}
