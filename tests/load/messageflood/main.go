// Command messageflood is the message flood of issue #22 item 1: it starts the real gardenctl
// binary on 127.0.0.1 with an SMTP server and an ntfy server that accept connections and never
// answer, gives a listing owner an e-mail address and an ntfy topic on them, and has 16
// connections (16 signed-in gardeners) post messages to the owner's listing for 30 s. It
// prints the answers (429s once per-user write limits are in), the owner's notifications, and
// the server's goroutines, sockets and resident memory idle, at their peak and after, with the
// outbox's depth and deliveries in flight from /metrics; and checks the bounds. Bounded
// in time and count, loopback only; it stops the server it started.
//
// Usage: go run ./tests/load/messageflood --bin bin/gardenctl   (or: make bench-flood)
package main

import (
	"bufio"
	"bytes"
	"context"
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
	port := flag.Int("port", 18160, "port on 127.0.0.1 (the metrics use the next one)")
	conns := flag.Int("c", 16, "flood connections, one gardener each")
	dur := flag.Duration("d", 30*time.Second, "flood duration")
	dbURL := flag.String("database-url", "", "PostgreSQL URL (empty: SQLite in a temporary folder)")
	flag.Parse()
	if err := run(*bin, *port, *conns, *dur, *dbURL); err != nil {
		fmt.Fprintln(os.Stderr, "messageflood:", err)
		os.Exit(1)
	}
}

const password = "flood-user-password"

// silentPeer accepts TCP connections and never says a word: an SMTP server that never sends
// its greeting, or (behind an HTTP server) an ntfy server that never answers. It counts the
// connections open now and at most.
type silentPeer struct {
	ln         net.Listener
	open, peak atomic.Int64
	total      atomic.Int64
}

func newSilentPeer() (*silentPeer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &silentPeer{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.total.Add(1)
			if n := p.open.Add(1); n > p.peak.Load() {
				p.peak.Store(n)
			}
			go func() {
				// Read (and drop) until the client gives up and closes.
				_, _ = io.Copy(io.Discard, c)
				c.Close()
				p.open.Add(-1)
			}()
		}
	}()
	return p, nil
}

func (p *silentPeer) addr() string { return p.ln.Addr().String() }

func run(bin string, port, conns int, dur time.Duration, dbURL string) error {
	dir, err := os.MkdirTemp("", "message-flood-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	smtpPeer, err := newSilentPeer()
	if err != nil {
		return err
	}
	defer smtpPeer.ln.Close()
	ntfyPeer, err := newSilentPeer()
	if err != nil {
		return err
	}
	defer ntfyPeer.ln.Close()

	addr := fmt.Sprintf("127.0.0.1:%d", port)
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", port+1)
	base := "http://" + addr
	env := append(os.Environ(), "GARDEN_DATA_DIR="+filepath.Join(dir, "data"), "GARDEN_ADDR="+addr,
		"GARDEN_ADMIN_PASSWORD=flood-admin-password", "GARDEN_LOG_LEVEL=error", "GARDEN_DATABASE_URL="+dbURL,
		"GARDEN_METRICS_ADDR="+metricsAddr, "GARDEN_SMTP_URL=smtp://"+smtpPeer.addr()+"?from=garden%40example.org",
		"GARDEN_NTFY_ALLOW_PRIVATE_HOSTS=true")
	gardeners := []string{"owner"}
	for i := range conns {
		gardeners = append(gardeners, fmt.Sprintf("sender%02d", i))
	}
	if out, err := command(bin, env, "migrate"); err != nil {
		return fmt.Errorf("migrate: %v: %s", err, out)
	}
	for _, name := range gardeners {
		if out, err := command(bin, env, "users", "create", "--username", name, "--password", password, "--role", "user",
			"--email", name+"@example.org"); err != nil {
			return fmt.Errorf("users create %s: %v: %s", name, err, out)
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
	if err := loadclient.WaitReady(base, 20*time.Second); err != nil {
		return err
	}
	pid := serve.Process.Pid
	tokens := map[string]string{}
	for _, name := range gardeners {
		if tokens[name], err = loadclient.SignIn(http.DefaultClient, base, name, password); err != nil {
			return err
		}
	}
	if status, body := call("PUT", base+"/api/notifications/channels", tokens["owner"],
		map[string]any{"ntfyServer": "http://" + ntfyPeer.addr(), "ntfyTopic": "flood"}); status != 200 {
		return fmt.Errorf("ntfy channel: %d %s", status, body)
	}
	status, body := call("POST", base+"/api/plant-sharing", tokens["owner"], map[string]any{"title": "Spare mint cuttings",
		"plantName": "Mint", "plantType": "Herbs", "listingType": "Swap", "quantity": 3})
	if status != 201 {
		return fmt.Errorf("listing: %d %s", status, body)
	}
	var listing struct{ ID int64 }
	_ = json.Unmarshal(body, &listing)
	messages := fmt.Sprintf("%s/api/plant-sharing/%d/messages", base, listing.ID)

	fmt.Printf("message flood: %d connections for %s against %s (%s), SMTP and ntfy peers that never answer\n",
		conns, dur, addr, dbName(dbURL))
	time.Sleep(2 * time.Second)
	idle := sample(pid, metricsAddr)

	var peak figures
	var mu sync.Mutex
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			f := sample(pid, metricsAddr)
			mu.Lock()
			peak = peak.max(f)
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	var statuses sync.Map
	var sent atomic.Int64
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}, Timeout: 15 * time.Second}
			token := tokens[gardeners[1+i]]
			for n := 0; ctx.Err() == nil; n++ {
				b, _ := json.Marshal(map[string]string{"message": fmt.Sprintf("Is it still there? (%d)", n)})
				req, _ := http.NewRequestWithContext(ctx, "POST", messages, bytes.NewReader(b))
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Content-Type", "application/json")
				res, err := c.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				sent.Add(1)
				v, _ := statuses.LoadOrStore(res.StatusCode, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
			}
		}()
	}
	<-ctx.Done()
	cancel()
	wg.Wait()
	during := sample(pid, metricsAddr)
	time.Sleep(5 * time.Second)
	after := sample(pid, metricsAddr)
	close(stop)
	<-sampled

	status, body = call("GET", base+"/api/notifications", tokens["owner"], nil)
	var bell []json.RawMessage
	_ = json.Unmarshal(body, &bell)

	fmt.Printf("\nanswers: %d in %s (%.0f/s):", sent.Load(), dur, float64(sent.Load())/dur.Seconds())
	var codes []int
	statuses.Range(func(k, _ any) bool { codes = append(codes, k.(int)); return true })
	sort.Ints(codes)
	for _, c := range codes {
		v, _ := statuses.Load(c)
		fmt.Printf(" %d×%d", v.(*atomic.Int64).Load(), c)
	}
	fmt.Printf("\nthe owner's bell: %d notifications (status %d)\n", len(bell), status)
	fmt.Printf("peers: SMTP %d connections in all, %d at most open; ntfy %d in all, %d at most open (seen by the peer, which notices a close a moment late)\n",
		smtpPeer.total.Load(), smtpPeer.peak.Load(), ntfyPeer.total.Load(), ntfyPeer.peak.Load())
	fmt.Printf("%-22s %10s %8s %8s %14s %10s\n", "", "goroutines", "sockets", "RSS", "outbox pending", "in flight")
	for _, row := range []struct {
		name string
		f    figures
	}{{"idle", idle}, {"peak during the flood", peak}, {"end of the flood", during}, {"5 s after", after}} {
		fmt.Printf("%-22s %10d %8d %8s %14d %10d\n", row.name, row.f.goroutines, row.f.sockets, mb(row.f.rss), row.f.pending, row.f.inFlight)
	}

	var fails []string
	if peak.rss > idle.rss+50<<20 {
		fails = append(fails, "resident memory more than 50 MB above idle")
	}
	if peak.inFlight > 8*3 {
		fails = append(fails, "more than 8 deliveries in flight per channel")
	}
	// The peers see a closed connection a moment late (their reader has to run), so the
	// server's own sockets are the bound: the clients' connections, the deliveries in flight and
	// the database pool (20 on PostgreSQL), whatever the number of messages.
	if peak.sockets > idle.sockets+2*conns+3*8+20 {
		fails = append(fails, "sockets grew beyond the connections, deliveries and pool")
	}
	// Goroutines may follow the connections (a handler, a body reader, a transaction's watcher
	// each) and the deliveries in flight, never the messages.
	if peak.goroutines > idle.goroutines+32*conns+3*peak.inFlight {
		fails = append(fails, "goroutines grew beyond the connections and deliveries in flight")
	}
	if after.goroutines > idle.goroutines+4*after.inFlight {
		fails = append(fails, "goroutines stayed after the flood")
	}
	if len(fails) > 0 {
		return fmt.Errorf("bounds missed: %s", strings.Join(fails, "; "))
	}
	fmt.Println("\nthe bounds of issue #22 item 1 held (deliveries in flight, sockets, memory)")
	return nil
}

func command(bin string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	return cmd.CombinedOutput()
}

func call(method, url, token string, body any) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, r)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func dbName(url string) string {
	if url == "" {
		return "SQLite"
	}
	return "PostgreSQL"
}

// figures are the server's at one moment.
type figures struct {
	goroutines, sockets, pending, inFlight int
	rss                                    int64
}

func (f figures) max(g figures) figures {
	return figures{goroutines: max(f.goroutines, g.goroutines), sockets: max(f.sockets, g.sockets), pending: max(f.pending, g.pending),
		inFlight: max(f.inFlight, g.inFlight), rss: max(f.rss, g.rss)}
}

// sample reads the process's resident memory and sockets from /proc and its goroutines and
// outbox from /metrics.
func sample(pid int, metricsAddr string) figures {
	var f figures
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if fs := strings.Fields(line); len(fs) >= 2 && fs[0] == "VmRSS:" {
				kb, _ := strconv.ParseInt(fs[1], 10, 64)
				f.rss = kb << 10
			}
		}
	}
	if fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid)); err == nil {
		for _, fd := range fds {
			if link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && strings.HasPrefix(link, "socket:") {
				f.sockets++
			}
		}
	}
	res, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		return f
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		v, _ := strconv.ParseFloat(value, 64)
		switch {
		case name == "go_goroutines":
			f.goroutines = int(v)
		case strings.HasPrefix(name, "garden_outbox_pending{"):
			f.pending += int(v)
		case strings.HasPrefix(name, "garden_outbox_in_flight{"):
			f.inFlight += int(v)
		}
	}
	return f
}

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }
