package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestNewPageRequest(t *testing.T) {
	t.Parallel()
	if req, err := domain.NewPageRequest(0, ""); err != nil || req.Limit != domain.DefaultPageLimit {
		t.Fatalf("default: %+v %v", req, err)
	}
	if req, err := domain.NewPageRequest(200, "abc"); err != nil || req.Limit != 200 || req.Cursor != "abc" {
		t.Fatalf("max: %+v %v", req, err)
	}
	for _, bad := range []int{-1, 201, 100000} {
		if _, err := domain.NewPageRequest(bad, ""); domain.ErrorCode(err) != domain.EInvalid || err.Error() != domain.MsgPageLimit {
			t.Errorf("limit %d: %v", bad, err)
		}
	}
}

func TestPageOf(t *testing.T) {
	t.Parallel()
	req := domain.PageRequest{Limit: 2}
	cursor := func(n int) string { return domain.KeysetCursor{ID: int64(n)}.Encode() }
	last := domain.PageOf([]int{1, 2}, req, cursor)
	if len(last.Items) != 2 || last.NextCursor != "" {
		t.Fatalf("last page: %+v", last)
	}
	more := domain.PageOf([]int{1, 2, 3}, req, cursor)
	if len(more.Items) != 2 || more.NextCursor != cursor(2) {
		t.Fatalf("more: %+v", more)
	}
}

func TestKeysetCursorRoundTrip(t *testing.T) {
	t.Parallel()
	in := domain.KeysetCursor{Key: "2026-11-24T10:00:00.123456789Z|x", ID: 42}
	out, ok, err := domain.DecodeKeysetCursor(in.Encode())
	if err != nil || !ok || out != in {
		t.Fatalf("round trip: %+v %v %v", out, ok, err)
	}
	if _, ok, err := domain.DecodeKeysetCursor(""); ok || err != nil {
		t.Fatalf("empty: %v %v", ok, err)
	}
	for _, bad := range []string{"!!!", "bm9waXBl", domain.OffsetCursor(3)} {
		if _, _, err := domain.DecodeKeysetCursor(bad); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestOffsetCursor(t *testing.T) {
	t.Parallel()
	if n, err := domain.DecodeOffsetCursor(domain.OffsetCursor(150)); err != nil || n != 150 {
		t.Fatalf("round trip: %d %v", n, err)
	}
	if n, err := domain.DecodeOffsetCursor(""); err != nil || n != 0 {
		t.Fatalf("empty: %d %v", n, err)
	}
	if _, err := domain.DecodeOffsetCursor("xyz"); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("bad: %v", err)
	}
}
