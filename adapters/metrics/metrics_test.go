package metrics_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/metrics"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
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

// TestMetrics_Outbox: the outbox's depth and the age of its oldest pending delivery per
// channel, read at each scrape, and 0 for a channel with nothing waiting.
func TestMetrics_Outbox(t *testing.T) {
	t.Parallel()
	m := metrics.New()
	oldest := time.Now().Add(-90 * time.Second)
	m.WatchOutbox(func(context.Context) ([]ports.OutboxChannelDepth, error) {
		return []ports.OutboxChannelDepth{{Channel: "email", Pending: 500, Oldest: oldest}}, nil
	}, func() map[string]int { return map[string]int{"email": 8} })
	body := scrape(t, m)
	for _, want := range []string{
		`garden_outbox_pending{channel="email"} 500`,
		`garden_outbox_pending{channel="ntfy"} 0`,
		`garden_outbox_oldest_age_seconds{channel="push"} 0`,
		`garden_outbox_in_flight{channel="email"} 8`,
		`garden_outbox_scrape_ok 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	var age float64
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, `garden_outbox_oldest_age_seconds{channel="email"} `); ok {
			age, _ = strconv.ParseFloat(v, 64)
		}
	}
	if age < 90 || age > 3600 {
		t.Errorf("oldest email age %v, want about 90 s", age)
	}
}
