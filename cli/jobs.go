package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/domain"
)

// catalogueImport is the name of the import job (jobs.CatalogueImportName).
const catalogueImport = "catalogue-import"

// jobsRuntime opens the runtime with a current schema and the job plugins registered.
func (e *env) jobsRuntime(ctx context.Context) (*Runtime, error) {
	rt, _, err := e.runtime(ctx, true)
	if err != nil {
		return nil, err
	}
	if err := rt.PrepareJobs(ctx); err != nil {
		rt.Close()
		return nil, err
	}
	return rt, nil
}

func (e *env) importCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "import",
		Short: "Import the seed store's catalogue, or a gardener's HortusFox backup",
		Long: `Import the "(PP)" products of the seed store at GARDEN_CATALOGUE_URL into the plant database.
A system cron line calling "gardenctl import run" is as good as the built-in schedule: the run
takes the same lock and is recorded in the same history.`,
	}
	run := &cobra.Command{
		Use:   "run",
		Short: "Run the import now, with a progress bar",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, err := e.jobsRuntime(cmd.Context())
			if err != nil {
				return err
			}
			defer rt.Close()
			stop := e.progressBar(cmd.Context(), rt)
			run, err := rt.Jobs.RunNowAsOperator(cmd.Context(), catalogueImport)
			stop()
			if err != nil {
				return err
			}
			for _, d := range run.Details {
				if d.Status == "failed" || d.Status == "skipped" {
					fmt.Fprintf(e.out, "  %-7s %s: %s\n", d.Status, d.Name, d.Message)
				}
			}
			if !run.Success {
				return fmt.Errorf("import failed: %s", run.Message)
			}
			fmt.Fprintf(e.out, "import finished: %s\n", run.Message)
			return nil
		},
	}
	c.AddCommand(run, e.scheduleCommand(catalogueImport, "import"), e.historyCommand(), e.importHortusFoxCommand(), e.importCSVCommand())
	return c
}

// progressBar draws the running import's progress from storage until stopped.
func (e *env) progressBar(ctx context.Context, rt *Runtime) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		drawn := false
		for {
			select {
			case <-done:
				if drawn {
					fmt.Fprintln(e.errOut)
				}
				return
			case <-tick.C:
				st, err := rt.Jobs.StatusAsOperator(ctx, catalogueImport)
				if err != nil || st.LastRun == nil || !st.LastRun.Running() || st.LastRun.Total == 0 {
					continue
				}
				drawBar(e.errOut, st.LastRun.Done, st.LastRun.Total)
				drawn = true
			}
		}
	}()
	return func() { close(done); <-finished }
}

func drawBar(w io.Writer, done, total int) {
	const width = 30
	filled := 0
	if total > 0 {
		filled = done * width / total
	}
	fmt.Fprintf(w, "\r  importing [%s%s] %d/%d ", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

// scheduleCommand shows and changes the daily schedule of job, which people call what.
func (e *env) scheduleCommand(job, what string) *cobra.Command {
	c := &cobra.Command{Use: "schedule", Short: "Show or change the daily " + what + " schedule"}
	show := func(cmd *cobra.Command, enabled *bool, hhmm *string) error {
		rt, err := e.jobsRuntime(cmd.Context())
		if err != nil {
			return err
		}
		defer rt.Close()
		if enabled != nil || hhmm != nil {
			if _, err := rt.Jobs.UpdateDailyAsOperator(cmd.Context(), job, enabled, hhmm); err != nil {
				return err
			}
		}
		st, err := rt.Jobs.StatusAsOperator(cmd.Context(), job)
		if err != nil {
			return err
		}
		state := "disabled"
		if st.Schedule.Enabled {
			state = "enabled"
		}
		if f := strings.Fields(st.Schedule.Cron); len(f) == 6 && f[2] == "*" {
			// The care reminders run hourly: each gardener's hour comes in their own zone.
			fmt.Fprintf(e.out, "every hour at :%02s (%s), %s\n", f[1], st.Schedule.Cron, state)
		} else {
			hh, _ := domain.DailyTime(st.Schedule.Cron)
			fmt.Fprintf(e.out, "daily at %s (%s), %s\n", hh, st.Schedule.Cron, state)
		}
		if st.LastRun != nil {
			fmt.Fprintf(e.out, "last run: %s, %s\n", st.LastRun.StartedAt.Local().Format("2006-01-02 15:04"), orDash(st.LastRun.Message))
		}
		fmt.Fprintln(e.out, "running servers apply a change within a minute")
		return nil
	}
	var at string
	set := &cobra.Command{Use: "set", Short: "Set the daily time (24-hour HH:MM, server time)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, nil, &at) }}
	set.Flags().StringVar(&at, "time", "", "daily time, HH:MM (required)")
	_ = set.MarkFlagRequired("time")
	yes, no := true, false
	c.AddCommand(
		&cobra.Command{Use: "show", Short: "Show the schedule", Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, nil, nil) }},
		set,
		&cobra.Command{Use: "enable", Short: "Enable the daily " + what, Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, &yes, nil) }},
		&cobra.Command{Use: "disable", Short: "Disable the daily " + what, Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, &no, nil) }},
	)
	return c
}

func (e *env) historyCommand() *cobra.Command {
	var limit int
	c := &cobra.Command{
		Use:   "history",
		Short: "List past imports, newest first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, err := e.jobsRuntime(cmd.Context())
			if err != nil {
				return err
			}
			defer rt.Close()
			runs, err := rt.Jobs.HistoryAsOperator(cmd.Context(), catalogueImport, limit)
			if err != nil {
				return err
			}
			printRuns(e.out, runs)
			return nil
		},
	}
	c.Flags().IntVar(&limit, "limit", 20, "how many runs to show")
	return c
}

func printRuns(w io.Writer, runs []*domain.JobRun) {
	if len(runs) == 0 {
		fmt.Fprintln(w, "no runs yet")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STARTED\tTRIGGER\tRESULT\tCOUNTS\tMESSAGE")
	for _, r := range runs {
		result := "failed"
		switch {
		case r.Running():
			result = fmt.Sprintf("running %d/%d", r.Done, r.Total)
		case r.Success:
			result = "ok"
		}
		keys := make([]string, 0, len(r.Counts))
		for k := range r.Counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var counts []string
		for _, k := range keys {
			counts = append(counts, fmt.Sprintf("%s=%d", k, r.Counts[k]))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.StartedAt.Local().Format("2006-01-02 15:04:05"), r.Trigger, result, orDash(strings.Join(counts, " ")), orDash(r.Message))
	}
	tw.Flush()
}

func (e *env) jobsCommand() *cobra.Command {
	c := &cobra.Command{Use: "jobs", Short: "List scheduled jobs or run one now"}
	c.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List the jobs with their schedules and last runs",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, err := e.jobsRuntime(cmd.Context())
			if err != nil {
				return err
			}
			defer rt.Close()
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "JOB\tSCHEDULE\tENABLED\tLAST RUN\tRESULT")
			for _, name := range rt.JobNames() {
				st, err := rt.Jobs.StatusAsOperator(cmd.Context(), name)
				if err != nil {
					return err
				}
				last, result := "never", "-"
				if st.LastRun != nil {
					last = st.LastRun.StartedAt.Local().Format("2006-01-02 15:04")
					result = orDash(st.LastRun.Message)
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", name, st.Schedule.Cron, yesNo(st.Schedule.Enabled), last, result)
			}
			return tw.Flush()
		},
	}, &cobra.Command{
		Use:   "run NAME",
		Short: "Run a job now and wait for it",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rt, err := e.jobsRuntime(cmd.Context())
			if err != nil {
				return err
			}
			defer rt.Close()
			run, err := rt.Jobs.RunNowAsOperator(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if !run.Success {
				return fmt.Errorf("%s failed: %s", args[0], run.Message)
			}
			fmt.Fprintf(e.out, "%s finished: %s\n", args[0], run.Message)
			return nil
		},
	})
	return c
}

func (e *env) plantdbCommand() *cobra.Command {
	c := &cobra.Command{Use: "plantdb", Short: "Inspect or clear the plant database"}
	var asJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List the plant database",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			items, err := rt.PlantDatabase.ListAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				type row struct {
					ID             int64  `json:"id"`
					CommonName     string `json:"commonName"`
					ScientificName string `json:"scientificName"`
					PlantType      string `json:"plantType"`
					Source         string `json:"source"`
					StoreURL       string `json:"storeUrl"`
				}
				rows := make([]row, len(items))
				for i, it := range items {
					rows[i] = row{it.ID, it.CommonName, it.ScientificName, string(it.Type), it.Source, it.StoreURL}
				}
				enc := json.NewEncoder(e.out)
				enc.SetIndent("", "  ")
				return enc.Encode(rows)
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSCIENTIFIC NAME\tTYPE\tSOURCE")
			for _, it := range items {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", it.ID, it.CommonName, orDash(it.ScientificName), it.Type, it.Source)
			}
			fmt.Fprintf(tw, "\t%d plants\t\t\t\n", len(items))
			return tw.Flush()
		}),
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	clear := func(use, short string, importedOnly bool) *cobra.Command {
		var yes bool
		cmd := &cobra.Command{
			Use:   use,
			Short: short,
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				if !yes {
					return fmt.Errorf("this deletes plant database items: add --yes to confirm")
				}
				rt, _, err := e.runtime(cmd.Context(), true)
				if err != nil {
					return err
				}
				defer rt.Close()
				n, err := rt.PlantDatabase.ClearAsOperator(cmd.Context(), importedOnly)
				if err != nil {
					return err
				}
				fmt.Fprintf(e.out, "deleted %d plant database items\n", n)
				return nil
			},
		}
		cmd.Flags().BoolVar(&yes, "yes", false, "confirm the deletion")
		return cmd
	}
	c.AddCommand(list, clear("clear", "Delete every plant database item", false),
		clear("clear-imported", "Delete imported items, keeping manually added ones", true))
	return c
}

func when(t *time.Time) string {
	if t == nil {
		return "never"
	}
	return t.Local().Format("2006-01-02 15:04")
}
