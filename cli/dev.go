package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"
)

// DefaultSeedPassword is the seeded users' password unless --password says otherwise.
const DefaultSeedPassword = "seed-password"

// devCommand gathers the developer's tools: synthetic data for load and scale tests.
func (e *env) devCommand() *cobra.Command {
	c := &cobra.Command{Use: "dev", Short: "Developer tools: bulk-load synthetic data for load and scale tests"}
	var plants int
	var password string
	seed := &cobra.Command{
		Use:   "seed",
		Short: "Add N plants with their users, sites, care tasks, journal entries and notifications",
		Long: `seed adds --plants plants next to whatever the database holds: one new user per 50 plants
(usernames seed-<id>, all with the --password password), one new site per 100 of those users
(at least 50 sites, the users filling the first), two care tasks (one done, one pending around today) and a journal entry per plant, and two
notifications per user and one per site spread over the last 200 days; and per user five forum
topics (one with two replies), three sharing listings and three expert questions, a garden
layout of two beds, a rotation plan and five harvests. It writes multi-row
INSERTs, one transaction per 200 users; a million plants take a few minutes on SQLite.
Never run it on a production database.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if plants < 1 {
				return fmt.Errorf("--plants must be at least 1")
			}
			rt, _, err := e.runtime(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer rt.Close()
			if rt.Seed == nil {
				return fmt.Errorf("this build cannot seed")
			}
			start, step := time.Now(), max(plants/10, 1)
			next := step
			n, err := rt.Seed(cmd.Context(), plants, password, func(done, total int) {
				if done >= next && done < total {
					fmt.Fprintf(e.errOut, "%d of %d plants (%s)\n", done, total, time.Since(start).Round(time.Millisecond))
					next = done + step
				}
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "seeded %d plants, %d users, %d sites, %d care tasks, %d journal entries, %d notifications, "+
				"%d forum topics, %d replies, %d listings, %d questions, %d layouts, %d harvests in %s\n",
				n.Plants, n.Users, n.Sites, n.Tasks, n.JournalEntries, n.Notifications,
				n.ForumTopics, n.ForumPosts, n.Listings, n.Questions, n.Layouts, n.Harvests, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	seed.Flags().IntVar(&plants, "plants", 0, "how many plants to add (required)")
	seed.Flags().StringVar(&password, "password", DefaultSeedPassword, "the seeded users' password")
	c.AddCommand(seed)
	return c
}
