package domain

// Account rules of spec 02 §5. They are checked on every path that changes a user (API, CLI),
// so the page is never the only guard.
const (
	MsgProtectedNoDelete      = "The protected system account cannot be deleted"
	MsgProtectedActive        = "The protected system account must remain active"
	MsgProtectedNoRename      = "The protected system account cannot be renamed"
	MsgProtectedSuperadmin    = "The protected system account must remain superadmin without site"
	MsgSuperadminNoDelete     = "You cannot delete superadmin accounts"
	MsgSuperadminNoDeactivate = "You cannot deactivate superadmin accounts"
	MsgSiteAdminNoDelete      = "You cannot delete site admin accounts. Please remove admin privileges first."
	MsgSuperadminNoSite       = "Superadmin accounts cannot be associated with a specific site"
	MsgSuperadminNoSiteAdmin  = "Superadmin accounts should not be site admins as they have system-wide privileges"
	MsgSiteAdminNeedsSite     = "Site admin accounts must be associated with a site"
)

// CheckUserShape checks the rules that hold for any user at rest: a superadmin is active, has no
// site and is not a site admin; a site admin has a site.
func CheckUserShape(u *User) error {
	switch {
	case u.Role == RoleSuperadmin && !u.IsActive:
		return forbidden("isActive", MsgSuperadminNoDeactivate)
	case u.Role == RoleSuperadmin && u.SiteID != nil:
		return forbidden("siteId", MsgSuperadminNoSite)
	case u.Role == RoleSuperadmin && u.IsSiteAdmin:
		return forbidden("isSiteAdmin", MsgSuperadminNoSiteAdmin)
	case u.IsSiteAdmin && u.SiteID == nil:
		return forbidden("siteId", MsgSiteAdminNeedsSite)
	}
	return nil
}

// CheckUserChange checks that before may become after: the protected system account keeps its
// name, role, activity and lack of site, and after has a valid shape.
func CheckUserChange(before, after *User) error {
	if before.IsProtected {
		switch {
		case after.Username != before.Username:
			return forbidden("username", MsgProtectedNoRename)
		case !after.IsActive:
			return forbidden("isActive", MsgProtectedActive)
		case after.Role != RoleSuperadmin || after.SiteID != nil || after.IsSiteAdmin:
			return forbidden("role", MsgProtectedSuperadmin)
		}
		if !after.IsProtected {
			return forbidden("role", MsgProtectedSuperadmin)
		}
	}
	return CheckUserShape(after)
}

// CheckUserDelete checks that u may be deleted.
func CheckUserDelete(u *User) error {
	switch {
	case u.IsProtected:
		return forbidden("", MsgProtectedNoDelete)
	case u.Role == RoleSuperadmin:
		return forbidden("", MsgSuperadminNoDelete)
	case u.IsSiteAdmin:
		return forbidden("", MsgSiteAdminNoDelete)
	}
	return nil
}

func forbidden(field, msg string) error {
	e := &Error{Code: EForbidden, Message: msg}
	if field != "" {
		e.Fields = map[string]string{field: msg}
	}
	return e
}

// Messages of deleting one's own account (issue #26).
const (
	MsgSuperadminNoSelfDelete = "Superadmins cannot delete their own account: another superadmin can remove it."
	MsgImpersonatorNoDelete   = "End the impersonation first: an account is deleted only by its owner."
	MsgDeletePasswordRequired = "Enter your password to delete your account"
	MsgDeletePasswordWrong    = "Your password is incorrect"
	// MsgDeleteFreshSignIn: an account made by single sign-on has no password to confirm its
	// deletion with; a sign-in of the last FreshSignIn minutes stands in for it (issue #26 item 4).
	MsgDeleteFreshSignIn = "Sign in again with your identity provider, then delete your account within 10 minutes"
)

// CheckOwnAccountDelete checks that u may delete their own account: everyone but the
// protected account and superadmins (who could otherwise leave an installation without one).
func CheckOwnAccountDelete(u *User) error {
	switch {
	case u.IsProtected:
		return forbidden("", MsgProtectedNoDelete)
	case u.Role == RoleSuperadmin:
		return forbidden("", MsgSuperadminNoSelfDelete)
	}
	return nil
}
