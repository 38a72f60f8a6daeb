package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

func (e *env) serveCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web app and the API",
		Long: `Migrate the database, create the protected system superadmin if it is missing, and serve the web
app and the JSON API. SIGTERM or SIGINT stops accepting connections and lets requests in flight
finish (up to shutdown_timeout); with shutdown_drain set, it first goes on serving for that long
while GET /readyz answers 503, so a load balancer takes it out of rotation. GET /healthz answers while the process is up; GET /readyz answers
200 only while the database is reachable, its schema current and no restore unfinished. serve
refuses to start while a restore has not finished (gardenctl backup restore FILE --resume or
--force finishes or redoes it).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			return e.serve(ctx)
		},
	}
	c.Flags().String("addr", "", "address to listen on (GARDEN_ADDR)")
	c.Flags().String("base-url", "", "public URL for links and QR codes (GARDEN_BASE_URL)")
	_ = e.v.BindPFlag("addr", c.Flags().Lookup("addr"))
	_ = e.v.BindPFlag("base_url", c.Flags().Lookup("base-url"))
	return c
}

// serve runs the server until ctx ends, then shuts down gracefully.
func (e *env) serve(ctx context.Context) error {
	e.serving = true
	rt, cfg, err := e.runtime(ctx, false)
	if err != nil {
		return err
	}
	defer rt.Close()
	log := e.logger(cfg)
	// A half-restored installation would serve rows whose images are missing.
	if err := unfinishedRestore(ctx, rt); err != nil {
		return err
	}
	applied, err := rt.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, name := range applied {
		log.Info("applied migration", "name", name)
	}
	created, generated, err := rt.Accounts.EnsureProtectedAdmin(ctx, cfg.AdminUsername, cfg.AdminPassword)
	if err != nil {
		return err
	}
	if created {
		log.Info("created the protected system superadmin", "username", cfg.AdminUsername)
		if generated != "" {
			// Printed once, on creation, to the terminal and not the structured log.
			fmt.Fprintf(e.errOut, "\n  Protected superadmin %q created with the generated password:\n\n      %s\n\n"+
				"  Store it now: it will not be shown again (reset it with `gardenctl users reset-password`).\n\n",
				cfg.AdminUsername, generated)
		}
	}

	if err := rt.PrepareJobs(ctx); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	if err := rt.StartJobs(ctx); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	defer rt.StopJobs()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	// From SIGTERM on, GET /readyz says "draining" while everything else is still served.
	var draining atomic.Bool
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/readyz" && draining.Load() {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"status":"draining","message":"This server is shutting down."}`+"\n")
			return
		}
		rt.Handler.ServeHTTP(w, r)
	})
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute, // uploads on slow links
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("serving", "url", "http://"+ln.Addr().String(), "base_url", cfg.BaseURL)
	if rt.Metrics != nil && cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			_ = srv.Close()
			return fmt.Errorf("metrics_addr: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", rt.Metrics)
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = msrv.Serve(mln) }()
		defer msrv.Close()
		log.Info("serving metrics", "url", "http://"+mln.Addr().String()+"/metrics")
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	draining.Store(true)
	if cfg.ShutdownDrain > 0 {
		// A load balancer's health check sees 503 and takes this replica out of rotation while
		// it still answers what it is sent; only then does it stop listening.
		log.Info("draining: /readyz answers 503, still serving", "drain", cfg.ShutdownDrain)
		select {
		case <-time.After(cfg.ShutdownDrain):
		case err := <-errc:
			return err
		}
	}
	log.Info("shutting down: finishing requests in flight", "timeout", cfg.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}
