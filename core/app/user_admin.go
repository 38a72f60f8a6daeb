package app

import (
	"context"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Field is an optional change: Set says whether the caller sent it.
type Field[T any] struct {
	Set   bool
	Value T
}

// Of marks a value as sent.
func Of[T any](v T) Field[T] { return Field[T]{Set: true, Value: v} }

// UserPatch is a change to an account. Which fields a caller may send depends on who they are.
type UserPatch struct {
	Username, Email, FullName, Password Field[string]
	// CurrentPassword proves a change of one's own password (ignored otherwise).
	CurrentPassword       Field[string]
	Role                  Field[domain.Role]
	IsActive, IsSiteAdmin Field[bool]
	CategoryID, SiteID    Field[*int64]
	NotificationsEnabled  Field[bool]
	NotificationPrefs     Field[domain.NotificationPreferences]
	// Garden changes the garden settings (own settings only: UpdateOwnSettings).
	Garden GardenPatch
	// LastSpringFrost and FirstAutumnFrost are "MM-DD", nil to clear.
	LastSpringFrost, FirstAutumnFrost Field[*string]
	// TimeZone is the gardener's IANA zone (the web app sends the browser's on first sign-in).
	TimeZone Field[string]
	// ReminderHour is the hour (0-23, in TimeZone) of the daily care reminder; nil for the
	// installation's default.
	ReminderHour Field[*int]
	// Language is the gardener's language (the web app sends the browser's on first sign-in).
	Language Field[string]
	// Theme is system, light or dark (issue #25 item 6).
	Theme Field[domain.Theme]
	// Units is metric or imperial; nil goes back to following the locale (issue #25 item 4).
	Units Field[*domain.Units]
}

func (p UserPatch) touchesAdminFields() bool {
	return p.Role.Set || p.IsActive.Set || p.IsSiteAdmin.Set || p.SiteID.Set || p.CategoryID.Set
}

// MsgCannotChangeSelf answers attempts to deactivate or delete one's own account.
const MsgCannotChangeSelf = "You cannot do this to your own account"

// canSee reports whether actor may read target's account: themselves, a superadmin, or a
// manager of target's site.
func canSee(actor, target *domain.User) bool {
	return actor.ID == target.ID || actor.Role == domain.RoleSuperadmin || (target.SiteID != nil && domain.ManagesSite(actor, *target.SiteID))
}

// userFor loads id for actor, hiding accounts actor may not see (not found).
func (a *Accounts) userFor(ctx context.Context, p *domain.Principal, id int64) (*domain.User, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	u, err := a.store.UserByID(ctx, id)
	if err != nil || !canSee(p.User, u) {
		if err == nil || domain.ErrorCode(err) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
		}
		return nil, err
	}
	return u, nil
}

// managedUser loads id for a change by actor: the account must be one actor may manage
// (domain.CanManageUser), or actor's own when self is true. Every other account, existing or
// not, is "not found", so that a site manager learns nothing from the answer.
func (a *Accounts) managedUser(ctx context.Context, p *domain.Principal, id int64, self bool) (*domain.User, error) {
	u, err := a.userFor(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if (self && u.ID == p.User.ID) || domain.CanManageUser(p.User, u) {
		return u, nil
	}
	return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
}

// ListUsersFor returns a page of the users actor administers that q selects: everyone for a
// superadmin, their site's users for an admin or site admin.
func (a *Accounts) ListUsersFor(ctx context.Context, p *domain.Principal, q ports.UserQuery, page domain.PageRequest) (domain.Page[*domain.User], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.User]{}, err
	}
	switch {
	case p.User.Role == domain.RoleSuperadmin:
	case domain.IsSiteManager(p.User):
		q.SiteID = p.User.SiteID
	default:
		return domain.Page[*domain.User]{}, domain.Errorf(domain.EForbidden, domain.MsgAdminRequired)
	}
	return a.store.ListUsersPage(ctx, q, page)
}

// GetUserFor returns one account actor may see.
func (a *Accounts) GetUserFor(ctx context.Context, p *domain.Principal, id int64) (*domain.User, error) {
	return a.userFor(ctx, p, id)
}

// CreateUserAsAdmin is the admin user form (superadmins): every field, the admin form's rules.
func (a *Accounts) CreateUserAsAdmin(ctx context.Context, p *domain.Principal, in NewUser) (*domain.User, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	return a.CreateUser(ctx, in)
}

// UpdateUserFor applies patch to account id. A superadmin may change every field; a manager of
// the account's site only its profile (name, e-mail, password, preferences); anyone may change
// their own profile through UpdateOwnSettings. Changing one's own password here, too, takes
// the current one; resetting someone else's does not.
func (a *Accounts) UpdateUserFor(ctx context.Context, p *domain.Principal, id int64, patch UserPatch) (*domain.User, error) {
	target, err := a.managedUser(ctx, p, id, true)
	if err != nil {
		return nil, err
	}
	if p.User.Role != domain.RoleSuperadmin {
		if patch.touchesAdminFields() {
			return nil, domain.Errorf(domain.EForbidden, domain.MsgSuperadminRequired)
		}
	}
	if target.ID != p.User.ID {
		patch.CurrentPassword = Field[string]{}
	}
	return a.applyPatch(ctx, target, patch, domain.MinAdminPasswordLength, target.ID == p.User.ID)
}

// UpdateOwnSettings changes the caller's own profile and preferences (spec 02 §7 PATCH
// /api/user/settings). An empty password is ignored.
func (a *Accounts) UpdateOwnSettings(ctx context.Context, p *domain.Principal, patch UserPatch) (*domain.User, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if patch.touchesAdminFields() && p.User.Role != domain.RoleSuperadmin {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgSuperadminRequired)
	}
	if patch.Password.Set && patch.Password.Value == "" {
		patch.Password = Field[string]{}
	}
	if !patch.Garden.set() {
		return a.applyPatch(ctx, p.User, patch, domain.MinAdminPasswordLength, true)
	}
	// The garden settings are checked first, so a bad value changes nothing.
	garden, err := a.gardenSettings(ctx, p.User, patch.Garden)
	if err != nil {
		return nil, err
	}
	u, err := a.applyPatch(ctx, p.User, patch, domain.MinAdminPasswordLength, true)
	if err != nil {
		return nil, err
	}
	if err := a.store.SaveGardenSettings(ctx, u.ID, garden); err != nil {
		return nil, err
	}
	u.Garden = garden
	return u, nil
}

// applyPatch validates and saves patch on account target. When own is set (the caller's own
// account) a new password needs the current one: missing or wrong, nothing changes.
func (a *Accounts) applyPatch(ctx context.Context, target *domain.User, patch UserPatch, minPassword int, own bool) (*domain.User, error) {
	id := target.ID
	var v domain.Validation
	if patch.Username.Set {
		patch.Username.Value = domain.NormalizeUsername(patch.Username.Value)
		domain.ValidateUsername(&v, patch.Username.Value)
	}
	if patch.Email.Set {
		patch.Email.Value = strings.TrimSpace(patch.Email.Value)
		domain.ValidateEmail(&v, patch.Email.Value)
	}
	var hash string
	if patch.Password.Set {
		domain.ValidatePassword(&v, patch.Password.Value, minPassword)
		if own && patch.CurrentPassword.Value == "" {
			v.Add("currentPassword", domain.MsgCurrentPasswordRequired)
		}
	}
	if patch.Role.Set {
		if _, err := domain.ParseRole(string(patch.Role.Value)); err != nil {
			return nil, err
		}
	}
	frost := func(field string, f Field[*string]) *domain.MonthDay {
		if !f.Set || f.Value == nil || strings.TrimSpace(*f.Value) == "" {
			return nil
		}
		md, ok := domain.ParseMonthDay(*f.Value)
		if !ok {
			v.Add(field, domain.MsgInvalidMonthDay)
		}
		return &md
	}
	lastSpring, firstAutumn := frost("lastSpringFrost", patch.LastSpringFrost), frost("firstAutumnFrost", patch.FirstAutumnFrost)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if patch.Password.Set && own {
		if err := a.checkCurrentPassword(ctx, target, patch.CurrentPassword.Value); err != nil {
			return nil, err
		}
	}
	if patch.Password.Set {
		h, err := a.hash(ctx, patch.Password.Value)
		if err != nil {
			return nil, err
		}
		hash = h
	}
	u, err := a.changeUserByID(ctx, id, func(u *domain.User) error {
		if patch.Username.Set {
			u.Username = patch.Username.Value
		}
		if patch.Email.Set {
			u.Email = patch.Email.Value
		}
		if patch.FullName.Set {
			u.FullName = strings.TrimSpace(patch.FullName.Value)
		}
		if patch.Password.Set {
			u.PasswordHash = hash
		}
		if patch.Role.Set {
			u.Role = patch.Role.Value
		}
		if patch.IsActive.Set {
			u.IsActive = patch.IsActive.Value
		}
		if patch.IsSiteAdmin.Set {
			u.IsSiteAdmin = patch.IsSiteAdmin.Value
		}
		if patch.SiteID.Set {
			u.SiteID = patch.SiteID.Value
		}
		if patch.CategoryID.Set {
			u.CategoryID = patch.CategoryID.Value
		}
		if patch.NotificationsEnabled.Set {
			u.NotificationsEnabled = patch.NotificationsEnabled.Value
		}
		if patch.NotificationPrefs.Set {
			u.NotificationPrefs = patch.NotificationPrefs.Value
		}
		if patch.LastSpringFrost.Set {
			u.LastSpringFrost = lastSpring
		}
		if patch.FirstAutumnFrost.Set {
			u.FirstAutumnFrost = firstAutumn
		}
		if patch.TimeZone.Set {
			if err := domain.ValidateTimeZone(patch.TimeZone.Value); err != nil {
				return err
			}
			u.TimeZone = patch.TimeZone.Value
		}
		if patch.ReminderHour.Set {
			if err := domain.ValidateReminderHour(patch.ReminderHour.Value); err != nil {
				return err
			}
			u.ReminderHour = patch.ReminderHour.Value
		}
		if patch.Language.Set {
			if err := domain.ValidateLanguage(patch.Language.Value); err != nil {
				return err
			}
			u.Language = patch.Language.Value
		}
		if patch.Theme.Set {
			if err := domain.ValidateTheme(patch.Theme.Value); err != nil {
				return err
			}
			u.Theme = patch.Theme.Value
		}
		if patch.Units.Set {
			u.Units = ""
			if patch.Units.Value != nil {
				if err := domain.ValidateUnits(*patch.Units.Value); err != nil {
					return err
				}
				u.Units = *patch.Units.Value
			}
		}
		if patch.Role.Set && u.Role == domain.RoleSuperadmin && !patch.SiteID.Set && !u.IsProtected {
			u.SiteID, u.IsSiteAdmin = nil, false // as the admin form does for a superadmin
		}
		return nil
	})
	if err != nil {
		return nil, err // a new password ended every access in ChangeUser (endAccess)
	}
	return u, nil
}

// checkCurrentPassword verifies password against u's stored hash inside the password gate
// (bounded like a sign-in); a wrong one is a field error on currentPassword.
func (a *Accounts) checkCurrentPassword(ctx context.Context, u *domain.User, password string) error {
	wrong := &domain.Error{Code: domain.EInvalid, Message: domain.MsgCurrentPasswordWrong,
		Fields: map[string]string{"currentPassword": domain.MsgCurrentPasswordWrong}}
	if len(password) > domain.MaxPasswordLength {
		return wrong
	}
	if u.PasswordHash == "" { // a principal read without its hash: read the account
		fresh, err := a.store.UserByID(ctx, u.ID)
		if err != nil {
			return err
		}
		u = fresh
	}
	var ok bool
	var verr error
	if err := a.gate.Do(ctx, func() { ok, verr = a.hasher.Verify(u.PasswordHash, password) }); err != nil {
		return err
	}
	if verr != nil || !ok {
		return wrong
	}
	return nil
}

// changeUserByID is ChangeUser by id.
func (a *Accounts) changeUserByID(ctx context.Context, id int64, change func(*domain.User) error) (*domain.User, error) {
	u, err := a.store.UserByID(ctx, id)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
		}
		return nil, err
	}
	out, err := a.ChangeUser(ctx, u.Username, change)
	if domain.ErrorCode(err) == domain.EConflict && err.Error() == "already exists" {
		return nil, &domain.Error{Code: domain.EConflict, Message: domain.MsgUsernameTaken, Fields: map[string]string{"username": domain.MsgUsernameTaken}}
	}
	return out, err
}

// DeleteUserFor deletes an account (superadmins; never their own), under the account rules.
func (a *Accounts) DeleteUserFor(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireSuperadmin(p); err != nil {
		return err
	}
	if p.User.ID == id {
		return domain.Errorf(domain.EForbidden, MsgCannotChangeSelf)
	}
	err := a.store.DeleteUser(ctx, id, domain.CheckUserDelete)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	}
	return err
}

// SetActiveFor activates or deactivates an account (superadmins, or a manager of its site;
// never one's own). Deactivation signs the user out everywhere.
func (a *Accounts) SetActiveFor(ctx context.Context, p *domain.Principal, id int64, active *bool) (*domain.User, error) {
	target, err := a.userFor(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if target.ID == p.User.ID {
		return nil, domain.Errorf(domain.EForbidden, MsgCannotChangeSelf)
	}
	if _, err := a.managedUser(ctx, p, id, false); err != nil {
		return nil, err
	}
	return a.changeUserByID(ctx, id, func(u *domain.User) error {
		if active == nil {
			u.IsActive = !u.IsActive
		} else {
			u.IsActive = *active
		}
		return nil
	})
}

// SiteUsers answers a page of a site's users, by id, as q filters them (?q=, ?active=), for a
// manager of that site (a site admin their own, a superadmin any).
func (a *Accounts) SiteUsers(ctx context.Context, p *domain.Principal, siteID int64, q ports.UserQuery, page domain.PageRequest) (domain.Page[*domain.User], error) {
	if err := domain.RequireSiteManager(p, siteID); err != nil {
		return domain.Page[*domain.User]{}, err
	}
	if _, err := a.store.SiteByID(ctx, siteID); err != nil {
		return domain.Page[*domain.User]{}, siteNotFound(err)
	}
	q.SiteID = &siteID
	return a.store.ListUsersPage(ctx, q, page)
}

// AddToSite puts an existing user without a site on siteID with a site role; only a
// superadmin may make them site admin. The site's user limit applies.
func (a *Accounts) AddToSite(ctx context.Context, p *domain.Principal, siteID, userID int64, role domain.SiteRole, isAdmin bool) (*domain.User, error) {
	if err := domain.RequireSiteManager(p, siteID); err != nil {
		return nil, err
	}
	if isAdmin && p.User.Role != domain.RoleSuperadmin {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgOnlySuperadmin)
	}
	if userID < 1 {
		return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgSelectUser, Fields: map[string]string{"userId": domain.MsgSelectUser}}
	}
	if _, err := a.store.SiteByID(ctx, siteID); err != nil {
		return nil, siteNotFound(err)
	}
	// A site manager may add only a plain gardener without a site. Every other id, existing or
	// not, answers the same "not found", so the call cannot be used to probe which ids exist;
	// only accounts already on the manager's own site (which they see anyway) are a conflict.
	refuse := func(u *domain.User) error {
		if u.SiteID != nil && canSee(p.User, u) {
			return domain.Errorf(domain.EConflict, domain.MsgUserAlreadyOnSite)
		}
		if !domain.CanAddUserToSite(p.User, u, siteID) {
			return domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
		}
		return nil
	}
	return a.changeUserByID(ctx, userID, func(u *domain.User) error {
		if err := refuse(u); err != nil {
			return err
		}
		if u.SiteID != nil {
			return domain.Errorf(domain.EConflict, domain.MsgUserAlreadyOnSite)
		}
		u.SiteID, u.SiteRole, u.IsSiteAdmin = &siteID, role, isAdmin
		return nil
	})
}

// siteMember loads a user of a site the caller manages.
func (a *Accounts) siteMember(ctx context.Context, p *domain.Principal, userID int64) (*domain.User, error) {
	u, err := a.userFor(ctx, p, userID)
	if err != nil {
		return nil, err
	}
	if u.SiteID == nil {
		return nil, domain.Errorf(domain.ENotFound, "This user does not belong to a site")
	}
	if err := domain.RequireSiteManager(p, *u.SiteID); err != nil {
		return nil, err
	}
	if !domain.CanManageUser(p.User, u) {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	}
	return u, nil
}

// SetSiteRole changes a user's role within their site (a manager of the site).
func (a *Accounts) SetSiteRole(ctx context.Context, p *domain.Principal, userID int64, role domain.SiteRole) (*domain.User, error) {
	if _, err := a.siteMember(ctx, p, userID); err != nil {
		return nil, err
	}
	return a.changeUserByID(ctx, userID, func(u *domain.User) error { u.SiteRole = role; return nil })
}

// SetSiteAdmin grants or removes site admin rights (superadmins only).
func (a *Accounts) SetSiteAdmin(ctx context.Context, p *domain.Principal, userID int64, isAdmin bool) (*domain.User, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	if _, err := a.siteMember(ctx, p, userID); err != nil {
		return nil, err
	}
	return a.changeUserByID(ctx, userID, func(u *domain.User) error { u.IsSiteAdmin = isAdmin; return nil })
}

// RemoveFromSite takes a user off their site (a manager of the site). Site admins must lose
// their admin rights first.
func (a *Accounts) RemoveFromSite(ctx context.Context, p *domain.Principal, userID int64) (*domain.User, error) {
	if _, err := a.siteMember(ctx, p, userID); err != nil {
		return nil, err
	}
	return a.changeUserByID(ctx, userID, func(u *domain.User) error {
		if u.IsSiteAdmin {
			return domain.Errorf(domain.EForbidden, "Remove this user's site admin rights before removing them from the site")
		}
		u.SiteID = nil
		return nil
	})
}

// SiteUserInput is a site admin's new user (spec 02 §5 "Site admin creating a user").
type SiteUserInput struct {
	Username, Email, Password, FullName string
	SiteID                              int64
	Role                                domain.SiteRole
}

// CreateSiteUser creates a general user on a site the caller manages: role user, password at
// least 6 characters, and the site's user limit.
func (a *Accounts) CreateSiteUser(ctx context.Context, p *domain.Principal, in SiteUserInput) (*domain.User, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	var v domain.Validation
	if in.SiteID < 1 {
		v.Add("siteId", domain.MsgSelectSite)
	}
	in.Username, in.Email = domain.NormalizeUsername(in.Username), strings.TrimSpace(in.Email)
	domain.ValidateUsername(&v, in.Username)
	if in.Email == "" {
		v.Add("email", domain.MsgInvalidEmail)
	}
	domain.ValidateEmail(&v, in.Email)
	domain.ValidatePassword(&v, in.Password, domain.MinSiteAdminPasswordLength)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := domain.RequireSiteManager(p, in.SiteID); err != nil {
		return nil, err
	}
	if _, err := a.store.SiteByID(ctx, in.SiteID); err != nil {
		return nil, siteNotFound(err)
	}
	hash, err := a.hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	u := &domain.User{Username: in.Username, Email: in.Email, FullName: strings.TrimSpace(in.FullName), PasswordHash: hash,
		Role: domain.RoleUser, IsActive: true, SiteID: &in.SiteID, SiteRole: in.Role, NotificationsEnabled: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: a.clock.Now()}
	if err := a.store.CreateUser(ctx, u); err != nil {
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, &domain.Error{Code: domain.EConflict, Message: domain.MsgUsernameTaken, Fields: map[string]string{"username": domain.MsgUsernameTaken}}
		}
		return nil, err
	}
	return u, nil
}

// UserCategories lists the user categories (any signed-in user: the settings page shows them).
func (a *Accounts) UserCategories(ctx context.Context, p *domain.Principal) ([]*domain.UserCategory, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return a.store.ListUserCategories(ctx)
}

func categoryConflict(err error) error {
	if domain.ErrorCode(err) == domain.EConflict {
		msg := "A category with this name exists"
		return &domain.Error{Code: domain.EConflict, Message: msg, Fields: map[string]string{"name": msg}}
	}
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgCategoryNotFound)
	}
	return err
}

// expertsBySuperadmin refuses a change of a category's Experts flag by anyone but a superadmin.
func expertsBySuperadmin(p *domain.Principal, from bool, to *bool) error {
	if to == nil || *to == from || p.User.Role == domain.RoleSuperadmin {
		return nil
	}
	return &domain.Error{Code: domain.EForbidden, Message: domain.MsgExpertsBySuperadmin,
		Fields: map[string]string{"experts": domain.MsgExpertsBySuperadmin}}
}

// CreateUserCategory adds a category (admins); only a superadmin may mark it Experts.
func (a *Accounts) CreateUserCategory(ctx context.Context, p *domain.Principal, name, description string, experts *bool) (*domain.UserCategory, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	if err := expertsBySuperadmin(p, false, experts); err != nil {
		return nil, err
	}
	if err := domain.ValidateCategoryName(name); err != nil {
		return nil, err
	}
	c := &domain.UserCategory{Name: strings.TrimSpace(name), Description: strings.TrimSpace(description), Experts: experts != nil && *experts,
		CreatedAt: a.clock.Now()}
	return c, categoryConflict(a.store.CreateUserCategory(ctx, c))
}

// UpdateUserCategory renames or re-describes a category (admins), or marks it Experts or not
// (superadmins); nil leaves a field.
func (a *Accounts) UpdateUserCategory(ctx context.Context, p *domain.Principal, id int64, name, description *string, experts *bool) (*domain.UserCategory, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	c, err := a.store.UserCategoryByID(ctx, id)
	if err != nil {
		return nil, categoryConflict(err)
	}
	if err := expertsBySuperadmin(p, c.Experts, experts); err != nil {
		return nil, err
	}
	if experts != nil {
		c.Experts = *experts
	}
	if name != nil {
		if err := domain.ValidateCategoryName(*name); err != nil {
			return nil, err
		}
		c.Name = strings.TrimSpace(*name)
	}
	if description != nil {
		c.Description = strings.TrimSpace(*description)
	}
	return c, categoryConflict(a.store.UpdateUserCategory(ctx, c))
}

// DeleteUserCategory removes a category (admins); its users keep no category.
func (a *Accounts) DeleteUserCategory(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	return categoryConflict(a.store.DeleteUserCategory(ctx, id))
}
