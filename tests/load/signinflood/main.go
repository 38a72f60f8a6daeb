// Command signinflood is the sign-in flood of issue #16: it starts the real gardenctl binary on
// 127.0.0.1, signs one user in, measures idle figures, then sends sign-ins with random
// usernames over 256 connections (each from its own loopback address, 127.0.1.x and 127.0.2.x,
// so the per-address limit does not hide the hashing bound) for 20 s while that user keeps
// reading and a prober polls /healthz. It prints resident memory, /healthz latency, the
// signed-in read latency against idle, the answers, and memory after; and checks the issue's
// bounds. Bounded in time and count, loopback only; it stops the server it started.
//
// Usage: go run ./tests/load/signinflood --bin bin/gardenctl   (or: make bench-signin)
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gardenctl/garden/tests/load/loadclient"
)

func main() {
	bin := flag.String("bin", "bin/gardenctl", "the gardenctl binary")
	port := flag.Int("port", 18150, "port on 127.0.0.1")
	conns := flag.Int("c", 256, "flood connections")
	dur := flag.Duration("d", 20*time.Second, "flood duration")
	dbURL := flag.String("database-url", "", "PostgreSQL URL (empty: SQLite in a temporary folder)")
	flag.Parse()
	if err := run(*bin, *port, *conns, *dur, *dbURL); err != nil {
		fmt.Fprintln(os.Stderr, "signinflood:", err)
		os.Exit(1)
	}
}

const password = "flood-user-password"

func run(bin string, port, conns int, dur time.Duration, dbURL string) error {
	dir, err := os.MkdirTemp("", "hardening-flood-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	base := "http://" + addr
	env := append(os.Environ(), "GARDEN_DATA_DIR="+filepath.Join(dir, "data"), "GARDEN_ADDR="+addr,
		"GARDEN_ADMIN_PASSWORD=flood-admin-password", "GARDEN_LOG_LEVEL=warn", "GARDEN_DATABASE_URL="+dbURL)
	for _, args := range [][]string{{"migrate"}, {"users", "create", "--username", "reader", "--password", password}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %v: %s", args, err, out)
		}
	}
	serve := exec.Command(bin, "serve")
	serve.Env = env
	logf, _ := os.Create(filepath.Join(dir, "serve.log"))
	serve.Stdout, serve.Stderr = logf, logf
	if err := serve.Start(); err != nil {
		return err
	}
	defer func() { _ = serve.Process.Signal(os.Interrupt); _ = serve.Wait() }()
	if err := loadclient.WaitReady(base, 10*time.Second); err != nil {
		return err
	}
	pid := serve.Process.Pid
	token, err := loadclient.SignIn(http.DefaultClient, base, "reader", password)
	if err != nil {
		return err
	}

	fmt.Printf("sign-in flood: %d connections for %s against %s (%s)\n", conns, dur, addr, dbName(dbURL))
	// Idle figures.
	idleRSS := rss(pid)
	idleRead := measure(5*time.Second, func() { read(http.DefaultClient, base, token) })
	idleCtx, idleCancel := context.WithTimeout(context.Background(), 10*time.Second)
	idleHealth := probe(idleCtx, base)
	idleCancel()

	// 64 simultaneous right sign-ins (issue #14 item 5).
	var peak atomic.Int64
	stopSampler := sampler(pid, &peak)
	var wg sync.WaitGroup
	var ok64 atomic.Int64
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := loadclient.SignIn(clientFrom(fmt.Sprintf("127.0.3.%d", i+1)), base, "reader", password); err == nil {
				ok64.Add(1)
			}
		}(i)
	}
	wg.Wait()
	stopSampler()
	peak64 := peak.Load()

	// The flood.
	peak.Store(0)
	stopSampler = sampler(pid, &peak)
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	var statuses sync.Map
	var answered atomic.Int64
	for i := 0; i < conns; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := clientFrom(fmt.Sprintf("127.0.%d.%d", 1+i/250, 1+i%250))
			for ctx.Err() == nil {
				body, _ := json.Marshal(map[string]string{"username": "u" + random(), "password": "p" + random()})
				req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/login", bytes.NewReader(body))
				res, err := c.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				answered.Add(1)
				v, _ := statuses.LoadOrStore(res.StatusCode, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
			}
		}(i)
	}
	var floodRead, floodHealth []time.Duration
	var mwg sync.WaitGroup
	mwg.Add(2)
	go func() {
		defer mwg.Done()
		floodRead = measureCtx(ctx, func() { read(http.DefaultClient, base, token) })
	}()
	go func() {
		defer mwg.Done()
		floodHealth = probe(ctx, base)
	}()
	<-ctx.Done()
	cancel()
	wg.Wait()
	mwg.Wait()
	stopSampler()
	floodPeak := peak.Load()
	rssAt := func(d time.Duration) int64 { time.Sleep(d); return rss(pid) }
	after5 := rssAt(5 * time.Second)
	after30 := rssAt(25 * time.Second)

	fmt.Printf("\n64 simultaneous right sign-ins: %d succeeded, peak resident memory %s (bound 150 MB)\n", ok64.Load(), mb(peak64))
	fmt.Printf("\nflood answers: %d in %s (%.0f/s):", answered.Load(), dur, float64(answered.Load())/dur.Seconds())
	var codes []int
	statuses.Range(func(k, _ any) bool { codes = append(codes, k.(int)); return true })
	sort.Ints(codes)
	for _, c := range codes {
		v, _ := statuses.Load(c)
		fmt.Printf(" %d×%d", v.(*atomic.Int64).Load(), c)
	}
	fmt.Println()
	fmt.Printf("resident memory: idle %s, peak during the flood %s, 5 s after %s, 30 s after %s\n", mb(idleRSS), mb(floodPeak), mb(after5), mb(after30))
	fmt.Printf("/healthz: idle p50 %s p99 %s (%d probes); during the flood p50 %s p99 %s (%d probes)\n",
		pct(idleHealth, 50), pct(idleHealth, 99), len(idleHealth), pct(floodHealth, 50), pct(floodHealth, 99), len(floodHealth))
	fmt.Printf("signed-in GET /api/user: idle p50 %s p99 %s; during the flood p50 %s p99 %s (%d reads, %.1f× idle p50)\n",
		pct(idleRead, 50), pct(idleRead, 99), pct(floodRead, 50), pct(floodRead, 99), len(floodRead),
		float64(pct(floodRead, 50))/float64(max(pct(idleRead, 50), time.Microsecond)))

	var fails []string
	if floodPeak > 300<<20 {
		fails = append(fails, "peak memory above 300 MB")
	}
	if peak64 > 150<<20 {
		fails = append(fails, "64 sign-ins above 150 MB")
	}
	if pct(floodHealth, 99) > 100*time.Millisecond {
		fails = append(fails, "/healthz p99 above 100 ms")
	}
	if pct(floodRead, 50) > 3*max(pct(idleRead, 50), time.Millisecond) {
		fails = append(fails, "signed-in reads slower than 3× idle")
	}
	if after30 > idleRSS+64<<20 {
		fails = append(fails, "memory did not return near idle")
	}
	if len(fails) > 0 {
		return fmt.Errorf("bounds missed: %s", strings.Join(fails, "; "))
	}
	fmt.Println("\nall bounds of issue #16 held")
	return nil
}

func dbName(url string) string {
	if url == "" {
		return "SQLite"
	}
	return "PostgreSQL"
}

func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1}, Timeout: 15 * time.Second}
}

func read(c *http.Client, base, token string) {
	req, _ := http.NewRequest("GET", base+"/api/user", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if res, err := c.Do(req); err == nil {
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

func get(c *http.Client, url string) {
	if res, err := c.Get(url); err == nil {
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// probe is a load balancer's health check: GET /healthz every 50 ms, the pause not counted.
func probe(ctx context.Context, base string) []time.Duration {
	var out []time.Duration
	for ctx.Err() == nil {
		start := time.Now()
		get(http.DefaultClient, base+"/healthz")
		out = append(out, time.Since(start))
		time.Sleep(50 * time.Millisecond)
	}
	return out
}

func measure(d time.Duration, fn func()) []time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return measureCtx(ctx, fn)
}

// measureCtx times fn over and over until ctx ends.
func measureCtx(ctx context.Context, fn func()) []time.Duration {
	var out []time.Duration
	for ctx.Err() == nil {
		start := time.Now()
		fn()
		out = append(out, time.Since(start))
	}
	return out
}

func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, len(s)*p/100)].Round(10 * time.Microsecond)
}

// rss reads the process's resident memory from /proc.
func rss(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// sampler records the largest resident memory every 100 ms until stopped.
func sampler(pid int, peak *atomic.Int64) func() {
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if r := rss(pid); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-stopped }
}

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }

func random() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
