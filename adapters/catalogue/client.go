package catalogue

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgNotAnImage       = "Not an image address: %s"
	MsgUnknownShop      = "The store at %s does not look like Shopify, WooCommerce or an HTML shop (%s)"
	MsgStoreUnavailable = "The store at %s is unavailable: %s"
	MsgStoreUnreadable  = "The store at %s cannot be read: %s"
)

// Client reads one store's catalogue. It is safe for concurrent use; concurrent Fetch calls
// share the concurrency and rate limits.
type Client struct {
	cfg   Config
	base  *url.URL
	sel   compiled
	fetch *fetcher
}

var _ ports.Catalogue = (*Client)(nil)

// New checks cfg, fills its defaults and returns a Client. Codes: invalid, with Fields naming
// each bad setting.
func New(cfg Config) (*Client, error) {
	cfg = cfg.withDefaults()
	base, sel, err := cfg.validate()
	if err != nil {
		return nil, err
	}
	return &Client{cfg: cfg, base: base, sel: sel, fetch: newFetcher(cfg, base)}, nil
}

// Config returns the configuration in use, defaults filled in.
func (c *Client) Config() Config { return c.cfg }

// job is one candidate product handed from a shape's lister to the workers: either facts read
// from a JSON listing, or a product page to read.
type job struct {
	seq   int
	facts func() *domain.CatalogueFacts // builds facts from a JSON listing entry
	page  *url.URL
	name  string // the name the listing showed, when any
}

// lister walks a shape's listing pages. It hands each candidate product to emit (false: stop,
// ctx ended) and each later listing page it cannot read to fail. It returns an error only when
// nothing could be read at all.
type lister func(ctx context.Context, emit func(job) bool, fail func(ports.CatalogueFailure)) error

// event is what the producer and the workers tell Fetch's collecting loop.
type event struct {
	found   bool
	seq     int
	product *domain.CatalogueProduct
	failure *ports.CatalogueFailure
	handled bool // a candidate is done, whatever came of it
}

// Fetch implements ports.Catalogue.
func (c *Client) Fetch(ctx context.Context, progress ports.CatalogueProgress) (ports.CatalogueResult, error) {
	var res ports.CatalogueResult
	if err := ctx.Err(); err != nil {
		return res, err
	}
	start := time.Now()
	shape := c.cfg.Shape
	if shape == ShapeAuto {
		detected, err := c.Detect(ctx)
		if err != nil {
			return res, err
		}
		shape = detected
	}
	var list lister
	switch shape {
	case ShapeShopify:
		list = c.listShopify
	case ShapeWooCommerce:
		list = c.listWooCommerce
	default:
		list = c.listHTML
	}

	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	events := make(chan event, c.cfg.Concurrency)
	var fatal error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		seq, truncated := 0, false
		emit := func(j job) bool {
			if seq >= c.cfg.MaxProducts {
				truncated = true
				return false
			}
			j.seq = seq
			seq++
			select {
			case events <- event{found: true}:
			case <-inner.Done():
				return false
			}
			select {
			case jobs <- j:
				return true
			case <-inner.Done():
				return false
			}
		}
		fail := func(f ports.CatalogueFailure) {
			select {
			case events <- event{seq: seq, failure: &f}:
			case <-inner.Done():
			}
		}
		err := list(inner, emit, fail)
		if err == nil && truncated {
			fail(ports.CatalogueFailure{URL: c.base.String(),
				Message: fmt.Sprintf(MsgCatalogueTruncated, c.cfg.MaxProducts)})
		}
		if err != nil && inner.Err() == nil {
			// Only the producer writes fatal, and the collector reads it after wg.Wait.
			fatal = err
			cancel()
		}
	}()
	for range c.cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ev := c.work(inner, j)
				ev.handled, ev.seq = true, j.seq
				events <- ev // the collector drains events until every sender is done
			}
		}()
	}
	go func() { wg.Wait(); close(events) }()

	type ordered[T any] struct {
		seq int
		v   T
	}
	var products []ordered[domain.CatalogueProduct]
	var failures []ordered[ports.CatalogueFailure]
	seen := map[string]bool{}
	done, total := 0, 0
	for ev := range events {
		switch {
		case ev.found:
			total++
		case ev.product != nil && !seen[ev.product.StoreURL]:
			seen[ev.product.StoreURL] = true
			products = append(products, ordered[domain.CatalogueProduct]{ev.seq, *ev.product})
		case ev.failure != nil:
			failures = append(failures, ordered[ports.CatalogueFailure]{ev.seq, *ev.failure})
		}
		if ev.handled {
			done++
		}
		if progress != nil && (ev.found || ev.handled) && inner.Err() == nil {
			progress(done, total)
		}
	}
	sort.SliceStable(products, func(i, j int) bool { return products[i].seq < products[j].seq })
	sort.SliceStable(failures, func(i, j int) bool { return failures[i].seq < failures[j].seq })
	for _, p := range products {
		res.Products = append(res.Products, p.v)
	}
	for _, f := range failures {
		res.Failures = append(res.Failures, f.v)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if fatal != nil {
		return res, fatal
	}
	c.fetch.log.Info("catalogue read", "shape", string(shape), "products", len(res.Products),
		"failures", len(res.Failures), "duration", time.Since(start).Round(time.Millisecond))
	for _, f := range res.Failures {
		c.fetch.log.Warn("catalogue product not read", "name", f.Name, "url", f.URL, "reason", f.Message)
	}
	return res, nil
}

// work turns one job into a product, a failure, or nothing (a page that is not a "(PP)"
// product after all).
func (c *Client) work(ctx context.Context, j job) event {
	if ctx.Err() != nil {
		return event{}
	}
	var facts *domain.CatalogueFacts
	if j.facts != nil {
		facts = j.facts()
	} else {
		var fail *ports.CatalogueFailure
		facts, fail = c.readProductPage(ctx, j.page, j.name)
		if fail != nil {
			if ctx.Err() != nil {
				return event{}
			}
			return event{failure: fail}
		}
		if facts == nil {
			return event{}
		}
	}
	p := domain.DeriveCatalogueProduct(*facts)
	return event{product: &p}
}

// Detect finds the store's shape: Shopify's products.json, then WooCommerce's Store API, then
// an HTML listing page. Codes: unavailable (the store cannot be reached), invalid (it answers
// none of them).
func (c *Client) Detect(ctx context.Context) (Shape, error) {
	probes := []struct {
		shape Shape
		probe func(context.Context) error
	}{
		{ShapeShopify, c.probeShopify},
		{ShapeWooCommerce, c.probeWooCommerce},
		{ShapeHTML, c.probeHTML},
	}
	var reasons []string
	for _, p := range probes {
		err := p.probe(ctx)
		if err == nil {
			c.fetch.log.Debug("store shape detected", "shape", string(p.shape))
			return p.shape, nil
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		// A store that is down or overloaded must not be mistaken for another shape: an
		// overloaded Shopify shop may still serve its HTML pages.
		var fe *fetchError
		if errors.As(err, &fe) && (fe.kind == kindUnreachable || fe.kind == kindTimeout || fe.status == 429 || fe.status >= 500) {
			return "", c.storeError(err)
		}
		reasons = append(reasons, fmt.Sprintf("%s: %v", p.shape, err))
	}
	return "", domain.Errorf(domain.EInvalid, MsgUnknownShop,
		c.base.Host, strings.Join(reasons, "; "))
}

// storeError turns the failure of the first listing page into a domain error: unavailable when
// the store could not be reached or kept failing, invalid when it answered something unusable.
func (c *Client) storeError(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var fe *fetchError
	if !errors.As(err, &fe) {
		return domain.Errorf(domain.EInternal, "reading the store at %s: %v", c.base.Host, err)
	}
	switch {
	case fe.kind == kindUnreachable || fe.kind == kindTimeout || fe.status == 429 || fe.status >= 500:
		return domain.Errorf(domain.EUnavailable, MsgStoreUnavailable, c.base.Host, fe.msg)
	default:
		return domain.Errorf(domain.EInvalid, MsgStoreUnreadable, c.base.Host, fe.msg)
	}
}

var _ ports.ImageFetcher = (*Client)(nil)

// FetchImage implements ports.ImageFetcher: a product image, on the store's host or a CDN,
// read at the client's polite pace with its User-Agent, timeout and retries.
func (c *Client) FetchImage(ctx context.Context, rawURL string, maxBytes int64) ([]byte, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return nil, domain.Errorf(domain.EInvalid, MsgNotAnImage, rawURL)
	}
	p, err := c.fetch.getImage(ctx, u, maxBytes)
	if err != nil {
		return nil, c.storeError(err)
	}
	return p.body, nil
}
