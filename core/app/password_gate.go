package app

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// MsgSignInBusy answers a sign-in (or any password hashing) that found the server's hashing
// slots and their short queue full.
const MsgSignInBusy = "The server is busy signing people in. Please try again in a few seconds."

// PasswordGate bounds password hashing. A hash costs about 19 MiB and 30 ms of one core; without
// a bound, 256 connections of sign-ins grew the process to 6 GB and starved every other request
// (issue #16 item 2). At most Slots hashes run at once, at most Queue more wait, and none waits
// longer than MaxWait: past that the caller gets 429 with Retry-After. A caller whose request
// was cancelled (client gone) leaves the queue at once and never hashes.
type PasswordGate struct {
	slots   chan struct{}
	waiting atomic.Int64
	queue   int64
	maxWait time.Duration

	mu  sync.Mutex
	avg time.Duration // moving average of a verification, for the unknown-user delay
}

// PasswordGateConfig sizes a PasswordGate; zero values take the defaults.
type PasswordGateConfig struct {
	// Slots is how many hashes may run at once (default: the number of CPUs less one, at
	// least one: a core stays free for every other request, so /healthz and signed-in reads
	// keep their latency while sign-ins queue).
	Slots int
	// Queue is how many callers may wait for a slot (default: 32 per slot and at least 64, so
	// 64 people signing in at the same moment all get in, within a couple of seconds).
	Queue int
	// MaxWait is the longest a caller waits in the queue (default: 10 s; the queue's length,
	// not this, is what normally bounds the wait: 64 checks take about 2 s on one core).
	MaxWait time.Duration
}

// NewPasswordGate builds a gate.
func NewPasswordGate(c PasswordGateConfig) *PasswordGate {
	if c.Slots <= 0 {
		c.Slots = max(1, runtime.NumCPU()-1)
	}
	if c.Queue <= 0 {
		c.Queue = max(64, 32*c.Slots)
	}
	if c.MaxWait <= 0 {
		c.MaxWait = 10 * time.Second
	}
	return &PasswordGate{slots: make(chan struct{}, c.Slots), queue: int64(c.Queue), maxWait: c.MaxWait}
}

func busy() error {
	return &domain.Error{Code: domain.ERateLimited, Message: MsgSignInBusy, RetryAfter: 2 * time.Second}
}

// acquire takes a slot, waiting in the queue if there is room. It returns the context's error
// when the caller went away, and the busy error when the queue is full or the wait too long.
func (g *PasswordGate) acquire(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case g.slots <- struct{}{}:
		return nil
	default:
	}
	if g.waiting.Add(1) > g.queue {
		g.waiting.Add(-1)
		return busy()
	}
	defer g.waiting.Add(-1)
	timer := time.NewTimer(g.maxWait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		if err := ctx.Err(); err != nil {
			<-g.slots
			return err
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return busy()
	}
}

func (g *PasswordGate) release() { <-g.slots }

// Enter takes a slot (waiting in the queue if there is room) and returns its release.
func (g *PasswordGate) Enter(ctx context.Context) (release func(), err error) {
	if err := g.acquire(ctx); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(g.release) }, nil
}

// Do runs fn in a slot.
func (g *PasswordGate) Do(ctx context.Context, fn func()) error {
	if err := g.acquire(ctx); err != nil {
		return err
	}
	defer g.release()
	fn()
	return nil
}

func (g *PasswordGate) observe(d time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.avg == 0 {
		g.avg = d
		return
	}
	g.avg += (d - g.avg) / 8
}

// standIn waits, in a slot the caller holds, as long as a verification takes on average without
// computing one: an unknown username costs the same time and the same place in the queue as a
// known one, but not the memory and CPU of a hash.
func (g *PasswordGate) standIn(ctx context.Context) error {
	g.mu.Lock()
	d := g.avg
	g.mu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// verifyIn checks a password in a slot the caller holds, timing it for standIn.
func (g *PasswordGate) verifyIn(verify func() (bool, error)) (bool, error) {
	start := time.Now()
	ok, err := verify()
	g.observe(time.Since(start))
	return ok, err
}

// Waiting says how many callers wait for a slot now (for tests and diagnostics).
func (g *PasswordGate) Waiting() int { return int(g.waiting.Load()) }
