package cli

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// importHortusFoxCommand is "gardenctl import hortusfox FILE --user U [--dry-run]".
func (e *env) importHortusFoxCommand() *cobra.Command {
	var username string
	var dryRun bool
	c := &cobra.Command{
		Use:   "hortusfox FILE",
		Short: "Import a HortusFox backup (Admin › Backup zip) for one user",
		Long: `Import a HortusFox backup for one user: plants with their photos, gallery photos as journal
entries and open tasks as care tasks. Importing the same backup again adds nothing twice; a
backup whose plants do not fit the user's plant limit imports nothing. --dry-run only says
what would be imported.`,
		Args: cobra.ExactArgs(1),
		RunE: e.withRuntime(func(cmd *cobra.Command, args []string, rt *Runtime) error {
			u, err := rt.Accounts.UserByUsername(cmd.Context(), username)
			if err != nil {
				return fmt.Errorf("user %q: %w", username, err)
			}
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			st, err := f.Stat()
			if err != nil {
				return err
			}
			progress := func(done, total int) { drawBar(e.errOut, done, total) }
			res, err := rt.Imports.HortusFox(cmd.Context(), &domain.Principal{User: u}, f, st.Size(), dryRun, progress)
			fmt.Fprintln(e.errOut)
			if err != nil {
				return err
			}
			printImportResult(e.out, res)
			return nil
		}),
	}
	c.Flags().StringVar(&username, "user", "", "the user who receives the garden (required)")
	c.Flags().BoolVar(&dryRun, "dry-run", false, "only say what would be imported")
	_ = c.MarkFlagRequired("user")
	return c
}

func printImportResult(w io.Writer, res *domain.ImportResult) {
	verb := "imported"
	if res.DryRun {
		verb = "would import"
	}
	fmt.Fprintf(w, "%s %d plants, %d journal entries, %d tasks, %d photos", verb, res.Plants, res.JournalEntries, res.Tasks, res.Photos)
	if res.AlreadyImported > 0 {
		fmt.Fprintf(w, " (%d already imported earlier)", res.AlreadyImported)
	}
	fmt.Fprintln(w)
	if res.PlantLimit != nil {
		fmt.Fprintf(w, "plant limit %d, %d plants now, %d of the new plants fit\n", *res.PlantLimit, res.CurrentPlants, res.Fits)
	}
	if len(res.LeftOut) > 0 {
		fmt.Fprintf(w, "left out (%d):\n", len(res.LeftOut))
		for _, l := range res.LeftOut {
			fmt.Fprintf(w, "  %s %q: %s\n", l.Kind, l.Name, l.Reason)
		}
	}
	for _, m := range res.Warnings {
		fmt.Fprintf(w, "warning: %s\n", m)
	}
}

// usersDelete is "gardenctl users delete --username U --yes".
func (e *env) usersDelete() *cobra.Command {
	var username string
	var yes bool
	c := &cobra.Command{
		Use:   "delete",
		Short: "Delete a user with their plants, tasks, journal, harvests, layouts, plans, listings and photos",
		Long: `Delete a user's account for good, as the user can in Settings › Delete account: their rows and
their photos in the blob store go; forum topics and posts, answers and messages others rely on
stay, shown as by "Deleted user". The protected account, superadmins and site admins are
refused. Download the user's data first if they asked for it (GET /api/user/export).`,
		Args: cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			if !yes {
				return fmt.Errorf("deleting %q cannot be undone: add --yes to go ahead", username)
			}
			if err := rt.UserData.DeleteAccountAsOperator(cmd.Context(), username); err != nil {
				return err
			}
			fmt.Fprintf(e.out, "user %q deleted\n", username)
			return nil
		}),
	}
	c.Flags().StringVar(&username, "username", "", "the user (required)")
	c.Flags().BoolVar(&yes, "yes", false, "confirm that the account and its data are to be deleted")
	_ = c.MarkFlagRequired("username")
	return c
}

// importCSVCommand is "gardenctl import csv --kind K FILE --user U [--dry-run]".
func (e *env) importCSVCommand() *cobra.Command {
	var username, kind, locale string
	var mapping []string
	var dryRun, template bool
	c := &cobra.Command{
		Use:   "csv FILE",
		Short: "Import a spreadsheet (CSV) of plants, journal entries, care events or harvests for one user, all or nothing",
		Long: `Import a CSV file of plants, journal entries, care events (the care log) or harvests for one
user (--kind plants|journal|care|harvests). Headers are matched to fields
(--map field=Header overrides a guess); dates are YYYY-MM-DD or in --locale's order (en-US
3/28/2026, de-DE 28.03.2026). One bad row imports nothing: every row's errors are listed.
--template prints the kind's header line instead.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if template {
				return cobra.NoArgs(cmd, args)
			}
			return cobra.ExactArgs(1)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if template {
				if _, ok := domain.CSVFields[kind]; !ok {
					return fmt.Errorf("%s", domain.MsgCSVUnknownKind)
				}
				w := csv.NewWriter(e.out)
				_ = w.Write(domain.CSVTemplate(kind))
				w.Flush()
				return w.Error()
			}
			return e.withRuntime(func(cmd *cobra.Command, args []string, rt *Runtime) error {
				if username == "" {
					return fmt.Errorf("--user is required")
				}
				u, err := rt.Accounts.UserByUsername(cmd.Context(), username)
				if err != nil {
					return fmt.Errorf("user %q: %w", username, err)
				}
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				in := app.CSVImport{Kind: kind, Locale: locale, DryRun: dryRun, Mapping: map[string]string{}}
				for _, m := range mapping {
					field, header, ok := strings.Cut(m, "=")
					if !ok {
						return fmt.Errorf("--map takes field=Header, not %q", m)
					}
					in.Mapping[field] = header
				}
				res, err := rt.Imports.CSV(cmd.Context(), &domain.Principal{User: u}, f, in)
				if err != nil {
					return err
				}
				for _, f := range domain.CSVFields[kind] {
					if header, ok := res.Mapping[f.Name]; ok {
						fmt.Fprintf(e.out, "  %-20s ← %q\n", f.Name, header)
					}
				}
				if len(res.Errors) > 0 {
					for _, re := range res.Errors {
						fmt.Fprintf(e.out, "line %d, %s: %s\n", re.Row, re.Field, re.Message)
					}
					return fmt.Errorf("%d errors in %d rows: nothing was imported", len(res.Errors), res.Rows)
				}
				verb := "imported"
				if res.DryRun {
					verb = "would import"
				}
				fmt.Fprintf(e.out, "%s %d of %d rows\n", verb, res.Imported, res.Rows)
				return nil
			})(cmd, args)
		},
	}
	c.Flags().StringVar(&username, "user", "", "the user who receives the rows (required)")
	c.Flags().StringVar(&kind, "kind", "", "plants, journal, care or harvests (required)")
	c.Flags().StringVar(&locale, "locale", "en-US", "the order of dates that are not YYYY-MM-DD (en-US, en-GB, de-DE, fr-FR …)")
	c.Flags().StringArrayVar(&mapping, "map", nil, "field=Header: read field from that column (repeatable)")
	c.Flags().BoolVar(&dryRun, "dry-run", false, "only check the file and say what would be imported")
	c.Flags().BoolVar(&template, "template", false, "print the kind's template header line")
	_ = c.MarkFlagRequired("kind")
	return c
}
