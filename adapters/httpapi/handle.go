package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// endpoint says what a JSON handler reads before it calls its use case, in this order.
type endpoint struct {
	// guard, when set, is checked first, so that a caller without the right learns nothing else
	// (not whether the id exists, nor what the form would say about the body): a rule that is not
	// one role (the forum moderators). A route's least role is its declaration's (route.role),
	// checked before the handler runs.
	guard func(*domain.Principal) error
	// id reads the {id} path value; one that is not a positive integer is 404 with
	// idNotFound, or "Not found".
	id         bool
	idNotFound string
	// idInvalid, instead, answers such an id with 400 and this message.
	idInvalid string
	// status of a success: 200 when unset.
	status int
}

// request is what the use case of a JSON handler gets: the {id} path value (when the endpoint
// reads one) and the decoded body (none for noBody).
type request[In any] struct {
	id int64
	in In
}

// noBody is the In of a handler that reads no request body.
type noBody struct{}

// created is e answering 201 Created on success.
func created(e endpoint) endpoint {
	e.status = http.StatusCreated
	return e
}

// read checks the guard, reads the id and decodes the body, as e says.
func read[In any](w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint) (request[In], error) {
	var q request[In]
	if e.guard != nil {
		if err := e.guard(p); err != nil {
			return q, err
		}
	}
	if e.id {
		id, err := pathID(r, "id")
		switch {
		case err != nil && e.idInvalid != "":
			err = domain.Errorf(domain.EInvalid, "%s", e.idInvalid)
		case err != nil && e.idNotFound != "":
			err = domain.Errorf(domain.ENotFound, "%s", e.idNotFound)
		}
		if err != nil {
			return q, err
		}
		q.id = id
	}
	if _, none := any(q.in).(noBody); !none {
		if err := decodeJSON(w, r, &q.in); err != nil {
			return q, err
		}
	}
	return q, nil
}

// handleJSON is the decode → call → encode shape of most handlers, with one error path:
// the guard, the path's id, the body (as e says) and then the use case; whatever fails
// first is answered by s.fail. On success the use case's result goes through encode (a wire
// type's toXJSON, or each(toXJSON) for a list) and is written with e.status.
func handleJSON[In, T, Out any](s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	call func(q request[In]) (T, error), encode func(T) Out) {
	q, err := read[In](w, r, p, e)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := call(q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := e.status
	if status == 0 {
		status = http.StatusOK
	}
	writeJSON(w, status, encode(v))
}

// handleNoContent is handleJSON for a call that answers nothing: 204 on success (a delete).
func handleNoContent[In any](s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	call func(q request[In]) error) {
	q, err := read[In](w, r, p, e)
	if err == nil {
		err = call(q)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// each turns an encoder of one item into an encoder of a list (never null on the wire).
func each[T, Out any](encode func(T) Out) func([]T) []Out {
	return func(items []T) []Out {
		out := make([]Out, len(items))
		for i, v := range items {
			out[i] = encode(v)
		}
		return out
	}
}

// handlePage is handleJSON for a list: after what e says it reads ?limit= and ?cursor=, and it
// answers the page's items, encoded one by one, with the next page's cursor (writePage).
func handlePage[In, T, Out any](s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	call func(q request[In], page domain.PageRequest) (domain.Page[T], error), encode func(T) Out) {
	q, err := read[In](w, r, p, e)
	var page domain.PageRequest
	if err == nil {
		page, err = pageRequest(r)
	}
	var list domain.Page[T]
	if err == nil {
		list, err = call(q, page)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(w, r, each(encode)(list.Items), list.NextCursor)
}

// handleSearchPage is a list of the caller's own things narrowed by ?search=, a page at a time.
func handleSearchPage[T, Out any](s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal,
	list func(ctx context.Context, p *domain.Principal, search string, page domain.PageRequest) (domain.Page[T], error),
	encode func(T) Out) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[T], error) {
		return list(r.Context(), p, r.URL.Query().Get("search"), page)
	}, encode)
}

// handleByID answers a call that needs nothing but the path's {id}: a read, a copy, a renewal.
func handleByID[T, Out any](s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	call func(ctx context.Context, p *domain.Principal, id int64) (T, error), encode func(T) Out) {
	handleJSON(s, w, r, p, e, func(q request[noBody]) (T, error) { return call(r.Context(), p, q.id) }, encode)
}

// handleNoContentByID is handleByID for a call that answers nothing, such as a delete.
func handleNoContentByID(s *Server, w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	call func(ctx context.Context, p *domain.Principal, id int64) error) {
	handleNoContent(s, w, r, p, e, func(q request[noBody]) error { return call(r.Context(), p, q.id) })
}

// asIs is the encoder of a result that is already its wire type.
func asIs[T any](v T) T { return v }

// timestamps are the createdAt and updatedAt of a stored thing, embedded in its JSON.
type timestamps struct {
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func stamped(created, updated time.Time) timestamps { return timestamps{created.UTC(), updated.UTC()} }
