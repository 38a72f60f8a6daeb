package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestDetectImageType(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		head     string
		ct, ext  string
		accepted bool
	}{
		{"JPEG JFIF", "\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01", "image/jpeg", "jpg", true},
		{"JPEG Exif", "\xFF\xD8\xFF\xE1\x12\x34Exif\x00\x00", "image/jpeg", "jpg", true},
		{"PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\x0DIHDR", "image/png", "png", true},
		{"GIF87a", "GIF87a\x01\x00\x01\x00", "image/gif", "gif", true},
		{"GIF89a", "GIF89a\x01\x00\x01\x00\x80\x00", "image/gif", "gif", true},
		{"WebP", "RIFF\x24\x00\x00\x00WEBPVP8 ", "image/webp", "webp", true},
		{"WebP header exactly", "RIFF\x00\x00\x00\x00WEBP", "image/webp", "webp", true},

		{"SVG", `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`, "", "", false},
		{"bare SVG", `<svg onload="alert(1)"/>`, "", "", false},
		{"HTML renamed .jpg", "<!DOCTYPE html><html><script>alert(1)</script>", "", "", false},
		{"HTML with BOM", "\xEF\xBB\xBF<html>", "", "", false},
		{"truncated PNG", "\x89PNG\r\n", "", "", false},
		{"truncated JPEG", "\xFF\xD8", "", "", false},
		{"truncated GIF", "GIF89", "", "", false},
		{"truncated WebP", "RIFF\x24\x00\x00\x00WEB", "", "", false},
		{"RIFF but WAVE", "RIFF\x24\x00\x00\x00WAVEfmt ", "", "", false},
		{"GIF88a", "GIF88a\x01\x00", "", "", false},
		{"PNG signature corrupted by a text transfer", "\x89PNG\n\x1a\n\x00\x00", "", "", false},
		{"BMP", "BM\x36\x00\x0C\x00\x00\x00", "", "", false},
		{"PDF", "%PDF-1.7\n%\xE2\xE3", "", "", false},
		{"empty", "", "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ct, ext, ok := domain.DetectImageType([]byte(tc.head))
			if ct != tc.ct || ext != tc.ext || ok != tc.accepted {
				t.Fatalf("DetectImageType = %q, %q, %v; want %q, %q, %v", ct, ext, ok, tc.ct, tc.ext, tc.accepted)
			}
			if tc.accepted && !domain.IsUploadImageType(ct) {
				t.Fatalf("IsUploadImageType(%q) = false for a detected type", ct)
			}
		})
	}
	if _, _, ok := domain.DetectImageType(nil); ok {
		t.Fatal("nil header accepted")
	}
}

func TestIsUploadImageType(t *testing.T) {
	t.Parallel()
	for _, ct := range []string{"image/svg+xml", "text/html", "image/bmp", "image/jpg", "IMAGE/PNG", "image/png; charset=x", ""} {
		if domain.IsUploadImageType(ct) {
			t.Errorf("IsUploadImageType(%q) = true", ct)
		}
	}
}

func TestImageLimitsAndErrors(t *testing.T) {
	t.Parallel()
	if domain.MaxImageBytes != 5*1024*1024 {
		t.Fatalf("MaxImageBytes = %d", domain.MaxImageBytes)
	}
	if domain.ImageSniffLen < 12 {
		t.Fatalf("ImageSniffLen = %d, too short for WebP", domain.ImageSniffLen)
	}
	if err := domain.ErrImageTooLarge(); domain.ErrorCode(err) != domain.ETooLarge || domain.ErrorMessage(err) != "Image is too large: the limit is 5 MB." {
		t.Fatalf("ErrImageTooLarge = %v (%s)", err, domain.ErrorCode(err))
	}
	if err := domain.ErrImageWrongType(); domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != "Only JPEG, PNG, GIF and WebP images can be uploaded." {
		t.Fatalf("ErrImageWrongType = %v (%s)", err, domain.ErrorCode(err))
	}
}
