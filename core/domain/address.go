package domain

import "strings"

// AbsoluteURL is what the core needs to know of an absolute URL. The domain reads addresses
// itself, without the network packages, so that it stays free of anything that could do I/O.
type AbsoluteURL struct {
	Scheme  string // lower case
	Host    string // host[:port], lower case
	HasUser bool   // user information before the host ("user:pass@")
}

// ParseAbsoluteURL reads scheme://host[:port][/path][?query][#fragment]. ok is false for
// relative URLs, an empty host, whitespace or control characters anywhere.
func ParseAbsoluteURL(s string) (AbsoluteURL, bool) {
	for _, r := range s {
		if r <= ' ' || r == 0x7f {
			return AbsoluteURL{}, false
		}
	}
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || scheme == "" {
		return AbsoluteURL{}, false
	}
	for i, r := range scheme {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return AbsoluteURL{}, false
		}
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	out := AbsoluteURL{Scheme: strings.ToLower(scheme)}
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		out.HasUser, authority = true, authority[at+1:]
	}
	host, port := authority, ""
	if strings.HasPrefix(authority, "[") { // IPv6 literal
		end := strings.Index(authority, "]")
		if end < 0 {
			return AbsoluteURL{}, false
		}
		host, port = authority[:end+1], strings.TrimPrefix(authority[end+1:], ":")
	} else if i := strings.LastIndex(authority, ":"); i >= 0 {
		host, port = authority[:i], authority[i+1:]
	}
	if host == "" || (port == "" && strings.HasSuffix(authority, ":")) {
		return AbsoluteURL{}, false
	}
	for _, r := range port {
		if r < '0' || r > '9' {
			return AbsoluteURL{}, false
		}
	}
	for _, r := range strings.Trim(host, "[]") {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == ':' || r == '_' || r > 0x7f) {
			return AbsoluteURL{}, false
		}
	}
	out.Host = strings.ToLower(authority)
	return out, true
}

// IsHTTPURL reports whether s is an absolute http or https URL with a host.
func IsHTTPURL(s string) bool {
	u, ok := ParseAbsoluteURL(s)
	return ok && (u.Scheme == "http" || u.Scheme == "https")
}

// IsEmailAddress reports whether s is a plain address local@domain.tld: no display name, no
// spaces, one @, and a domain of dot-separated labels.
func IsEmailAddress(s string) bool {
	local, domainPart, ok := strings.Cut(s, "@")
	if !ok || local == "" || len(s) > 254 || strings.Contains(domainPart, "@") {
		return false
	}
	for _, r := range local {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", r) || r > 0x7f) {
			return false
		}
	}
	if strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
		return false
	}
	labels := strings.Split(domainPart, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
			return false
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r > 0x7f) {
				return false
			}
		}
	}
	return true
}
