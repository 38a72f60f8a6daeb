package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/jobs"
)

func (e *env) remindersCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "reminders",
		Short: "Show or change the daily care reminders, or send today's now",
		Long: `Care reminders go out once a day to each gardener with care reminders on, at their reminder hour
(GARDEN_CARE_REMINDER_TIME's hour, 08 by default, or the one they chose) in their own time zone,
listing the plants needing water or fertilizer and the care tasks due on their own date. The job
runs every hour and picks the gardeners whose hour it is; keep it hourly (a daily time reminds
only the zones whose hour that time is). A user is never reminded twice on one local date.`,
	}
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
			// The reminders' push, e-mail and ntfy deliveries wait in the outbox: make them now
			// rather than leave them to a running server (which may take some of them too:
			// claims never overlap).
			if rt.Notifications != nil {
				if err := rt.Notifications.Wait(cmd.Context()); err != nil {
					return fmt.Errorf("care reminders stored; delivering them: %w (a running server delivers the rest)", err)
				}
			}
			return nil
		},
	}
	c.AddCommand(e.scheduleCommand(jobs.CareRemindersName, "reminders"), run)
	return c
}
