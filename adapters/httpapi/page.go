package httpapi

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gardenctl/garden/core/domain"
)

// nextCursorHeader carries the cursor of the next page of a list (docs/api.md, "Lists and
// pagination"). The body stays the plain JSON array the spec names, so a client that reads only
// the body still works; the header says there is more.
const nextCursorHeader = "X-Next-Cursor"

// pageRequest reads ?limit= and ?cursor= into a checked domain.PageRequest.
func pageRequest(r *http.Request) (domain.PageRequest, error) {
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return domain.PageRequest{}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPageLimit,
				Fields: map[string]string{"limit": domain.MsgPageLimit}}
		}
		if n == 0 {
			n = -1 // an explicit 0 is out of range, not "the default"
		}
		limit = n
	}
	return domain.NewPageRequest(limit, q.Get("cursor"))
}

// writePage answers 200 with items (never null) and, when there is a next page, its cursor in
// X-Next-Cursor and an RFC 8288 Link header with rel="next".
func writePage[T any](w http.ResponseWriter, r *http.Request, items []T, next string) {
	if items == nil {
		items = []T{}
	}
	if next != "" {
		w.Header().Set(nextCursorHeader, next)
		u := *r.URL
		q := u.Query()
		q.Set("cursor", next)
		u.RawQuery = q.Encode()
		w.Header().Set("Link", "<"+(&url.URL{Path: u.Path, RawQuery: u.RawQuery}).String()+`>; rel="next"`)
	}
	writeJSON(w, http.StatusOK, items)
}
