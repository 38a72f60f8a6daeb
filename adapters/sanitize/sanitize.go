// Package sanitize implements ports.HTMLSanitizer with bluemonday's user-generated-content
// policy, tightened so that links open safely in a new tab.
package sanitize

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"

	"github.com/gardenctl/garden/ports"
)

var _ ports.HTMLSanitizer = (*Sanitizer)(nil)

// OwnImagePrefix is the path of the images the app itself stores (POST /api/upload/image):
// the only images user content may show.
const OwnImagePrefix = "/api/images/"

// Sanitizer is safe for concurrent use.
type Sanitizer struct {
	policy *bluemonday.Policy
	// ownImagesOnly drops every <img> whose src is not one of the app's own images.
	ownImagesOnly bool
}

// New builds the sanitizer for text from trusted sources (the plant database and its import):
// images may come from anywhere, since seed stores' descriptions show their own pictures.
func New() *Sanitizer {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowURLSchemes("http", "https", "mailto")
	return &Sanitizer{policy: p}
}

// NewUserContent builds the sanitizer for what users write to each other (forum topics and
// replies, questions and answers): New's rules, and no image from another origin. A remote
// image is fetched by every reader's browser, so it tells its host who read the post, when and
// from where (a tracking pixel); images uploaded to the app (OwnImagePrefix) stay.
func NewUserContent() *Sanitizer {
	s := New()
	s.ownImagesOnly = true
	return s
}

// Sanitize implements ports.HTMLSanitizer.
func (s *Sanitizer) Sanitize(in string) string {
	out := s.policy.Sanitize(in)
	if s.ownImagesOnly {
		out = dropRemoteImages(out)
	}
	return out
}

// dropRemoteImages removes the <img> elements of sanitized HTML whose src is not one of the
// app's images, keeping every other token byte for byte.
func dropRemoteImages(in string) string {
	if !strings.Contains(in, "<img") {
		return in
	}
	z := html.NewTokenizer(strings.NewReader(in))
	var b strings.Builder
	b.Grow(len(in))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		raw := string(z.Raw()) // copied: TagAttr may change the tokenizer's buffer
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			if name, hasAttr := z.TagName(); string(name) == "img" && !ownImage(z, hasAttr) {
				continue
			}
		}
		b.WriteString(raw)
	}
}

// ownImage reports whether the current <img> token's src is one of the app's own images: a
// path on this origin under OwnImagePrefix (never "//host/…", which is another origin).
func ownImage(z *html.Tokenizer, more bool) bool {
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		if string(k) == "src" {
			src := strings.TrimSpace(string(v))
			return strings.HasPrefix(src, OwnImagePrefix) && !strings.Contains(src, `\`)
		}
	}
	return false
}
