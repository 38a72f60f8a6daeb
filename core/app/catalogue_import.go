package app

import (
	"context"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Import detail statuses. The spec's counts are added, updated and failed; unchanged and
// skipped say more precisely what happened to the rest.
const (
	ImportAdded     = "added"
	ImportUpdated   = "updated"
	ImportUnchanged = "unchanged"
	ImportSkipped   = "skipped"
	ImportFailed    = "failed"
)

// ImportDetail is what happened to one product.
type ImportDetail struct {
	Name    string
	Status  string
	Message string
}

// ImportResult sums up one import run.
type ImportResult struct {
	Added, Updated, Unchanged, Skipped, Failed int
	Details                                    []ImportDetail
}

func (r *ImportResult) add(d ImportDetail) {
	r.Details = append(r.Details, d)
	switch d.Status {
	case ImportAdded:
		r.Added++
	case ImportUpdated:
		r.Updated++
	case ImportUnchanged:
		r.Unchanged++
	case ImportSkipped:
		r.Skipped++
	default:
		r.Failed++
	}
}

// ImportProgress is the state of the running import, for progress bars.
type ImportProgress struct {
	Running   bool
	Phase     string // "reading" the store, then "saving"
	Done      int
	Total     int
	StartedAt time.Time
}

// CatalogueImportStore is what a catalogue import writes: plant database items.
type CatalogueImportStore interface {
	// ports.PlantDatabaseStore's:
	CreatePlantDB(ctx context.Context, item *domain.PlantDBItem) error
	FindPlantDB(ctx context.Context, storeURL, slug string) (*domain.PlantDBItem, error)
	UpdatePlantDB(ctx context.Context, id int64, fn func(*domain.PlantDBItem) error) (*domain.PlantDBItem, error)
}

// CatalogueImport copies a seed store's "(PP)" products into the plant database: it adds new
// ones, updates earlier imports, and never touches manually added items. Each product is saved
// on its own, so one bad product loses nothing else, and a second identical run changes nothing.
type CatalogueImport struct {
	store     CatalogueImportStore
	catalogue ports.Catalogue
	sanitizer ports.HTMLSanitizer
	clock     ports.Clock
	log       *slog.Logger

	mu       sync.Mutex
	progress ImportProgress

	images  *Images
	fetcher ports.ImageFetcher
	// deadHosts are image hosts that could not be reached during the current run: their other
	// images are not tried again until the next run.
	deadHosts map[string]bool
}

// WithImages makes the import keep each product's main image in the blob store: downloaded
// through fetcher (the catalogue client, at its polite pace), its type sniffed, at most
// domain.MaxImageBytes, stored by images and served from /api/images/; the store's address
// stays first among the alternatives. A download that fails keeps the store's address, so the
// page can still try it, and the next run tries again.
func (s *CatalogueImport) WithImages(images *Images, fetcher ports.ImageFetcher) *CatalogueImport {
	s.images, s.fetcher = images, fetcher
	return s
}

// localImage points item at a stored copy of its remote main image: the one an earlier run
// stored when the store's address is unchanged (so runs do not download again), else a fresh
// download. Nothing changes when images are off or the download fails.
func (s *CatalogueImport) localImage(ctx context.Context, item, existing *domain.PlantDBItem) {
	remote := item.ImageURL
	if s.images == nil || s.fetcher == nil || remote == "" || strings.HasPrefix(remote, localImagePrefix) {
		return
	}
	alternatives := []string{remote}
	for _, u := range item.AlternativeImageURLs {
		if u != remote {
			alternatives = append(alternatives, u)
		}
	}
	if existing != nil && strings.HasPrefix(existing.ImageURL, localImagePrefix) &&
		len(existing.AlternativeImageURLs) > 0 && existing.AlternativeImageURLs[0] == remote {
		item.ImageURL, item.AlternativeImageURLs = existing.ImageURL, alternatives
		return
	}
	host := imageHost(remote)
	if s.deadHosts[host] {
		return
	}
	data, err := s.fetcher.FetchImage(ctx, remote, domain.MaxImageBytes)
	if err != nil {
		if domain.ErrorCode(err) == domain.EUnavailable && s.deadHosts != nil {
			s.deadHosts[host] = true
		}
		s.log.Warn("import: product image not downloaded; the store's address is kept", "url", remote, "err", err)
		return
	}
	key, err := s.images.Store(ctx, data)
	if err != nil {
		s.log.Warn("import: product image not stored; the store's address is kept", "url", remote, "err", err)
		return
	}
	item.ImageURL, item.AlternativeImageURLs = localImagePrefix+strings.TrimPrefix(key, ImageKeyPrefix), alternatives
}

// imageHost is the scheme and host of an image address ("" when unreadable).
func imageHost(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	host, _, _ := strings.Cut(rest, "/")
	return scheme + "://" + host
}

// localImagePrefix is how stored images are addressed (the image route).
const localImagePrefix = "/api/images/"

// NewCatalogueImport builds the import service.
func NewCatalogueImport(store CatalogueImportStore, catalogue ports.Catalogue, sanitizer ports.HTMLSanitizer, clock ports.Clock, log *slog.Logger) *CatalogueImport {
	if log == nil {
		log = slog.Default()
	}
	return &CatalogueImport{store: store, catalogue: catalogue, sanitizer: sanitizer, clock: clock, log: log}
}

// MsgImportRunning answers a second import started while one runs in this process.
const MsgImportRunning = "An import is already running"

// What happened to one product of an import, as the plant database's admins read it.
const (
	MsgImportItemAdded      = "Added to the plant database"
	MsgImportItemUpdated    = "Updated from the store"
	MsgImportItemUnchanged  = "Already up to date"
	MsgImportItemManualKept = "A manually added plant has this store address or slug; it was left as it is"
	MsgImportItemNowManual  = "became a manual item meanwhile"
)

// Preview reads the store's catalogue without saving anything (admins only).
func (s *CatalogueImport) Preview(ctx context.Context, p *domain.Principal) (ports.CatalogueResult, error) {
	if err := requireAdmin(p); err != nil {
		return ports.CatalogueResult{}, err
	}
	return s.catalogue.Fetch(ctx, nil)
}

// Progress returns the state of the current or last import of this process.
func (s *CatalogueImport) Progress() ImportProgress {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.progress
}

func (s *CatalogueImport) setProgress(f func(*ImportProgress)) ImportProgress {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(&s.progress)
	return s.progress
}

// RunAsAdmin runs an import for an admin of the web app.
func (s *CatalogueImport) RunAsAdmin(ctx context.Context, p *domain.Principal, onProgress func(ImportProgress)) (*ImportResult, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	return s.Run(ctx, onProgress)
}

// Run imports the catalogue: the operator's and the scheduler's path. onProgress, when not
// nil, hears every step.
func (s *CatalogueImport) Run(ctx context.Context, onProgress func(ImportProgress)) (*ImportResult, error) {
	started := false
	s.setProgress(func(pr *ImportProgress) {
		if !pr.Running {
			*pr, started = ImportProgress{Running: true, Phase: "reading", StartedAt: s.clock.Now()}, true
		}
	})
	if !started {
		return nil, domain.Errorf(domain.EConflict, MsgImportRunning)
	}
	defer s.setProgress(func(pr *ImportProgress) { pr.Running = false })
	report := func(f func(*ImportProgress)) {
		pr := s.setProgress(f)
		if onProgress != nil {
			onProgress(pr)
		}
	}

	fetched, err := s.catalogue.Fetch(ctx, func(done, total int) {
		report(func(pr *ImportProgress) { pr.Done, pr.Total = done, total })
	})
	if err != nil {
		return nil, err
	}
	result := &ImportResult{}
	s.deadHosts = map[string]bool{} // Run holds the running flag: one run at a time
	for _, f := range fetched.Failures {
		name := f.Name
		if name == "" {
			name = f.URL
		}
		result.add(ImportDetail{Name: name, Status: ImportFailed, Message: f.Message})
	}
	report(func(pr *ImportProgress) { pr.Phase, pr.Done, pr.Total = "saving", 0, len(fetched.Products) })
	for i, product := range fetched.Products {
		if err := ctx.Err(); err != nil {
			return result, err
		}
		result.add(s.upsert(ctx, product))
		report(func(pr *ImportProgress) { pr.Done = i + 1 })
	}
	s.log.Info("catalogue import finished", "added", result.Added, "updated", result.Updated, "unchanged", result.Unchanged,
		"skipped", result.Skipped, "failed", result.Failed)
	return result, nil
}

// upsert saves one product in its own transaction.
func (s *CatalogueImport) upsert(ctx context.Context, product domain.CatalogueProduct) ImportDetail {
	name := product.CommonName
	now := s.clock.Now()
	item := &domain.PlantDBItem{
		CommonName: product.CommonName, ScientificName: product.ScientificName, Type: product.Type,
		Description: product.Description, ImageURL: product.ImageURL, AlternativeImageURLs: product.AlternativeImageURLs,
		LightRequirements: product.LightRequirements, WaterRequirements: product.WaterRequirements,
		FertilizerRequirements: product.FertilizerRequirements, CareInstructions: domain.CareInstructions{Text: product.CareInstructions},
		StoreURL: product.StoreURL, Slug: product.Slug, Sowing: product.Sowing, Source: domain.SourceImport, CreatedAt: now, UpdatedAt: now,
	}
	sanitizeItem(s.sanitizer, item)
	if err := domain.ValidatePlantDBItem(item); err != nil {
		return ImportDetail{Name: name, Status: ImportFailed, Message: domain.ErrorMessage(err)}
	}
	existing, err := s.store.FindPlantDB(ctx, item.StoreURL, item.Slug)
	if err == nil && existing.Source != domain.SourceImport {
		return ImportDetail{Name: name, Status: ImportSkipped, Message: MsgImportItemManualKept}
	}
	if err == nil || domain.ErrorCode(err) == domain.ENotFound {
		s.localImage(ctx, item, existing)
	}
	switch {
	case domain.ErrorCode(err) == domain.ENotFound:
		if err := s.store.CreatePlantDB(ctx, item); err != nil {
			return s.failed(name, err)
		}
		return ImportDetail{Name: name, Status: ImportAdded, Message: MsgImportItemAdded}
	case err != nil:
		return s.failed(name, err)
	case existing.Source != domain.SourceImport:
		return ImportDetail{Name: name, Status: ImportSkipped, Message: MsgImportItemManualKept}
	case sameImportedContent(existing, item):
		return ImportDetail{Name: name, Status: ImportUnchanged, Message: MsgImportItemUnchanged}
	}
	_, err = s.store.UpdatePlantDB(ctx, existing.ID, func(cur *domain.PlantDBItem) error {
		if cur.Source != domain.SourceImport {
			return domain.Errorf(domain.EConflict, MsgImportItemNowManual)
		}
		item.ID, item.CreatedAt = cur.ID, cur.CreatedAt
		*cur = *item
		return nil
	})
	if err != nil {
		return s.failed(name, err)
	}
	return ImportDetail{Name: name, Status: ImportUpdated, Message: MsgImportItemUpdated}
}

func (s *CatalogueImport) failed(name string, err error) ImportDetail {
	if domain.ErrorCode(err) == domain.EInternal {
		s.log.Error("import: saving a product failed", "product", name, "err", err)
	}
	return ImportDetail{Name: name, Status: ImportFailed, Message: domain.ErrorMessage(err)}
}

// sameImportedContent compares what an import writes, ignoring ids and times.
func sameImportedContent(a, b *domain.PlantDBItem) bool {
	x, y := *a, *b
	x.ID, y.ID = 0, 0
	x.CreatedAt, y.CreatedAt, x.UpdatedAt, y.UpdatedAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if len(x.AlternativeImageURLs) == 0 && len(y.AlternativeImageURLs) == 0 {
		x.AlternativeImageURLs, y.AlternativeImageURLs = nil, nil
	}
	if len(x.CareInstructions.Parts) == 0 && len(y.CareInstructions.Parts) == 0 {
		x.CareInstructions.Parts, y.CareInstructions.Parts = nil, nil
	}
	return reflect.DeepEqual(x, y)
}
