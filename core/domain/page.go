package domain

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Pagination: every list the API serves is read one bounded page at a time. A caller asks for at
// most Limit items after an opaque Cursor; the answer carries the cursor of the next page, empty
// on the last one. docs/api.md ("Lists and pagination") is the wire convention.
const (
	// DefaultPageLimit is the page size when the caller names none.
	DefaultPageLimit = 50
	// MaxPageLimit bounds the work one request can cause.
	MaxPageLimit = 200

	MsgPageLimit  = "limit must be a whole number between 1 and 200"
	MsgPageCursor = "cursor is not valid: pass back the one the previous page returned"
)

// PageRequest asks for one page of a list.
type PageRequest struct {
	// Limit is 1…MaxPageLimit.
	Limit int
	// Cursor is empty for the first page, else the NextCursor of the page before.
	Cursor string
}

// FirstPage is the first page at the default size.
func FirstPage() PageRequest { return PageRequest{Limit: DefaultPageLimit} }

// NewPageRequest checks a caller's limit (0 means the default) and cursor.
func NewPageRequest(limit int, cursor string) (PageRequest, error) {
	if limit == 0 {
		limit = DefaultPageLimit
	}
	if limit < 1 || limit > MaxPageLimit {
		return PageRequest{}, &Error{Code: EInvalid, Message: MsgPageLimit, Fields: map[string]string{"limit": MsgPageLimit}}
	}
	if len(cursor) > 512 {
		return PageRequest{}, errCursor()
	}
	return PageRequest{Limit: limit, Cursor: cursor}, nil
}

// Page is one page of a list and the cursor of the next ("" on the last page).
type Page[T any] struct {
	Items      []T
	NextCursor string
}

// PageOf cuts rows, read with a limit of req.Limit+1, to one page: when the extra row is there,
// the next cursor is made from the last row kept. Stores use it so that "is there more" costs
// no count query.
func PageOf[T any](rows []T, req PageRequest, cursorOf func(T) string) Page[T] {
	if len(rows) <= req.Limit {
		return Page[T]{Items: rows}
	}
	rows = rows[:req.Limit]
	return Page[T]{Items: rows, NextCursor: cursorOf(rows[len(rows)-1])}
}

// KeysetCursor is the position after one row of a list ordered by (Key, ID): Key is the sort
// value as text (a timestamp in RFC 3339 with nanoseconds, a number, a name), ID breaks ties.
type KeysetCursor struct {
	Key string
	ID  int64
}

// Encode returns the opaque text form.
func (c KeysetCursor) Encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.ID, 10) + "|" + c.Key))
}

// DecodeKeysetCursor reads a cursor made by Encode. An empty cursor is the zero value (first
// page); anything unreadable is an invalid error.
func DecodeKeysetCursor(s string) (KeysetCursor, bool, error) {
	if s == "" {
		return KeysetCursor{}, false, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return KeysetCursor{}, false, errCursor()
	}
	id, key, ok := strings.Cut(string(raw), "|")
	n, err := strconv.ParseInt(id, 10, 64)
	if !ok || err != nil || n < 0 {
		return KeysetCursor{}, false, errCursor()
	}
	return KeysetCursor{Key: key, ID: n}, true, nil
}

// OffsetCursor encodes a plain offset, for lists whose order has no stable key (popularity).
func OffsetCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("o" + strconv.Itoa(offset)))
}

// DecodeOffsetCursor reads an OffsetCursor; empty is offset 0.
func DecodeOffsetCursor(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) < 2 || raw[0] != 'o' {
		return 0, errCursor()
	}
	n, err := strconv.Atoi(string(raw[1:]))
	if err != nil || n < 0 {
		return 0, errCursor()
	}
	return n, nil
}

func errCursor() error {
	return &Error{Code: EInvalid, Message: MsgPageCursor, Fields: map[string]string{"cursor": MsgPageCursor}}
}
