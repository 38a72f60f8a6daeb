package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// SiteStatus is active or inactive.
type SiteStatus string

// Site statuses of spec 02 §3.
const (
	SiteActive   SiteStatus = "active"
	SiteInactive SiteStatus = "inactive"
)

// DefaultCountry is the site form's default (spec 02 §9).
const DefaultCountry = "United States"

// Site is a tenant with its own users and limits.
type Site struct {
	ID          int64
	Name        string
	Description string
	Email       string
	Address     string
	City        string
	State       string
	ZipCode     string
	PhoneNumber string
	Website     string
	Country     string
	Status      SiteStatus
	CategoryID  *int64
	// UserLimit and PlantLimit: 0 means unlimited.
	UserLimit            int
	PlantLimit           int
	MaintenanceMode      bool
	MaintenanceMessage   string
	MaintenanceStartedAt *time.Time
	MaintenanceEndedAt   *time.Time
	CreatedAt            time.Time
}

// Site form messages (spec 02 §5).
const (
	MsgNameTooShort       = "Name must be at least 2 characters"
	MsgInvalidURL         = "Please enter a valid URL"
	MsgUserLimitNegative  = "User limit must be 0 or greater"
	MsgPlantLimitNegative = "Plant limit must be 0 or greater"
	MsgUserLimitTooLarge  = "User limit must be 2147483647 or less"
	MsgPlantLimitTooLarge = "Plant limit must be 2147483647 or less"
)

// MaxSiteLimit is the largest user or plant limit: the databases keep limits as 32-bit
// integers, and a larger number answered 500 on PostgreSQL (issue #16 item 7).
const MaxSiteLimit = 1<<31 - 1

// ValidateSite normalises and checks a site before it is stored.
func ValidateSite(s *Site) error {
	var v Validation
	s.Name = strings.TrimSpace(s.Name)
	if utf8.RuneCountInString(s.Name) < 2 {
		v.Add("name", MsgNameTooShort)
	}
	ValidateEmail(&v, s.Email)
	if s.Website != "" {
		if !IsHTTPURL(s.Website) {
			v.Add("website", MsgInvalidURL)
		}
	}
	if s.UserLimit < 0 {
		v.Add("userLimit", MsgUserLimitNegative)
	}
	if s.PlantLimit < 0 {
		v.Add("plantLimit", MsgPlantLimitNegative)
	}
	if s.UserLimit > MaxSiteLimit {
		v.Add("userLimit", MsgUserLimitTooLarge)
	}
	if s.PlantLimit > MaxSiteLimit {
		v.Add("plantLimit", MsgPlantLimitTooLarge)
	}
	if s.Country == "" {
		s.Country = DefaultCountry
	}
	if s.Status == "" {
		s.Status = SiteActive
	}
	if s.Status != SiteActive && s.Status != SiteInactive {
		v.Add("status", "Status must be active or inactive")
	}
	return v.Err()
}

// SiteCategory groups sites.
type SiteCategory struct {
	ID   int64
	Name string
}

// UserCategory groups users.
type UserCategory struct {
	ID          int64
	Name        string
	Description string
	// Experts marks the category whose members answer questions as experts (the Expert badge,
	// everywhere): only superadmins set it, and the name has nothing to do with it.
	Experts   bool
	CreatedAt time.Time
}

// MsgExpertsBySuperadmin refuses a change of a category's Experts flag by anyone else.
const MsgExpertsBySuperadmin = "Only superadmins can mark a category as experts"

// ValidateCategoryName checks a category name (spec 02 §5: at least 2 characters).
func ValidateCategoryName(name string) error {
	var v Validation
	if utf8.RuneCountInString(strings.TrimSpace(name)) < 2 {
		v.Add("name", MsgNameTooShort)
	}
	return v.Err()
}
