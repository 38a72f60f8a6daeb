package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

func thousandProducts() []domain.CatalogueProduct {
	out := make([]domain.CatalogueProduct, 1000)
	for i := range out {
		out[i] = domain.CatalogueProduct{ProductName: fmt.Sprintf("Seed %04d (PP)", i), CommonName: fmt.Sprintf("Seed %04d", i),
			ScientificName: "Ocimum basilicum", Type: domain.Herbs, StoreURL: fmt.Sprintf("https://seeds.example/products/seed-%04d", i),
			Slug: fmt.Sprintf("seed-%04d", i), ImageURL: "https://seeds.example/cdn/seed.jpg",
			AlternativeImageURLs: []string{"https://seeds.example/cdn/seed_1024x1024.jpg"},
			Description:          "<p>An <strong>easy</strong> herb for sunny windowsills.</p><ul><li>Sow March to June</li><li>Harvest July to October</li></ul>",
			LightRequirements:    "Full sun", WaterRequirements: "Moderate", CareInstructions: "Sow: March to June\nSpacing: 20 cm"}
	}
	return out
}

// BenchmarkImport1000 imports a 1,000-product catalogue: the first run adds every product, the
// second finds them unchanged. Reported per run of 1,000 products.
func BenchmarkImport1000(b *testing.B) {
	for name, open := range map[string]func(testing.TB) *sqlstore.Store{"SQLite": dbtest.SQLite, "Postgres": dbtest.Postgres} {
		b.Run(name, func(b *testing.B) {
			cat := &scriptedCatalogue{result: ports.CatalogueResult{Products: thousandProducts()}}
			for _, phase := range []string{"add", "unchanged"} {
				b.Run(phase, func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						b.StopTimer()
						s := open(b)
						imp := app.NewCatalogueImport(s, cat, sanitize.New(), fixedClock{now}, slog.New(slog.NewTextHandler(io.Discard, nil)))
						if phase == "unchanged" {
							if _, err := imp.Run(context.Background(), nil); err != nil {
								b.Fatal(err)
							}
						}
						b.StartTimer()
						res, err := imp.Run(context.Background(), nil)
						if err != nil {
							b.Fatal(err)
						}
						if phase == "add" && res.Added != 1000 || phase == "unchanged" && res.Unchanged != 1000 {
							b.Fatalf("result %+v", res)
						}
					}
				})
			}
		})
	}
}
