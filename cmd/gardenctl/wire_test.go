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

	"github.com/spf13/viper"

	"github.com/gardenctl/garden/configs"
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
