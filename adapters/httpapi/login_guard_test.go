package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// countingHasher counts verifications and can hold each one until released.
type countingHasher struct {
	verifies atomic.Int64
	delay    time.Duration
	hold     chan struct{} // when set, each Verify waits for a value
	started  chan struct{} // when set, each Verify says it started
	armed    atomic.Bool   // hold and started apply only once armed (not to the start-up check)
}

func (c *countingHasher) Hash(pw string) (string, error) { return password.Fast.Hash(pw) }
func (c *countingHasher) Verify(h, pw string) (bool, error) {
	c.verifies.Add(1)
	if c.started != nil && c.armed.Load() {
		c.started <- struct{}{}
	}
	if c.hold != nil && c.armed.Load() {
		<-c.hold
	}
	time.Sleep(c.delay)
	return password.Fast.Verify(h, pw)
}

// clientFrom is an HTTP client whose connections leave from local address ip (a loopback
// address other than the server's 127.0.0.1 plays a second machine).
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 30 * time.Second}
}

func loginWith(t *testing.T, c *http.Client, base, username, pw string, header http.Header) response {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": pw})
	req, _ := http.NewRequest("POST", base+"/api/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

// TestLogin_ParallelAttemptsReserveTheSlot sends 50 wrong passwords at once: the throttle must
// check exactly 5 of them (issue #16 item 3; on main 45–50 were checked).
func TestLogin_ParallelAttemptsReserveTheSlot(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			hasher := &countingHasher{delay: 5 * time.Millisecond}
			h := newHarness(t, options{postgres: db.postgres, hasher: hasher,
				throttle: &domain.LoginThrottle{MaxFailures: 5, MaxAddressFailures: 1000, Window: 15 * time.Minute},
				gate:     app.NewPasswordGate(app.PasswordGateConfig{Slots: 2, Queue: 100, MaxWait: time.Minute})})
			h.user("victim", domain.RoleUser)
			hasher.verifies.Store(0)
			const n = 50
			var wg sync.WaitGroup
			statuses := make(chan int, n)
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses <- loginWith(t, h.srv.Client(), h.srv.URL, "victim", "wrong-password", nil).status
				}()
			}
			wg.Wait()
			close(statuses)
			count := map[int]int{}
			for s := range statuses {
				count[s]++
			}
			if got := hasher.verifies.Load(); got != 5 {
				t.Fatalf("%d passwords checked, want exactly 5 (statuses %v)", got, count)
			}
			if count[401] != 5 || count[429] != n-5 {
				t.Fatalf("statuses %v, want 5×401 and %d×429", count, n-5)
			}
		})
	}
}

// TestLogin_StrangerCannotLockOwnerOut fails a user's password from 127.0.0.2 until that address
// is refused; the owner signing in from 127.0.0.1 is not locked out (issue #16 item 4). It also
// shows X-Forwarded-For is not believed from an untrusted peer, and the per-address limit.
func TestLogin_StrangerCannotLockOwnerOut(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, listen: "127.0.0.1:0",
				throttle: &domain.LoginThrottle{MaxFailures: 3, MaxAddressFailures: 6, Window: 15 * time.Minute}})
			h.user("admin2", domain.RoleSuperadmin)
			h.user("other", domain.RoleUser)
			stranger, owner := clientFrom("127.0.0.2"), clientFrom("127.0.0.1")
			// A forged header does not move the stranger's failures onto another address.
			forged := http.Header{"X-Forwarded-For": {"127.0.0.1"}}
			for i := 0; i < 3; i++ {
				expect(t, loginWith(t, stranger, h.srv.URL, "admin2", "wrong-password", forged), 401, domain.MsgInvalidCredentials)
			}
			r := loginWith(t, stranger, h.srv.URL, "admin2", "password-admin2", forged)
			if r.status != 429 || r.header.Get("Retry-After") == "" || !strings.HasPrefix(r.body["message"].(string), "Too many failed login attempts") {
				t.Fatalf("stranger after 3 failures: %d %s (Retry-After %q)", r.status, r.raw, r.header.Get("Retry-After"))
			}
			// The owner, from their own address, still signs in with the right password.
			expect(t, loginWith(t, owner, h.srv.URL, "admin2", "password-admin2", nil), 200, "")
			// The stranger's address is also limited across usernames: 3 more failures on
			// another name reach 6 for the address, and then even a third name is refused.
			for i := 0; i < 3; i++ {
				expect(t, loginWith(t, stranger, h.srv.URL, "other", "wrong-password", nil), 401, "")
			}
			expect(t, loginWith(t, stranger, h.srv.URL, "nobody-here", "wrong-password", nil), 429, "")
			expect(t, loginWith(t, owner, h.srv.URL, "other", "password-other", nil), 200, "")
		})
	}
}

// TestLogin_TrustedProxyForwardedFor believes X-Forwarded-For only from a trusted proxy.
func TestLogin_TrustedProxyForwardedFor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{proxies: "127.0.0.1/32", throttle: &domain.LoginThrottle{MaxFailures: 2, Window: time.Hour}})
	h.user("fern", domain.RoleUser)
	proxy := clientFrom("127.0.0.1")
	bad := http.Header{"X-Forwarded-For": {"203.0.113.9, 127.0.0.1"}}
	for i := 0; i < 2; i++ {
		expect(t, loginWith(t, proxy, h.srv.URL, "fern", "wrong-password", bad), 401, "")
	}
	expect(t, loginWith(t, proxy, h.srv.URL, "fern", "password-fern", bad), 429, "")
	// The same proxy forwarding another client: that client is not locked out.
	expect(t, loginWith(t, proxy, h.srv.URL, "fern", "password-fern", http.Header{"X-Forwarded-For": {"198.51.100.7"}}), 200, "")
	// A peer that is not a trusted proxy cannot pick its address with the header.
	expect(t, loginWith(t, clientFrom("127.0.0.2"), h.srv.URL, "fern", "password-fern", http.Header{"X-Forwarded-For": {"203.0.113.9"}}), 200, "")
}

// TestLogin_PerAddressRate turns a flood from one address into 429s before any hashing.
func TestLogin_PerAddressRate(t *testing.T) {
	t.Parallel()
	hasher := &countingHasher{}
	h := newHarness(t, options{hasher: hasher, loginRate: &httpapi.LoginRate{Burst: 3, Every: time.Hour}})
	h.user("clover", domain.RoleUser)
	hasher.verifies.Store(0)
	c := clientFrom("127.0.0.3")
	for i := 0; i < 3; i++ {
		expect(t, loginWith(t, c, h.srv.URL, "clover", "wrong-password", nil), 401, "")
	}
	r := loginWith(t, c, h.srv.URL, "clover", "password-clover", nil)
	expect(t, r, 429, httpapi.MsgTooManySignIns)
	if r.header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	if got := hasher.verifies.Load(); got != 3 {
		t.Fatalf("%d passwords checked, want 3: the refused request must not hash", got)
	}
	// Another address is not affected.
	expect(t, loginWith(t, clientFrom("127.0.0.4"), h.srv.URL, "clover", "password-clover", nil), 200, "")
}

// TestLogin_BoundedHashing holds the only hashing slot: one more sign-in waits in the queue,
// the next is refused at once with 429 and Retry-After, and a queued sign-in whose client
// leaves never hashes and is logged as the client's cancellation, not an error.
func TestLogin_BoundedHashing(t *testing.T) {
	t.Parallel()
	hasher := &countingHasher{hold: make(chan struct{}), started: make(chan struct{}, 10)}
	gate := app.NewPasswordGate(app.PasswordGateConfig{Slots: 1, Queue: 1, MaxWait: time.Minute})
	h := newHarness(t, options{hasher: hasher, throttle: &domain.LoginThrottle{MaxFailures: 100, Window: time.Hour}, gate: gate})
	for _, n := range []string{"ivy", "ash", "oak"} {
		h.user(n, domain.RoleUser)
	}
	hasher.verifies.Store(0)
	hasher.armed.Store(true)
	first := make(chan response, 1)
	go func() { first <- loginWith(t, h.srv.Client(), h.srv.URL, "ivy", "password-ivy", nil) }()
	<-hasher.started // ivy holds the slot
	ctx, cancel := context.WithCancel(context.Background())
	queued := make(chan error, 1)
	go func() {
		body := strings.NewReader(`{"username":"ash","password":"password-ash"}`)
		req, _ := http.NewRequestWithContext(ctx, "POST", h.srv.URL+"/api/login", body)
		_, err := h.srv.Client().Do(req)
		queued <- err
	}()
	// Wait until ash is in the queue: then oak finds the queue full.
	for deadline := time.Now().Add(5 * time.Second); gate.Waiting() < 1; {
		if time.Now().After(deadline) {
			t.Fatal("the second sign-in never queued")
		}
		time.Sleep(5 * time.Millisecond)
	}
	r := loginWith(t, h.srv.Client(), h.srv.URL, "oak", "password-oak", nil)
	expect(t, r, 429, app.MsgSignInBusy)
	if r.header.Get("Retry-After") == "" {
		t.Fatal("busy answer without Retry-After")
	}
	cancel() // ash's client leaves while queued
	if err := <-queued; err == nil {
		t.Fatal("cancelled request did not fail on the client")
	}
	time.Sleep(100 * time.Millisecond) // let the server notice
	hasher.hold <- struct{}{}          // ivy's check finishes
	expect(t, <-first, 200, "")
	time.Sleep(100 * time.Millisecond)
	if got := hasher.verifies.Load(); got != 1 {
		t.Fatalf("%d passwords checked, want 1: the departed client's sign-in must not hash", got)
	}
	logs := h.logs.String()
	if strings.Contains(logs, "level=ERROR") || !strings.Contains(logs, "request cancelled by the client") || !strings.Contains(logs, "status=499") {
		t.Fatalf("a client's cancellation must be logged as such (INFO, 499), not as an error:\n%s", logs)
	}
	// The slot is free again, and the queue empty: sign-ins work.
	close(hasher.hold)
	expect(t, loginWith(t, h.srv.Client(), h.srv.URL, "oak", "password-oak", nil), 200, "")
}

// TestLogin_UnknownUsernameCostsTimeNotAHash: an unknown username waits about as long as a
// check takes, in the same queue, but computes no hash.
func TestLogin_UnknownUsernameCostsTimeNotAHash(t *testing.T) {
	t.Parallel()
	hasher := &countingHasher{delay: 60 * time.Millisecond}
	h := newHarness(t, options{hasher: hasher})
	h.user("sage", domain.RoleUser)
	hasher.verifies.Store(0)
	start := time.Now()
	expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "no-such-user", "password": "whatever-1"}), 401, domain.MsgInvalidCredentials)
	if d := time.Since(start); d < 40*time.Millisecond {
		t.Fatalf("unknown username answered in %s, want about as long as a check (60ms)", d)
	}
	if got := hasher.verifies.Load(); got != 0 {
		t.Fatalf("unknown username computed %d hashes, want 0", got)
	}
}
