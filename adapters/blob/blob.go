// Package blob picks the ports.BlobStore that configuration asks for: the local folder
// (package local, the embedded default) or an S3 bucket such as MinIO (package s3).
package blob

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/blob/s3"
	"github.com/gardenctl/garden/ports"
)

// Open returns the blob store for blobURL:
//   - "" is the folder <dataDir>/blobs;
//   - file:PATH (or file:///abs/path) is the folder PATH;
//   - s3://ACCESS:SECRET@host:port/bucket?secure=…&region=… is an S3 bucket (see s3.ParseURL),
//     created if missing.
//
// Errors never repeat the URL, which may hold a secret key.
func Open(ctx context.Context, blobURL, dataDir string) (ports.BlobStore, error) {
	switch {
	case blobURL == "":
		if dataDir == "" {
			return nil, errors.New("blob store: neither a blob URL nor a data folder is configured")
		}
		return local.New(filepath.Join(dataDir, "blobs"))
	case strings.HasPrefix(blobURL, "file://"):
		u, err := url.Parse(blobURL)
		if err != nil || u.Host != "" && u.Host != "localhost" || u.Path == "" {
			return nil, errors.New("blob store: want file:PATH or file:///absolute/path")
		}
		return local.New(filepath.FromSlash(u.Path))
	case strings.HasPrefix(blobURL, "file:"):
		path := strings.TrimPrefix(blobURL, "file:")
		if path == "" {
			return nil, errors.New("blob store: file: needs a folder path, as in file:./data/blobs")
		}
		return local.New(path)
	case strings.HasPrefix(blobURL, "s3://"):
		return s3.Open(ctx, blobURL, slog.Default())
	}
	// Only a scheme followed by "://" is echoed: text before a lone colon could be a key.
	const want = "use an empty URL (the data folder), file:PATH or s3://ACCESS:SECRET@host:port/bucket"
	if scheme, _, ok := strings.Cut(blobURL, "://"); ok && len(scheme) <= 16 && !strings.ContainsAny(scheme, ":@") {
		return nil, fmt.Errorf("blob store: unsupported URL scheme %q: %s", scheme, want)
	}
	return nil, fmt.Errorf("blob store: not a blob URL: %s", want)
}
