package httpapi

import (
	"net/http"

	"github.com/CAFxX/httpcompression"
	"github.com/andybalholm/brotli"
)

// compressMinSize is the smallest body worth compressing: below about a packet, the encoding's
// header and the CPU cost outweigh the bytes saved.
const compressMinSize = 1024

// compressedTypes are the text types the server sends; images, QR PNGs and uploads are already
// compressed, and the precompressed web assets carry their own Content-Encoding (so the
// middleware passes them through untouched).
var compressedTypes = []string{
	"application/json", "text/html", "text/css", "text/javascript", "application/javascript",
	"text/plain", "text/calendar", "image/svg+xml", "application/manifest+json",
}

// compress encodes responses as the client asks (Accept-Encoding): zstd, then brotli, then gzip,
// with Vary: Accept-Encoding. We use CAFxX/httpcompression rather than hand-written
// negotiation: it handles q-values, minimum size, content types, Flush and pooling, over
// klauspost/compress and andybalholm/brotli. Brotli runs at a low level for dynamic answers
// (level 4 is about as fast as gzip's default and smaller); the static assets are brotli'd at
// the maximum level at build time instead.
func (s *Server) compress(next http.Handler) http.Handler {
	adapter, err := httpcompression.DefaultAdapter(
		httpcompression.MinSize(compressMinSize),
		httpcompression.BrotliCompressionLevel(brotli.BestSpeed+3),
		httpcompression.ContentTypes(compressedTypes, false),
		httpcompression.Prefer(httpcompression.PreferServer),
	)
	if err != nil {
		// The options above are constants, so this does not happen; if it did, answers would
		// still be right, only larger.
		s.log.Error("compression disabled", "err", err)
		return next
	}
	return adapter(next)
}
