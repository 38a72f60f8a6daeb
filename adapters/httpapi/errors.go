package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"sync"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// statusByCode is the one table from domain error codes to HTTP statuses (DESIGN.md).
var statusByCode = map[string]int{
	domain.EInvalid:      http.StatusBadRequest,
	domain.EUnauthorized: http.StatusUnauthorized,
	domain.EForbidden:    http.StatusForbidden,
	domain.ELimitReached: http.StatusForbidden,
	domain.ENotFound:     http.StatusNotFound,
	domain.EConflict:     http.StatusConflict,
	domain.ETooLarge:     http.StatusRequestEntityTooLarge,
	domain.ERateLimited:  http.StatusTooManyRequests,
	domain.EUnavailable:  http.StatusServiceUnavailable,
	domain.EBusy:         http.StatusServiceUnavailable,
	domain.EInternal:     http.StatusInternalServerError,
}

// errorJSON is the body of every non-2xx answer. message is always present: the page shows it.
type errorJSON struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Errors  map[string]string `json:"errors,omitempty"`
}

// writeError answers with err's status and message. Internal errors are logged with their
// detail and answered with "Internal error." only.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, tr ports.Translator, err error) {
	if r.Context().Err() != nil {
		// The client went away (or its deadline passed) and the work stopped because of it: that
		// is the client's cancellation, not a server error. 499 is what the access log shows;
		// nobody reads the answer.
		log.Info("request cancelled by the client", "method", r.Method, "path", logPath(r), "err", err)
		w.WriteHeader(StatusClientClosedRequest)
		return
	}
	code := domain.ErrorCode(err)
	status, ok := statusByCode[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	body := errorJSON{Message: domain.ErrorMessage(err), Code: code}
	var de *domain.Error
	if errors.As(err, &de) {
		body.Errors = de.Fields
		if de.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(de.RetryAfter.Seconds()))))
		}
	}
	if status == http.StatusInternalServerError {
		body.Errors = nil
		log.Error("request failed", "method", r.Method, "path", logPath(r), "err", err)
	}
	writeJSON(w, status, localizeError(r, tr, body))
}

// StatusClientClosedRequest is the access log's status for a request whose client left before
// the answer (nginx's convention).
const StatusClientClosedRequest = 499

// writeJSON encodes v first and only then writes the status and the body, so a value that
// cannot be encoded is a logged 500 with the usual error body, never a 200 with an empty body.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer releaseJSONBuffer(buf)
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		loggerOf(w).Error("cannot encode the answer", "err", err)
		buf.Reset()
		_ = json.NewEncoder(buf).Encode(errorJSON{Message: "Internal error.", Code: domain.EInternal})
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// The whole answer is known: say its length, so clients and proxies need no chunking (the
	// compression middleware drops it when it encodes the body).
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// jsonBuffers keeps the answers' encoding buffers between requests: a page of 50 plants is
// about 16 kB, which a new buffer reached through nine growths (some 32 kB allocated and
// copied per answer, and the garbage collector's work after it). A Write does not keep its
// bytes (io.Writer), so the buffer is free again once writeJSON returns.
var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledJSONBuffer is the largest buffer kept: a rare large answer (an export) is left to
// the garbage collector instead of holding its memory in the pool.
const maxPooledJSONBuffer = 256 << 10

func releaseJSONBuffer(buf *bytes.Buffer) {
	if buf.Cap() > maxPooledJSONBuffer {
		return
	}
	buf.Reset()
	jsonBuffers.Put(buf)
}

// loggerOf finds the server's logger through the access log's response writer.
func loggerOf(w http.ResponseWriter) *slog.Logger {
	for {
		if l, ok := w.(interface{ logger() *slog.Logger }); ok {
			return l.logger()
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return slog.Default()
		}
		w = u.Unwrap()
	}
}

// maxJSONBody bounds a JSON request body; nothing in the API needs more.
const maxJSONBody = 1 << 20

// decodeJSON reads the request body into dst and turns every decoding problem into a clear
// invalid or too-large error, never a 500.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		var syntax *json.SyntaxError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return domain.Errorf(domain.ETooLarge, "Request body is too large (limit %d bytes)", maxJSONBody)
		case errors.Is(err, io.EOF):
			return domain.Errorf(domain.EInvalid, "Request body is empty: send a JSON object")
		case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
			return domain.Errorf(domain.EInvalid, "Request body is not valid JSON")
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				return domain.Errorf(domain.EInvalid, "Request body must be a JSON object")
			}
			msg := fmt.Sprintf(wrongTypeMessage(typeErr.Type.Kind().String()), field)
			return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{field: msg}}
		default:
			return domain.Errorf(domain.EInvalid, "Request body is not valid JSON")
		}
	}
	if dec.More() {
		return domain.Errorf(domain.EInvalid, "Request body must hold a single JSON object")
	}
	return checkText(dst)
}

// The refusals of a JSON value of the wrong type, by the type wanted; %s is the field's name.
const (
	msgMustBeString  = "%s must be a string"
	msgMustBeBoolean = "%s must be a boolean"
	msgMustBeNumber  = "%s must be a number"
	msgMustBeList    = "%s must be a list"
	msgMustBeObject  = "%s must be an object"
)

// wrongTypeMessage is the refusal of a value where the decoder wanted a Go value of kind.
func wrongTypeMessage(kind string) string {
	switch kind {
	case "string":
		return msgMustBeString
	case "bool":
		return msgMustBeBoolean
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		return msgMustBeNumber
	case "slice", "array":
		return msgMustBeList
	}
	return msgMustBeObject
}

// pathID reads a positive integer path value; anything else is not found, as no such record
// can exist.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id < 1 {
		return 0, domain.Errorf(domain.ENotFound, "Not found")
	}
	return id, nil
}
