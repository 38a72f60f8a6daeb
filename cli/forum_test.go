package cli_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/core/domain"
)

func TestForumCategoriesCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	data := "--data-dir=" + dir
	if _, _, err := run(ctx, data, "migrate"); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(ctx, data, "forum", "categories", "create", "--name", "Fruit & Veg", "--description", "Growing food")
	if err != nil || !strings.Contains(out, `created forum category "Fruit & Veg"`) || !strings.Contains(out, "slug fruit-veg, sort order 1") {
		t.Fatalf("create: %q %v", out, err)
	}
	out, _, err = run(ctx, data, "forum", "categories", "create", "--name", "Herbs", "--slug", "herbs-and-spices", "--sort-order", "0")
	if err != nil || !strings.Contains(out, "slug herbs-and-spices, sort order 0") {
		t.Fatalf("create with slug and order: %q %v", out, err)
	}
	if _, _, err := run(ctx, data, "forum", "categories", "create", "--name", "Other", "--slug", "fruit-veg"); err == nil || cli.OneLine(err) != domain.MsgForumSlugTaken {
		t.Fatalf("duplicate slug: %v", err)
	}
	if _, _, err := run(ctx, data, "forum", "categories", "create", "--name", "  "); err == nil || !strings.HasPrefix(cli.OneLine(err), domain.MsgForumCategoryNameMissing) {
		t.Fatalf("blank name: %v", err)
	}
	out, _, err = run(ctx, data, "forum", "categories", "list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "SLUG") || !strings.Contains(lines[1], "herbs-and-spices") || !strings.Contains(lines[2], "Growing food") {
		t.Fatalf("list:\n%s", out)
	}

	// A category with a topic cannot be deleted.
	store, err := sqlstore.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := store.ForumCategoryBySlug(ctx, "fruit-veg")
	if err != nil {
		t.Fatal(err)
	}
	topic := &domain.ForumTopic{CategoryID: c.ID, Title: "Beans", Content: "<p>Runner beans</p>", ContentText: "Runner beans"}
	if err := store.CreateForumTopic(ctx, topic); err != nil {
		t.Fatal(err)
	}
	store.Close()
	if _, _, err := run(ctx, data, "forum", "categories", "delete", "fruit-veg"); err == nil || cli.OneLine(err) != "This category has 1 topic and cannot be deleted" {
		t.Fatalf("delete with topics: %v", err)
	}
	out, _, err = run(ctx, data, "forum", "categories", "delete", "herbs-and-spices")
	if err != nil || !strings.Contains(out, `deleted forum category "Herbs"`) {
		t.Fatalf("delete: %q %v", out, err)
	}
	if _, _, err := run(ctx, data, "forum", "categories", "delete", "herbs-and-spices"); err == nil || cli.OneLine(err) != domain.MsgForumCategoryNotFound {
		t.Fatalf("delete missing: %v", err)
	}
	out, _, _ = run(ctx, data, "forum", "categories", "list")
	if strings.Contains(out, "herbs") || !strings.Contains(out, "fruit-veg") {
		t.Fatalf("list after delete:\n%s", out)
	}
}
