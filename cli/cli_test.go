package cli_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

type realClock struct{}

func (realClock) Now() time.Time { return time.Now().UTC() }

// testWiring is cmd/gardenctl's wiring with a fast hasher and a handler that adds a slow route,
// so that the graceful shutdown can be observed.
func testWiring(ctx context.Context, cfg configs.Config, log *slog.Logger) (*cli.Runtime, error) {
	store, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	acc, err := app.NewAccounts(store, password.Fast, realClock{}, app.AccountsConfig{SessionTTL: cfg.SessionTTL, Throttle: domain.DefaultLoginThrottle}, log)
	if err != nil {
		return nil, err
	}
	var backups *app.Backups
	if blobs, err := blob.Open(ctx, cfg.BlobURL, cfg.DataDir); err == nil {
		backups = app.NewBackups(store, blobs, backup.Format{}, realClock{}, log)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(400 * time.Millisecond)
		fmt.Fprint(w, "finished")
	})
	return &cli.Runtime{
		Accounts: acc,
		Forum:    app.NewForum(store, sanitize.New(), nil, realClock{}, app.ForumConfig{}, log),
		Backups:  backups,
		Migrate: func(ctx context.Context) ([]string, error) {
			return sqlstore.MigrationNames(store.Migrate(ctx))
		},
		Ready: store.Ready, Handler: mux, Close: store.Close,
		JobNames:    func() []string { return nil },
		PrepareJobs: func(context.Context) error { return nil },
		StartJobs:   func(context.Context) error { return nil },
		StopJobs:    func() error { return nil },
		Seed: func(ctx context.Context, plants int, pw string, progress func(int, int)) (ports.SeedCounts, error) {
			hash, err := password.Fast.Hash(pw)
			if err != nil {
				return ports.SeedCounts{}, err
			}
			return store.Seed(ctx, ports.SeedSpec{Plants: plants, PasswordHash: hash, Now: time.Now().UTC(), Progress: progress})
		},
	}, nil
}

// run executes gardenctl with args and returns stdout, stderr and the error.
func run(ctx context.Context, args ...string) (string, string, error) {
	root := cli.NewRootCommand(testWiring, "1.2.3")
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return out.String(), errOut.String(), err
}

func dumpValue(t *testing.T, dump, key string) string {
	t.Helper()
	for _, line := range strings.Split(dump, "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && k == key {
			return strings.Trim(v, `"`)
		}
	}
	t.Fatalf("key %s not in dump:\n%s", key, dump)
	return ""
}

// Not parallel: t.Setenv.
func TestConfig_Precedence(t *testing.T) {
	ctx := context.Background()
	out, _, err := run(ctx, "config", "dump")
	if err != nil {
		t.Fatal(err)
	}
	if dumpValue(t, out, "addr") != "127.0.0.1:8080" || dumpValue(t, out, "data_dir") != "./data" || dumpValue(t, out, "base_url") != "http://127.0.0.1:8080" {
		t.Fatalf("defaults wrong:\n%s", out)
	}

	file := filepath.Join(t.TempDir(), "garden.yaml")
	os.WriteFile(file, []byte("addr: 127.0.0.1:9001\ndata_dir: /from/file\nlog_level: warn\n"), 0o600)
	out, _, _ = run(ctx, "--config", file, "config", "dump")
	if dumpValue(t, out, "addr") != "127.0.0.1:9001" || dumpValue(t, out, "data_dir") != "/from/file" {
		t.Fatalf("file not applied:\n%s", out)
	}

	t.Setenv("GARDEN_DATA_DIR", "/from/env")
	t.Setenv("GARDEN_BASE_URL", "https://garden.example.org/")
	t.Setenv("GARDEN_DATABASE_URL", "postgres://garden:s3cret@db:5432/garden")
	t.Setenv("GARDEN_ADMIN_PASSWORD", "very-secret")
	out, _, _ = run(ctx, "--config", file, "config", "dump")
	if dumpValue(t, out, "data_dir") != "/from/env" || dumpValue(t, out, "log_level") != "warn" || dumpValue(t, out, "base_url") != "https://garden.example.org" {
		t.Fatalf("env not over file:\n%s", out)
	}
	if strings.Contains(out, "s3cret") || strings.Contains(out, "very-secret") {
		t.Fatalf("secrets not masked:\n%s", out)
	}
	if dumpValue(t, out, "database_url") != "postgres://garden:********@db:5432/garden" || dumpValue(t, out, "admin_password") != "********" {
		t.Fatalf("masking wrong:\n%s", out)
	}

	out, _, _ = run(ctx, "--config", file, "--data-dir", "/from/flag", "config", "dump")
	if dumpValue(t, out, "data_dir") != "/from/flag" {
		t.Fatalf("flag not over env:\n%s", out)
	}

	t.Setenv("GARDEN_LOG_LEVEL", "loud")
	if _, _, err := run(ctx, "config", "dump"); err == nil || !strings.Contains(err.Error(), "log_level") {
		t.Fatalf("bad log level accepted: %v", err)
	}
}

func TestUsersCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	data := "--data-dir=" + t.TempDir()
	if _, _, err := run(ctx, data, "users", "list"); err == nil || !strings.Contains(err.Error(), "gardenctl migrate") {
		t.Fatalf("users list before migrate: %v", err)
	}
	out, _, err := run(ctx, data, "migrate")
	if err != nil || !strings.Contains(out, "applied 0001_accounts.sql") {
		t.Fatalf("migrate: %q %v", out, err)
	}
	out, _, err = run(ctx, data, "users", "create", "--username", "rosa", "--password", "long-password", "--role", "admin", "--email", "rosa@example.org")
	if err != nil || !strings.Contains(out, `created user "rosa"`) {
		t.Fatalf("create: %q %v", out, err)
	}
	_, _, err = run(ctx, data, "users", "create", "--username", "ro", "--password", "short", "--email", "nope")
	if err == nil || cli.OneLine(err) != "Password must be at least 8 characters; Please enter a valid email; Username must be at least 3 characters" {
		t.Fatalf("bad input: %v", err)
	}
	if _, _, err = run(ctx, data, "users", "create", "--username", "ivy"); err == nil || !strings.Contains(err.Error(), "password") {
		t.Fatalf("missing --password accepted: %v", err)
	}
	if _, _, err = run(ctx, data, "users", "set-role", "--username", "rosa", "--role", "gardener"); err == nil {
		t.Fatal("bad role accepted")
	}
	if out, _, err = run(ctx, data, "users", "set-role", "--username", "rosa", "--role", "user"); err != nil || !strings.Contains(out, "is now user") {
		t.Fatalf("set-role: %q %v", out, err)
	}
	if out, _, err = run(ctx, data, "users", "deactivate", "--username", "rosa"); err != nil || !strings.Contains(out, "deactivated") {
		t.Fatalf("deactivate: %q %v", out, err)
	}
	out, _, _ = run(ctx, data, "users", "list")
	if !strings.Contains(out, "rosa") || !strings.Contains(out, "USERNAME") {
		t.Fatalf("list:\n%s", out)
	}
	out, _, _ = run(ctx, data, "users", "list", "--json")
	if !strings.Contains(out, `"isActive": false`) {
		t.Fatalf("list --json:\n%s", out)
	}
	if _, _, err = run(ctx, data, "users", "activate", "--username", "rosa"); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(ctx, data, "users", "reset-password", "--username", "rosa")
	if err != nil || !strings.Contains(out, `new password for "rosa": `) {
		t.Fatalf("reset-password: %q %v", out, err)
	}
	if _, _, err = run(ctx, data, "users", "deactivate", "--username", "ghost"); err == nil || err.Error() != "User not found" {
		t.Fatalf("unknown user: %v", err)
	}
	if out, _, _ := run(ctx, "version"); out != "gardenctl 1.2.3\n" {
		t.Fatalf("version %q", out)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServe_GracefulShutdown starts serve, sends a slow request, then stops the server while
// that request is in flight: the request must finish and serve must return without error.
func TestServe_GracefulShutdown(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		root := cli.NewRootCommand(testWiring, "test")
		root.SetOut(io.Discard)
		root.SetErr(&stderr)
		root.SetArgs([]string{"serve", "--data-dir", t.TempDir(), "--addr", addr})
		done <- root.ExecuteContext(ctx)
	}()
	client := &http.Client{Timeout: 5 * time.Second}
	// serve migrates a fresh database first: under -race, beside the other packages on two
	// cores, that alone has taken over 10 s. The wait is for readiness, not a timing.
	deadline := time.Now().Add(90 * time.Second)
	for {
		res, err := client.Get("http://" + addr + "/slow")
		if err == nil {
			res.Body.Close()
			break
		}
		select {
		case serveErr := <-done:
			t.Fatalf("serve returned before it answered: %v\n%s", serveErr, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start: %v\n%s", err, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	got := make(chan string, 1)
	go func() {
		res, err := client.Get("http://" + addr + "/slow")
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		got <- string(b)
	}()
	time.Sleep(100 * time.Millisecond) // the request is now in flight
	cancel()
	if body := <-got; body != "finished" {
		t.Fatalf("in-flight request answered %q", body)
	}
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	if _, err := client.Get("http://" + addr + "/slow"); err == nil {
		t.Fatal("server still accepts connections after shutdown")
	}
	if !strings.Contains(stderr.String(), "Protected superadmin \"admin\" created with the generated password") {
		t.Fatalf("generated admin password not printed:\n%s", stderr.String())
	}
}

// TestServe_DrainsBeforeStopping: with shutdown_drain set, SIGTERM first turns GET /readyz to
// 503 while new requests are still served (a load balancer takes the replica out of rotation
// before it stops listening), then serve stops. Not parallel: it sets the environment.
func TestServe_DrainsBeforeStopping(t *testing.T) {
	t.Setenv("GARDEN_SHUTDOWN_DRAIN", "2s")
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		root := cli.NewRootCommand(testWiring, "test")
		root.SetOut(io.Discard)
		root.SetErr(&stderr)
		root.SetArgs([]string{"serve", "--data-dir", t.TempDir(), "--addr", addr})
		done <- root.ExecuteContext(ctx)
	}()
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	get := func(path string) (int, string, error) {
		res, err := client.Get("http://" + addr + path)
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), nil
	}
	deadline := time.Now().Add(90 * time.Second) // a fresh database migrates first: see TestServe_GracefulShutdown
	for {
		if code, _, err := get("/slow"); err == nil && code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start\n%s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopped := time.Now()
	cancel()
	time.Sleep(100 * time.Millisecond)
	if code, body, err := get("/readyz"); err != nil || code != http.StatusServiceUnavailable || !strings.Contains(body, `"draining"`) {
		t.Fatalf("readyz while draining: %d %q %v; want 503 draining", code, body, err)
	}
	// A request on a new connection is still answered while draining.
	if code, body, err := get("/slow"); err != nil || code != 200 || body != "finished" {
		t.Fatalf("request while draining: %d %q %v", code, body, err)
	}
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	if waited := time.Since(stopped); waited < 2*time.Second {
		t.Fatalf("serve stopped %v after the signal, before its 2 s drain", waited)
	}
	if _, _, err := get("/readyz"); err == nil {
		t.Fatal("server still accepts connections after the drain")
	}
}

// TestHealthcheck: the container's health check exits 0 while /healthz answers 200, and fails
// when it answers otherwise or nothing listens.
func TestHealthcheck(t *testing.T) {
	t.Parallel()
	healthy := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" || !healthy {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ok"}`)
	}))
	ctx := context.Background()
	if out, _, err := run(ctx, "healthcheck", "--url", srv.URL+"/healthz"); err != nil || !strings.Contains(out, "healthy") {
		t.Fatalf("healthy server: %q %v", out, err)
	}
	healthy = false
	if _, _, err := run(ctx, "healthcheck", "--url", srv.URL+"/healthz"); err == nil || !strings.Contains(err.Error(), "answered 503") {
		t.Fatalf("unhealthy server: %v, want an error naming the 503", err)
	}
	srv.Close()
	if _, _, err := run(ctx, "healthcheck", "--url", srv.URL+"/healthz"); err == nil {
		t.Fatal("nothing listening: want an error")
	}
}
