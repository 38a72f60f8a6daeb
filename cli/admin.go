package cli

import (
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/domain"
)

func limitText(n int) string {
	if n == 0 {
		return "unlimited"
	}
	return strconv.Itoa(n)
}

func (e *env) sitesCommand() *cobra.Command {
	c := &cobra.Command{Use: "sites", Short: "Administer sites (tenants) and their limits"}
	c.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List sites with their users, limits and maintenance",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			sites, err := rt.Sites.ListAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSTATUS\tUSERS\tUSER LIMIT\tPLANT LIMIT\tMAINTENANCE")
			for _, v := range sites {
				s := v.Site
				m := "-"
				if s.MaintenanceMode {
					m = s.MaintenanceMessage
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%s\n", s.ID, s.Name, s.Status, v.UserCount, limitText(s.UserLimit), limitText(s.PlantLimit), m)
			}
			return tw.Flush()
		}),
	})

	var site domain.Site
	create := &cobra.Command{
		Use:     "create",
		Short:   "Create a site",
		Example: "  gardenctl sites create --name 'Riverside Allotments' --user-limit 50 --plant-limit 30",
		Args:    cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			v, err := rt.Sites.CreateAsOperator(cmd.Context(), &site)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "created site %q (id %d)\n", v.Site.Name, v.Site.ID)
			return nil
		}),
	}
	f := create.Flags()
	f.StringVar(&site.Name, "name", "", "site name, at least 2 characters (required)")
	f.StringVar(&site.Email, "email", "", "contact e-mail")
	f.StringVar(&site.Website, "website", "", "website URL")
	f.StringVar(&site.City, "city", "", "city")
	f.StringVar(&site.Country, "country", domain.DefaultCountry, "country")
	f.IntVar(&site.UserLimit, "user-limit", 0, "most users on the site (0 = unlimited)")
	f.IntVar(&site.PlantLimit, "plant-limit", 0, "most plants per general user (0 = unlimited)")
	_ = create.MarkFlagRequired("name")

	var id int64
	var users, plants int
	setLimits := &cobra.Command{
		Use:     "set-limits",
		Short:   "Change a site's user and plant limits",
		Example: "  gardenctl sites set-limits --site 2 --user-limit 100 --plant-limit 0",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("user-limit") && !cmd.Flags().Changed("plant-limit") {
				return fmt.Errorf("give --user-limit, --plant-limit or both")
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			v, err := rt.Sites.UpdateAsOperator(cmd.Context(), id, func(s *domain.Site) error {
				if cmd.Flags().Changed("user-limit") {
					s.UserLimit = users
				}
				if cmd.Flags().Changed("plant-limit") {
					s.PlantLimit = plants
				}
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "site %q: %s users, %s plants per user\n", v.Site.Name, limitText(v.Site.UserLimit), limitText(v.Site.PlantLimit))
			return nil
		},
	}
	setLimits.Flags().Int64Var(&id, "site", 0, "site id (required)")
	setLimits.Flags().IntVar(&users, "user-limit", 0, "most users (0 = unlimited)")
	setLimits.Flags().IntVar(&plants, "plant-limit", 0, "most plants per general user (0 = unlimited)")
	_ = setLimits.MarkFlagRequired("site")
	c.AddCommand(create, setLimits)
	return c
}

func (e *env) maintenanceCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "maintenance",
		Short: "Put functions or sites in maintenance, or take them out",
		Long: `While a function is in maintenance, its write calls answer 503 with the message for everyone
but superadmins, and the web app shows the maintenance notice. site_wide covers everything; a
site in maintenance stops its own users.`,
	}
	c.AddCommand(&cobra.Command{
		Use:   "status",
		Short: "Show what is in maintenance",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			fns, err := rt.Maintenance.FunctionsAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "FUNCTION\tNAME\tMAINTENANCE\tLAST START\tLAST END")
			for _, f := range fns {
				state := "off"
				if f.MaintenanceMode {
					state = "ON: " + f.MaintenanceMessage
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", f.Name, f.DisplayName, state, when(f.LastMaintenanceStart), when(f.LastMaintenanceEnd))
			}
			tw.Flush()
			sites, err := rt.Sites.ListAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			for _, v := range sites {
				if v.Site.MaintenanceMode {
					fmt.Fprintf(e.out, "site %d %q is in maintenance: %s\n", v.Site.ID, v.Site.Name, v.Site.MaintenanceMessage)
				}
			}
			return nil
		}),
	}, e.maintenanceSwitch(true), e.maintenanceSwitch(false))
	return c
}

func (e *env) maintenanceSwitch(on bool) *cobra.Command {
	var function, message string
	var site int64
	use, short := "off", "Take a function or a site out of maintenance"
	if on {
		use, short = "on", "Put a function or a site in maintenance (a message is required)"
	}
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: "  gardenctl maintenance on --function community_forum --message 'Back at noon'\n  gardenctl maintenance off --site 3",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if (function == "") == (site == 0) {
				return fmt.Errorf("give exactly one of --function NAME or --site ID")
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			state := "off"
			if on {
				state = "on"
			}
			if function != "" {
				f, err := rt.Maintenance.SetFunctionByName(cmd.Context(), function, on, message)
				if err != nil {
					return err
				}
				fmt.Fprintf(e.out, "maintenance %s for %s (%s); servers apply it within seconds\n", state, f.Name, f.DisplayName)
				return nil
			}
			s, err := rt.Maintenance.SetSiteAsOperator(cmd.Context(), site, on, message)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "maintenance %s for site %q\n", state, s.Name)
			return nil
		},
	}
	c.Flags().StringVar(&function, "function", "", "function name, e.g. site_wide or community_forum")
	c.Flags().Int64Var(&site, "site", 0, "site id")
	if on {
		c.Flags().StringVar(&message, "message", "", "the message people see (required)")
	}
	return c
}
