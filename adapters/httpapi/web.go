package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
)

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Garden</title></head>
<body style="font-family:system-ui;max-width:36rem;margin:4rem auto;line-height:1.5">
<h1>Garden</h1><p>The web app is not built into this binary. Run <code>make build</code> (or <code>make run</code>)
to build it; the API under <code>/api</code> works meanwhile.</p></body></html>`

// webApp serves the built React app: files as they are, and index.html for every other path so
// that the client router can show the page (or its 404 page).
func (s *Server) webApp() http.Handler {
	if s.web == nil {
		return http.HandlerFunc(serveNotBuilt)
	}
	index, err := fs.ReadFile(s.web, "index.html")
	if err != nil {
		return http.HandlerFunc(serveNotBuilt)
	}
	indexCSP := indexPolicy(index)
	files := http.FileServerFS(s.web)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, localize(r, s.tr, "Method not allowed"), http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(s.web, name); err == nil && !st.IsDir() {
				switch {
				case strings.HasPrefix(name, "assets/"):
					// Vite puts a content hash in every asset name, so they never change.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					if s.servePrecompressed(w, r, name) {
						return
					}
				case name == "sw.js" || name == "sw-precache.js":
					// A service worker and the asset list it imports must be rechecked at once,
					// or browsers keep an old one.
					w.Header().Set("Cache-Control", "no-cache")
				case name == "manifest.webmanifest":
					// Not in Go's built-in type table; browsers want this type for the manifest.
					w.Header().Set("Content-Type", "application/manifest+json")
					w.Header().Set("Cache-Control", "no-cache")
				default:
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Security-Policy", indexCSP)
		_, _ = w.Write(index)
	})
}

// inlineScript is a <script> element without attributes: index.html's own (the theme painted
// before the first paint, issue #25 item 6), never anything a user wrote.
var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// indexPolicy is the Content-Security-Policy of index.html: the site's, with script-src
// allowing the app's own origin and exactly the inline scripts of this build, by their
// SHA-256 (computed from the file served, so the build and the header cannot disagree).
func indexPolicy(index []byte) string {
	src := "script-src 'self'"
	for _, m := range inlineScript.FindAllSubmatch(index, -1) {
		sum := sha256.Sum256(m[1])
		src += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return contentSecurityPolicy + "; " + src
}

// precompressedEncodings are the files the build writes beside each asset
// (web/scripts/precompress.mjs), best first.
var precompressedEncodings = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed answers with the build's brotli or gzip copy of an asset when the client
// accepts it, so assets cost no compression work per request and get the maximum level.
func (s *Server) servePrecompressed(w http.ResponseWriter, r *http.Request, name string) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	accepted := r.Header.Get("Accept-Encoding")
	for _, p := range precompressedEncodings {
		if !acceptsEncoding(accepted, p.encoding) {
			continue
		}
		body, err := fs.ReadFile(s.web, name+p.suffix)
		if err != nil {
			continue
		}
		if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		w.Header().Set("Content-Encoding", p.encoding)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
		return true
	}
	return false
}

// acceptsEncoding reports whether an Accept-Encoding value allows enc (q=0 refuses it).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(token), enc) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

func serveNotBuilt(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(notBuiltPage))
}
