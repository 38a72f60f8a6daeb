// Package cluster runs Garden as an operator would at scale: several `gardenctl serve` replicas
// on one PostgreSQL database and one MinIO server, behind HAProxy (Debian's package) with health
// checks on /readyz, under a mixed load of gardeners (reads, waterings, journal photos, forum
// replies), while the replicas are restarted one by one (a rolling deploy) and, optionally, one
// is killed. It counts every request, checks afterwards that every write answered 2xx is in the
// database, and that each scheduled job ran exactly once for its tick across the replicas.
//
// `make bench-cluster` runs it with three replicas for 60 s (tests/load/cluster); the test in
// this package runs two replicas for 15 s in `make test`.
package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/tests/miniotest"
)

// Options says what to run.
type Options struct {
	Bin       string        // the gardenctl binary
	HAProxy   string        // the haproxy binary (default: haproxy on PATH)
	Replicas  int           // at least 2
	Duration  time.Duration // how long the load runs
	Gardeners int           // concurrent gardeners (closed loop)
	// Kill: after the rolling deploy, one replica gets SIGKILL and is started again.
	Kill bool
	// AdminURL is PostgreSQL's admin database (default postgres://postgres@127.0.0.1:5432/postgres).
	AdminURL string
	// Logf reports progress (default: nothing).
	Logf func(format string, args ...any)
}

// Result is what a run measured.
type Result struct {
	Requests   int
	Throughput float64 // requests per second
	P50, P99   time.Duration
	// Failed counts requests without a 2xx answer, by phase: "steady", "rolling", "kill".
	Failed map[string]int
	// FailedSamples are a few failures, for the report.
	FailedSamples []string
	// AnsweredWrites are the writes answered 2xx; Missing those not found in the database after.
	AnsweredWrites, MissingWrites int
	// Restarts is how many replicas were stopped and started again during the run.
	Restarts int
	// JobRuns counts the scheduled job runs (every enabled job runs each minute during the
	// run), DuplicatedRuns those that shared a job and tick with another (must be 0).
	JobRuns, DuplicatedRuns int
	// ExpectedRuns is one run per job per full minute the run spanned.
	ExpectedRuns int
}

// FailedTotal is the number of failed requests in every phase.
func (r Result) FailedTotal() int {
	n := 0
	for _, v := range r.Failed {
		n += v
	}
	return n
}

const adminPassword = "cluster-admin-password"

// Run starts everything, runs the load and the deploy, checks the data and stops everything.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Replicas < 2 {
		return Result{}, errors.New("cluster: at least 2 replicas")
	}
	if o.HAProxy == "" {
		o.HAProxy = "haproxy"
	}
	if _, err := exec.LookPath(o.HAProxy); err != nil {
		return Result{}, fmt.Errorf("cluster: HAProxy not found (apt-get install haproxy): %w", err)
	}
	if o.AdminURL == "" {
		o.AdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	if o.Gardeners == 0 {
		o.Gardeners = 8
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	dir, err := os.MkdirTemp("", "garden-cluster-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)

	dbURL, dropDB, err := createDatabase(ctx, o.AdminURL)
	if err != nil {
		return Result{}, err
	}
	defer dropDB()
	s3, err := miniotest.Start()
	if err != nil {
		return Result{}, fmt.Errorf("cluster: MinIO: %w", err)
	}
	defer miniotest.Stop()
	blobURL := fmt.Sprintf("s3://%s:%s@%s/garden-cluster-%s", s3.AccessKey, s3.SecretKey, s3.Endpoint, randomHex(4))

	c := &cluster{o: o, dir: dir, dbURL: dbURL, blobURL: blobURL}
	defer c.stopAll()
	if _, err := c.gardenctl(ctx, "migrate"); err != nil {
		return Result{}, err
	}
	// Every scheduled job runs each minute on every replica's schedule (set before they start,
	// so each has it): the (job, tick) key must let exactly one replica run each tick.
	if err := c.everyJobEveryMinute(ctx); err != nil {
		return Result{}, err
	}
	for i := 0; i < o.Replicas; i++ {
		port, err := miniotest.FreePort()
		if err != nil {
			return Result{}, err
		}
		r := &replica{name: fmt.Sprintf("r%d", i+1), addr: fmt.Sprintf("127.0.0.1:%d", port)}
		c.replicas = append(c.replicas, r)
		if err := c.start(ctx, r); err != nil {
			return Result{}, err
		}
	}
	if err := c.startHAProxy(ctx); err != nil {
		return Result{}, err
	}
	o.Logf("cluster: %d replicas behind HAProxy at %s", o.Replicas, c.front)

	gardeners, err := c.prepareGardeners(ctx)
	if err != nil {
		return Result{}, err
	}
	started := time.Now()

	load := newLoad(c.front, gardeners)
	loadCtx, stopLoad := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, g := range gardeners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			load.run(loadCtx, g)
		}()
	}

	// The deploy: a quarter of the run steady, then each replica in turn stopped with SIGTERM and
	// started again, then (optionally) one killed, then steady to the end.
	deadline := started.Add(o.Duration)
	sleepUntil(ctx, started.Add(o.Duration/4))
	restarts := 0
	load.phase.Store("rolling")
	for _, r := range c.replicas {
		if ctx.Err() != nil {
			break
		}
		o.Logf("cluster: rolling deploy: SIGTERM %s", r.name)
		if err := c.restart(ctx, r, syscall.SIGTERM); err != nil {
			stopLoad()
			wg.Wait()
			return Result{}, err
		}
		restarts++
	}
	load.phase.Store("steady")
	if o.Kill {
		sleepUntil(ctx, time.Now().Add(2*time.Second))
		r := c.replicas[len(c.replicas)-1]
		o.Logf("cluster: SIGKILL %s", r.name)
		load.phase.Store("kill")
		if err := c.restart(ctx, r, syscall.SIGKILL); err != nil {
			stopLoad()
			wg.Wait()
			return Result{}, err
		}
		restarts++
		load.phase.Store("steady")
	}
	sleepUntil(ctx, deadline)
	stopLoad()
	wg.Wait()
	elapsed := time.Since(started)

	res := load.result(elapsed)
	res.Restarts = restarts
	if err := c.checkWrites(ctx, load, &res); err != nil {
		return res, err
	}
	if err := c.checkJobs(ctx, started, &res); err != nil {
		return res, err
	}
	return res, nil
}

type replica struct {
	name, addr string
	cmd        *exec.Cmd
	exited     chan error
	log        *os.File
}

type cluster struct {
	o        Options
	dir      string
	dbURL    string
	blobURL  string
	replicas []*replica
	front    string
	haproxy  *exec.Cmd
	jobs     int // scheduled jobs running every minute
}

func (c *cluster) env(extra ...string) []string {
	env := append(os.Environ(), extra...)
	return append(env,
		"GARDEN_DATABASE_URL="+c.dbURL, "GARDEN_BLOB_URL="+c.blobURL, "GARDEN_ADMIN_PASSWORD="+adminPassword,
		"GARDEN_LOG_LEVEL=warn", "GARDEN_SHUTDOWN_DRAIN=2s", "GARDEN_SHUTDOWN_TIMEOUT=20s",
		// Every request comes through HAProxy on this machine: its X-Forwarded-For names the client.
		"GARDEN_TRUSTED_PROXIES=127.0.0.1")
}

func (c *cluster) gardenctl(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, c.o.Bin, args...)
	cmd.Env = c.env("GARDEN_DATA_DIR=" + filepath.Join(c.dir, "cli"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("gardenctl %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// start starts a replica and waits until its /readyz answers 200.
func (c *cluster) start(ctx context.Context, r *replica) error {
	logFile, err := os.OpenFile(filepath.Join(c.dir, r.name+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(c.o.Bin, "serve")
	cmd.Env = c.env("GARDEN_ADDR="+r.addr, "GARDEN_DATA_DIR="+filepath.Join(c.dir, r.name))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return err
	}
	r.cmd, r.log, r.exited = cmd, logFile, make(chan error, 1)
	go func(exited chan error) { exited <- cmd.Wait() }(r.exited)
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case err := <-r.exited:
			return fmt.Errorf("replica %s exited while starting: %v\n%s", r.name, err, tail(filepath.Join(c.dir, r.name+".log")))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if res, err := client.Get("http://" + r.addr + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("replica %s not ready within a minute\n%s", r.name, tail(filepath.Join(c.dir, r.name+".log")))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// restart stops a replica with sig, waits for it to exit, and starts it again; HAProxy's
// health check sees it come back.
func (c *cluster) restart(ctx context.Context, r *replica, sig syscall.Signal) error {
	_ = r.cmd.Process.Signal(sig)
	select {
	case <-r.exited:
	case <-time.After(60 * time.Second):
		return fmt.Errorf("replica %s did not stop within a minute after %v", r.name, sig)
	}
	r.log.Close()
	if err := c.start(ctx, r); err != nil {
		return err
	}
	// Back in rotation once HAProxy's check has seen it up (rise 2 × 500 ms).
	sleepUntil(ctx, time.Now().Add(1500*time.Millisecond))
	return nil
}

func (c *cluster) stopAll() {
	if c.haproxy != nil && c.haproxy.Process != nil {
		_ = c.haproxy.Process.Kill()
		_ = c.haproxy.Wait()
	}
	for _, r := range c.replicas {
		if r.cmd != nil && r.cmd.ProcessState == nil {
			_ = r.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-r.exited:
			case <-time.After(30 * time.Second):
				_ = r.cmd.Process.Kill()
				<-r.exited
			}
		}
		if r.log != nil {
			r.log.Close()
		}
	}
}

// haproxyConfig: round robin over the replicas, a health check on /readyz every 500 ms
// (down after 2 failures, up after 2 successes), and retries on another replica of what never
// reached one (a refused connection) and of idempotent requests that got no answer.
func (c *cluster) haproxyConfig(front string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout 502 503
    option http-server-close
frontend garden
    bind %s
    option forwardfor
    default_backend replicas
backend replicas
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
`, front)
	for _, r := range c.replicas {
		fmt.Fprintf(&b, "    server %s %s check\n", r.name, r.addr)
	}
	return b.String()
}

func (c *cluster) startHAProxy(ctx context.Context) error {
	port, err := miniotest.FreePort()
	if err != nil {
		return err
	}
	c.front = fmt.Sprintf("127.0.0.1:%d", port)
	cfgPath := filepath.Join(c.dir, "haproxy.cfg")
	if err := os.WriteFile(cfgPath, []byte(c.haproxyConfig(c.front)), 0o644); err != nil {
		return err
	}
	logFile, err := os.Create(filepath.Join(c.dir, "haproxy.log"))
	if err != nil {
		return err
	}
	cmd := exec.Command(c.o.HAProxy, "-db", "-f", cfgPath)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return err
	}
	c.haproxy = cmd
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if res, err := client.Get("http://" + c.front + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("HAProxy did not answer at %s\n%s", c.front, tail(filepath.Join(c.dir, "haproxy.log")))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// gardener is one signed-in user of the load, with a plant to water and a topic to reply to.
type gardener struct {
	name, token string
	plantID     int64
	topicID     int64
}

func (c *cluster) prepareGardeners(ctx context.Context) ([]*gardener, error) {
	client := &http.Client{Timeout: 10 * time.Second}
	base := "http://" + c.front
	out := make([]*gardener, 0, c.o.Gardeners)
	var topicID int64
	for i := 0; i < c.o.Gardeners; i++ {
		g := &gardener{name: fmt.Sprintf("gardener%d", i+1)}
		if _, err := c.gardenctl(ctx, "users", "create", "--username", g.name, "--password", "cluster-pass-"+g.name, "--role", "user"); err != nil {
			return nil, err
		}
		var login struct{ Token string }
		if err := call(client, base, "", "POST", "/api/login", map[string]string{"username": g.name, "password": "cluster-pass-" + g.name}, &login); err != nil {
			return nil, err
		}
		g.token = login.Token
		var plant struct{ ID int64 }
		if err := call(client, base, g.token, "POST", "/api/plants", map[string]any{"name": "Tomato " + g.name, "waterFrequency": 3}, &plant); err != nil {
			return nil, err
		}
		g.plantID = plant.ID
		if topicID == 0 {
			var cats []struct{ ID int64 }
			if err := call(client, base, g.token, "GET", "/api/forum/categories", nil, &cats); err != nil || len(cats) == 0 {
				return nil, fmt.Errorf("forum categories: %v (%d)", err, len(cats))
			}
			var topic struct{ ID int64 }
			if err := call(client, base, g.token, "POST", "/api/forum/topics", map[string]any{"title": "Tomatoes this year", "content": "How are yours doing?", "categoryId": cats[0].ID}, &topic); err != nil {
				return nil, err
			}
			topicID = topic.ID
		}
		g.topicID = topicID
		out = append(out, g)
	}
	return out, nil
}

// everyJobEveryMinute registers the jobs' schedules (gardenctl jobs list does) and moves every
// enabled one to second 0 of each minute.
func (c *cluster) everyJobEveryMinute(ctx context.Context) error {
	if _, err := c.gardenctl(ctx, "jobs", "list"); err != nil {
		return err
	}
	db, err := sqlx.Open("pgx", c.dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.MustExecContext(ctx, `UPDATE job_schedules SET cron = '0 * * * * *', updated_at = now() WHERE enabled`).RowsAffected()
	if err != nil || n == 0 {
		return fmt.Errorf("cluster: no job schedule to move (%d rows): %v", n, err)
	}
	c.jobs = int(n)
	return nil
}

// checkWrites looks up every write answered 2xx.
func (c *cluster) checkWrites(ctx context.Context, l *load, res *Result) error {
	db, err := sqlx.Open("pgx", c.dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for table, ids := range l.written {
		res.AnsweredWrites += len(ids)
		var found int
		q, args, err := sqlx.In("SELECT count(*) FROM "+table+" WHERE id IN (?)", ids)
		if err != nil {
			return err
		}
		if err := db.GetContext(ctx, &found, db.Rebind(q), args...); err != nil {
			return fmt.Errorf("check %s: %w", table, err)
		}
		res.MissingWrites += len(ids) - found
	}
	return nil
}

// checkJobs counts the scheduled runs since the start and those that share a job and tick.
func (c *cluster) checkJobs(ctx context.Context, since time.Time, res *Result) error {
	db, err := sqlx.Open("pgx", c.dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	var rows []struct {
		Job  string `db:"job"`
		Tick string `db:"tick"`
		N    int    `db:"n"`
	}
	if err := db.SelectContext(ctx, &rows, `SELECT job, tick::text AS tick, count(*) AS n FROM job_runs WHERE started_at >= $1 GROUP BY job, tick`, since.Add(-time.Second)); err != nil {
		return fmt.Errorf("check job runs: %w", err)
	}
	for _, r := range rows {
		res.JobRuns += r.N
		if r.N > 1 {
			res.DuplicatedRuns += r.N - 1
		}
	}
	// Each job has one tick per full minute the run spanned.
	minutes := int(time.Now().Truncate(time.Minute).Sub(since.Truncate(time.Minute)) / time.Minute)
	res.ExpectedRuns = minutes * c.jobs
	return nil
}

// load runs the gardeners and records every request.
type load struct {
	base    string
	client  *http.Client
	phase   atomic.Value // "steady", "rolling", "kill"
	mu      sync.Mutex
	lat     []time.Duration
	failed  map[string]int
	samples []string
	written map[string][]int64 // table → ids answered 2xx
	photo   []byte
}

func newLoad(front string, _ []*gardener) *load {
	l := &load{
		base: "http://" + front,
		// Keep-alive connections to HAProxy, as browsers have.
		client:  &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}},
		failed:  map[string]int{},
		written: map[string][]int64{},
		photo:   tinyPNG,
	}
	l.phase.Store("steady")
	return l
}

func (l *load) record(start time.Time, ok bool, what string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lat = append(l.lat, time.Since(start))
	if !ok {
		phase := l.phase.Load().(string)
		l.failed[phase]++
		if len(l.samples) < 10 {
			l.samples = append(l.samples, fmt.Sprintf("%s (%s): %v", what, phase, err))
		}
	}
}

func (l *load) wrote(table string, id int64) {
	l.mu.Lock()
	l.written[table] = append(l.written[table], id)
	l.mu.Unlock()
}

// run is one gardener's loop: mostly reads, a watering every few requests, a journal photo and a
// forum reply now and then (under the forum's 10 posts a minute per user).
func (l *load) run(ctx context.Context, g *gardener) {
	lastReply, lastPhoto := time.Time{}, time.Time{}
	for i := 0; ctx.Err() == nil; i++ {
		switch {
		case time.Since(lastReply) > 8*time.Second && i%7 == 3:
			lastReply = time.Now()
			var post struct{ ID int64 }
			l.do(ctx, g, "POST", fmt.Sprintf("/api/forum/topics/%d/posts", g.topicID), map[string]string{"content": "Mine are ripening, " + g.name}, &post, func() {
				l.wrote("forum_posts", post.ID)
			})
		case time.Since(lastPhoto) > 6*time.Second && i%5 == 2:
			lastPhoto = time.Now()
			l.journalPhoto(ctx, g)
		case i%4 == 1:
			var logged struct {
				Event struct{ ID int64 } `json:"event"`
			}
			l.do(ctx, g, "POST", fmt.Sprintf("/api/plants/%d/care", g.plantID), map[string]string{"kind": "water"}, &logged, func() {
				l.wrote("care_events", logged.Event.ID)
			})
		default:
			path := []string{"/api/plants?limit=20", "/api/dashboard/summary", "/api/forum/topics/latest?limit=10", fmt.Sprintf("/api/plants/%d", g.plantID)}[i%4]
			l.do(ctx, g, "GET", path, nil, nil, nil)
		}
	}
}

func (l *load) journalPhoto(ctx context.Context, g *gardener) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "tomato.png")
	_, _ = fw.Write(l.photo)
	_ = mw.Close()
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, "POST", l.base+"/api/upload/image", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+g.token)
	var up struct {
		URL      string `json:"url"`
		ImageURL string `json:"imageUrl"`
	}
	if !l.finish(ctx, start, "upload", req, &up) {
		return
	}
	image := up.ImageURL
	if image == "" {
		image = up.URL
	}
	var entry struct{ ID int64 }
	l.do(ctx, g, "POST", "/api/journal-entries", map[string]any{"plantId": g.plantID, "title": "Progress", "content": "First trusses", "imageUrl": image}, &entry, func() {
		l.wrote("journal_entries", entry.ID)
	})
}

func (l *load) do(ctx context.Context, g *gardener, method, path string, in, out any, done func()) {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, method, l.base+path, body)
	req.Header.Set("Authorization", "Bearer "+g.token)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if l.finish(ctx, start, method+" "+path, req, out) && done != nil {
		done()
	}
}

// finish sends req and records it; a request cut off by the end of the run is not counted.
func (l *load) finish(ctx context.Context, start time.Time, what string, req *http.Request, out any) bool {
	res, err := l.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			l.record(start, false, what, err)
		}
		return false
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil && ctx.Err() != nil {
		return false
	}
	ok := err == nil && res.StatusCode >= 200 && res.StatusCode < 300
	if ok && out != nil {
		ok = json.Unmarshal(b, out) == nil
	}
	if !ok {
		err = fmt.Errorf("%d %s", res.StatusCode, strings.TrimSpace(string(b)))
	}
	l.record(start, ok, what, err)
	return ok
}

func (l *load) result(elapsed time.Duration) Result {
	l.mu.Lock()
	defer l.mu.Unlock()
	lat := append([]time.Duration(nil), l.lat...)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(p*float64(len(lat)-1))]
	}
	failed := map[string]int{}
	for k, v := range l.failed {
		failed[k] = v
	}
	return Result{Requests: len(lat), Throughput: float64(len(lat)) / elapsed.Seconds(), P50: pct(0.50), P99: pct(0.99),
		Failed: failed, FailedSamples: append([]string(nil), l.samples...)}
}

func call(client *http.Client, base, token, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, body)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

func createDatabase(ctx context.Context, adminURL string) (string, func(), error) {
	admin, err := sqlx.Open("pgx", adminURL)
	if err != nil {
		return "", nil, err
	}
	name := "garden_cluster_" + randomHex(6)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("cluster: PostgreSQL at %s: %w", adminURL, err)
	}
	u := strings.Replace(adminURL, "/postgres?", "/"+name+"?", 1)
	drop := func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}
	return u, drop, nil
}

func sleepUntil(ctx context.Context, t time.Time) {
	select {
	case <-time.After(time.Until(t)):
	case <-ctx.Done():
	}
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// tinyPNG is a 48×48 photo for the journal uploads.
var tinyPNG = func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 48, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 48; x++ {
			img.Set(x, y, color.RGBA{R: uint8(120 + x), G: uint8(160 + y), B: 60, A: 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}()
