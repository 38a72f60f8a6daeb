package httpapi

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/gardenctl/garden/core/domain"
)

// ParseTrustedProxies reads GARDEN_TRUSTED_PROXIES: a comma-separated list of CIDR prefixes or
// single addresses of the reverse proxies whose X-Forwarded-For the server believes.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			a, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: want an address or a CIDR prefix", part)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: want an address or a CIDR prefix", part)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func trusted(a netip.Addr, proxies []netip.Prefix) bool {
	for _, p := range proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the address the sign-in limits count against. By default it is the direct peer:
// X-Forwarded-For is set by anyone and believed from no one. When the peer is one of the trusted
// proxies, the header is read from the right, skipping trusted proxies, and the first address
// that is not one is the client. IPv6 clients count per /64, the block one subscriber gets.
func clientAddr(r *http.Request, proxies []netip.Prefix) string {
	peer := parseAddr(r.RemoteAddr)
	if peer.IsValid() && len(proxies) > 0 && trusted(peer, proxies) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // a malformed hop: trust nothing further left
			}
			a = a.Unmap()
			peer = a
			if !trusted(a, proxies) {
				break
			}
		}
	}
	if !peer.IsValid() {
		return r.RemoteAddr
	}
	if peer.Is6() {
		return netip.PrefixFrom(peer, 64).Masked().String()
	}
	return peer.String()
}

func parseAddr(hostport string) netip.Addr {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// LoginRate is the per-address limit on sign-in requests, kept in each replica's memory: it
// turns a flood from one address into cheap 429s before any database work or hashing.
type LoginRate struct {
	// Burst is how many sign-ins an address may send at once (default 20).
	Burst int
	// Every is the time that earns one more (default 3 s, so 20 a minute).
	Every time.Duration
}

// addrLimiter keeps one token bucket per client address, forgetting idle ones.
type addrLimiter struct {
	rate LoginRate
	mu   sync.Mutex
	m    map[string]*addrEntry
	last time.Time // last sweep
}

type addrEntry struct {
	lim  *rate.Limiter
	seen time.Time
}

func newAddrLimiter(r LoginRate) *addrLimiter {
	if r.Burst <= 0 {
		r.Burst = 20
	}
	if r.Every <= 0 {
		r.Every = 3 * time.Second
	}
	return &addrLimiter{rate: r, m: map[string]*addrEntry{}, last: time.Now()}
}

// allow takes one token for addr, or says how long until one is there.
func (l *addrLimiter) allow(addr string) (bool, time.Duration) {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	// A bucket idle for Burst×Every is full again, the same as a new one: forget it.
	idle := time.Duration(l.rate.Burst) * l.rate.Every
	if now.Sub(l.last) > time.Minute || len(l.m) > 100_000 {
		for k, e := range l.m {
			if now.Sub(e.seen) > idle {
				delete(l.m, k)
			}
		}
		l.last = now
	}
	e, ok := l.m[addr]
	if !ok {
		e = &addrEntry{lim: rate.NewLimiter(rate.Every(l.rate.Every), l.rate.Burst)}
		l.m[addr] = e
	}
	e.seen = now
	res := e.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// MsgTooManySignIns answers an address that sent more sign-ins than LoginRate allows.
const MsgTooManySignIns = "Too many sign-in attempts from your address. Please wait a moment and try again."

func tooManySignIns(wait time.Duration) error {
	return &domain.Error{Code: domain.ERateLimited, Message: MsgTooManySignIns, RetryAfter: wait}
}

// tarpit waits d or until the client leaves.
func tarpit(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
