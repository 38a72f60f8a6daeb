package httpapi

import (
	"net/http/httptest"
	"testing"
)

// TestClientAddr: the direct peer unless it is a trusted proxy; X-Forwarded-For read from the
// right past trusted hops; IPv6 per /64.
func TestClientAddr(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		peer, xff string
		proxies   bool
		want      string
	}{
		{"203.0.113.5:4000", "", true, "203.0.113.5"},
		{"203.0.113.5:4000", "1.2.3.4", true, "203.0.113.5"},             // not a proxy: header ignored
		{"127.0.0.1:4000", "1.2.3.4", false, "127.0.0.1"},                // no proxies configured
		{"127.0.0.1:4000", "1.2.3.4", true, "1.2.3.4"},                   // trusted proxy
		{"10.1.2.3:4000", "9.9.9.9, 1.2.3.4, 10.0.0.7", true, "1.2.3.4"}, // rightmost untrusted
		{"10.1.2.3:4000", "10.0.0.8, 10.0.0.7", true, "10.0.0.8"},        // all trusted: leftmost
		{"10.1.2.3:4000", "junk, 1.2.3.4", true, "1.2.3.4"},
		{"10.1.2.3:4000", "1.2.3.4, junk", true, "10.1.2.3"}, // malformed hop: trust stops
		{"[2001:db8:1:2:3:4:5:6]:4000", "", true, "2001:db8:1:2::/64"},
		{"[::ffff:198.51.100.1]:80", "", true, "198.51.100.1"},
	} {
		r := httptest.NewRequest("POST", "/api/login", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		p := proxies
		if !c.proxies {
			p = nil
		}
		if got := clientAddr(r, p); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", c.peer, c.xff, got, c.want)
		}
	}
	if _, err := ParseTrustedProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad prefix was accepted")
	}
}
