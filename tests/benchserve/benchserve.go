// Package benchserve drives an http.Handler in a benchmark without the network, as the load
// harness's clients would: the same signed-in GET from every goroutine.
package benchserve

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Get runs GET path with the bearer token through h b.N times in parallel, fails on any answer
// but 200, and reports allocations and the process's CPU time per request (cpu-µs/op), which is
// steadier than wall time on a shared machine.
func Get(b *testing.B, h http.Handler, path, token string) {
	b.ReportAllocs()
	b.ResetTimer()
	start := processCPU()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("GET %s: status %d: %s", path, rec.Code, rec.Body)
			}
		}
	})
	b.ReportMetric(float64(processCPU()-start)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
}

// Post runs POST path with body and the bearer token through h b.N times in parallel, fails on
// any answer but want, and reports as Get does.
func Post(b *testing.B, h http.Handler, path, token, body string, want int) {
	b.ReportAllocs()
	b.ResetTimer()
	start := processCPU()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != want {
				b.Fatalf("POST %s: status %d: %s", path, rec.Code, rec.Body)
			}
		}
	})
	b.ReportMetric(float64(processCPU()-start)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
}

// processCPU is the process's user + system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
