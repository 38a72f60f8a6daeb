package httpapi

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestPageRequest(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		query string
		limit int
		err   bool
	}{
		"default":    {"", domain.DefaultPageLimit, false},
		"given":      {"?limit=10&cursor=abc", 10, false},
		"max":        {"?limit=200", 200, false},
		"zero":       {"?limit=0", 0, true},
		"over":       {"?limit=201", 0, true},
		"not number": {"?limit=ten", 0, true},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			req, err := pageRequest(httptest.NewRequest("GET", "/api/x"+c.query, nil))
			if c.err {
				if domain.ErrorCode(err) != domain.EInvalid {
					t.Fatalf("want invalid, got %v", err)
				}
				return
			}
			if err != nil || req.Limit != c.limit {
				t.Fatalf("got %+v %v", req, err)
			}
		})
	}
}

func TestWritePage(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	writePage[int](rec, httptest.NewRequest("GET", "/api/x?limit=2&q=a", nil), nil, "")
	if body := strings.TrimSpace(rec.Body.String()); body != "[]" || rec.Header().Get(nextCursorHeader) != "" {
		t.Fatalf("last page: %q %v", body, rec.Header())
	}
	rec = httptest.NewRecorder()
	writePage(rec, httptest.NewRequest("GET", "/api/x?limit=2&q=a", nil), []int{1, 2}, "NEXT")
	if rec.Header().Get(nextCursorHeader) != "NEXT" {
		t.Fatalf("next cursor header: %v", rec.Header())
	}
	if link := rec.Header().Get("Link"); link != `</api/x?cursor=NEXT&limit=2&q=a>; rel="next"` {
		t.Fatalf("link: %q", link)
	}
}
