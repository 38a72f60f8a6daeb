// Package cli is gardenctl's command line (cobra). It reads the configuration (viper) and calls
// core/app through a Runtime that cmd/gardenctl wires from concrete adapters.
package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/ports"
)

// Runtime is what the commands need, built from the configuration by a Wiring.
type Runtime struct {
	Accounts      *app.Accounts
	PlantDatabase *app.PlantDatabase
	Jobs          *app.Jobs
	Sites         *app.Sites
	Maintenance   *app.Maintenance
	Notifications *app.Notifications
	Forum         *app.Forum
	Backups       *app.Backups
	// JobNames lists the registered jobs (after PrepareJobs).
	JobNames func() []string
	// PrepareJobs registers the job plugins, storing their default schedules once.
	PrepareJobs func(ctx context.Context) error
	// StartJobs starts the scheduler; StopJobs stops it and waits for running jobs.
	StartJobs func(ctx context.Context) error
	StopJobs  func() error
	// Migrate applies pending migrations and returns their names.
	Migrate func(ctx context.Context) ([]string, error)
	// Ready reports whether the database answers and its schema is current.
	Ready func(ctx context.Context) error
	// Handler serves the API and the web app.
	Handler http.Handler
	// Metrics serves GET /metrics on metrics_addr; nil when metrics are off.
	Metrics http.Handler
	// Seed bulk-loads plants synthetic plants with their users (password password), sites,
	// tasks, journal entries and notifications (gardenctl dev seed); progress hears done of
	// total plants. Nil when the build cannot seed.
	Seed func(ctx context.Context, plants int, password string, progress func(done, total int)) (ports.SeedCounts, error)
	// Close releases connections.
	Close func() error
}

// Wiring builds a Runtime from the configuration. Only cmd/gardenctl knows the adapters.
type Wiring func(ctx context.Context, cfg configs.Config, log *slog.Logger) (*Runtime, error)

// env carries what every command shares.
type env struct {
	wire    Wiring
	version string
	v       *viper.Viper
	out     io.Writer
	errOut  io.Writer
	// serving is set by serve, whose log is the operator's record.
	serving bool
}

// NewRootCommand returns the gardenctl command tree.
func NewRootCommand(wire Wiring, version string) *cobra.Command {
	e := &env{wire: wire, version: version, v: viper.New()}
	root := &cobra.Command{
		Use:   "gardenctl",
		Short: "Garden: a self-hosted plant-care and gardening web app",
		Long: `gardenctl serves Garden's web app and JSON API, runs its scheduled jobs and administers the
installation. Every command reads the same configuration: the defaults of configs/gardenctl.yaml,
then the file given by --config, then GARDEN_* environment variables, then flags.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			e.out, e.errOut = cmd.OutOrStdout(), cmd.ErrOrStderr()
			return e.loadConfigLayers(cmd)
		},
	}
	pf := root.PersistentFlags()
	pf.String("config", "", "configuration file (YAML) read over the defaults")
	pf.String("data-dir", "", "folder for the embedded database and uploads (GARDEN_DATA_DIR)")
	pf.String("database-url", "", "empty for SQLite in the data dir, or postgres://… (GARDEN_DATABASE_URL)")
	pf.String("log-level", "", "debug, info, warn or error (GARDEN_LOG_LEVEL)")
	for key, flag := range map[string]string{"data_dir": "data-dir", "database_url": "database-url", "log_level": "log-level"} {
		_ = e.v.BindPFlag(key, pf.Lookup(flag))
	}
	root.AddCommand(e.serveCommand(), e.migrateCommand(), e.versionCommand(), e.configCommand(), e.usersCommand(),
		e.importCommand(), e.jobsCommand(), e.plantdbCommand(), e.sitesCommand(), e.maintenanceCommand())
	root.AddCommand(e.pushCommand(), e.remindersCommand(), e.tokensCommand())
	root.AddCommand(e.forumCommand())
	root.AddCommand(e.backupCommand())
	root.AddCommand(e.devCommand())
	root.AddCommand(e.healthcheckCommand())
	return root
}

// loadConfigLayers stacks the embedded defaults, the optional file and the environment.
func (e *env) loadConfigLayers(cmd *cobra.Command) error {
	e.v.SetConfigType("yaml")
	if err := e.v.ReadConfig(bytes.NewReader(configs.DefaultYAML)); err != nil {
		return fmt.Errorf("read default configuration: %w", err)
	}
	// Defaults make every key known to viper, which it needs to read the key's environment
	// variable.
	for _, k := range e.v.AllKeys() {
		e.v.SetDefault(k, e.v.Get(k))
	}
	if path, _ := cmd.Flags().GetString("config"); path != "" {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("config file: %w", err)
		}
		defer f.Close()
		if err := e.v.MergeConfig(f); err != nil {
			return fmt.Errorf("config file %s: %w", path, err)
		}
	}
	e.v.SetEnvPrefix("GARDEN")
	e.v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	e.v.AutomaticEnv()
	return nil
}

// config returns the effective, validated configuration.
func (e *env) config() (configs.Config, error) {
	var c configs.Config
	if err := e.v.Unmarshal(&c); err != nil {
		return c, fmt.Errorf("configuration: %w", err)
	}
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("configuration: %w", err)
	}
	return c, nil
}

func (e *env) logger(c configs.Config) *slog.Logger {
	level := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}[c.LogLevel]
	if !e.serving && level == slog.LevelInfo {
		// Interactive commands print their own results; routine info lines would only bury them.
		level = slog.LevelWarn
	}
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(e.errOut, opts))
	}
	return slog.New(slog.NewTextHandler(e.errOut, opts))
}

// runtime builds the configured runtime. When needSchema is set it refuses to go on with
// pending migrations, so that a command never writes into a half-built schema.
// withRuntime is the RunE of a command that works on a migrated installation: it opens the
// runtime, hands it to run and closes it whatever run returns.
func (e *env) withRuntime(run func(cmd *cobra.Command, args []string, rt *Runtime) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		rt, _, err := e.runtime(cmd.Context(), true)
		if err != nil {
			return err
		}
		defer rt.Close()
		return run(cmd, args, rt)
	}
}

func (e *env) runtime(ctx context.Context, needSchema bool) (*Runtime, configs.Config, error) {
	c, err := e.config()
	if err != nil {
		return nil, c, err
	}
	rt, err := e.wire(ctx, c, e.logger(c))
	if err != nil {
		return nil, c, err
	}
	if needSchema {
		if err := unfinishedRestore(ctx, rt); err != nil {
			rt.Close()
			return nil, c, err
		}
		if err := rt.Ready(ctx); err != nil {
			rt.Close()
			return nil, c, fmt.Errorf("database not ready (%v): run `gardenctl migrate` first", err)
		}
	}
	return rt, c, nil
}

// unfinishedRestore refuses to work on an installation whose restore began and did not finish
// (gardenctl backup restore FILE --resume or --force is what to run).
func unfinishedRestore(ctx context.Context, rt *Runtime) error {
	if rt.Backups == nil {
		return nil
	}
	return rt.Backups.Unfinished(ctx)
}

func (e *env) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print gardenctl's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(e.out, "gardenctl %s\n", e.version)
			return nil
		},
	}
}

func (e *env) configCommand() *cobra.Command {
	c := &cobra.Command{Use: "config", Short: "Inspect the configuration"}
	c.AddCommand(&cobra.Command{
		Use:   "dump",
		Short: "Print the effective configuration, secrets masked",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := e.config()
			if err != nil {
				return err
			}
			fmt.Fprint(e.out, cfg.Dump())
			return nil
		},
	})
	return c
}

func (e *env) migrateCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply pending database migrations",
		Long:  "Apply every pending migration of the configured database, each in its own transaction. serve also does this at start.",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, _, err := e.runtime(cmd.Context(), false)
			if err != nil {
				return err
			}
			defer rt.Close()
			if err := unfinishedRestore(cmd.Context(), rt); err != nil {
				return err
			}
			applied, err := rt.Migrate(cmd.Context())
			if err != nil {
				return err
			}
			if len(applied) == 0 {
				fmt.Fprintln(e.out, "database schema is up to date")
			}
			for _, name := range applied {
				fmt.Fprintf(e.out, "applied %s\n", name)
			}
			return nil
		},
	}
}
