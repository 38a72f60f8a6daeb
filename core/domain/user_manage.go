package domain

// CanManageUser reports whether actor may change target's account (profile, password, active
// flag, site role, site membership). A superadmin may change any account, under the account
// rules. A site manager (an admin or a site admin of a site) may change only the plain
// gardeners of their own site: role user and not a site admin. Anything more would let a site
// manager reset the password of an admin, a fellow site admin or a superadmin and sign in as
// them. Callers answer "not found" for accounts this refuses, so an id reveals nothing.
func CanManageUser(actor, target *User) bool {
	if actor == nil || target == nil || !actor.IsActive {
		return false
	}
	if actor.Role == RoleSuperadmin {
		return true
	}
	return target.Role == RoleUser && !target.IsSiteAdmin && target.SiteID != nil && ManagesSite(actor, *target.SiteID)
}

// CanAddUserToSite reports whether actor may put target on site siteID: a superadmin anyone
// the account rules allow; a manager of siteID only a plain gardener (role user, not a site
// admin) who belongs to no site yet.
func CanAddUserToSite(actor, target *User, siteID int64) bool {
	if actor == nil || target == nil || !ManagesSite(actor, siteID) {
		return false
	}
	if actor.Role == RoleSuperadmin {
		return true
	}
	return target.Role == RoleUser && !target.IsSiteAdmin && target.SiteID == nil
}

// MsgNoTokensWhileImpersonating refuses a personal API token asked for from an impersonation
// session: it would let the superadmin keep acting as the user after the one-hour impersonation
// ends, or after losing their rights.
const MsgNoTokensWhileImpersonating = "API tokens cannot be created while impersonating another user"
