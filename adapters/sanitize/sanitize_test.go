package sanitize_test

import (
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/sanitize"
)

func TestSanitize(t *testing.T) {
	t.Parallel()
	s := sanitize.New()
	cases := []struct{ in, mustHave, mustNot string }{
		{`<p>Sow <b>thinly</b></p><script>alert(1)</script>`, `<p>Sow <b>thinly</b></p>`, "script"},
		{`<img src=x onerror="alert(1)">`, ``, "onerror"},
		{`<a href="javascript:alert(1)">x</a>`, `x`, "javascript"},
		{`<a href="https://seeds.example/tomato">shop</a>`, `rel="nofollow noreferrer noopener" target="_blank"`, "javascript"},
		{`<div style="position:fixed">x</div><iframe src="https://evil.example"></iframe>`, `x`, "iframe"},
		{`<ul><li>Full sun</li></ul>`, `<ul><li>Full sun</li></ul>`, "<script"},
		{`<svg><script>alert(1)</script></svg>`, ``, "script"},
	}
	for _, c := range cases {
		got := s.Sanitize(c.in)
		if !strings.Contains(got, c.mustHave) || (c.mustNot != "" && strings.Contains(got, c.mustNot)) {
			t.Errorf("Sanitize(%q) = %q", c.in, got)
		}
	}
}

// TestSanitize_UserContentDropsRemoteImages: what users write to each other keeps the app's
// own uploaded images and loses every other one (a tracking pixel tells its host who read the
// post); trusted text (the plant database) keeps remote images (issue #22 item 11).
func TestSanitize_UserContentDropsRemoteImages(t *testing.T) {
	t.Parallel()
	users, trusted := sanitize.NewUserContent(), sanitize.New()
	cases := []struct {
		in      string
		want    string // the user-content output
		trusted string // a part New keeps
	}{
		{`<p>Look <img src="https://tracker.example/p.gif?u=1" width="1" height="1"> here</p>`, `<p>Look  here</p>`, `tracker.example`},
		{`<p><img src="/api/images/ab/cd.jpg" alt="my basil"></p>`, `<p><img src="/api/images/ab/cd.jpg" alt="my basil"></p>`, `/api/images/ab/cd.jpg`},
		{`<img src="//tracker.example/p.gif">x`, `x`, `tracker.example`},
		{`<img src="http://tracker.example/p.gif"/>x`, `x`, `tracker.example`},
		{`<IMG SRC="https://tracker.example/p.gif">x`, `x`, `tracker.example`},
		{`<img alt="no source">x`, `x`, `x`},
		{`<img src="/api/images/../../evil">x`, `<img src="/api/images/../../evil">x`, `x`}, // same origin: a path, not a host
		{`<img src="/\tracker.example/p.gif">x`, `x`, `x`},
		{`<p>No images: <a href="https://seeds.example">shop</a></p>`, `<a href="https://seeds.example" rel="nofollow noreferrer noopener" target="_blank">shop</a>`, `shop`},
	}
	for _, c := range cases {
		if got := users.Sanitize(c.in); !strings.Contains(got, c.want) || (c.want != c.in && strings.Contains(got, "tracker.example")) {
			t.Errorf("NewUserContent().Sanitize(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := trusted.Sanitize(c.in); !strings.Contains(got, c.trusted) {
			t.Errorf("New().Sanitize(%q) = %q, want it to keep %q", c.in, got, c.trusted)
		}
	}
}
