package catalogue

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgNoProductsFound = "No products found on %s: the listing item selector %q matches nothing"
)

// listingStart is the first listing page: Selectors.ListingPath resolved against the base URL.
func (c *Client) listingStart() *url.URL {
	if c.cfg.HTML.ListingPath == "" {
		return c.base
	}
	ref, _ := url.Parse(c.cfg.HTML.ListingPath) // validated by New
	return c.base.ResolveReference(ref)
}

func (c *Client) probeHTML(ctx context.Context) error {
	p, err := c.fetch.get(ctx, c.listingStart(), acceptHTML)
	if err != nil {
		return err
	}
	if !looksHTML(p) {
		return &fetchError{kind: kindBadContent, msg: MsgListingNotHTML}
	}
	return nil
}

func looksHTML(p *page) bool {
	if strings.Contains(p.header.Get("Content-Type"), "html") {
		return true
	}
	return bytes.HasPrefix(bytes.TrimSpace(p.body), []byte("<"))
}

// readHTML fetches and parses an HTML page.
func (c *Client) readHTML(ctx context.Context, u *url.URL) (*page, *goquery.Document, error) {
	p, err := c.fetch.get(ctx, u, acceptHTML)
	if err != nil {
		return nil, nil, err
	}
	if !looksHTML(p) {
		return nil, nil, &fetchError{kind: kindBadContent, msg: fmt.Sprintf(MsgPageNotHTML, p.header.Get("Content-Type"))}
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(p.body))
	if err != nil {
		return nil, nil, &fetchError{kind: kindBadContent, msg: fmt.Sprintf(MsgPageUnreadable, err)}
	}
	return p, doc, nil
}

// listHTML walks listing pages through their next-page links and hands on every product link
// whose listed name carries the marker (or shows no name: the product page decides). Links
// to other hosts are never followed.
func (c *Client) listHTML(ctx context.Context, emit func(job) bool, fail func(ports.CatalogueFailure)) error {
	visited, queued := map[string]bool{}, map[string]bool{}
	next := c.listingStart()
	for n := 1; next != nil && n <= c.cfg.MaxPages; n++ {
		u := next
		next = nil
		visited[u.String()] = true
		p, doc, err := c.readHTML(ctx, u)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if n == 1 {
				return c.storeError(err)
			}
			fail(ports.CatalogueFailure{URL: u.String(), Message: fmt.Sprintf(MsgListingPageRest, n, err)})
			return nil
		}
		items := doc.FindMatcher(c.sel.listingItem)
		if n == 1 && items.Length() == 0 {
			return domain.Errorf(domain.EInvalid, MsgNoProductsFound,
				u, c.cfg.HTML.ListingItem)
		}
		stopped := false
		items.EachWithBreak(func(_ int, item *goquery.Selection) bool {
			link := item.FindMatcher(c.sel.listingLink).First()
			if link.Length() == 0 && goquery.NodeName(item) == "a" {
				link = item
			}
			target := resolve(p.url, link.AttrOr("href", ""))
			if target == nil {
				return true
			}
			name := squash(item.FindMatcher(c.sel.listingName).First().Text())
			if name != "" && !domain.HasPPMarker(name) {
				return true
			}
			if name == "" {
				// Without a name element the link's title or text may be the name, or just a
				// price under an image: only a marker there is trusted, otherwise the product
				// page decides.
				if guess := squash(link.AttrOr("title", link.Text())); domain.HasPPMarker(guess) {
					name = guess
				}
			}
			if !c.fetch.sameHost(target) {
				if name != "" {
					fail(ports.CatalogueFailure{Name: name, URL: target.String(),
						Message: fmt.Sprintf(MsgLinkOtherHost, c.base.Host)})
				}
				return true
			}
			if queued[target.String()] {
				return true
			}
			queued[target.String()] = true
			if !emit(job{page: target, name: name}) {
				stopped = true
				return false
			}
			return true
		})
		if stopped {
			return nil
		}
		nextLink := doc.FindMatcher(c.sel.nextPage).First()
		target := resolve(p.url, nextLink.AttrOr("href", ""))
		switch {
		case target == nil || visited[target.String()]:
		case !c.fetch.sameHost(target):
			fail(ports.CatalogueFailure{URL: target.String(),
				Message: fmt.Sprintf(MsgNextPageOtherHost, c.base.Host)})
		default:
			next = target
		}
	}
	return nil
}

// readProductPage reads one product page: JSON-LD Product first, the configured selectors for
// whatever it lacks. It returns nil facts and nil failure for a page that turns out not to be a
// "(PP)" product.
func (c *Client) readProductPage(ctx context.Context, u *url.URL, listedName string) (*domain.CatalogueFacts, *ports.CatalogueFailure) {
	p, doc, err := c.readHTML(ctx, u)
	if err != nil {
		return nil, &ports.CatalogueFailure{Name: listedName, URL: u.String(), Message: err.Error()}
	}
	f := &domain.CatalogueFacts{}
	ld := jsonLDProduct(doc)
	var ldDescription, ldURL string
	if ld != nil {
		f.Name = html.UnescapeString(ldString(ld["name"]))
		ldDescription = ldString(ld["description"])
		ldURL = ldString(ld["url"])
		f.Categories = append(f.Categories, ldStrings(ld["category"])...)
		for _, img := range ldImages(ld["image"]) {
			if iu := resolve(p.url, img); iu != nil {
				f.ImageURLs = append(f.ImageURLs, iu.String())
			}
		}
		f.Price = ldPrice(ld["offers"])
		for _, prop := range ldList(ld["additionalProperty"]) {
			if m, ok := prop.(map[string]any); ok {
				f.Attributes = append(f.Attributes, domain.CatalogueAttribute{Label: ldString(m["name"]), Value: ldString(m["value"])})
			}
		}
	}
	if f.Name == "" {
		f.Name = squash(doc.FindMatcher(c.sel.productName).First().Text())
	}
	if f.Name == "" {
		f.Name = listedName
	}
	if f.Name == "" {
		return nil, &ports.CatalogueFailure{URL: u.String(), Message: MsgNoProductName}
	}
	if !domain.HasPPMarker(f.Name) {
		c.fetch.log.Debug("not a (PP) product", "url", u.String(), "name", f.Name)
		return nil, nil
	}

	// The description element is preferred to JSON-LD's description: it is the HTML the
	// store shows, where JSON-LD usually carries a stripped copy.
	if desc := doc.FindMatcher(c.sel.productDescription).First(); desc.Length() > 0 {
		inner, _ := desc.Html()
		f.DescriptionHTML = strings.TrimSpace(inner)
		f.DescriptionText = htmlText(desc.Nodes...)
	} else if ldDescription != "" {
		f.DescriptionHTML = ldDescription
		f.DescriptionText = fragmentText(ldDescription)
	}
	// The gallery adds the product's other pictures to JSON-LD's (usually just the main one);
	// duplicates are dropped when the product is derived.
	doc.FindMatcher(c.sel.productImage).Each(func(_ int, img *goquery.Selection) {
		if iu := resolve(p.url, imageSource(img)); iu != nil {
			f.ImageURLs = append(f.ImageURLs, iu.String())
		}
	})
	for _, img := range f.ImageURLs {
		f.GuessedImageURLs = append(f.GuessedImageURLs, guessImageVariants(img)...)
	}
	if f.Price == "" {
		price := doc.FindMatcher(c.sel.productPrice).First()
		f.Price = squash(price.AttrOr("content", price.Text()))
	}
	doc.FindMatcher(c.sel.productAttr).Each(func(_ int, row *goquery.Selection) {
		f.Attributes = append(f.Attributes, attributeRows(row)...)
	})
	doc.FindMatcher(c.sel.productCat).Each(func(_ int, s *goquery.Selection) {
		if t := squash(s.Text()); t != "" {
			f.Categories = append(f.Categories, t)
		}
	})

	store := p.url
	if lu := resolve(p.url, ldURL); lu != nil && c.fetch.sameHost(lu) {
		store = lu
	}
	f.StoreURL = store.String()
	// The last path segment is the store's slug in "/product/sweet-basil/"; a page named by
	// its query ("/item?id=7") has none, and the slug comes from the name.
	if store.RawQuery == "" {
		if seg := path.Base(strings.TrimSuffix(store.Path, "/")); seg != "/" && seg != "." {
			f.StoreSlug = seg
		}
	}
	return f, nil
}

// attributeRows reads label/value pairs from a table row or a definition list.
func attributeRows(row *goquery.Selection) []domain.CatalogueAttribute {
	if goquery.NodeName(row) == "dl" {
		var out []domain.CatalogueAttribute
		row.ChildrenFiltered("dt").Each(func(_ int, dt *goquery.Selection) {
			dd := dt.NextFiltered("dd")
			out = append(out, domain.CatalogueAttribute{Label: squash(dt.Text()), Value: htmlText(dd.Nodes...)})
		})
		return out
	}
	label := row.Find("th, dt, .label").First()
	value := row.Find("td, dd, .value").Last()
	if label.Length() == 0 {
		cells := row.Children()
		if cells.Length() < 2 {
			return nil
		}
		label, value = cells.First(), cells.Last()
	}
	return []domain.CatalogueAttribute{{Label: squash(label.Text()), Value: htmlText(value.Nodes...)}}
}

// imageSource picks an img element's real source: lazy-loading themes leave src empty or a
// placeholder and put the image in data attributes.
func imageSource(img *goquery.Selection) string {
	for _, attr := range []string{"data-large_image", "data-zoom-image", "data-src", "src"} {
		if v := strings.TrimSpace(img.AttrOr(attr, "")); v != "" && !strings.HasPrefix(v, "data:") {
			return v
		}
	}
	if set := strings.TrimSpace(img.AttrOr("srcset", "")); set != "" {
		return strings.Fields(set)[0]
	}
	return ""
}

// squash collapses white space.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// jsonLDProduct returns the first schema.org Product in the page's JSON-LD blocks. Blocks that
// are not valid JSON are skipped: a broken block must not hide the page's selectors.
func jsonLDProduct(doc *goquery.Document) map[string]any {
	var found map[string]any
	doc.Find(`script[type="application/ld+json"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		var v any
		if err := json.Unmarshal([]byte(s.Text()), &v); err != nil {
			return true
		}
		found = findProduct(v, 0)
		return found == nil
	})
	return found
}

func findProduct(v any, depth int) map[string]any {
	if depth > 5 {
		return nil
	}
	switch t := v.(type) {
	case map[string]any:
		for _, typ := range ldStrings(t["@type"]) {
			if typ == "Product" || typ == "ProductGroup" || strings.HasSuffix(typ, "/Product") || strings.HasSuffix(typ, ":Product") {
				return t
			}
		}
		for _, key := range []string{"@graph", "mainEntity", "itemListElement"} {
			if p := findProduct(t[key], depth+1); p != nil {
				return p
			}
		}
	case []any:
		for _, e := range t {
			if p := findProduct(e, depth+1); p != nil {
				return p
			}
		}
	}
	return nil
}

// ldString reads a JSON-LD value as text: strings as they are, numbers formatted, objects by
// their name or @value.
func ldString(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case map[string]any:
		for _, k := range []string{"name", "@value", "url"} {
			if s := ldString(t[k]); s != "" {
				return s
			}
		}
	case []any:
		if len(t) > 0 {
			return ldString(t[0])
		}
	}
	return ""
}

func ldList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

func ldStrings(v any) []string {
	var out []string
	for _, e := range ldList(v) {
		if s := ldString(e); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ldImages reads image: a URL, an ImageObject, or a list of either.
func ldImages(v any) []string {
	var out []string
	for _, e := range ldList(v) {
		switch t := e.(type) {
		case string:
			out = append(out, t)
		case map[string]any:
			for _, k := range []string{"contentUrl", "url"} {
				if s := ldString(t[k]); s != "" {
					out = append(out, s)
					break
				}
			}
		}
	}
	return out
}

// ldPrice reads offers: an Offer, an AggregateOffer or a list, as "3.95 GBP".
func ldPrice(v any) string {
	for _, e := range ldList(v) {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		price := ldString(m["price"])
		if price == "" {
			price = ldString(m["lowPrice"])
		}
		if price != "" {
			return strings.TrimSpace(price + " " + ldString(m["priceCurrency"]))
		}
	}
	return ""
}
