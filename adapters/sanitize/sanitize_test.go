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
