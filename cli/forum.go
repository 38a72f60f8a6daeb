package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/app"
)

// forumCommand administers the community forum: its categories, for operators seeding a new
// installation.
func (e *env) forumCommand() *cobra.Command {
	c := &cobra.Command{Use: "forum", Short: "Administer the community forum"}
	cats := &cobra.Command{Use: "categories", Short: "List, create and delete forum categories"}
	c.AddCommand(cats)

	cats.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List forum categories in their sort order",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			list, err := rt.Forum.CategoriesAsOperator(cmd.Context())
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tORDER\tSLUG\tNAME\tTOPICS\tDESCRIPTION")
			for _, x := range list {
				fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%d\t%s\n", x.ID, x.SortOrder, x.Slug, x.Name, x.TopicsCount, x.Description)
			}
			return tw.Flush()
		}),
	})

	var name, slug, description string
	var order int
	create := &cobra.Command{
		Use:     "create",
		Short:   "Create a forum category",
		Example: "  gardenctl forum categories create --name 'Fruit & Veg' --description 'Growing food'",
		Args:    cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			in := app.CategoryInput{Name: &name, Description: &description}
			if slug != "" {
				in.Slug = &slug
			}
			if cmd.Flags().Changed("sort-order") {
				in.SortOrder = &order
			}
			x, err := rt.Forum.CreateCategoryAsOperator(cmd.Context(), in)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "created forum category %q (id %d, slug %s, sort order %d)\n", x.Name, x.ID, x.Slug, x.SortOrder)
			return nil
		}),
	}
	f := create.Flags()
	f.StringVar(&name, "name", "", "category name (required)")
	f.StringVar(&slug, "slug", "", "URL slug: lowercase letters, digits and hyphens (default: derived from the name)")
	f.StringVar(&description, "description", "", "one-line description")
	f.IntVar(&order, "sort-order", 0, "position, 0 or more (default: after the last category)")
	_ = create.MarkFlagRequired("name")
	cats.AddCommand(create)

	cats.AddCommand(&cobra.Command{
		Use:     "delete ID|SLUG",
		Short:   "Delete a forum category that has no topics",
		Example: "  gardenctl forum categories delete fruit-veg",
		Args:    cobra.ExactArgs(1),
		RunE: e.withRuntime(func(cmd *cobra.Command, args []string, rt *Runtime) error {
			x, err := rt.Forum.DeleteCategoryAsOperator(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "deleted forum category %q (id %d)\n", x.Name, x.ID)
			return nil
		}),
	})
	return c
}
