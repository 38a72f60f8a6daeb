// Package metrics exposes Garden's figures in the Prometheus text format with the official Go
// client: HTTP requests per route pattern and status class, job runs per job and outcome (with
// the items each run counted, so catalogue imports show what they added), notifications
// delivered per channel and outcome, the outbox's depth and age, and the database pool. It is off unless metrics_addr is
// set, and then served on that address only, never on the public one.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Metrics holds one registry and Garden's series.
type Metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	jobRuns     *prometheus.CounterVec
	jobDuration *prometheus.HistogramVec
	jobItems    *prometheus.CounterVec
}

// New makes the registry with the Go runtime and process collectors and Garden's series.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "garden_http_requests_total",
			Help: "HTTP requests answered, by route pattern and status class.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "garden_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern and status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route", "status"}),
		jobRuns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "garden_job_runs_total",
			Help: "Job runs finished on this replica, by job and outcome (success or failure).",
		}, []string{"job", "outcome"}),
		jobDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "garden_job_duration_seconds",
			Help:    "How long job runs took, by job and outcome.",
			Buckets: []float64{.01, .05, .1, .5, 1, 5, 10, 30, 60, 300, 900},
		}, []string{"job", "outcome"}),
		jobItems: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "garden_job_items_total",
			Help: "What job runs counted, by job and kind (catalogue-import: added, updated, unchanged, failed; care-reminders: sent …).",
		}, []string{"job", "kind"}),
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.latency, m.jobRuns, m.jobDuration, m.jobItems)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Instrument counts and times every request of next by the pattern of the route that served it
// (net/http's ServeMux sets Request.Pattern while serving), so label values stay bounded:
// "GET /api/plants/{id}", never the id.
func (m *Metrics) Instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		status := strconv.Itoa(rec.status/100) + "xx"
		m.requests.WithLabelValues(route, status).Inc()
		m.latency.WithLabelValues(route, status).Observe(time.Since(start).Seconds())
	})
}

// ObserveJob records one finished job run.
func (m *Metrics) ObserveJob(run domain.JobRun) {
	outcome := "success"
	if !run.Success {
		outcome = "failure"
	}
	m.jobRuns.WithLabelValues(run.Job, outcome).Inc()
	if run.FinishedAt != nil {
		m.jobDuration.WithLabelValues(run.Job, outcome).Observe(run.FinishedAt.Sub(run.StartedAt).Seconds())
	}
	for kind, n := range run.Counts {
		if n > 0 {
			m.jobItems.WithLabelValues(run.Job, kind).Add(float64(n))
		}
	}
}

// WatchDB exports the pool figures of db (open, in use, idle, waits).
func (m *Metrics) WatchDB(db *sql.DB) {
	m.reg.MustRegister(collectors.NewDBStatsCollector(db, "garden"))
}

// WatchDeliveries exports the notification delivery counts that stats returns, keyed
// "<channel>_<outcome>" (push_sent, email_failed …), as garden_notifications_delivered_total.
func (m *Metrics) WatchDeliveries(stats func() map[string]int) {
	m.reg.MustRegister(deliveryCollector{stats: stats})
}

var deliveredDesc = prometheus.NewDesc("garden_notifications_delivered_total",
	"Notification deliveries on this replica, by channel (push, email, ntfy) and outcome (sent, failed, skipped, removed).",
	[]string{"channel", "outcome"}, nil)

type deliveryCollector struct{ stats func() map[string]int }

func (c deliveryCollector) Describe(ch chan<- *prometheus.Desc) { ch <- deliveredDesc }

func (c deliveryCollector) Collect(ch chan<- prometheus.Metric) {
	for key, n := range c.stats() {
		channel, outcome, ok := strings.Cut(key, "_")
		if !ok {
			continue
		}
		ch <- prometheus.MustNewConstMetric(deliveredDesc, prometheus.CounterValue, float64(n), channel, outcome)
	}
}

// statusWriter remembers the status; Unwrap lets http.ResponseController reach Flush and the
// deadlines of the real writer.
type statusWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wroteHeader = true
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush passes streaming answers through at once.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// WatchOutbox exports the outbox: pending deliveries per channel
// (garden_outbox_pending), the age of the oldest pending one (garden_outbox_oldest_age_seconds,
// 0 when none) and this replica's deliveries in flight (garden_outbox_in_flight), read at
// each scrape.
func (m *Metrics) WatchOutbox(depth func(context.Context) ([]ports.OutboxChannelDepth, error), inFlight func() map[string]int) {
	m.reg.MustRegister(outboxCollector{depth: depth, inFlight: inFlight})
}

var (
	outboxPendingDesc = prometheus.NewDesc("garden_outbox_pending",
		"Deliveries waiting in the outbox, by channel (push, email, ntfy).", []string{"channel"}, nil)
	outboxAgeDesc = prometheus.NewDesc("garden_outbox_oldest_age_seconds",
		"Age of the oldest delivery waiting in the outbox, by channel; 0 when none waits.", []string{"channel"}, nil)
	outboxInFlightDesc = prometheus.NewDesc("garden_outbox_in_flight",
		"Deliveries being made by this replica now, by channel.", []string{"channel"}, nil)
	outboxUpDesc = prometheus.NewDesc("garden_outbox_scrape_ok",
		"1 when the outbox could be read at this scrape, 0 when not.", nil, nil)
)

// outboxChannels are the channels every scrape reports, with 0 when nothing waits.
var outboxChannels = []string{"push", "email", "ntfy"}

type outboxCollector struct {
	depth    func(context.Context) ([]ports.OutboxChannelDepth, error)
	inFlight func() map[string]int
}

func (c outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxPendingDesc
	ch <- outboxAgeDesc
	ch <- outboxInFlightDesc
	ch <- outboxUpDesc
}

func (c outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	depth, err := c.depth(ctx)
	ok := 1.0
	if err != nil {
		ok = 0
	}
	ch <- prometheus.MustNewConstMetric(outboxUpDesc, prometheus.GaugeValue, ok)
	now := time.Now()
	by := map[string]ports.OutboxChannelDepth{}
	for _, d := range depth {
		by[d.Channel] = d
	}
	flying := c.inFlight()
	for _, name := range outboxChannels {
		d, waiting := by[name]
		age := 0.0
		if waiting && !d.Oldest.IsZero() {
			age = max(now.Sub(d.Oldest).Seconds(), 0)
		}
		if err == nil {
			ch <- prometheus.MustNewConstMetric(outboxPendingDesc, prometheus.GaugeValue, float64(d.Pending), name)
			ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, age, name)
		}
		ch <- prometheus.MustNewConstMetric(outboxInFlightDesc, prometheus.GaugeValue, float64(flying[name]), name)
	}
}
