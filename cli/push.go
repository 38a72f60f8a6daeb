package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/app"
)

func (e *env) pushCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "push",
		Short: "Test push and other notification delivery",
		Long: `Send test notifications and show the Web Push key. With push_sender log (the default without
VAPID keys) pushes are written to the server log instead of being delivered.`,
	}
	var username, title, content string
	test := &cobra.Command{
		Use:   "test",
		Short: "Send one notification to a user through every channel they enabled",
		Long: `Store one notification for the user (it shows in their bell) and deliver it through Web Push to
each registered device, e-mail and ntfy, as their preferences say; print what each channel did.
Exits with status 1 when no device received the push.`,
		Example: "  gardenctl push test --user rosa\n  gardenctl push test --user rosa --title 'Frost tonight' --content 'Cover the dahlias.'",
		Args:    cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			u, sent, err := rt.Notifications.TestAsOperator(cmd.Context(), username, title, content)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "sent %q to %s (notification %d)\n", sent.Notification.Title, u.Username, sent.Notification.ID)
			printReport(e.out, sent.Report)
			if sent.Report.Push.Sent == 0 {
				return fmt.Errorf("no device received the push: %s", orDash(sent.Report.Push.Reason))
			}
			return nil
		}),
	}
	f := test.Flags()
	f.StringVar(&username, "user", "", "username to notify (required)")
	f.StringVar(&title, "title", "", "title (default \"Test notification\")")
	f.StringVar(&content, "content", "", "text (default: a sentence saying notifications work)")
	_ = test.MarkFlagRequired("user")
	key := &cobra.Command{
		Use:   "key",
		Short: "Print the VAPID public key browsers subscribe with, and how pushes are delivered",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			k, err := rt.Notifications.PushKeyAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "public key: %s\ndelivery:   %s\n", k.PublicKey, k.Delivery)
			return nil
		}),
	}
	c.AddCommand(test, key)
	return c
}

func printReport(w io.Writer, r app.DeliveryReport) {
	fmt.Fprintln(w, "  in-app  stored")
	line := func(name string, c app.ChannelReport, unit string) {
		switch c.Status {
		case app.DeliverySent:
			fmt.Fprintf(w, "  %-7s sent to %d %s", name, c.Sent, unit)
			if c.Failed == 0 && c.Reason != "" {
				fmt.Fprintf(w, " (%s)", c.Reason)
			}
		case app.DeliveryFailed:
			fmt.Fprintf(w, "  %-7s failed: %s", name, c.Reason)
		default:
			fmt.Fprintf(w, "  %-7s skipped: %s", name, c.Reason)
		}
		if c.Status == app.DeliverySent && c.Failed > 0 {
			fmt.Fprintf(w, ", failed for %d: %s", c.Failed, c.Reason)
		}
		if c.Removed > 0 {
			fmt.Fprintf(w, " (%d expired subscriptions removed)", c.Removed)
		}
		fmt.Fprintln(w)
	}
	line("push", r.Push, "device(s)")
	line("email", r.Email, "address")
	line("ntfy", r.Ntfy, "topic")
}
