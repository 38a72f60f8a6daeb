package metrics_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/metrics"
	"github.com/gardenctl/garden/core/domain"
)

func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return string(b)
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/things/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "0" {
			http.Error(w, "no", http.StatusNotFound)
			return
		}
		_, _ = w.Write([]byte("ok"))
	})
	h := m.Instrument(mux)
	for _, p := range []string{"/api/things/1", "/api/things/2", "/api/things/0", "/elsewhere"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
	}
	start := time.Date(2026, 11, 24, 1, 30, 0, 0, time.UTC)
	end := start.Add(1500 * time.Millisecond)
	m.ObserveJob(domain.JobRun{Job: "catalogue-import", StartedAt: start, FinishedAt: &end, Success: true,
		Counts: map[string]int{"added": 12, "updated": 3, "unchanged": 0}})
	m.ObserveJob(domain.JobRun{Job: "catalogue-import", StartedAt: start, FinishedAt: &end, Success: false})
	m.WatchDeliveries(func() map[string]int { return map[string]int{"push_sent": 4, "email_failed": 1} })

	body := scrape(t, m)
	for _, want := range []string{
		`garden_http_requests_total{route="GET /api/things/{id}",status="2xx"} 2`,
		`garden_http_requests_total{route="GET /api/things/{id}",status="4xx"} 1`,
		`garden_http_requests_total{route="unmatched",status="4xx"} 1`,
		`garden_job_runs_total{job="catalogue-import",outcome="success"} 1`,
		`garden_job_runs_total{job="catalogue-import",outcome="failure"} 1`,
		`garden_job_duration_seconds_sum{job="catalogue-import",outcome="success"} 1.5`,
		`garden_job_items_total{job="catalogue-import",kind="added"} 12`,
		`garden_job_items_total{job="catalogue-import",kind="updated"} 3`,
		`garden_notifications_delivered_total{channel="push",outcome="sent"} 4`,
		`garden_notifications_delivered_total{channel="email",outcome="failed"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(body, `kind="unchanged"`) {
		t.Error("a zero count became a series")
	}
	if strings.Contains(body, "/api/things/1") {
		t.Error("a concrete path became a label value: cardinality must stay bounded")
	}
}
