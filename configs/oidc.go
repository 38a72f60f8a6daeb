package configs

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// OIDCConfig is single sign-on with an OpenID Connect provider (GARDEN_OIDC_*).
type OIDCConfig struct {
	Issuer         string `mapstructure:"oidc_issuer"`
	ClientID       string `mapstructure:"oidc_client_id"`
	ClientSecret   string `mapstructure:"oidc_client_secret"`
	Name           string `mapstructure:"oidc_name"`
	AllowedDomains string `mapstructure:"oidc_allowed_domains"`
	RoleClaim      string `mapstructure:"oidc_role_claim"`
	RoleMap        string `mapstructure:"oidc_role_map"`
	AutoCreate     bool   `mapstructure:"oidc_auto_create"`
}

// OIDCRoleMapping is one VALUE=ROLE[@SITE_ID] entry of oidc_role_map.
type OIDCRoleMapping struct {
	Value string
	// Role is user, admin or siteadmin.
	Role   string
	SiteID int64
}

// On reports whether single sign-on is configured.
func (o OIDCConfig) On() bool { return o.Issuer != "" && o.ClientID != "" }

// Domains returns the allowed e-mail domains, lower case.
func (o OIDCConfig) Domains() []string {
	var out []string
	for _, d := range strings.Split(o.AllowedDomains, ",") {
		if d = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d), "@"))); d != "" {
			out = append(out, d)
		}
	}
	return out
}

// Roles parses oidc_role_map.
func (o OIDCConfig) Roles() ([]OIDCRoleMapping, error) {
	var out []OIDCRoleMapping
	for _, entry := range strings.Split(o.RoleMap, ",") {
		if entry = strings.TrimSpace(entry); entry == "" {
			continue
		}
		value, target, ok := strings.Cut(entry, "=")
		value, target = strings.TrimSpace(value), strings.TrimSpace(target)
		if !ok || value == "" || target == "" {
			return nil, fmt.Errorf("oidc_role_map: %q: want VALUE=ROLE[@SITE_ID]", entry)
		}
		m := OIDCRoleMapping{Value: value}
		role, site, hasSite := strings.Cut(target, "@")
		m.Role = strings.ToLower(strings.TrimSpace(role))
		if hasSite {
			id, err := strconv.ParseInt(strings.TrimSpace(site), 10, 64)
			if err != nil || id < 1 {
				return nil, fmt.Errorf("oidc_role_map: %q: the site is its id, a positive number", entry)
			}
			m.SiteID = id
		}
		switch m.Role {
		case "user", "admin":
		case "siteadmin":
			if m.SiteID == 0 {
				return nil, fmt.Errorf("oidc_role_map: %q: siteadmin needs a site (siteadmin@SITE_ID)", entry)
			}
		default:
			return nil, fmt.Errorf("oidc_role_map: %q: role is user, admin or siteadmin (never superadmin)", entry)
		}
		out = append(out, m)
	}
	return out, nil
}

func (o *OIDCConfig) validate() error {
	if (o.Issuer == "") != (o.ClientID == "") {
		return fmt.Errorf("oidc_issuer and oidc_client_id: set both or neither")
	}
	if !o.On() {
		return nil
	}
	if u, err := url.Parse(o.Issuer); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("oidc_issuer %q: want the provider's http(s) address", o.Issuer)
	}
	if strings.TrimSpace(o.Name) == "" {
		o.Name = "single sign-on"
	}
	roles, err := o.Roles()
	if err != nil {
		return err
	}
	if (len(roles) > 0) != (o.RoleClaim != "") {
		return fmt.Errorf("oidc_role_claim and oidc_role_map: set both or neither")
	}
	return nil
}

func (o OIDCConfig) dump(values map[string]string) {
	values["oidc_issuer"] = o.Issuer
	values["oidc_client_id"] = o.ClientID
	values["oidc_client_secret"] = mask(o.ClientSecret)
	values["oidc_name"] = o.Name
	values["oidc_allowed_domains"] = o.AllowedDomains
	values["oidc_role_claim"] = o.RoleClaim
	values["oidc_role_map"] = o.RoleMap
	values["oidc_auto_create"] = fmt.Sprint(o.AutoCreate)
}
