package httpapi_test

import (
	"crypto/sha256"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// The theme is a per-user setting (issue #25 item 6): "system" until chosen, then light or dark
// on every device; anything else is a 400 that changes nothing.
func TestUserSettings_Theme(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok, other := h.gardener("nyx"), h.gardener("sol")
		r := h.do("GET", "/api/user", tok, nil)
		expect(t, r, 200, "")
		if r.body["theme"] != "system" {
			t.Fatalf("a new gardener's theme: %s", r.raw)
		}
		r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": "dark"})
		expect(t, r, 200, "")
		if r.body["theme"] != "dark" {
			t.Fatalf("settings answer %s", r.raw)
		}
		for _, bad := range []any{"sepia", "", "DARK", 1} {
			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": bad, "fullName": "Changed"})
			if r.status != 400 {
				t.Fatalf("theme %v answered %d %s", bad, r.status, r.raw)
			}
		}
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"theme": "sepia"}), 400, "Theme must be system, light or dark")
		r = h.do("GET", "/api/user", tok, nil)
		if r.body["theme"] != "dark" || r.body["fullName"] == "Changed" {
			t.Fatalf("after the refused changes: %s", r.raw)
		}
		// Another gardener's theme is their own.
		r = h.do("GET", "/api/user", other, nil)
		if r.body["theme"] != "system" {
			t.Fatalf("the other gardener's theme: %s", r.raw)
		}
	})
}

// index.html paints the theme before the first paint with an inline script (issue #25 item 6):
// its CSP allows exactly that script, by the SHA-256 of the file served; nothing else inline.
func TestWebApp_InlineScriptHash(t *testing.T) {
	t.Parallel()
	script := "document.documentElement.dataset.theme='dark'"
	web := fstest.MapFS{
		"index.html":  {Data: []byte("<!doctype html><title>Garden</title><script>" + script + "</script><script type=\"module\" src=\"/assets/app.js\"></script>")},
		"favicon.svg": {Data: []byte("<svg/>")},
	}
	h := newHarness(t, options{web: web})
	policy := func(path string) string {
		res, err := h.srv.Client().Get(h.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("Content-Security-Policy")
	}
	sum := sha256.Sum256([]byte(script))
	want := "script-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, p := range []string{"/", "/settings"} {
		if got := policy(p); !strings.HasSuffix(got, "; "+want) || !strings.Contains(got, "frame-ancestors 'none'") {
			t.Fatalf("%s: CSP %q, want it to end with %q", p, got, want)
		}
	}
	if got := policy("/favicon.svg"); strings.Contains(got, "sha256-") {
		t.Fatalf("a file's CSP allows inline scripts: %q", got)
	}
}

// Every inline script of the app's index.html is a bare <script> (what the server hashes):
// one with attributes would be refused by the browser, and the theme would flash.
func TestWebApp_IndexScriptsAreHashable(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	tags := regexp.MustCompile(`<script[^>]*>`).FindAllString(string(b), -1)
	bare := 0
	for _, tag := range tags {
		switch {
		case tag == "<script>":
			bare++
		case !strings.Contains(tag, " src="):
			t.Fatalf("inline script %q: give it no attributes, so the server's CSP hashes it", tag)
		}
	}
	// The theme's (in the head) and the boot shell's heading (after the shell's markup).
	if bare != 2 {
		t.Fatalf("index.html has %d bare inline scripts, want the theme's and the shell heading's", bare)
	}
}
