package cli

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"
)

// healthcheckCommand is the container image's HEALTHCHECK: the image holds only the binary (no
// shell, no curl), so the binary asks its own server.
func (e *env) healthcheckCommand() *cobra.Command {
	var url string
	c := &cobra.Command{
		Use:   "healthcheck",
		Short: "Exit 0 when the server on this machine answers GET /healthz (for container health checks)",
		Long: `Asks the server listening on addr (GARDEN_ADDR) on this machine for GET /healthz and exits 0 when it
answers 200 within 5 seconds, 1 otherwise. The container image's HEALTHCHECK runs it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if url == "" {
				cfg, err := e.config()
				if err != nil {
					return err
				}
				host, port, err := net.SplitHostPort(cfg.Addr)
				if err != nil {
					return fmt.Errorf("addr %q: %w", cfg.Addr, err)
				}
				if host == "" || host == "0.0.0.0" || host == "::" {
					host = "127.0.0.1"
				}
				url = "http://" + net.JoinHostPort(host, port) + "/healthz"
			}
			client := &http.Client{Timeout: 5 * time.Second}
			res, err := client.Get(url)
			if err != nil {
				return fmt.Errorf("unhealthy: %w", err)
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("unhealthy: %s answered %d", url, res.StatusCode)
			}
			fmt.Fprintln(e.out, "healthy")
			return nil
		},
	}
	c.Flags().StringVar(&url, "url", "", "the address to ask (default: http://<addr>/healthz)")
	return c
}
