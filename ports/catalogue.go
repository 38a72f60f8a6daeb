package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// Catalogue reads a seed store's catalogue: the products whose name carries the "(PP)" marker,
// in the plant database's vocabulary. Implementations talk to one store, configured when they
// are built.
type Catalogue interface {
	// Fetch reads the whole catalogue. A product that cannot be read becomes a failure in the
	// result and does not stop the others; products appear once each, in store order.
	//
	// progress, when not nil, is called with the number of products handled so far and the
	// number found so far. It is never called concurrently, done never exceeds total, total
	// may grow while listing pages are read, and the last call before a nil error has
	// done == total.
	//
	// Codes: unavailable (the store cannot be reached, or its first listing page keeps failing),
	// invalid (the store does not answer in the configured shape, or the configuration cannot
	// work, for example HTML selectors that match nothing). When ctx ends, Fetch returns
	// promptly with ctx's error (errors.Is context.Canceled or context.DeadlineExceeded) and
	// what it had read by then.
	Fetch(ctx context.Context, progress CatalogueProgress) (CatalogueResult, error)
}

// CatalogueProgress receives a catalogue read's progress: done of total products handled.
type CatalogueProgress func(done, total int)

// CatalogueResult is what one catalogue read produced.
type CatalogueResult struct {
	// Products are the "(PP)" products read successfully.
	Products []domain.CatalogueProduct
	// Failures are the products, links and later listing pages that could not be read.
	Failures []CatalogueFailure
}

// CatalogueFailure records one thing a catalogue read could not read, with a message an admin
// can act on ("HTTP 500 Internal Server Error after 3 retries").
type CatalogueFailure struct {
	// Name is the product name when known (from the listing), else empty.
	Name string
	// URL is the page or link that failed.
	URL string
	// Message says what went wrong.
	Message string
}
