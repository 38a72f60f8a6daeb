package domain

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// SiteRole is a user's role within their site (spec 02 §3 site-user link).
type SiteRole string

// The site roles; member is the default.
const (
	SiteMember  SiteRole = "member"
	SiteManager SiteRole = "manager"
	SiteOwner   SiteRole = "owner"
)

// ParseSiteRole returns the site role named s; empty is member.
func ParseSiteRole(s string) (SiteRole, error) {
	switch r := SiteRole(strings.ToLower(strings.TrimSpace(s))); r {
	case "":
		return SiteMember, nil
	case SiteMember, SiteManager, SiteOwner:
		return r, nil
	}
	msg := "Site role must be member, manager or owner"
	return "", &Error{Code: EInvalid, Message: msg, Fields: map[string]string{"role": msg}}
}

// Site administration messages (spec 02 §5 and §8).
const (
	MsgUserLimitReached  = "User limit reached"
	MsgSelectUser        = "Please select a user"
	MsgSelectSite        = "Please select a site"
	MsgUserAlreadyOnSite = "This user already belongs to a site"
	MsgNotYourSite       = "You can only manage users of your own site"
	MsgSiteHasUsers      = "This site still has users: move or remove them first"
	MsgCategoryNotFound  = "Category not found"
	MsgCategoryInUse     = "This category is still used"
	MsgOnlySuperadmin    = "Only superadmins can do this"
)

// CheckUserLimit refuses one more user on a site that already has count users and a limit
// above 0.
func CheckUserLimit(site *Site, count int) error {
	if site.UserLimit > 0 && count >= site.UserLimit {
		return Errorf(ELimitReached, MsgUserLimitReached)
	}
	return nil
}

// ManagesSite reports whether u administers site id's users: superadmins manage every site;
// admins and site admins manage their own (spec 02 §6).
func ManagesSite(u *User, siteID int64) bool {
	if u == nil || !u.IsActive {
		return false
	}
	if u.Role == RoleSuperadmin {
		return true
	}
	return (u.Role == RoleAdmin || u.IsSiteAdmin) && u.SiteID != nil && *u.SiteID == siteID
}

// IsSiteManager reports whether u administers any site's users.
func IsSiteManager(u *User) bool {
	return u != nil && (u.Role == RoleSuperadmin || ((u.Role == RoleAdmin || u.IsSiteAdmin) && u.SiteID != nil))
}

// RequireSiteManager answers forbidden unless p administers site id.
func RequireSiteManager(p *Principal, siteID int64) error {
	if p == nil || p.User == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if !ManagesSite(p.User, siteID) {
		if IsSiteManager(p.User) {
			return Errorf(EForbidden, MsgNotYourSite)
		}
		return Errorf(EForbidden, MsgAdminRequired)
	}
	return nil
}

// AppFunction is an area of the application that can be put in maintenance on its own.
type AppFunction struct {
	ID                   int64
	Name                 string // internal id: lowercase with underscores
	DisplayName          string
	Description          string
	MaintenanceMode      bool
	MaintenanceMessage   string
	LastMaintenanceStart *time.Time
	LastMaintenanceEnd   *time.Time
}

// The functions of spec 02 §1 plus the core areas; they are seeded at installation.
const (
	FunctionSiteWide      = "site_wide"
	FunctionForum         = "community_forum"
	FunctionSharing       = "plant_sharing"
	FunctionExpertQA      = "expert_qa"
	FunctionPlanner       = "garden_planner"
	FunctionCropRotation  = "crop_rotation"
	FunctionHarvest       = "harvest_tracking"
	FunctionPlants        = "my_plants"
	FunctionSchedule      = "care_schedule"
	FunctionJournal       = "growth_journal"
	FunctionPlantDatabase = "plant_database"
)

// Maintenance messages.
const (
	MsgFunctionNameRequired = "Name and display name are required"
	MsgFunctionNameFormat   = "Name may contain only lowercase letters, digits and underscores"
	MsgMaintenanceMessage   = "A message is required to turn maintenance on"
	MsgFunctionNotFound     = "Function not found"
	MsgFunctionProtected    = "The site_wide function cannot be deleted"
	MsgInMaintenance        = "We're currently performing maintenance. Please check back soon."
)

var functionName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// ValidateAppFunction checks a new function.
func ValidateAppFunction(f *AppFunction) error {
	f.Name, f.DisplayName = strings.TrimSpace(f.Name), strings.TrimSpace(f.DisplayName)
	var v Validation
	if f.Name == "" || f.DisplayName == "" {
		v.Add("name", MsgFunctionNameRequired)
	} else if !functionName.MatchString(f.Name) || utf8.RuneCountInString(f.Name) > 64 {
		v.Add("name", MsgFunctionNameFormat)
	}
	return v.Err()
}

// SetMaintenance switches maintenance on (a message is required) or off (immediately) and
// records when it started and ended. Switching to the state it is already in changes only the
// message.
func SetMaintenance(on bool, message string, now time.Time, mode *bool, msg *string, start, end **time.Time) error {
	message = strings.TrimSpace(message)
	if on {
		if message == "" {
			return &Error{Code: EInvalid, Message: MsgMaintenanceMessage, Fields: map[string]string{"message": MsgMaintenanceMessage}}
		}
		if !*mode {
			t := now
			*start = &t
		}
		*mode, *msg = true, message
		return nil
	}
	if *mode {
		t := now
		*end = &t
	}
	*mode, *msg = false, ""
	return nil
}

// MaintenanceState is what is in maintenance right now.
type MaintenanceState struct {
	// Functions maps a function in maintenance to its message.
	Functions map[string]string
	// Sites maps a site in maintenance to its message.
	Sites map[int64]string
}

// Blocks decides whether u's write to function is refused, and with which message: superadmins
// are never blocked; everyone else is blocked by site_wide, by the function itself, and by
// maintenance of their own site.
func (m MaintenanceState) Blocks(u *User, function string) (string, bool) {
	if u != nil && u.Role == RoleSuperadmin {
		return "", false
	}
	if msg, ok := m.Functions[FunctionSiteWide]; ok {
		return msg, true
	}
	if function != "" {
		if msg, ok := m.Functions[function]; ok {
			return msg, true
		}
	}
	if u != nil && u.SiteID != nil {
		if msg, ok := m.Sites[*u.SiteID]; ok {
			return msg, true
		}
	}
	return "", false
}

// MaintenanceNotice is which notice screen the web app shows (spec 01 §2, §5).
type MaintenanceNotice string

// The notices.
const (
	NoNotice       MaintenanceNotice = ""
	FunctionNotice MaintenanceNotice = "function"
	SiteNotice     MaintenanceNotice = "site"
)

// NoticeFor mirrors the page's rules of spec 01 §5: the site-wide screen shows when at least
// one site is in maintenance and the user has not bypassed it (superadmins get Continue
// Anyway); the per-function screen shows unless the user bypassed it, is a superadmin, or is
// on the maintenance admin page.
func NoticeFor(u *User, function string, sitesInMaintenance int, functionInMaintenance, bypassed, onMaintenancePage bool) MaintenanceNotice {
	if bypassed {
		return NoNotice
	}
	if sitesInMaintenance > 0 {
		return SiteNotice
	}
	if functionInMaintenance && function != "" && !onMaintenancePage && (u == nil || u.Role != RoleSuperadmin) {
		return FunctionNotice
	}
	return NoNotice
}
