package ports

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// BlobInfo describes one stored object.
type BlobInfo struct {
	// Size is the object's length in bytes.
	Size int64
	// ContentType is exactly the media type given to Put.
	ContentType string
	// ModTime is when the object was last written, in UTC. Precision depends on the adapter
	// (S3 keeps whole seconds).
	ModTime time.Time
}

// BlobStore keeps binary objects (uploaded images) under keys. A key is slash-separated
// segments of ASCII letters, digits, '.', '-' and '_', such as "images/3f9c….jpg"; no
// segment is empty, starts with a dot (so no "..", no hidden or temporary names) or is longer
// than MaxBlobKeySegmentLen bytes, there is no leading or trailing slash, and the whole key is
// at most MaxBlobKeyLen bytes.
// ValidateBlobKey is the one place that rule lives; every adapter calls it first.
//
// Writers replace whole objects: a reader sees the old object or the new one, never a mix.
type BlobStore interface {
	// Put stores exactly size bytes read from r under key with contentType, replacing any
	// object already there. size -1 means unknown: r is read to its end. Bytes after size are
	// not read. An empty contentType is stored as "application/octet-stream". When r ends
	// before size bytes, or anything fails, nothing is stored (an existing object is kept).
	// Codes: invalid (bad key, bad content type, r shorter than size), conflict (the local
	// folder adapter only: key passes through, or is the folder of, another object's key),
	// internal.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Get opens an object for reading; the caller must close it. Codes: invalid (bad key),
	// not_found, internal.
	Get(ctx context.Context, key string) (io.ReadCloser, BlobInfo, error)
	// Stat describes an object without reading it. Codes: invalid (bad key), not_found,
	// internal.
	Stat(ctx context.Context, key string) (BlobInfo, error)
	// Delete removes an object; deleting a missing key is not an error. Codes: invalid (bad
	// key), internal.
	Delete(ctx context.Context, key string) error
	// Ready returns nil when the store can be read and written. Codes: unavailable.
	Ready(ctx context.Context) error
	// List calls fn with every object whose key starts with prefix ("" for all), in
	// ascending byte order of the key, with its Size and ModTime (ContentType may be empty:
	// S3 listings do not carry it; Get or Stat give it). Objects written or deleted while the
	// listing runs may or may not be seen. An error from fn stops the listing and is returned.
	// Codes: internal, unavailable.
	List(ctx context.Context, prefix string, fn func(key string, info BlobInfo) error) error
}

// MaxBlobKeyLen is the longest key a BlobStore accepts, well under S3's 1024 bytes and
// common file-name limits once split into segments.
const MaxBlobKeyLen = 512

// MaxBlobKeySegmentLen is the longest segment of a key: the common file-name limit, since the
// local folder adapter turns segments into folder and file names.
const MaxBlobKeySegmentLen = 255

// DefaultBlobContentType is stored when Put is given no content type.
const DefaultBlobContentType = "application/octet-stream"

// maxContentTypeLen bounds the stored media type; real ones are a few dozen bytes.
const maxContentTypeLen = 255

// ValidateBlobKey returns nil when key is acceptable to every BlobStore, else an invalid
// error. The character set is deliberately small: it keeps keys safe as file paths on any
// file system and as S3 object names without escaping, and leaves nothing a path could use to
// climb out of its folder.
func ValidateBlobKey(key string) error {
	if key == "" {
		return blobKeyError("is empty")
	}
	if len(key) > MaxBlobKeyLen {
		return blobKeyError("is longer than 512 bytes")
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" {
			return blobKeyError("has an empty segment, a leading slash or a trailing slash")
		}
		if len(seg) > MaxBlobKeySegmentLen {
			return blobKeyError("has a segment longer than 255 bytes")
		}
		if seg[0] == '.' {
			return blobKeyError("has a segment starting with a dot")
		}
		for i := 0; i < len(seg); i++ {
			if c := seg[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
				return blobKeyError("may hold only letters, digits, '.', '-', '_' and '/'")
			}
		}
	}
	return nil
}

func blobKeyError(why string) error {
	return &domain.Error{Code: domain.EInvalid, Message: "Invalid storage key: it " + why + "."}
}

// BlobContentType returns the content type Put stores for ct: ct itself, or
// DefaultBlobContentType when ct is empty. It refuses control characters and non-ASCII text,
// which could split an HTTP header or a stored header line, with an invalid error.
func BlobContentType(ct string) (string, error) {
	if ct == "" {
		return DefaultBlobContentType, nil
	}
	if len(ct) > maxContentTypeLen {
		return "", domain.Errorf(domain.EInvalid, "Invalid content type.")
	}
	for i := 0; i < len(ct); i++ {
		if c := ct[i]; c < 0x20 || c > 0x7e {
			return "", domain.Errorf(domain.EInvalid, "Invalid content type.")
		}
	}
	return ct, nil
}
