// Package netguard gives adapters an HTTP client that reaches only public addresses, for
// requests whose address comes from a user (push endpoints, ntfy servers): such an address
// must not become a way to make the server call into its own network.
package netguard

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"
)

// RefusedAddressError is a connection the guard refused.
type RefusedAddressError struct{ addr string }

func (e *RefusedAddressError) Error() string {
	return fmt.Sprintf("%s is not a public address", e.addr)
}

// cgnat is the shared address space of RFC 6598, private in practice.
var cgnat = &net.IPNet{IP: net.IPv4(100, 64, 0, 0), Mask: net.CIDRMask(10, 32)}

// PublicIP reports whether ip is an address on the public internet.
func PublicIP(ip net.IP) bool { return publicIP(ip) }

// publicIP reports whether ip is an address on the public internet.
func publicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || cgnat.Contains(ip))
}

// Client is an HTTP client with timeouts whose connections may only reach public
// addresses (unless allowPrivate): the address comes from a user and
// must not become a way to make the server call into its own network. The check runs on the
// resolved address at connect time, so DNS tricks do not get past it. No redirects are
// followed and no proxy is used.
func Client(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); ip == nil || !publicIP(ip) {
				return &RefusedAddressError{addr: host}
			}
			return nil
		}
	}
	transport := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 20 * time.Second,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
