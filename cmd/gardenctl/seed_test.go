package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// TestWire_MigrateSeedsForumOnce: the start-up path (serve and migrate both call Migrate) gives
// a fresh install's forum its first categories, once: one deleted stays deleted on the next
// start, and the others stay editable (issue 27 item 9).
func TestWire_MigrateSeedsForumOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := testConfig(t, "")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	start := func() []string {
		t.Helper()
		rt, err := wire(ctx, cfg, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = rt.Close() })
		if _, err := rt.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		cats, err := rt.Forum.CategoriesAsOperator(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range cats {
			names = append(names, c.Name)
		}
		if len(names) > 0 {
			if _, err := rt.Forum.DeleteCategoryAsOperator(ctx, "general"); err != nil && len(names) == 3 {
				t.Fatal(err)
			}
		}
		return names
	}
	if got := strings.Join(start(), ","); got != "General,Help & Advice,Show & Tell" {
		t.Fatalf("first start: %q", got)
	}
	// "General" was deleted after the first start; the second start does not bring it back.
	if got := strings.Join(start(), ","); got != "Help & Advice,Show & Tell" {
		t.Fatalf("second start: %q", got)
	}
}

// TestWire_UnconfiguredCatalogue: without GARDEN_CATALOGUE_URL the store's products answer 400
// with the message saying how to configure one and the field the Ecommerce tab reads.
func TestWire_UnconfiguredCatalogue(t *testing.T) {
	t.Parallel()
	_, err := unconfiguredCatalogue{}.Fetch(context.Background(), nil)
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.EInvalid || !strings.Contains(de.Message, "GARDEN_CATALOGUE_URL") ||
		de.Fields[domain.CatalogueNotConfiguredField] == "" {
		t.Fatalf("%#v", err)
	}
}
