package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
	"github.com/gardenctl/garden/core/domain"
	"github.com/klauspost/compress/zstd"
)

// getEncoded asks for path with an explicit Accept-Encoding, which turns off the Go client's
// transparent gzip, and returns the raw answer.
func getEncoded(t *testing.T, h *harness, path, token, accept string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.srv.URL+path, nil)
	req.Header.Set("Accept-Encoding", accept)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func decode(t *testing.T, encoding string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch encoding {
	case "gzip":
		gz, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	case "":
		return body
	default:
		t.Fatalf("unexpected encoding %q", encoding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", encoding, err)
	}
	return out
}

func TestCompression_JSON(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("compress-user", domain.RoleUser)
	token := h.login("compress-user", "password-compress-user")
	for i := 0; i < 30; i++ {
		r := h.do("POST", "/api/plants", token, map[string]any{"name": fmt.Sprintf("Basil %02d", i), "plantType": "Herbs",
			"species": "Ocimum basilicum", "waterFrequency": 3, "fertilizerFrequency": 30, "lightNeeds": "Full Sun"})
		if r.status != 201 {
			t.Fatalf("create plant: %d %s", r.status, r.raw)
		}
	}
	res, plain := getEncoded(t, h, "/api/plants", token, "identity")
	if res.ContentLength != int64(len(plain)) {
		t.Fatalf("plain JSON answer: Content-Length %d for %d bytes", res.ContentLength, len(plain))
	}
	var plants []map[string]any
	if err := json.Unmarshal(plain, &plants); err != nil || len(plants) != 30 {
		t.Fatalf("plain list: %v (%d plants)", err, len(plants))
	}
	cases := map[string]string{
		"gzip":                 "gzip",
		"br":                   "br",
		"zstd":                 "zstd",
		"gzip, deflate, br":    "br",
		"gzip, br, zstd":       "zstd",
		"br;q=0, gzip":         "gzip",
		"identity":             "",
		"compress, x-unknown;": "",
	}
	for accept, want := range cases {
		res, body := getEncoded(t, h, "/api/plants", token, accept)
		if got := res.Header.Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", accept, got, want)
			continue
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary: Accept-Encoding (%v)", accept, res.Header)
		}
		if got := decode(t, want, body); !bytes.Equal(got, plain) {
			t.Errorf("Accept-Encoding %q: decoded body differs from the plain one", accept)
		}
		if want != "" && len(body) >= len(plain)/2 {
			t.Errorf("%s: %d bytes for %d plain, want at least halved", want, len(body), len(plain))
		}
	}
	// Small answers are not worth it.
	res, _ = getEncoded(t, h, "/api/auth-check", token, "gzip, br, zstd")
	if res.Header.Get("Content-Encoding") != "" {
		t.Fatalf("a small answer was compressed: %v", res.Header)
	}
}

func TestCompression_PrecompressedAssets(t *testing.T) {
	t.Parallel()
	js := strings.Repeat("console.log('garden');\n", 200)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(js))
	_ = zw.Close()
	var br bytes.Buffer
	bw := brotli.NewWriter(&br)
	_, _ = bw.Write([]byte(js))
	_ = bw.Close()
	web := fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>Garden</title>")},
		"assets/app-1a2b.js":    {Data: []byte(js)},
		"assets/app-1a2b.js.gz": {Data: gz.Bytes()},
		"assets/app-1a2b.js.br": {Data: br.Bytes()},
		"assets/tiny-9f.css":    {Data: []byte("a{}")},
	}
	h := newHarness(t, options{web: web})
	for accept, want := range map[string]string{"gzip, deflate, br, zstd": "br", "gzip": "gzip", "br;q=0, gzip": "gzip"} {
		res, body := getEncoded(t, h, "/assets/app-1a2b.js", "", accept)
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != want {
			t.Fatalf("%q: %d %q, want %s", accept, res.StatusCode, res.Header.Get("Content-Encoding"), want)
		}
		if ct := res.Header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
			t.Errorf("%q: Content-Type %q", accept, ct)
		}
		if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%q: headers %v", accept, res.Header)
		}
		if string(decode(t, want, body)) != js {
			t.Errorf("%q: decoded asset differs", accept)
		}
	}
	// A client that accepts nothing gets the file as it is; an asset without copies too.
	res, body := getEncoded(t, h, "/assets/app-1a2b.js", "identity", "identity")
	if res.Header.Get("Content-Encoding") != "" || string(body) != js {
		t.Fatalf("identity: %q, %d bytes", res.Header.Get("Content-Encoding"), len(body))
	}
	res, body = getEncoded(t, h, "/assets/tiny-9f.css", "", "gzip, br")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || string(body) != "a{}" {
		t.Fatalf("asset without copies: %d %q %q", res.StatusCode, res.Header.Get("Content-Encoding"), body)
	}
}
