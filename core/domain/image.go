package domain

import "bytes"

// MaxImageBytes is the largest image a person may upload: 5 MB, as the upload forms state.
const MaxImageBytes = 5 << 20

// Messages for refused image uploads.
const (
	MsgImageTooLarge  = "Image is too large: the limit is 5 MB."
	MsgImageWrongType = "Only JPEG, PNG, GIF and WebP images can be uploaded."
	MsgImageNotFound  = "Image not found."
)

// ImageSniffLen is how many leading bytes DetectImageType needs to recognise every type it
// knows (WebP's "RIFF" + size + "WEBP").
const ImageSniffLen = 12

// imageType is one accepted upload type and the signature that identifies it.
type imageType struct {
	contentType, ext string
	match            func(head []byte) bool
}

// imageTypes are the only formats accepted for upload. Each is recognised by its magic bytes,
// never by a file name or a client's claimed type; SVG is left out on purpose, because it can
// carry script that would run on our origin.
var imageTypes = []imageType{
	{"image/jpeg", "jpg", func(h []byte) bool { return bytes.HasPrefix(h, []byte{0xFF, 0xD8, 0xFF}) }},
	{"image/png", "png", func(h []byte) bool { return bytes.HasPrefix(h, []byte("\x89PNG\r\n\x1a\n")) }},
	{"image/gif", "gif", func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("GIF87a")) || bytes.HasPrefix(h, []byte("GIF89a"))
	}},
	{"image/webp", "webp", func(h []byte) bool {
		return len(h) >= 12 && bytes.Equal(h[0:4], []byte("RIFF")) && bytes.Equal(h[8:12], []byte("WEBP"))
	}},
}

// DetectImageType recognises JPEG, PNG, GIF (87a and 89a) and WebP from the first bytes of a
// file (ImageSniffLen are enough). It returns the media type and a file extension without the
// dot ("jpg", "png", "gif", "webp"); ok is false for anything else, including a truncated
// header.
func DetectImageType(head []byte) (contentType, ext string, ok bool) {
	for _, t := range imageTypes {
		if t.match(head) {
			return t.contentType, t.ext, true
		}
	}
	return "", "", false
}

// IsUploadImageType reports whether contentType is one that DetectImageType produces, so a
// server can refuse to serve anything else from the image area.
func IsUploadImageType(contentType string) bool {
	for _, t := range imageTypes {
		if t.contentType == contentType {
			return true
		}
	}
	return false
}

// ErrImageTooLarge returns the too_large error for an upload over MaxImageBytes.
func ErrImageTooLarge() error { return &Error{Code: ETooLarge, Message: MsgImageTooLarge} }

// ErrImageWrongType returns the invalid error for an upload that is not an accepted image.
func ErrImageWrongType() error { return &Error{Code: EInvalid, Message: MsgImageWrongType} }
