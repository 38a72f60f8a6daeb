// Package sanitize implements ports.HTMLSanitizer with bluemonday's user-generated-content
// policy, tightened so that links open safely in a new tab.
package sanitize

import (
	"github.com/microcosm-cc/bluemonday"

	"github.com/gardenctl/garden/ports"
)

var _ ports.HTMLSanitizer = (*Sanitizer)(nil)

// Sanitizer is safe for concurrent use.
type Sanitizer struct{ policy *bluemonday.Policy }

// New builds the sanitizer.
func New() *Sanitizer {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowURLSchemes("http", "https", "mailto")
	return &Sanitizer{policy: p}
}

// Sanitize implements ports.HTMLSanitizer.
func (s *Sanitizer) Sanitize(html string) string { return s.policy.Sanitize(html) }
