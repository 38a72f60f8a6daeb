package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// ImageKeyPrefix is the blob-store folder of uploaded images. Keys are
// "images/<32 hex digits>.<jpg|png|gif|webp>"; the HTTP API shows them as
// /api/images/<key without this prefix>.
const ImageKeyPrefix = "images/"

// Images stores uploaded images and hands them back for serving, with thumbnails.
type Images struct {
	blobs  ports.BlobStore
	log    *slog.Logger
	thumbs ports.ThumbnailMaker
}

// ThumbnailSide is the longer side of a thumbnail in pixels: sharp on a card 160 CSS pixels
// wide at twice the density.
const ThumbnailSide = 320

// thumbPrefix is the blob folder of thumbnails: "images/thumbs/<original name>.jpg".
const thumbPrefix = ImageKeyPrefix + "thumbs/"

// WithThumbnails lets the service serve thumbnails made by t.
func (s *Images) WithThumbnails(t ports.ThumbnailMaker) *Images {
	s.thumbs = t
	return s
}

// NewImages builds the images service on a blob store; log nil means slog.Default().
func NewImages(blobs ports.BlobStore, log *slog.Logger) *Images {
	if log == nil {
		log = slog.Default()
	}
	return &Images{blobs: blobs, log: log}
}

// Upload stores the image read from r for a signed-in owner and returns its key. It reads at
// most domain.MaxImageBytes+1 bytes, so a larger upload is refused without being read to its
// end, and takes the type from the bytes themselves: a client's claimed type or file name
// is never trusted. Nothing is stored when it refuses. Codes: unauthorized (owner nil),
// too_large, invalid (not JPEG, PNG, GIF or WebP), and r's own read error, wrapped.
func (s *Images) Upload(ctx context.Context, owner *domain.Principal, r io.Reader) (string, error) {
	if owner == nil || owner.User == nil {
		return "", domain.Errorf(domain.EUnauthorized, domain.MsgNotSignedIn)
	}
	// The whole image is held in memory (5 MB at most) so its size is known before anything
	// is written, and the store receives one exact-length Put.
	data, err := io.ReadAll(io.LimitReader(r, domain.MaxImageBytes+1))
	if err != nil {
		return "", fmt.Errorf("read upload: %w", err)
	}
	key, err := s.Store(ctx, data)
	if err != nil {
		return "", err
	}
	s.log.Info("image uploaded", "key", key, "user", owner.User.ID, "bytes", len(data))
	return key, nil
}

// Store keeps an image given as bytes (an upload, or a product image the import downloaded)
// under a new random key and returns the key. The type is sniffed from the bytes. Codes:
// too_large, invalid (not JPEG, PNG, GIF or WebP).
func (s *Images) Store(ctx context.Context, data []byte) (string, error) {
	if len(data) > domain.MaxImageBytes {
		return "", domain.ErrImageTooLarge()
	}
	contentType, ext, ok := domain.DetectImageType(data)
	if !ok {
		return "", domain.ErrImageWrongType()
	}
	key, err := newImageKey(ext)
	if err != nil {
		return "", err
	}
	if err := s.blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		return "", err
	}
	return key, nil
}

// Open opens a stored image for serving; the caller must close the reader. info carries the
// Content-Type, length and modification time. Keys outside ImageKeyPrefix, malformed keys
// and stored objects that are not an accepted image type all answer not_found, so the image
// route can never serve anything else from the store. Codes: not_found, internal.
func (s *Images) Open(ctx context.Context, key string) (io.ReadCloser, ports.BlobInfo, error) {
	notFound := domain.Errorf(domain.ENotFound, domain.MsgImageNotFound)
	if !strings.HasPrefix(key, ImageKeyPrefix) || ports.ValidateBlobKey(key) != nil {
		return nil, ports.BlobInfo{}, notFound
	}
	rc, info, err := s.blobs.Get(ctx, key)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil, ports.BlobInfo{}, notFound
		}
		return nil, ports.BlobInfo{}, err
	}
	if !domain.IsUploadImageType(info.ContentType) {
		rc.Close()
		s.log.Warn("object in the image folder is not an image type; not serving it", "key", key, "type", info.ContentType)
		return nil, ports.BlobInfo{}, notFound
	}
	return rc, info, nil
}

// OpenThumbnail opens the thumbnail of a stored image (a JPEG at most ThumbnailSide pixels on
// its longer side). Thumbnails are made on first request and kept beside the images, so
// uploads and imports stay fast and images stored before thumbnails existed get one too.
// Without a thumbnail maker, or when the image cannot be scaled, the original is served.
// Codes: not_found (as Open), internal.
func (s *Images) OpenThumbnail(ctx context.Context, key string) (io.ReadCloser, ports.BlobInfo, error) {
	notFound := domain.Errorf(domain.ENotFound, domain.MsgImageNotFound)
	name := strings.TrimPrefix(key, ImageKeyPrefix)
	if s.thumbs == nil || !strings.HasPrefix(key, ImageKeyPrefix) || strings.Contains(name, "/") || ports.ValidateBlobKey(key) != nil {
		if strings.Contains(name, "/") {
			return nil, ports.BlobInfo{}, notFound
		}
		return s.Open(ctx, key)
	}
	thumbKey := thumbPrefix + name + ".jpg"
	if rc, info, err := s.blobs.Get(ctx, thumbKey); err == nil {
		return rc, info, nil
	} else if domain.ErrorCode(err) != domain.ENotFound {
		return nil, ports.BlobInfo{}, err
	}
	rc, info, err := s.Open(ctx, key)
	if err != nil {
		return nil, ports.BlobInfo{}, err
	}
	data, err := io.ReadAll(io.LimitReader(rc, domain.MaxImageBytes+1))
	rc.Close()
	if err != nil {
		return nil, ports.BlobInfo{}, err
	}
	thumb, err := s.thumbs.Thumbnail(data, ThumbnailSide)
	if err != nil {
		s.log.Warn("thumbnail not made; serving the original", "key", key, "err", err)
		return io.NopCloser(bytes.NewReader(data)), info, nil
	}
	if err := s.blobs.Put(ctx, thumbKey, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
		s.log.Warn("thumbnail not stored", "key", thumbKey, "err", err)
	}
	return io.NopCloser(bytes.NewReader(thumb)), ports.BlobInfo{Size: int64(len(thumb)), ContentType: "image/jpeg", ModTime: info.ModTime}, nil
}

// newImageKey returns an unguessable key: 128 random bits, so knowing one image's URL tells
// nothing about another's.
func newImageKey(ext string) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return ImageKeyPrefix + hex.EncodeToString(b) + "." + ext, nil
}
