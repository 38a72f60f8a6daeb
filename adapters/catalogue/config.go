// Package catalogue reads a seed store's catalogue over HTTP and implements ports.Catalogue. It
// understands Shopify's public products.json, WooCommerce's Store API and plain HTML pages
// (schema.org Product JSON-LD first, CSS selectors otherwise), and it is a polite client: one
// host, bounded concurrency and request rate, per-request timeouts, capped retries that honour
// Retry-After, a response size cap and a User-Agent that says who is asking.
package catalogue

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/andybalholm/cascadia"

	"github.com/gardenctl/garden/core/domain"
)

// Shape names a way a store publishes its catalogue.
type Shape string

// The shapes the client reads. ShapeAuto tries Shopify, then WooCommerce, then HTML.
const (
	ShapeAuto        Shape = "auto"
	ShapeShopify     Shape = "shopify"
	ShapeWooCommerce Shape = "woocommerce"
	ShapeHTML        Shape = "html"
)

// Defaults used by New for every zero field of Config.
const (
	DefaultContactURL       = "https://github.com/gardenctl/garden"
	DefaultConcurrency      = 4
	DefaultRatePerSecond    = 2.0
	DefaultRequestTimeout   = 20 * time.Second
	DefaultMaxRetries       = 3
	DefaultRetryBackoff     = time.Second
	DefaultMaxRetryWait     = time.Minute
	DefaultMaxResponseBytes = 5 << 20
	DefaultMaxPages         = 100
	DefaultMaxProducts      = 10000
	// ShopifyMaxPageSize and WooCommerceMaxPageSize are the largest pages each platform serves.
	ShopifyMaxPageSize     = 250
	WooCommerceMaxPageSize = 100
)

// Upper bounds New accepts, so that a typo in the configuration cannot turn Garden into a
// denial-of-service tool against a small shop.
const (
	maxConcurrency   = 16
	maxRatePerSecond = 50
)

// Config configures a Client. Zero fields take the defaults above; only BaseURL is required.
type Config struct {
	// BaseURL is the store's address, for example https://seeds.example. Every request stays on
	// its host. A path is kept: Shopify collections (/collections/herbs) and WordPress sites
	// installed under a folder work.
	BaseURL string
	// Shape is how the store publishes its catalogue; ShapeAuto (the default) detects it.
	Shape Shape
	// UserAgent is sent with every request; by default "GardenBot/1.0 (+ContactURL)".
	UserAgent string
	// ContactURL is the address of this Garden installation, named in the default User-Agent so
	// that a store owner can see who is reading their shop.
	ContactURL string
	// Concurrency bounds the requests in flight at once (1 to 16; default 4).
	Concurrency int
	// RatePerSecond bounds requests started per second (up to 50; default 2).
	RatePerSecond float64
	// RequestTimeout bounds one attempt of one request, body included (default 20 s).
	RequestTimeout time.Duration
	// MaxRetries is how many times a request that met a 5xx, a 429 or a network error is tried
	// again (default 3; negative: never).
	MaxRetries int
	// RetryBackoff is the wait before the first retry; each further retry waits twice as long,
	// with some jitter, never more than MaxRetryWait (default 1 s).
	RetryBackoff time.Duration
	// MaxRetryWait caps every wait between attempts. A Retry-After longer than this is not
	// waited for: the request fails, since retrying earlier would ignore the store's request
	// (default 1 min).
	MaxRetryWait time.Duration
	// MaxResponseBytes refuses larger responses (default 5 MiB).
	MaxResponseBytes int64
	// PageSize is the number of products asked per listing page of the JSON shapes (default and
	// maximum: 250 for Shopify, 100 for WooCommerce; larger values are lowered).
	PageSize int
	// MaxPages bounds the listing pages read (default 100).
	MaxPages int
	// MaxProducts bounds the products read in one Fetch (default 10,000).
	MaxProducts int
	// HTML tunes the HTML shape.
	HTML Selectors
	// Transport, when set, replaces the default HTTP transport (proxies, tests).
	Transport http.RoundTripper
	// Logger receives request and summary logs; slog.Default() when nil.
	Logger *slog.Logger
}

// Selectors are the CSS selectors the HTML shape reads pages with. Each is a selector group;
// the first match in document order is used unless a comment says otherwise. Empty fields take
// the defaults of DefaultSelectors, which fit WooCommerce and Shopify themes and most
// hand-written shops.
type Selectors struct {
	// ListingPath is the first listing page, relative to BaseURL (default: BaseURL itself).
	ListingPath string
	// ListingItem matches each product of a listing page.
	ListingItem string
	// ListingLink matches the product link inside an item.
	ListingLink string
	// ListingName matches the product name inside an item; the link's text otherwise.
	ListingName string
	// NextPage matches the link to the next listing page.
	NextPage string
	// ProductName, ProductPrice, ProductImage (every match is an image, main first),
	// ProductDescription, ProductAttribute (every match is a row: th/dt/first cell is the
	// label, td/dd/last cell the value; a dl gives one row per dt) and ProductCategory (every
	// match is a category or tag) read a product page where JSON-LD is missing or silent.
	ProductName        string
	ProductPrice       string
	ProductImage       string
	ProductDescription string
	ProductAttribute   string
	ProductCategory    string
}

// DefaultSelectors returns the selectors used for every empty field of Config.HTML.
func DefaultSelectors() Selectors {
	return Selectors{
		ListingItem:  `li.product, .product-item, .product-card, .grid-product, article.product, [itemtype$="schema.org/Product"]`,
		ListingLink:  `a[href]`,
		ListingName:  `.woocommerce-loop-product__title, .product-card__title, .product-item__title, .product-title, [itemprop=name], h2, h3`,
		NextPage:     `a[rel~=next], link[rel~=next], a.next, .pagination .next a, a.pagination__next`,
		ProductName:  `h1.product_title, h1.product-title, h1[itemprop=name], h1`,
		ProductPrice: `[itemprop=price], .summary .price, .product-price, .price`,
		ProductImage: `.woocommerce-product-gallery__image img, .product-gallery img, .product__media img, ` +
			`img[itemprop=image], .product-image img`,
		ProductDescription: `#tab-description, .product-description, .product__description, [itemprop=description], ` +
			`.woocommerce-product-details__short-description, .rte`,
		ProductAttribute: `table.woocommerce-product-attributes tr, .product-attributes tr, dl.product-attributes, ` +
			`.product-specs tr, dl.product-facts`,
		ProductCategory: `.posted_in a, .tagged_as a, .product-categories a, [itemprop=category], .breadcrumb a, .breadcrumbs a`,
	}
}

// compiled holds Selectors ready to match.
type compiled struct {
	listingItem, listingLink, listingName, nextPage                                      cascadia.Selector
	productName, productPrice, productImage, productDescription, productAttr, productCat cascadia.Selector
}

// withDefaults returns c with every zero field set to its default and out-of-range values lowered.
func (c Config) withDefaults() Config {
	if c.Shape == "" {
		c.Shape = ShapeAuto
	}
	if c.ContactURL == "" {
		c.ContactURL = DefaultContactURL
	}
	if c.UserAgent == "" {
		c.UserAgent = "GardenBot/1.0 (+" + c.ContactURL + ")"
	}
	if c.Concurrency == 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.RatePerSecond == 0 {
		c.RatePerSecond = DefaultRatePerSecond
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	switch {
	case c.MaxRetries == 0:
		c.MaxRetries = DefaultMaxRetries
	case c.MaxRetries < 0:
		c.MaxRetries = 0
	}
	if c.RetryBackoff == 0 {
		c.RetryBackoff = DefaultRetryBackoff
	}
	if c.MaxRetryWait == 0 {
		c.MaxRetryWait = DefaultMaxRetryWait
	}
	if c.MaxResponseBytes == 0 {
		c.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if c.MaxPages == 0 {
		c.MaxPages = DefaultMaxPages
	}
	if c.MaxProducts == 0 {
		c.MaxProducts = DefaultMaxProducts
	}
	d := DefaultSelectors()
	for _, f := range []struct {
		v   *string
		def string
	}{
		{&c.HTML.ListingItem, d.ListingItem}, {&c.HTML.ListingLink, d.ListingLink}, {&c.HTML.ListingName, d.ListingName},
		{&c.HTML.NextPage, d.NextPage}, {&c.HTML.ProductName, d.ProductName}, {&c.HTML.ProductPrice, d.ProductPrice},
		{&c.HTML.ProductImage, d.ProductImage}, {&c.HTML.ProductDescription, d.ProductDescription},
		{&c.HTML.ProductAttribute, d.ProductAttribute}, {&c.HTML.ProductCategory, d.ProductCategory},
	} {
		if strings.TrimSpace(*f.v) == "" {
			*f.v = f.def
		}
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// validate checks a configuration with defaults applied and returns the parsed base URL and
// compiled selectors. Every problem is an invalid error naming the setting.
func (c Config) validate() (*url.URL, compiled, error) {
	var v domain.Validation
	base, err := url.Parse(strings.TrimSpace(c.BaseURL))
	switch {
	case strings.TrimSpace(c.BaseURL) == "":
		v.Add("baseUrl", "The store's base URL is required")
	case err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Hostname() == "":
		v.Add("baseUrl", "The store's base URL must be an absolute http or https URL")
	case base.User != nil:
		v.Add("baseUrl", "The store's base URL must not carry a user name or password")
	}
	switch c.Shape {
	case ShapeAuto, ShapeShopify, ShapeWooCommerce, ShapeHTML:
	default:
		v.Add("shape", fmt.Sprintf("Unknown store shape %q: use auto, shopify, woocommerce or html", c.Shape))
	}
	if c.Concurrency < 1 || c.Concurrency > maxConcurrency {
		v.Add("concurrency", fmt.Sprintf("Concurrency must be between 1 and %d", maxConcurrency))
	}
	if c.RatePerSecond <= 0 || c.RatePerSecond > maxRatePerSecond {
		v.Add("ratePerSecond", fmt.Sprintf("The request rate must be above 0 and at most %d per second", maxRatePerSecond))
	}
	if c.RequestTimeout < 0 || c.RetryBackoff < 0 || c.MaxRetryWait < 0 {
		v.Add("timeout", "Timeouts and waits cannot be negative")
	}
	if c.MaxResponseBytes < 1024 {
		v.Add("maxResponseBytes", "The response size cap must be at least 1024 bytes")
	}
	if c.PageSize < 0 || c.MaxPages < 1 || c.MaxProducts < 1 {
		v.Add("pageSize", "Page size, page and product limits must be positive")
	}
	if strings.ContainsAny(c.UserAgent, "\r\n") {
		v.Add("userAgent", "The User-Agent must be a single line")
	}
	var sel compiled
	for _, s := range []struct {
		field, css string
		to         *cascadia.Selector
	}{
		{"listingItem", c.HTML.ListingItem, &sel.listingItem}, {"listingLink", c.HTML.ListingLink, &sel.listingLink},
		{"listingName", c.HTML.ListingName, &sel.listingName}, {"nextPage", c.HTML.NextPage, &sel.nextPage},
		{"productName", c.HTML.ProductName, &sel.productName}, {"productPrice", c.HTML.ProductPrice, &sel.productPrice},
		{"productImage", c.HTML.ProductImage, &sel.productImage},
		{"productDescription", c.HTML.ProductDescription, &sel.productDescription},
		{"productAttribute", c.HTML.ProductAttribute, &sel.productAttr},
		{"productCategory", c.HTML.ProductCategory, &sel.productCat},
	} {
		compiledSel, err := cascadia.Compile(s.css)
		if err != nil {
			v.Add(s.field, fmt.Sprintf("The %s selector %q is not valid CSS: %v", s.field, s.css, err))
			continue
		}
		*s.to = compiledSel
	}
	if _, err := url.Parse(c.HTML.ListingPath); err != nil {
		v.Add("listingPath", "The listing path is not a valid URL path")
	}
	if err := v.Err(); err != nil {
		return nil, compiled{}, err
	}
	if base.Path == "" {
		base.Path = "/"
	}
	base.Fragment, base.RawQuery = "", ""
	return base, sel, nil
}
