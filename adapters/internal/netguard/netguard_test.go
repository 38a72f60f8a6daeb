package netguard_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gardenctl/garden/adapters/internal/netguard"
)

func TestClient_RefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	defer srv.Close()
	_, err := netguard.Client(false).Get(srv.URL)
	var refused *netguard.RefusedAddressError
	if !errors.As(err, &refused) {
		t.Fatalf("a loopback address was reached: %v", err)
	}
	res, err := netguard.Client(true).Get(srv.URL)
	if err != nil || res.StatusCode != 204 {
		t.Fatalf("allowPrivate: %v", err)
	}
	res.Body.Close()
}
