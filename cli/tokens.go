package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

// tokensCommand lists and revokes personal API tokens (Settings › API tokens), for an operator
// who must cut a leaked token off without the owner's sign-in.
func (e *env) tokensCommand() *cobra.Command {
	c := &cobra.Command{Use: "tokens", Short: "List and revoke personal API tokens"}
	var user string
	var limit int
	list := &cobra.Command{
		Use:   "list",
		Short: "List active API tokens, newest first (never the tokens themselves)",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			tokens, err := rt.Accounts.ListAPITokensAsOperator(cmd.Context(), user, limit)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tUSER ID\tNAME\tSCOPE\tEXPIRES\tLAST USED")
			for _, t := range tokens {
				last := "never"
				if t.LastUsedAt != nil {
					last = t.LastUsedAt.Format("2006-01-02 15:04 MST")
				}
				fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\n", t.ID, t.UserID, t.Name, t.Scope, t.ExpiresAt.Format("2006-01-02"), last)
			}
			return tw.Flush()
		}),
	}
	list.Flags().StringVar(&user, "user", "", "only this user's tokens")
	list.Flags().IntVar(&limit, "limit", 200, "at most this many")
	var id int64
	revoke := &cobra.Command{
		Use:   "revoke",
		Short: "Revoke one API token at once",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			if err := rt.Accounts.RevokeAPITokenAsOperator(cmd.Context(), id); err != nil {
				return err
			}
			fmt.Fprintf(e.out, "API token %d revoked\n", id)
			return nil
		}),
	}
	revoke.Flags().Int64Var(&id, "id", 0, "the token's id (from tokens list)")
	_ = revoke.MarkFlagRequired("id")
	c.AddCommand(list, revoke)
	return c
}
