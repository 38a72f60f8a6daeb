// Command scale is issue #14's "flat with data" harness: for each database and each size it
// seeds a fresh installation with `gardenctl dev seed --plants N`, starts `gardenctl serve` on
// 127.0.0.1, signs in as a typical gardener (a seeded user with 50 plants), a site admin (a
// seeded user of the first site made admin) and the superadmin, and requests every GET a page of
// the web app makes (calls below, taken from web/src), each --n times one after the other after a
// warm-up, recording p50 and p90. It prints, per database, each call's p50 at the smallest and the
// largest size, their ratio, and ✔ or ✘ against --bound (1.5×). Results are also written to --out
// as JSON, and `--report FILE` prints the table of an earlier run again.
//
// PostgreSQL: each run creates its own database on --pg-url's server and drops it afterwards.
//
// Usage: go run ./tests/load/scale --bin bin/gardenctl   (or: make bench-scale)
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/gardenctl/garden/tests/load/loadclient"
)

// call is one GET a page makes, as who, with {placeholders} filled from the installation.
type call struct {
	page, as, path string
}

// calls: every GET the web app's pages make (web/src/api/keys.ts and each feature's api/), for the
// role that sees the page. The shell's own calls (user, maintenance status, notifications bell)
// come first.
var calls = []call{
	{"shell", "gardener", "/api/user"},
	{"shell", "gardener", "/api/maintenance/status"},
	{"shell", "gardener", "/api/notifications"},
	{"dashboard", "gardener", "/api/dashboard/summary?today={today}"},
	{"plants", "gardener", "/api/plants?today={today}&sort=name"},
	{"plants", "gardener", "/api/plants?limit=200&today={today}"},
	{"plants", "gardener", "/api/plants/limit"},
	{"plant detail", "gardener", "/api/plants/{plant}?today={today}"},
	{"plant detail", "gardener", "/api/plants/{plant}/care-tasks"},
	{"plant detail", "gardener", "/api/plants/{plant}/journal-entries"},
	{"plant detail", "gardener", "/api/plants/{plant}/placements"},
	{"plant detail", "gardener", "/api/plants/{plant}/qrcode"},
	{"plant database", "gardener", "/api/plant-database"},
	{"plant database", "gardener", "/api/plant-database/{plantdb}"},
	{"schedule", "gardener", "/api/care-tasks?from={monthStart}&to={monthEnd}"},
	{"schedule", "gardener", "/api/care-tasks/overdue?today={today}&limit=200"},
	{"schedule", "gardener", "/api/care-due?from={weekStart}&to={weekEnd}&today={today}&limit=200"},
	{"schedule", "gardener", "/api/care-tasks/date/{today}"},
	{"journal", "gardener", "/api/journal-entries"},
	{"notifications", "gardener", "/api/notifications/channels"},
	{"notifications", "gardener", "/api/notifications/devices"},
	{"settings", "gardener", "/api/user/tokens"},
	{"settings", "gardener", "/api/calendar/feed"},
	{"forum", "gardener", "/api/forum/categories"},
	{"forum", "gardener", "/api/forum/categories?limit=200"},
	{"forum", "gardener", "/api/forum/topics/popular"},
	{"forum", "gardener", "/api/forum/topics/latest"},
	{"forum category", "gardener", "/api/forum/categories/by-slug/{slug}"},
	{"forum category", "gardener", "/api/forum/categories/{slug}/topics"},
	{"forum topic", "gardener", "/api/forum/topics/{topic}"},
	{"forum topic", "gardener", "/api/forum/topics/{topic}/posts"},
	// Searches with a common word (every seeded topic, listing or question has it), a rare one
	// (the newest topic's number: one match at every size) and one no row has.
	{"forum search", "gardener", "/api/forum/search?q=tomato"},
	{"forum search", "gardener", "/api/forum/search?q={topic}"},
	{"forum search", "gardener", "/api/forum/search?q=zucchini"},
	{"sharing", "gardener", "/api/plant-sharing"},
	{"sharing", "gardener", "/api/plant-sharing?mine=true"},
	{"sharing", "gardener", "/api/plant-sharing/plant-types"},
	{"sharing", "gardener", "/api/plant-sharing?search=seedlings"},
	{"sharing", "gardener", "/api/plant-sharing?search=zucchini"},
	{"listing", "gardener", "/api/plant-sharing/{listing}"},
	{"listing", "gardener", "/api/plant-sharing/{listing}/messages"},
	{"expert Q&A", "gardener", "/api/expert-qa"},
	{"expert Q&A", "gardener", "/api/expert-qa?mine=true"},
	{"expert Q&A", "gardener", "/api/expert-qa/tags"},
	{"expert Q&A", "gardener", "/api/expert-qa?search=leaves"},
	{"expert Q&A", "gardener", "/api/expert-qa/similar?q=yellow%20leaves"},
	{"expert Q&A", "gardener", "/api/expert-qa?search=zucchini"},
	{"expert Q&A", "gardener", "/api/expert-qa/similar?q=zucchini%20blight"},
	{"question", "gardener", "/api/expert-qa/{question}"},
	{"question", "gardener", "/api/expert-qa/{question}/answers"},
	{"layouts", "gardener", "/api/garden-layouts"},
	{"layout", "gardener", "/api/garden-layouts/{layout}"},
	{"crop rotation", "gardener", "/api/crop-rotation/plans"},
	{"crop rotation", "gardener", "/api/crop-rotation/plans/{plan}"},
	{"crop rotation", "gardener", "/api/crop-rotation/groups?limit=200"},
	{"harvests", "gardener", "/api/harvests"},
	{"harvests", "gardener", "/api/harvests?limit=200"},
	{"harvests", "gardener", "/api/harvests/stats"},
	{"harvests", "gardener", "/api/harvests/stats?period=year"},
	{"harvests", "gardener", "/api/garden-beds?limit=200"},
	{"harvest", "gardener", "/api/harvests/{harvest}"},
	{"site admin: shell", "siteadmin", "/api/maintenance/status"},
	{"site admin: users", "siteadmin", "/api/users"},
	{"site admin: users", "siteadmin", "/api/users?q=gardener"},
	{"site admin: users", "siteadmin", "/api/users?q=zucchini"},
	{"site admin: users", "siteadmin", "/api/users/{gardenerID}"},
	{"site admin: site", "siteadmin", "/api/sites/current"},
	{"site admin: site", "siteadmin", "/api/sites/{site}/users"},
	{"site admin: categories", "siteadmin", "/api/user-categories"},
	{"admin: shell", "superadmin", "/api/maintenance/status"},
	{"admin: users", "superadmin", "/api/admin/users"},
	{"admin: users", "superadmin", "/api/admin/users?q=gardener"},
	{"admin: users", "superadmin", "/api/admin/users?q=admin"},
	{"admin: users", "superadmin", "/api/admin/users?q=zucchini"},
	{"admin: users", "superadmin", "/api/users"},
	{"admin: users", "superadmin", "/api/users/{gardenerID}"},
	{"admin: sites", "superadmin", "/api/admin/sites"},
	{"admin: sites", "superadmin", "/api/sites"},
	{"admin: sites", "superadmin", "/api/sites/{site}"},
	{"admin: sites", "superadmin", "/api/sites/{site}/users"},
	{"admin: categories", "superadmin", "/api/user-categories"},
	{"admin: categories", "superadmin", "/api/site-categories"},
	{"admin: notifications", "superadmin", "/api/notifications/admin"},
	{"admin: maintenance", "superadmin", "/api/maintenance/functions"},
	{"admin: catalogue", "superadmin", "/api/ecommerce/import-status"},
	{"admin: catalogue", "superadmin", "/api/ecommerce/schedule"},
	{"admin: catalogue", "superadmin", "/api/ecommerce/import-history"},
	{"admin: forum reports", "superadmin", "/api/forum/reports"},
}

// result is one call's figures at one size on one database.
type result struct {
	DB    string  `json:"db"`
	Size  int     `json:"size"`
	Call  string  `json:"call"` // "as path"
	N     int     `json:"n"`
	P50   float64 `json:"p50Ms"`
	P90   float64 `json:"p90Ms"`
	Bytes int     `json:"bytes"`
	Note  string  `json:"note,omitempty"`
}

type run struct {
	Started string   `json:"started"`
	Load    []string `json:"load"` // /proc/loadavg before each size
	Results []result `json:"results"`
}

const (
	seedPassword  = "seed-password"
	adminPassword = "scale-admin-password"
)

func main() {
	bin := flag.String("bin", "bin/gardenctl", "the gardenctl binary")
	sizes := flag.String("sizes", "1000,1000000", "plant counts, comma-separated (the first and last are compared)")
	dbs := flag.String("db", "sqlite,postgres", "databases: sqlite, postgres")
	pgURL := flag.String("pg-url", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "PostgreSQL server (a database is created per run)")
	n := flag.Int("n", 200, "requests per call, after the warm-up")
	warm := flag.Int("warmup", 20, "warm-up requests per call")
	budget := flag.Duration("call-budget", 20*time.Second, "at most this long per call (fewer requests when slower)")
	port := flag.Int("port", 18160, "port on 127.0.0.1")
	only := flag.String("only", "", "only the calls whose path matches this regular expression")
	out := flag.String("out", "bin/bench-scale.json", "write the results here as JSON")
	report := flag.String("report", "", "print the table of an earlier --out file and exit")
	bound := flag.Float64("bound", 1.5, "the largest acceptable p50 ratio")
	keep := flag.Bool("keep", false, "keep the installations (data dir, PostgreSQL database) for EXPLAIN; prints where")
	reuse := flag.String("reuse-pg", "", "PostgreSQL databases already seeded (kept by --keep), as size=URL,size=URL: served as they are, not seeded again")
	flag.Parse()
	if *report != "" {
		var r run
		b, err := os.ReadFile(*report)
		if err == nil {
			err = json.Unmarshal(b, &r)
		}
		if err != nil {
			fail(err)
		}
		printTable(os.Stdout, r, *bound)
		return
	}
	var sz []int
	for _, s := range strings.Split(*sizes, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 50 {
			fail(fmt.Errorf("bad size %q", s))
		}
		sz = append(sz, v)
	}
	reused := map[int]string{}
	for _, kv := range strings.Split(*reuse, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		size, u, ok := strings.Cut(kv, "=")
		v, err := strconv.Atoi(size)
		if !ok || err != nil {
			fail(fmt.Errorf("bad --reuse-pg %q", kv))
		}
		reused[v] = u
	}
	var filter *regexp.Regexp
	if *only != "" {
		filter = regexp.MustCompile(*only)
	}
	r := run{Started: time.Now().UTC().Format(time.RFC3339)}
	for _, db := range strings.Split(*dbs, ",") {
		db = strings.TrimSpace(db)
		// Every size is served at once and the calls alternate between them, so the sizes are
		// measured under the same load of the (shared) machine.
		var insts []*install
		closeAll := func() {
			for _, in := range insts {
				in.close()
			}
		}
		for i, size := range sz {
			reuseURL := ""
			if db == "postgres" {
				reuseURL = reused[size]
			}
			in, err := setup(*bin, db, *pgURL, size, *port+i, *keep, reuseURL)
			if err != nil {
				closeAll()
				fail(fmt.Errorf("%s, %d plants: %w", db, size, err))
			}
			insts = append(insts, in)
		}
		load, _ := os.ReadFile("/proc/loadavg")
		r.Load = append(r.Load, fmt.Sprintf("%s: %s", db, strings.TrimSpace(string(load))))
		r.Results = append(r.Results, measureAll(db, insts, *n, *warm, *budget, filter)...)
		closeAll()
		if b, err := json.MarshalIndent(r, "", "  "); err == nil {
			_ = os.MkdirAll(filepath.Dir(*out), 0o755)
			_ = os.WriteFile(*out, b, 0o644)
		}
	}
	printTable(os.Stdout, r, *bound)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scale:", err)
	os.Exit(1)
}

// install is one seeded installation being served.
type install struct {
	size   int
	base   string
	client *http.Client
	tokens map[string]string
	vars   map[string]string
	close  func()
}

// setup seeds a fresh installation of size plants on db and serves it on port; with reuseURL
// (PostgreSQL), it serves that database, seeded earlier, as it is.
func setup(bin, db, pgURL string, size, port int, keep bool, reuseURL string) (in *install, err error) {
	var cleanups []func()
	in = &install{size: size, close: func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}}
	defer func() {
		if err != nil {
			in.close()
		}
	}()
	dir, err := os.MkdirTemp("", "garden-scale-")
	if err != nil {
		return nil, err
	}
	if keep {
		fmt.Fprintf(os.Stderr, "%s, %d plants: kept in %s\n", db, size, dir)
	} else {
		cleanups = append(cleanups, func() { os.RemoveAll(dir) })
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	in.base = "http://" + addr
	dbURL := ""
	switch db {
	case "sqlite":
	case "postgres":
		if reuseURL != "" {
			dbURL = reuseURL
			break
		}
		name := fmt.Sprintf("garden_scale_%d_%d", size, time.Now().UnixNano()%1e9)
		u, drop, err := createDatabase(pgURL, name)
		if err != nil {
			return nil, err
		}
		if keep {
			fmt.Fprintf(os.Stderr, "%s, %d plants: kept in %s\n", db, size, u)
		} else {
			cleanups = append(cleanups, drop)
		}
		dbURL = u
	default:
		return nil, fmt.Errorf("unknown database %q", db)
	}
	env := append(os.Environ(), "GARDEN_DATA_DIR="+filepath.Join(dir, "data"), "GARDEN_ADDR="+addr,
		"GARDEN_ADMIN_USERNAME=admin", "GARDEN_ADMIN_PASSWORD="+adminPassword, "GARDEN_LOG_LEVEL=warn", "GARDEN_DATABASE_URL="+dbURL)
	ctl := func(args ...string) (string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("gardenctl %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return string(out), nil
	}
	start := time.Now()
	if _, err := ctl("migrate"); err != nil {
		return nil, err
	}
	if reuseURL == "" {
		seeded, err := ctl("dev", "seed", "--plants", strconv.Itoa(size))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "%s, %d plants: %s", db, size, lastLine(seeded))
		fmt.Fprintf(os.Stderr, "  (seeded in %s)\n", time.Since(start).Round(time.Second))
	} else {
		fmt.Fprintf(os.Stderr, "%s, %d plants: reused %s\n", db, size, reuseURL)
	}
	// The first seeded user (seed-1) administers the first site; the second is the gardener.
	if _, err := ctl("users", "set-role", "--username", "seed-1", "--role", "admin"); err != nil {
		return nil, err
	}
	serve := exec.Command(bin, "serve")
	serve.Env = env
	logf, _ := os.Create(filepath.Join(dir, "serve.log"))
	serve.Stdout, serve.Stderr = logf, logf
	if err := serve.Start(); err != nil {
		return nil, err
	}
	cleanups = append(cleanups, func() { _ = serve.Process.Signal(os.Interrupt); _ = serve.Wait() })
	if err := loadclient.WaitReady(in.base, 60*time.Second); err != nil {
		return nil, err
	}
	in.client = &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	in.tokens = map[string]string{}
	for as, login := range map[string][2]string{
		"gardener": {"seed-2", seedPassword}, "siteadmin": {"seed-1", seedPassword}, "superadmin": {"admin", adminPassword},
	} {
		t, err := loadclient.SignIn(in.client, in.base, login[0], login[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", as, err)
		}
		in.tokens[as] = t
	}
	in.vars, err = discover(in.client, in.base, in.tokens)
	return in, err
}

// measureAll requests every call on every installation, one installation after the other for
// each request, and answers each call's figures per size.
func measureAll(db string, insts []*install, n, warm int, budget time.Duration, filter *regexp.Regexp) []result {
	var out []result
	for _, c := range calls {
		if filter != nil && !filter.MatchString(c.path) {
			continue
		}
		rs := make([]result, len(insts))
		urls := make([]string, len(insts))
		ok := true
		for i, in := range insts {
			rs[i] = result{DB: db, Size: in.size, Call: c.as + " " + c.path}
			path, missing := fill(c.path, in.vars)
			if missing != "" {
				rs[i].Note, ok = "no "+missing, false
			}
			urls[i] = in.base + path
		}
		if ok {
			lat := make([][]float64, len(insts))
			deadline := time.Now().Add(budget)
			for round := 0; round < warm+n; round++ {
				for i, in := range insts {
					d, bytes, status, err := get(in.client, urls[i], in.tokens[c.as])
					switch {
					case err != nil:
						rs[i].Note = err.Error()
					case status != 200:
						rs[i].Note = fmt.Sprintf("status %d", status)
					}
					rs[i].Bytes = bytes
					if round >= warm {
						lat[i] = append(lat[i], d)
					}
				}
				if time.Now().After(deadline) && len(lat[0]) >= 10 {
					break
				}
			}
			for i := range insts {
				rs[i].N, rs[i].P50, rs[i].P90 = len(lat[i]), pct(lat[i], 0.5), pct(lat[i], 0.9)
			}
		}
		for _, r := range rs {
			fmt.Fprintf(os.Stderr, "  %-9d %-75s p50 %8.2f ms  p90 %8.2f ms  %7d B %s\n", r.Size, r.Call, r.P50, r.P90, r.Bytes, r.Note)
		}
		out = append(out, rs...)
	}
	return out
}

// createDatabase creates name on the server of pgURL and returns its URL and a function that
// drops it.
func createDatabase(pgURL, name string) (string, func(), error) {
	admin, err := sql.Open("pgx", pgURL)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(pgURL)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		_, _ = admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
		admin.Close()
	}, nil
}

// discover finds the ids the calls name: the gardener's first plant, layout, plan and harvest,
// a catalogue item, a forum category, topic, listing and question, and the gardener's site.
func discover(c *http.Client, base string, tokens map[string]string) (map[string]string, error) {
	now := time.Now().UTC()
	today := now.Format(time.DateOnly)
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	vars := map[string]string{
		"today":      today,
		"monthStart": monthStart.Format(time.DateOnly),
		"monthEnd":   monthStart.AddDate(0, 1, -1).Format(time.DateOnly),
		"weekStart":  now.AddDate(0, 0, -int(now.Weekday())).Format(time.DateOnly),
		"weekEnd":    now.AddDate(0, 0, 6-int(now.Weekday())).Format(time.DateOnly),
	}
	var me map[string]any
	if err := getJSON(c, base+"/api/user", tokens["gardener"], &me); err != nil {
		return nil, err
	}
	vars["gardenerID"] = str(me["id"])
	vars["site"] = str(me["siteId"])
	for key, path := range map[string]string{
		"plant": "/api/plants?limit=1", "plantdb": "/api/plant-database?limit=1", "topic": "/api/forum/topics/latest?limit=1",
		"listing": "/api/plant-sharing?limit=1", "question": "/api/expert-qa?limit=1", "layout": "/api/garden-layouts?limit=1",
		"plan": "/api/crop-rotation/plans?limit=1", "harvest": "/api/harvests?limit=1", "slug": "/api/forum/categories?limit=1",
	} {
		var items []map[string]any
		if err := getJSON(c, base+path, tokens["gardener"], &items); err != nil {
			return nil, err
		}
		if len(items) == 0 {
			continue
		}
		if key == "slug" {
			vars[key] = str(items[0]["slug"])
		} else {
			vars[key] = str(items[0]["id"])
		}
	}
	return vars, nil
}

func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatInt(int64(x), 10)
	default:
		return fmt.Sprint(x)
	}
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// fill replaces the placeholders of path; missing names the first one without a value.
func fill(path string, vars map[string]string) (string, string) {
	missing := ""
	out := placeholder.ReplaceAllStringFunc(path, func(m string) string {
		v := vars[m[1:len(m)-1]]
		if v == "" && missing == "" {
			missing = m
		}
		return v
	})
	return out, missing
}

// get requests u once and answers the latency in milliseconds (the whole body read), the body's
// size and the status.
func get(c *http.Client, u, token string) (float64, int, int, error) {
	req, _ := http.NewRequestWithContext(context.Background(), "GET", u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Encoding", "gzip")
	t0 := time.Now()
	res, err := c.Do(req)
	if err != nil {
		return 0, 0, 0, err
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	d := time.Since(t0)
	return float64(d.Microseconds()) / 1000, len(b), res.StatusCode, err
}

func pct(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func getJSON(c *http.Client, u, token string, v any) error {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("GET %s: %d %s", u, res.StatusCode, b)
	}
	return json.NewDecoder(res.Body).Decode(v)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1] + "\n"
}

// printTable prints, per database, each call's p50 (and p90) at the smallest and the largest size
// and the p50 ratio against bound.
func printTable(w io.Writer, r run, bound float64) {
	type key struct{ db, call string }
	bySize := map[key]map[int]result{}
	var dbs []string
	var order []string
	sizes := map[string][]int{}
	for _, x := range r.Results {
		k := key{x.DB, x.Call}
		if bySize[k] == nil {
			bySize[k] = map[int]result{}
			if len(sizes[x.DB]) == 0 {
				dbs = append(dbs, x.DB)
			}
			if x.DB == r.Results[0].DB {
				order = append(order, x.Call)
			}
		}
		if _, ok := bySize[k][x.Size]; !ok && !containsInt(sizes[x.DB], x.Size) {
			sizes[x.DB] = append(sizes[x.DB], x.Size)
		}
		bySize[k][x.Size] = x
	}
	for _, l := range r.Load {
		fmt.Fprintf(w, "load average before %s\n", l)
	}
	for _, db := range dbs {
		s := sizes[db]
		sort.Ints(s)
		lo, hi := s[0], s[len(s)-1]
		fmt.Fprintf(w, "\n%s: p50 (p90) in ms, %s → %s plants, bound %.1f×\n\n", db, human(lo), human(hi), bound)
		fmt.Fprintf(w, "| call | p50 at %s | p50 at %s | ratio | p90 at %s | p90 at %s | |\n|---|--:|--:|--:|--:|--:|---|\n", human(lo), human(hi), human(lo), human(hi))
		over := 0
		for _, c := range order {
			m := bySize[key{db, c}]
			a, b := m[lo], m[hi]
			if a.N == 0 || b.N == 0 {
				note := a.Note
				if b.Note != a.Note {
					note = strings.TrimSpace(a.Note + "; " + b.Note)
				}
				fmt.Fprintf(w, "| `%s` | | | | | | – %s |\n", c, note)
				continue
			}
			ratio := b.P50 / a.P50
			mark := "✔"
			if ratio > bound {
				mark = "✘"
				over++
			}
			note := ""
			if a.Note != "" || b.Note != "" {
				note = " " + strings.TrimSpace(a.Note+" "+b.Note)
			}
			fmt.Fprintf(w, "| `%s` | %.2f | %.2f | %.2f | %.2f | %.2f | %s%s |\n", c, a.P50, b.P50, ratio, a.P90, b.P90, mark, note)
		}
		fmt.Fprintf(w, "\n%s: %d of %d calls over %.1f×\n", db, over, len(order), bound)
	}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func human(n int) string {
	switch {
	case n >= 1000000 && n%1000000 == 0:
		return fmt.Sprintf("%dM", n/1000000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}
