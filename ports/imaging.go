package ports

import "context"

// ThumbnailMaker draws small copies of stored images for lists and cards.
type ThumbnailMaker interface {
	// Thumbnail decodes an image (JPEG, PNG, GIF: its first frame, or WebP) and returns a JPEG
	// at most maxSide pixels on its longer side, never enlarged, transparent areas on white.
	// Images of more than MaxThumbnailSourcePixels are refused before they are decoded.
	// Codes: invalid (not a readable image, or too many pixels).
	Thumbnail(data []byte, maxSide int) ([]byte, error)
}

// MaxThumbnailSourcePixels bounds the images a ThumbnailMaker decodes (a 5 MB file can
// declare a huge canvas; 40 megapixels is more than any phone photo).
const MaxThumbnailSourcePixels = 40_000_000

// ImageFetcher downloads an image from another site for the plant database import, politely
// (the catalogue client's rate, concurrency, timeouts and retries).
type ImageFetcher interface {
	// FetchImage returns the body of url, at most maxBytes long. Codes: unavailable (the host
	// cannot be reached or keeps failing), invalid (not http(s), larger than maxBytes, or an
	// error status), ctx's error when ctx ends.
	FetchImage(ctx context.Context, url string, maxBytes int64) ([]byte, error)
}
