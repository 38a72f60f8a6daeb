package httpapi

import (
	"net/http"

	"golang.org/x/sync/semaphore"
)

// readGate admits signed-in reads to the database in the order they arrive. database/sql hands
// a freed connection to a random waiter, so when more requests want the pool than it holds
// (64 connections against SQLite's 4), some waited many turns: a p99 of 3.3 × the p50 in
// `make bench-load`, 1.6 × behind this gate at the same throughput (docs/performance.md). The
// gate holds as many reads as the pool has connections, queued first come, first served
// (semaphore.Weighted does not let a newcomer barge past a waiter).
//
// A slot is held from admission to the first byte of the answer (or the handler's return), so
// a slow client reading a long answer never holds one; writes, whose bodies arrive at the
// client's pace, are not gated, nor are reads that wait on another server (authedRemote).
type readGate struct{ slots *semaphore.Weighted }

// newReadGate returns a gate of n slots; n ≤ 0 is no gate.
func newReadGate(n int) *readGate {
	if n <= 0 {
		return nil
	}
	return &readGate{slots: semaphore.NewWeighted(int64(n))}
}

// admit runs h once a slot is free, or at once for a method other than GET and HEAD. A
// client that leaves while waiting is not served (nothing could be answered to it).
func (g *readGate) admit(w http.ResponseWriter, r *http.Request, h http.HandlerFunc) {
	if g == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		h(w, r)
		return
	}
	if err := g.slots.Acquire(r.Context(), 1); err != nil {
		return
	}
	aw := &admittedWriter{ResponseWriter: w, gate: g}
	defer aw.release()
	h(aw, r)
}

// admittedWriter gives its request's slot back when the answer starts.
type admittedWriter struct {
	http.ResponseWriter
	gate     *readGate
	released bool
}

func (w *admittedWriter) release() {
	if !w.released {
		w.released = true
		w.gate.slots.Release(1)
	}
}

func (w *admittedWriter) WriteHeader(code int) {
	w.release()
	w.ResponseWriter.WriteHeader(code)
}

func (w *admittedWriter) Write(b []byte) (int, error) {
	w.release()
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController and loggerOf reach the writers below.
func (w *admittedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
