package cli_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

func TestDevSeed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	data := "--data-dir=" + dir
	if _, _, err := run(ctx, data, "migrate"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(ctx, data, "dev", "seed"); err == nil || !strings.Contains(err.Error(), "--plants") {
		t.Fatalf("seed without --plants: %v", err)
	}
	out, _, err := run(ctx, data, "dev", "seed", "--plants", "260", "--password", "seeded-secret")
	if err != nil || !strings.HasPrefix(out, "seeded 260 plants, 6 users, 50 sites, 520 care tasks, 260 journal entries, 62 notifications, "+
		"30 forum topics, 12 replies, 18 listings, 18 questions, 6 layouts, 30 harvests in ") {
		t.Fatalf("seed: %q %v", out, err)
	}
	store, err := sqlstore.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for table, want := range map[string]int{"users": 6, "sites": 50, "plants": 260, "care_tasks": 520, "journal_entries": 260, "notifications": 62,
		"forum_topics": 30, "forum_posts": 12, "plant_listings": 18, "expert_questions": 18, "garden_layouts": 6, "harvests": 30} {
		var n int
		if err := store.SQLDB().QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil || n != want {
			t.Errorf("%s: %d rows (%v), want %d", table, n, err, want)
		}
	}
	// The seeded users sign in with the password given.
	var username string
	if err := store.SQLDB().QueryRow(`SELECT username FROM users ORDER BY id LIMIT 1`).Scan(&username); err != nil {
		t.Fatal(err)
	}
	acc, err := app.NewAccounts(store, password.Fast, realClock{}, app.AccountsConfig{SessionTTL: time.Hour, Throttle: domain.DefaultLoginThrottle}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := acc.Login(ctx, username, "seeded-secret"); err != nil {
		t.Fatalf("%s cannot sign in: %v", username, err)
	}
}
