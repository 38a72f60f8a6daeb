package ports

import (
	"context"
	"time"
)

// SeedSpec says what `gardenctl dev seed` loads: synthetic data for load and scale tests.
type SeedSpec struct {
	// Plants is how many plants to add; users, sites, tasks, journal entries and notifications
	// follow from it (see Seeder).
	Plants int
	// PasswordHash is every seeded user's password hash, so load tests can sign in.
	PasswordHash string
	// Now anchors the dates: waterings, tasks and entries fall around it.
	Now time.Time
	// Progress, when not nil, hears done of total plants.
	Progress func(done, total int)
}

// SeedCounts is what a seed added.
type SeedCounts struct {
	Users, Sites, Plants, Tasks, JournalEntries, Notifications int
	// The community and planning rows: per user five forum topics (one with two replies),
	// three sharing listings and three expert questions, a garden layout, a rotation plan and
	// five harvests.
	ForumTopics, ForumPosts, Listings, Questions, Layouts, Harvests int
}

// Seeder bulk-loads synthetic data next to whatever the database holds.
type Seeder interface {
	// Seed adds spec.Plants plants owned by new users (one per 50 plants, usernames
	// seed-<id>), in new sites (one per 100 users), each plant with two care tasks (one done,
	// one pending around Now) and a journal entry, and two notifications per user and one per
	// site spread over the 200 days before Now; and per user five forum topics, three sharing
	// listings and three expert questions, a garden layout of two beds, a rotation group and plan
	// and five harvests (see SeedCounts). It writes multi-row INSERTs in batches, one
	// transaction per batch of users, so a million plants load in minutes.
	Seed(ctx context.Context, spec SeedSpec) (SeedCounts, error)
}
