package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// wooProduct is one product of WooCommerce's Store API (/wp-json/wc/store/v1/products): the
// fields Garden reads. Names and terms come HTML-escaped ("Sweet Pea &#8211; Mixed").
type wooProduct struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	Slug             string `json:"slug"`
	Permalink        string `json:"permalink"`
	Description      string `json:"description"`
	ShortDescription string `json:"short_description"`
	Prices           struct {
		Price             string `json:"price"`
		CurrencyCode      string `json:"currency_code"`
		CurrencyMinorUnit int    `json:"currency_minor_unit"`
	} `json:"prices"`
	Images []struct {
		Src       string `json:"src"`
		Thumbnail string `json:"thumbnail"`
	} `json:"images"`
	Categories []wooTerm `json:"categories"`
	Tags       []wooTerm `json:"tags"`
	Attributes []struct {
		Name  string    `json:"name"`
		Terms []wooTerm `json:"terms"`
	} `json:"attributes"`
}

type wooTerm struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

func (c *Client) wooURL(n, perPage int) *url.URL {
	u := c.base.JoinPath("wp-json", "wc", "store", "v1", "products")
	u.RawQuery = url.Values{"per_page": {strconv.Itoa(perPage)}, "page": {strconv.Itoa(n)}}.Encode()
	return u
}

func (c *Client) probeWooCommerce(ctx context.Context) error {
	var probe []json.RawMessage
	if _, err := c.getJSON(ctx, c.wooURL(1, 1), &probe); err != nil {
		return err
	}
	return nil
}

// listWooCommerce reads the Store API page by page. The first page's X-WP-TotalPages says how
// many there are, so a later page that fails is recorded and skipped; without the header the
// walk goes on until an empty page and stops at a failed one.
func (c *Client) listWooCommerce(ctx context.Context, emit func(job) bool, fail func(ports.CatalogueFailure)) error {
	perPage := pageSize(c.cfg.PageSize, WooCommerceMaxPageSize)
	totalPages := 0
	seen := map[int64]bool{}
	for n := 1; n <= c.cfg.MaxPages && (totalPages == 0 || n <= totalPages); n++ {
		u := c.wooURL(n, perPage)
		var products []wooProduct
		p, err := c.getJSON(ctx, u, &products)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if n == 1 {
				return c.storeError(err)
			}
			if totalPages == 0 {
				fail(ports.CatalogueFailure{URL: u.String(), Message: fmt.Sprintf(MsgListingPageRest, n, err)})
				return nil
			}
			fail(ports.CatalogueFailure{URL: u.String(), Message: fmt.Sprintf(MsgListingPage, n, err)})
			continue
		}
		if n == 1 {
			totalPages, _ = strconv.Atoi(p.header.Get("X-WP-TotalPages"))
		}
		if len(products) == 0 {
			return nil
		}
		for _, wp := range products {
			if seen[wp.ID] && wp.ID != 0 {
				continue
			}
			seen[wp.ID] = true
			name := html.UnescapeString(wp.Name)
			if !domain.HasPPMarker(name) {
				continue
			}
			if strings.TrimSpace(wp.Permalink) == "" && strings.TrimSpace(wp.Slug) == "" {
				fail(ports.CatalogueFailure{Name: name, URL: u.String(), Message: MsgNoPermalink})
				continue
			}
			if !emit(job{facts: c.wooFacts(wp, name)}) {
				return nil
			}
		}
	}
	return nil
}

// wooFacts returns a builder, run by a worker, of what a Store API entry says.
func (c *Client) wooFacts(p wooProduct, name string) func() *domain.CatalogueFacts {
	return func() *domain.CatalogueFacts {
		f := &domain.CatalogueFacts{
			Name:            name,
			StoreSlug:       p.Slug,
			StoreURL:        c.wooStoreURL(p),
			DescriptionHTML: p.Description,
			// Stores put care facts in either description; both are read.
			DescriptionText: strings.TrimSpace(fragmentText(p.Description) + "\n" + fragmentText(p.ShortDescription)),
			Price:           wooPrice(p.Prices.Price, p.Prices.CurrencyMinorUnit, p.Prices.CurrencyCode),
		}
		if strings.TrimSpace(f.DescriptionHTML) == "" {
			f.DescriptionHTML = p.ShortDescription
		}
		for _, t := range p.Categories {
			f.Categories = append(f.Categories, html.UnescapeString(t.Name))
		}
		for _, t := range p.Tags {
			f.Tags = append(f.Tags, html.UnescapeString(t.Name))
		}
		for _, a := range p.Attributes {
			var terms []string
			for _, t := range a.Terms {
				terms = append(terms, html.UnescapeString(t.Name))
			}
			f.Attributes = append(f.Attributes, domain.CatalogueAttribute{Label: html.UnescapeString(a.Name), Value: strings.Join(terms, ", ")})
		}
		for _, img := range p.Images {
			if u := resolve(c.base, img.Src); u != nil {
				f.ImageURLs = append(f.ImageURLs, u.String())
				f.GuessedImageURLs = append(f.GuessedImageURLs, guessImageVariants(u.String())...)
			}
			// The thumbnail is the same picture in another size: a real URL, tried first.
			if u := resolve(c.base, img.Thumbnail); u != nil {
				f.GuessedImageURLs = append([]string{u.String()}, f.GuessedImageURLs...)
			}
		}
		return f
	}
}

// wooStoreURL is the permalink when it is on the store's host; otherwise the permalink's path
// (or /product/<slug>/) on the store's host, since WordPress sites often keep an old site URL.
func (c *Client) wooStoreURL(p wooProduct) string {
	if u := resolve(c.base, p.Permalink); u != nil {
		if c.fetch.sameHost(u) {
			return u.String()
		}
		v := *c.base
		v.Path, v.RawPath, v.RawQuery = u.Path, u.RawPath, u.RawQuery
		return v.String()
	}
	return c.base.JoinPath("product", p.Slug).String() + "/"
}

// wooPrice turns the Store API's minor units ("395", 2, "GBP") into "3.95 GBP".
func wooPrice(minor string, unit int, currency string) string {
	minor = strings.TrimSpace(minor)
	if minor == "" {
		return ""
	}
	if _, err := strconv.ParseInt(minor, 10, 64); err != nil || unit <= 0 || unit > 6 {
		return strings.TrimSpace(minor + " " + currency)
	}
	neg := strings.HasPrefix(minor, "-")
	minor = strings.TrimPrefix(minor, "-")
	for len(minor) <= unit {
		minor = "0" + minor
	}
	s := minor[:len(minor)-unit] + "." + minor[len(minor)-unit:]
	if neg {
		s = "-" + s
	}
	return strings.TrimSpace(s + " " + currency)
}
