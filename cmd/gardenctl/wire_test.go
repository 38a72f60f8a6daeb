package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spf13/viper"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// testConfig is the embedded default configuration (configs/gardenctl.yaml), as every command
// reads it, with a fresh data dir and the given metrics address.
func testConfig(t *testing.T, metricsAddr string) configs.Config {
	t.Helper()
	v := viper.New()
	v.SetConfigType("yaml")
	if err := v.ReadConfig(bytes.NewReader(configs.DefaultYAML)); err != nil {
		t.Fatal(err)
	}
	var cfg configs.Config
	if err := v.Unmarshal(&cfg); err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.MetricsAddr, cfg.LogLevel = t.TempDir(), metricsAddr, "error"
	cfg.Notify.PushSender = "log"
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

// TestWire_Metrics builds the real wiring with metrics on: after a few requests and a job run,
// the metrics handler exposes the request, job and pool series, and
// the public handler does not serve them.
func TestWire_Metrics(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rt, err := wire(ctx, testConfig(t, "127.0.0.1:9099"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if _, err := rt.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if rt.Metrics == nil {
		t.Fatal("metrics_addr is set but the runtime has no metrics handler")
	}
	if err := rt.PrepareJobs(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := rt.Accounts.EnsureProtectedAdmin(ctx, "admin", "admin-password-1"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/healthz", "/healthz", "/api/plants/12", "/api/nope"} {
		get(t, rt.Handler, p)
	}
	if _, err := rt.Jobs.RunNowAsOperator(ctx, "session-cleanup"); err != nil {
		t.Fatal(err)
	}
	status, body := get(t, rt.Metrics, "/metrics")
	if status != 200 {
		t.Fatalf("/metrics: %d", status)
	}
	for _, want := range []string{
		`garden_http_requests_total{route="GET /healthz",status="2xx"} 2`,
		`garden_http_requests_total{route="GET /api/plants/{id}",status="4xx"} 1`,
		`garden_http_requests_total{route="/api/",status="4xx"} 1`,
		`garden_http_request_duration_seconds_bucket{route="GET /healthz",status="2xx",le="+Inf"} 2`,
		`garden_job_runs_total{job="session-cleanup",outcome="success"} 1`,
		`garden_job_duration_seconds_count{job="session-cleanup",outcome="success"} 1`,
		`go_sql_max_open_connections{db_name="garden"}`,
		`process_resident_memory_bytes`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if _, public := get(t, rt.Handler, "/metrics"); strings.Contains(public, "garden_http_requests_total") {
		t.Fatal("the public handler serves the metrics")
	}
}

// TestWire_MetricsOff: without metrics_addr there is no metrics handler and no instrumentation.
func TestWire_MetricsOff(t *testing.T) {
	t.Parallel()
	rt, err := wire(context.Background(), testConfig(t, ""), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if rt.Metrics != nil {
		t.Fatal("metrics handler present with metrics_addr empty")
	}
}

// TestWire_ReadyzDuringRestore: while a restore has not finished (its marker is there), the real
// wiring's /readyz answers 503 saying what to run, and 200 once it is gone.
func TestWire_ReadyzDuringRestore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := testConfig(t, "")
	rt, err := wire(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if _, err := rt.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, rt.Handler, "/readyz"); code != 200 {
		t.Fatalf("readyz before: %d %s", code, body)
	}
	store, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.MarkRestore(ctx, ports.RestoreMarker{Source: "/srv/b.tar.gz", StartedAt: time.Now(), RowsRestored: true}); err != nil {
		t.Fatal(err)
	}
	code, body := get(t, rt.Handler, "/readyz")
	if code != 503 || !strings.Contains(body, "gardenctl backup restore FILE --resume") || !strings.Contains(body, "--force") || strings.Contains(body, "/srv/") {
		t.Fatalf("readyz during a restore: %d %s; want 503 saying what to run, without the archive's path", code, body)
	}
	if err := store.ClearRestoreMarker(ctx); err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, rt.Handler, "/readyz"); code != 200 {
		t.Fatalf("readyz after: %d %s", code, body)
	}
}

// TestWire_ForumDropsRemoteImages: the real wiring sanitizes forum posts with the user-content
// policy, so a remote image (a tracking pixel) never reaches readers while an uploaded one
// stays (issue #22 item 11).
func TestWire_ForumDropsRemoteImages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rt, err := wire(ctx, testConfig(t, ""), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if _, err := rt.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := rt.Forum.CreateCategoryAsOperator(ctx, app.CategoryInput{Name: ptr("Photos"), Slug: ptr("photos")})
	if err != nil {
		t.Fatal(err)
	}
	u, err := rt.Accounts.CreateUser(ctx, app.NewUser{Username: "hana", Password: "long-password", Role: domain.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	topic, err := rt.Forum.CreateTopic(ctx, &domain.Principal{User: u}, domain.NewTopic{CategoryID: c.ID, Title: "My basil",
		Content: `<p>Look at my basil, it grew so tall this week! <img src="https://tracker.example/p.gif?u=1"><img src="/api/images/ab/basil.jpg"></p>`})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(topic.Content, "tracker.example") || !strings.Contains(topic.Content, `src="/api/images/ab/basil.jpg"`) {
		t.Fatalf("stored content %q: want the remote image dropped and the uploaded one kept", topic.Content)
	}
}

func ptr[T any](v T) *T { return &v }
