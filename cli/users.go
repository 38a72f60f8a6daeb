package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

func (e *env) usersCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "users",
		Short: "Administer user accounts",
		Long:  "Create, list and change user accounts. The account rules hold here as in the web app: the protected system account keeps its name, role and activity, and superadmins cannot be deactivated.",
	}
	c.AddCommand(e.usersCreate(), e.usersList(), e.usersSetRole(), e.usersSetActive(true), e.usersSetActive(false), e.usersResetPassword(), e.usersReset2FA())
	return c
}

func (e *env) usersCreate() *cobra.Command {
	var in app.NewUser
	var role string
	var site int64
	c := &cobra.Command{
		Use:     "create",
		Short:   "Create a user",
		Example: "  gardenctl users create --username rosa --password 'long-secret' --role user --email rosa@example.org",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := domain.ParseRole(role)
			if err != nil {
				return err
			}
			in.Role = r
			if cmd.Flags().Changed("site") {
				in.SiteID = &site
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			u, err := rt.Accounts.CreateUser(cmd.Context(), in)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "created user %q (id %d, role %s)\n", u.Username, u.ID, u.Role)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&in.Username, "username", "", "username, at least 3 characters (required)")
	f.StringVar(&in.Password, "password", "", "password, at least 8 characters (required)")
	f.StringVar(&role, "role", "user", "user, admin or superadmin")
	f.StringVar(&in.Email, "email", "", "e-mail address")
	f.StringVar(&in.FullName, "full-name", "", "full name")
	f.Int64Var(&site, "site", 0, "id of the user's site")
	f.BoolVar(&in.IsSiteAdmin, "site-admin", false, "make the user an administrator of their site (needs --site)")
	_ = c.MarkFlagRequired("username")
	_ = c.MarkFlagRequired("password")
	return c
}

func (e *env) usersList() *cobra.Command {
	var asJSON bool
	var role string
	var site int64
	c := &cobra.Command{
		Use:   "list",
		Short: "List users",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var filter ports.UserFilter
			if role != "" {
				r, err := domain.ParseRole(role)
				if err != nil {
					return err
				}
				filter.Role = r
			}
			if cmd.Flags().Changed("site") {
				filter.SiteID = &site
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			users, err := rt.Accounts.ListUsers(cmd.Context(), filter)
			if err != nil {
				return err
			}
			if asJSON {
				type row struct {
					ID          int64      `json:"id"`
					Username    string     `json:"username"`
					Email       string     `json:"email"`
					Role        string     `json:"role"`
					IsActive    bool       `json:"isActive"`
					IsProtected bool       `json:"isProtected"`
					SiteID      *int64     `json:"siteId"`
					IsSiteAdmin bool       `json:"isSiteAdmin"`
					LastLogin   *time.Time `json:"lastLogin"`
				}
				rows := make([]row, len(users))
				for i, u := range users {
					rows[i] = row{u.ID, u.Username, u.Email, string(u.Role), u.IsActive, u.IsProtected, u.SiteID, u.IsSiteAdmin, u.LastLogin}
				}
				enc := json.NewEncoder(e.out)
				enc.SetIndent("", "  ")
				return enc.Encode(rows)
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tUSERNAME\tROLE\tACTIVE\tSITE\tSITE ADMIN\tEMAIL\tLAST LOGIN")
			for _, u := range users {
				name := u.Username
				if u.IsProtected {
					name += " (protected)"
				}
				siteText, last := "-", "never"
				if u.SiteID != nil {
					siteText = strconv.FormatInt(*u.SiteID, 10)
				}
				if u.LastLogin != nil {
					last = u.LastLogin.Format("2006-01-02 15:04 MST")
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", u.ID, name, u.Role, yesNo(u.IsActive), siteText, yesNo(u.IsSiteAdmin), orDash(u.Email), last)
			}
			return tw.Flush()
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	c.Flags().StringVar(&role, "role", "", "only users with this role")
	c.Flags().Int64Var(&site, "site", 0, "only users of this site")
	return c
}

func (e *env) usersSetRole() *cobra.Command {
	var username, role string
	c := &cobra.Command{
		Use:     "set-role",
		Short:   "Change a user's role",
		Example: "  gardenctl users set-role --username rosa --role admin",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := domain.ParseRole(role)
			if err != nil {
				return err
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			u, err := rt.Accounts.SetRole(cmd.Context(), username, r)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "user %q is now %s\n", u.Username, u.Role)
			return nil
		},
	}
	c.Flags().StringVar(&username, "username", "", "the user (required)")
	c.Flags().StringVar(&role, "role", "", "user, admin or superadmin (required)")
	_ = c.MarkFlagRequired("username")
	_ = c.MarkFlagRequired("role")
	return c
}

func (e *env) usersSetActive(active bool) *cobra.Command {
	var username string
	use, short, done := "deactivate", "Deactivate a user and sign them out everywhere", "deactivated"
	if active {
		use, short, done = "activate", "Reactivate a deactivated user", "activated"
	}
	c := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			u, err := rt.Accounts.SetActive(cmd.Context(), username, active)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "user %q %s\n", u.Username, done)
			return nil
		}),
	}
	c.Flags().StringVar(&username, "username", "", "the user (required)")
	_ = c.MarkFlagRequired("username")
	return c
}

func (e *env) usersResetPassword() *cobra.Command {
	var username, password string
	c := &cobra.Command{
		Use:   "reset-password",
		Short: "Set a new password and sign the user out everywhere",
		Long:  "Set a new password (at least 8 characters). Without --password one is generated and printed. The user's sessions and API tokens are revoked for good, with the push devices they registered, and failed sign-in attempts forgotten.",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			generated := password == ""
			if generated {
				p, err := app.RandomPassword(20)
				if err != nil {
					return err
				}
				password = p
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			u, err := rt.Accounts.ResetPassword(cmd.Context(), username, password)
			if err != nil {
				return err
			}
			if generated {
				fmt.Fprintf(e.out, "new password for %q: %s\n", u.Username, password)
			} else {
				fmt.Fprintf(e.out, "password of %q changed\n", u.Username)
			}
			return nil
		},
	}
	c.Flags().StringVar(&username, "username", "", "the user (required)")
	c.Flags().StringVar(&password, "password", "", "the new password (generated when empty)")
	_ = c.MarkFlagRequired("username")
	return c
}

func (e *env) usersReset2FA() *cobra.Command {
	var username string
	c := &cobra.Command{
		Use:   "reset-2fa",
		Short: "Remove a user's second factor",
		Long: "Remove a user's TOTP secret and recovery codes, for someone who lost their phone and their codes. " +
			"Their next sign-in asks for the password only, or for a new enrolment when their site requires a second factor. " +
			"Sessions already open stay.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			u, err := rt.Accounts.ResetTwoFactor(cmd.Context(), username)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "second factor of %q removed\n", u.Username)
			return nil
		},
	}
	c.Flags().StringVar(&username, "username", "", "the user (required)")
	_ = c.MarkFlagRequired("username")
	return c
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
