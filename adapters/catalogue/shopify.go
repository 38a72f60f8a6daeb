package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// shopifyPage is Shopify's public /products.json: the fields Garden reads.
type shopifyPage struct {
	Products []shopifyProduct `json:"products"`
}

type shopifyProduct struct {
	ID          int64       `json:"id"`
	Title       string      `json:"title"`
	Handle      string      `json:"handle"`
	BodyHTML    string      `json:"body_html"`
	Vendor      string      `json:"vendor"`
	ProductType string      `json:"product_type"`
	Tags        shopifyTags `json:"tags"`
	Variants    []struct {
		Price string `json:"price"`
	} `json:"variants"`
	Images []struct {
		Src      string `json:"src"`
		Position int    `json:"position"`
	} `json:"images"`
}

// shopifyTags reads tags as the array of the public products.json or as the comma-separated
// string of the Admin API, which some stores proxy.
type shopifyTags []string

func (t *shopifyTags) UnmarshalJSON(b []byte) error {
	var list []string
	if err := json.Unmarshal(b, &list); err == nil {
		*t = list
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = nil
	for _, tag := range strings.Split(s, ",") {
		if tag = strings.TrimSpace(tag); tag != "" {
			*t = append(*t, tag)
		}
	}
	return nil
}

// pageSize returns the configured page size, or max when unset or too large.
func pageSize(configured, max int) int {
	if configured <= 0 || configured > max {
		return max
	}
	return configured
}

func (c *Client) shopifyURL(n, limit int) *url.URL {
	u := c.base.JoinPath("products.json")
	u.RawQuery = url.Values{"limit": {strconv.Itoa(limit)}, "page": {strconv.Itoa(n)}}.Encode()
	return u
}

// getJSON reads u into v; an answer that is not JSON of v's shape is a kindBadContent error.
func (c *Client) getJSON(ctx context.Context, u *url.URL, v any) (*page, error) {
	p, err := c.fetch.get(ctx, u, acceptJSON)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(p.body, v); err != nil {
		return nil, &fetchError{kind: kindBadContent, msg: fmt.Sprintf(MsgNotExpectedJSON, err)}
	}
	return p, nil
}

func (c *Client) probeShopify(ctx context.Context) error {
	var probe struct {
		Products *[]json.RawMessage `json:"products"`
	}
	if _, err := c.getJSON(ctx, c.shopifyURL(1, 1), &probe); err != nil {
		return err
	}
	if probe.Products == nil {
		return &fetchError{kind: kindBadContent, msg: MsgNoProductsArray}
	}
	return nil
}

// listShopify reads /products.json?limit=L&page=N until a page is empty. Shopify ignores page
// numbers past its limit by repeating pages on some plans, so a page with nothing new ends the
// walk too.
func (c *Client) listShopify(ctx context.Context, emit func(job) bool, fail func(ports.CatalogueFailure)) error {
	limit := pageSize(c.cfg.PageSize, ShopifyMaxPageSize)
	seen := map[string]bool{}
	for n := 1; n <= c.cfg.MaxPages; n++ {
		u := c.shopifyURL(n, limit)
		var pg shopifyPage
		if _, err := c.getJSON(ctx, u, &pg); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if n == 1 {
				return c.storeError(err)
			}
			fail(ports.CatalogueFailure{URL: u.String(), Message: fmt.Sprintf(MsgListingPageRest, n, err)})
			return nil
		}
		fresh := 0
		for _, p := range pg.Products {
			key := strconv.FormatInt(p.ID, 10) + "/" + p.Handle
			if seen[key] {
				continue
			}
			seen[key], fresh = true, fresh+1
			if !domain.HasPPMarker(p.Title) {
				continue
			}
			if strings.TrimSpace(p.Handle) == "" {
				fail(ports.CatalogueFailure{Name: p.Title, URL: u.String(), Message: MsgNoHandle})
				continue
			}
			if !emit(job{facts: c.shopifyFacts(p)}) {
				return nil
			}
		}
		if fresh == 0 {
			return nil
		}
	}
	return nil
}

// shopifyFacts returns a builder, run by a worker, of what a products.json entry says.
func (c *Client) shopifyFacts(p shopifyProduct) func() *domain.CatalogueFacts {
	return func() *domain.CatalogueFacts {
		f := &domain.CatalogueFacts{
			Name:            p.Title,
			StoreSlug:       p.Handle,
			ProductType:     p.ProductType,
			DescriptionHTML: p.BodyHTML,
			DescriptionText: fragmentText(p.BodyHTML),
		}
		f.StoreURL = c.base.JoinPath("products", p.Handle).String()
		// Shopify stores put structured facts in tags as "Label: value" ("Light: Full sun").
		for _, tag := range p.Tags {
			if label, value, ok := strings.Cut(tag, ":"); ok && strings.TrimSpace(value) != "" {
				f.Attributes = append(f.Attributes, domain.CatalogueAttribute{Label: label, Value: value})
				continue
			}
			f.Tags = append(f.Tags, tag)
		}
		images := p.Images
		sort.SliceStable(images, func(i, j int) bool { return images[i].Position < images[j].Position })
		for _, img := range images {
			if u := resolve(c.base, img.Src); u != nil {
				f.ImageURLs = append(f.ImageURLs, u.String())
				f.GuessedImageURLs = append(f.GuessedImageURLs, guessImageVariants(u.String())...)
			}
		}
		if len(p.Variants) > 0 {
			f.Price = p.Variants[0].Price
		}
		return f
	}
}
