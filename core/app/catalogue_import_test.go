package app_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
	"github.com/gardenctl/garden/tests/miniotest"
)

// scriptedCatalogue answers Fetch with a prepared result, as a store would.
type scriptedCatalogue struct {
	result ports.CatalogueResult
	err    error
}

func (c *scriptedCatalogue) Fetch(_ context.Context, progress ports.CatalogueProgress) (ports.CatalogueResult, error) {
	if progress != nil {
		n := len(c.result.Products) + len(c.result.Failures)
		progress(n, n)
	}
	return c.result, c.err
}

func product(n int) domain.CatalogueProduct {
	return domain.CatalogueProduct{ProductName: fmt.Sprintf("Tomato %d (PP)", n), CommonName: fmt.Sprintf("Tomato %d", n),
		ScientificName: "Solanum lycopersicum", Type: domain.Vegetables, StoreURL: fmt.Sprintf("https://seeds.example/products/tomato-%d", n),
		Slug: fmt.Sprintf("tomato-%d", n), ImageURL: "https://seeds.example/t.jpg", Description: "<p>Juicy</p><script>alert(1)</script>",
		WaterRequirements: "Moderate", CareInstructions: "Sow indoors in March"}
}

func newImport(t *testing.T, cat ports.Catalogue) (*app.CatalogueImport, *sqlstore.Store) {
	t.Helper()
	_, s := newAccounts(t)
	return app.NewCatalogueImport(s, cat, sanitize.New(), fixedClock{now}, nil), s
}

func TestCatalogueImport_IdempotentAndSanitized(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cat := &scriptedCatalogue{result: ports.CatalogueResult{Products: []domain.CatalogueProduct{product(1), product(2), product(3)}}}
	imp, s := newImport(t, cat)
	var last app.ImportProgress
	res, err := imp.Run(ctx, func(p app.ImportProgress) { last = p })
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 3 || res.Updated+res.Failed+res.Unchanged != 0 || len(res.Details) != 3 {
		t.Fatalf("first run %+v", res)
	}
	if last.Phase != "saving" || last.Done != 3 || last.Total != 3 || !last.Running {
		t.Fatalf("progress %+v", last)
	}
	if imp.Progress().Running {
		t.Fatal("still running after the run")
	}
	items, _ := s.ListPlantDB(ctx)
	if len(items) != 3 || items[0].Source != domain.SourceImport || strings.Contains(items[0].Description, "script") || !strings.Contains(items[0].Description, "Juicy") {
		t.Fatalf("stored %+v", items[0])
	}
	res, err = imp.Run(ctx, nil)
	if err != nil || res.Added != 0 || res.Updated != 0 || res.Unchanged != 3 {
		t.Fatalf("second identical run %+v, %v", res, err)
	}
	changed := product(2)
	changed.Description = "<p>Now even juicier</p>"
	cat.result.Products = []domain.CatalogueProduct{product(1), changed, product(3), product(4)}
	res, _ = imp.Run(ctx, nil)
	if res.Added != 1 || res.Updated != 1 || res.Unchanged != 2 {
		t.Fatalf("third run %+v", res)
	}
	if items, _ := s.ListPlantDB(ctx); len(items) != 4 {
		t.Fatalf("%d items", len(items))
	}
}

func TestCatalogueImport_ManualItemsUntouched(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := product(7)
	imp, s := newImport(t, &scriptedCatalogue{result: ports.CatalogueResult{Products: []domain.CatalogueProduct{p}}})
	manual := &domain.PlantDBItem{CommonName: "My own tomato", Type: domain.Vegetables, StoreURL: p.StoreURL, Slug: "mine", Source: domain.SourceManual, CreatedAt: now, UpdatedAt: now}
	if err := s.CreatePlantDB(ctx, manual); err != nil {
		t.Fatal(err)
	}
	res, err := imp.Run(ctx, nil)
	if err != nil || res.Skipped != 1 || res.Added != 0 || res.Details[0].Status != "skipped" {
		t.Fatalf("run %+v %v", res, err)
	}
	got, _ := s.PlantDBByID(ctx, manual.ID)
	if got.CommonName != "My own tomato" || got.Source != domain.SourceManual {
		t.Fatalf("manual item changed: %+v", got)
	}
	if n, _ := s.ClearPlantDB(ctx, true); n != 0 {
		t.Fatal("clear-imported removed the manual item")
	}
}

func TestCatalogueImport_PartialFailureKeepsTheRest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bad := product(2)
	bad.CommonName = "X" // refused by validation
	cat := &scriptedCatalogue{result: ports.CatalogueResult{
		Products: []domain.CatalogueProduct{product(1), bad, product(4)},
		Failures: []ports.CatalogueFailure{{Name: "Basil (PP)", URL: "https://seeds.example/products/basil", Message: "HTTP 500 after 3 retries"}},
	}}
	imp, s := newImport(t, cat)
	res, err := imp.Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 2 || res.Failed != 2 {
		t.Fatalf("result %+v", res)
	}
	var msgs []string
	for _, d := range res.Details {
		if d.Status == "failed" {
			msgs = append(msgs, d.Name+": "+d.Message)
		}
	}
	joined := strings.Join(msgs, " | ")
	if !strings.Contains(joined, "Basil (PP): HTTP 500 after 3 retries") || !strings.Contains(joined, "Common name must be at least 2 characters") {
		t.Fatalf("failure details %q", joined)
	}
	if items, _ := s.ListPlantDB(ctx); len(items) != 2 {
		t.Fatalf("the good products were not kept: %d", len(items))
	}
}

func TestCatalogueImport_StoreDownAndConcurrentRun(t *testing.T) {
	t.Parallel()
	down := domain.Errorf(domain.EUnavailable, "The store could not be reached")
	imp, _ := newImport(t, &scriptedCatalogue{err: down})
	if _, err := imp.Run(context.Background(), nil); !errors.Is(err, down) {
		t.Fatalf("store down: %v", err)
	}
	if imp.Progress().Running {
		t.Fatal("a failed run stays running")
	}
	block := make(chan struct{})
	blocking := &blockingCatalogue{release: block, started: make(chan struct{})}
	imp2, _ := newImport(t, blocking)
	done := make(chan error)
	go func() { _, err := imp2.Run(context.Background(), nil); done <- err }()
	<-blocking.started
	if _, err := imp2.Run(context.Background(), nil); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("second concurrent run: %v", err)
	}
	close(block)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

type blockingCatalogue struct {
	release chan struct{}
	started chan struct{}
}

func (b *blockingCatalogue) Fetch(ctx context.Context, _ ports.CatalogueProgress) (ports.CatalogueResult, error) {
	close(b.started)
	<-b.release
	return ports.CatalogueResult{}, nil
}

func TestMain(m *testing.M) {
	code := dbtest.Main(m, "")
	miniotest.Stop() // the backup tests' MinIO, when one was started
	os.Exit(code)
}
