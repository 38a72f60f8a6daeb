package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
)

func (e *env) remindersCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "reminders",
		Short: "Show or change the daily care reminders, or send today's now",
		Long: `Care reminders go out once a day (08:00 server time by default): one notification per gardener
with care reminders on, listing the plants needing water or fertilizer and the care tasks due.
A user is never reminded twice on one day, however often the job runs.`,
	}
	show := func(cmd *cobra.Command, enabled *bool, hhmm *string) error {
		rt, err := e.jobsRuntime(cmd.Context())
		if err != nil {
			return err
		}
		defer rt.Close()
		if enabled != nil || hhmm != nil {
			if _, err := rt.Jobs.UpdateDailyAsOperator(cmd.Context(), jobs.CareRemindersName, enabled, hhmm); err != nil {
				return err
			}
		}
		st, err := rt.Jobs.StatusAsOperator(cmd.Context(), jobs.CareRemindersName)
		if err != nil {
			return err
		}
		hh, _ := domain.DailyTime(st.Schedule.Cron)
		state := "disabled"
		if st.Schedule.Enabled {
			state = "enabled"
		}
		fmt.Fprintf(e.out, "daily at %s (%s), %s\n", hh, st.Schedule.Cron, state)
		if st.LastRun != nil {
			fmt.Fprintf(e.out, "last run: %s, %s\n", st.LastRun.StartedAt.Local().Format("2006-01-02 15:04"), orDash(st.LastRun.Message))
		}
		fmt.Fprintln(e.out, "running servers apply a change within a minute")
		return nil
	}
	schedule := &cobra.Command{Use: "schedule", Short: "Show or change the daily time"}
	var at string
	set := &cobra.Command{Use: "set", Short: "Set the daily time (24-hour HH:MM, server time)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, nil, &at) }}
	set.Flags().StringVar(&at, "time", "", "daily time, HH:MM (required)")
	_ = set.MarkFlagRequired("time")
	yes, no := true, false
	schedule.AddCommand(
		&cobra.Command{Use: "show", Short: "Show the schedule", Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, nil, nil) }},
		set,
		&cobra.Command{Use: "enable", Short: "Enable the daily reminders", Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, &yes, nil) }},
		&cobra.Command{Use: "disable", Short: "Disable the daily reminders", Args: cobra.NoArgs, RunE: func(cmd *cobra.Command, _ []string) error { return show(cmd, &no, nil) }},
	)
	run := &cobra.Command{
		Use:   "run",
		Short: "Send today's reminders now (users already reminded today are skipped)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, err := e.jobsRuntime(cmd.Context())
			if err != nil {
				return err
			}
			defer rt.Close()
			r, err := rt.Jobs.RunNowAsOperator(cmd.Context(), jobs.CareRemindersName)
			if err != nil {
				return err
			}
			if !r.Success {
				return fmt.Errorf("care reminders failed: %s", r.Message)
			}
			fmt.Fprintf(e.out, "care reminders: %s\n", r.Message)
			return nil
		},
	}
	c.AddCommand(schedule, run)
	return c
}
