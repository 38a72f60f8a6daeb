package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// imageRoutes upload and serve images.
func (s *Server) imageRoutes() []route {
	return []route{
		{method: "POST", path: "/api/upload/image", access: writes(""), handler: s.handleUploadImage,
			op: apiOp{summary: "Upload an image (multipart/form-data, field file)", form: "file", out: imageURLJSON{}, status: 201}},
		{method: "GET", path: "/api/images/{key...}", open: s.handleImage,
			op: apiOp{summary: "An uploaded image (the key may hold slashes); ?size=thumb for its thumbnail", media: "image/*", query: []string{"size: thumb for the thumbnail"}}},
	}
}

// maxUploadBody bounds a whole upload request: the image (5 MB at most) plus the multipart
// envelope. The image's own limit is the core's; this one stops endless bodies.
const maxUploadBody = domain.MaxImageBytes + 256<<10

func (s *Server) handleUploadImage(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(endpoint{}), func(request[noBody]) (string, error) {
		return uploadPart(w, r, "file", func(body io.Reader) (string, error) { return s.svc.Images.Upload(r.Context(), p, body) })
	}, func(key string) imageURLJSON {
		return imageURLJSON{ImageURL: "/api/images/" + strings.TrimPrefix(key, app.ImageKeyPrefix)}
	})
}

// uploadPart hands the form field of a multipart upload to store, the whole body bounded by
// maxUploadBody. Whatever is the body's fault (no field, a broken envelope, a body cut short
// while store reads it) is a 4xx; store's own errors pass through.
func uploadPart[T any](w http.ResponseWriter, r *http.Request, field string, store func(io.Reader) (T, error)) (T, error) {
	var none T
	r.Body = http.MaxBytesReader(w, r.Body, maxUploadBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return none, domain.Errorf(domain.EInvalid, "Send the image as multipart/form-data in the field %q", field)
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return none, domain.Errorf(domain.EInvalid, "Choose an image to upload (form field %q)", field)
		}
		if err != nil {
			// Whatever NextPart cannot read is the body's fault, never the server's.
			return none, malformedUpload(err)
		}
		if part.FormName() != field {
			part.Close()
			continue
		}
		body := &readErrRecorder{r: part}
		v, err := store(body)
		part.Close()
		if err != nil && body.err != nil {
			err = malformedUpload(body.err) // the upload failed because the body did
		}
		return v, uploadError(err)
	}
}

// readErrRecorder remembers the first read error of the request body other than io.EOF, so a
// failed upload can be told apart: a broken body (400) from a broken store (500).
type readErrRecorder struct {
	r   io.Reader
	err error
}

func (rr *readErrRecorder) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	if err != nil && err != io.EOF && rr.err == nil {
		rr.err = err
	}
	return n, err
}

// malformedUpload is the answer to a multipart body that cannot be read: too large stays too
// large, anything else is a 400.
func malformedUpload(err error) error {
	if e := uploadError(err); domain.ErrorCode(e) != domain.EInternal {
		return e
	}
	return domain.Errorf(domain.EInvalid, "The upload was cut short or malformed: please try again")
}

// uploadError turns the body limit and a malformed envelope into the messages a person can act
// on; the core's own errors pass through.
func uploadError(err error) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return domain.ErrImageTooLarge()
	case errors.Is(err, multipart.ErrMessageTooLarge), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Errorf(domain.EInvalid, "The upload was cut short or malformed: please try again")
	}
	return err
}

// handleImage serves an uploaded image. Keys are random and never reused, so the answer may be
// cached for a year; no token is needed because an <img> cannot send one.
// handleImage serves a stored image; ?size=thumb serves its thumbnail (docs/api.md).
func (s *Server) handleImage(w http.ResponseWriter, r *http.Request) {
	open := s.svc.Images.Open
	if r.URL.Query().Get("size") == "thumb" {
		open = s.svc.Images.OpenThumbnail
	}
	rc, info, err := open(r.Context(), app.ImageKeyPrefix+r.PathValue("key"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", info.ContentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if info.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	if !info.ModTime.IsZero() {
		h.Set("Last-Modified", info.ModTime.UTC().Format(http.TimeFormat))
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = io.Copy(w, rc)
	}
}
