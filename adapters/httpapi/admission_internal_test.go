package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// serveAsync runs one request through the gate in its own goroutine; the returned channel
// closes when it is answered.
func serveAsync(g *readGate, method string, ctx context.Context, h http.HandlerFunc) chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		r := httptest.NewRequest(method, "/api/plants", nil).WithContext(ctx)
		g.admit(httptest.NewRecorder(), r, h)
	}()
	return done
}

// waitFor polls cond for up to two seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting until %s", what)
}

func TestReadGate_AdmitsInArrivalOrder(t *testing.T) {
	t.Parallel()
	g := newReadGate(1)
	var mu sync.Mutex
	var order []int
	hold := make(chan struct{})
	first := serveAsync(g, http.MethodGet, context.Background(), func(http.ResponseWriter, *http.Request) { <-hold })
	// The first holds the only slot; five more queue one after the other.
	waitFor(t, "the first read holds the slot", func() bool { return held(g) })
	var waiting []chan struct{}
	for i := range 5 {
		waiting = append(waiting, serveAsync(g, http.MethodGet, context.Background(), func(http.ResponseWriter, *http.Request) {
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
		}))
		time.Sleep(100 * time.Millisecond) // each one queued well before the next arrives
	}
	mu.Lock()
	if len(order) != 0 {
		t.Fatalf("reads %v ran while the only slot was held", order)
	}
	mu.Unlock()
	close(hold)
	<-first
	for _, w := range waiting {
		<-w
	}
	for i, got := range order {
		if got != i {
			t.Fatalf("admitted in the order %v, want arrival order", order)
		}
	}
}

// held reports whether g's only slot is taken.
func held(g *readGate) bool {
	if g.slots.TryAcquire(1) {
		g.slots.Release(1)
		return false
	}
	return true
}

func TestReadGate_ReleasesAtTheFirstByte(t *testing.T) {
	t.Parallel()
	g := newReadGate(1)
	slowClient := make(chan struct{})
	defer close(slowClient)
	// The answer has started: the handler still runs (a long body to a slow client) but the
	// slot is free for the next read.
	serveAsync(g, http.MethodGet, context.Background(), func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
		<-slowClient
	})
	next := serveAsync(g, http.MethodGet, context.Background(), func(http.ResponseWriter, *http.Request) {})
	select {
	case <-next:
	case <-time.After(2 * time.Second):
		t.Fatal("a read waited for another whose answer had started")
	}
}

func TestReadGate_WritesAndLeftClients(t *testing.T) {
	t.Parallel()
	g := newReadGate(1)
	hold := make(chan struct{})
	defer close(hold)
	serveAsync(g, http.MethodGet, context.Background(), func(http.ResponseWriter, *http.Request) { <-hold })
	waitFor(t, "the read holds the slot", func() bool { return held(g) })
	// A write is never queued behind reads.
	wrote := make(chan struct{})
	serveAsync(g, http.MethodPost, context.Background(), func(http.ResponseWriter, *http.Request) { close(wrote) })
	select {
	case <-wrote:
	case <-time.After(2 * time.Second):
		t.Fatal("a write waited at the read gate")
	}
	// A client that leaves while queued is not served.
	ctx, cancel := context.WithCancel(context.Background())
	served := false
	left := serveAsync(g, http.MethodGet, ctx, func(http.ResponseWriter, *http.Request) { served = true })
	cancel()
	select {
	case <-left:
	case <-time.After(2 * time.Second):
		t.Fatal("a client that left still waits for a slot")
	}
	if served {
		t.Fatal("a request whose client left was served")
	}
}

func TestReadGate_NoneWhenUnsized(t *testing.T) {
	t.Parallel()
	if newReadGate(0) != nil {
		t.Fatal("a gate of no slots")
	}
	ran := false
	var g *readGate
	g.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil), func(http.ResponseWriter, *http.Request) { ran = true })
	if !ran {
		t.Fatal("without a gate the handler did not run")
	}
}
