package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestParseAbsoluteURL(t *testing.T) {
	t.Parallel()
	good := map[string]domain.AbsoluteURL{
		"https://Seeds.Example/products/tomato?x=1#top": {Scheme: "https", Host: "seeds.example"},
		"http://127.0.0.1:8080/api":                     {Scheme: "http", Host: "127.0.0.1:8080"},
		"https://user:pw@push.example/send":             {Scheme: "https", Host: "push.example", HasUser: true},
		"https://[::1]:443/x":                           {Scheme: "https", Host: "[::1]:443"},
		"HTTPS://fcm.googleapis.com":                    {Scheme: "https", Host: "fcm.googleapis.com"},
	}
	for in, want := range good {
		if got, ok := domain.ParseAbsoluteURL(in); !ok || got != want {
			t.Errorf("ParseAbsoluteURL(%q) = %+v, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "/api/images/x.png", "example.org/x", "https://", "https:///path", "https://ex ample.org",
		"https://example.org:80a/", "https://example.org:/", "javascript:alert(1)", "1http://x.org", "https://exa<mple.org"} {
		if _, ok := domain.ParseAbsoluteURL(in); ok {
			t.Errorf("ParseAbsoluteURL(%q) accepted", in)
		}
	}
	if domain.IsHTTPURL("ftp://x.org/file") || !domain.IsHTTPURL("https://x.org") {
		t.Fatal("IsHTTPURL scheme check")
	}
}

func TestIsEmailAddress(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"rosa@example.org", "r.o+sa@mail.example.co.uk", "x_y@a-b.example"} {
		if !domain.IsEmailAddress(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range []string{"", "rosa", "rosa@", "@example.org", "rosa@localhost", "Rosa <rosa@example.org>", "ro sa@example.org",
		"rosa@@example.org", "rosa@example..org", ".rosa@example.org", "rosa@-example.org"} {
		if domain.IsEmailAddress(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
