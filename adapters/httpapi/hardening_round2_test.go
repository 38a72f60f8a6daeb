package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// getWithForwardedFor sends GET /healthz with an X-Forwarded-For header, as a reverse proxy does.
func getWithForwardedFor(t *testing.T, h *harness, xff string) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.srv.URL+"/healthz", nil)
	req.Header.Set("X-Forwarded-For", xff)
	res, err := h.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
}

// TestForwardedFor_WarnsOnceWithoutTrustedProxies: requests that came through a proxy the
// server was not told about (X-Forwarded-For, GARDEN_TRUSTED_PROXIES unset) log one warning,
// whatever their number; with the proxy trusted, none (issue #22 item 11).
func TestForwardedFor_WarnsOnceWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	const warning = "GARDEN_TRUSTED_PROXIES is unset"
	t.Run("Unset", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, options{})
		h.do("GET", "/healthz", "", nil)
		if strings.Contains(h.logs.String(), warning) {
			t.Fatal("warned without X-Forwarded-For")
		}
		for _, xff := range []string{"203.0.113.7", "198.51.100.1, 203.0.113.7", "203.0.113.8"} {
			getWithForwardedFor(t, h, xff)
		}
		if n := strings.Count(h.logs.String(), warning); n != 1 {
			t.Fatalf("%d warnings, want 1:\n%s", n, h.logs.String())
		}
	})
	t.Run("Trusted", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, options{proxies: "127.0.0.1/32"})
		getWithForwardedFor(t, h, "203.0.113.7")
		if strings.Contains(h.logs.String(), warning) {
			t.Fatalf("warned with the proxy trusted:\n%s", h.logs.String())
		}
	})
}
