// Command gen writes the fixture stores of adapters/catalogue's tests: one seed shop published
// three ways (Shopify products.json, WooCommerce Store API, plain HTML pages). Run it from the
// package folder with `go generate` (see catalogue_test.go); the output is committed.
//
// Absolute URLs of the store itself use https://seeds.example, which the test server replaces
// with its own address when serving.
package main

import (
	"encoding/json"
	"fmt"
	"html"
	"log"
	"os"
	"path/filepath"
	"strings"
)

const store = "https://seeds.example"

// plant is one product of the fixture shop.
type plant struct {
	name, variety, latin, kind string // kind: Herb, Vegetable, Fruit, Flower
	light, water, feed         string
	sow                        string
	pp                         bool
	pence                      int
}

// The shop: 45 plants, 8 of them without the (PP) marker, plus two non-plant products.
var plants = []plant{
	{"Sweet Basil", "Genovese", "Ocimum basilicum", "Herb", "Full sun", "Keep moist", "Every two weeks", "Sow indoors from March to June.", true, 295},
	{"Thai Basil", "", "Ocimum basilicum var. thyrsiflora", "Herb", "Full sun", "Moderate", "Monthly", "Sow indoors in April.", false, 295},
	{"Flat-leaf Parsley", "Gigante", "Petroselinum crispum", "Herb", "Partial shade", "Moderate", "Monthly", "Sow outdoors from March to July.", true, 245},
	{"Coriander", "Calypso", "Coriandrum sativum", "Herb", "Full sun", "Moderate", "", "Sow every three weeks for a steady supply.", true, 245},
	{"Dill", "Bouquet", "Anethum graveolens", "Herb", "Full sun", "Low", "", "Sow where it is to grow; it dislikes moving.", true, 225},
	{"Chives", "", "Allium schoenoprasum", "Herb", "Full sun to partial shade", "Moderate", "Monthly", "Sow in clumps of five seeds.", true, 225},
	{"Garden Sage", "", "Salvia officinalis", "Herb", "Full sun", "Low", "", "Sow indoors in spring, plant out after frost.", true, 265},
	{"Common Thyme", "", "Thymus vulgaris", "Herb", "Full sun", "Low", "", "Surface-sow; light helps germination.", false, 245},
	{"Oregano", "", "Origanum vulgare", "Herb", "Full sun", "Low", "", "Surface-sow in spring.", false, 245},
	{"Lemon Balm", "", "Melissa officinalis", "Herb", "Partial shade", "Moderate", "Monthly", "Sow indoors from February.", true, 225},
	{"Peppermint", "", "Mentha x piperita", "Herb", "Partial shade", "High", "Monthly", "Best grown in a pot to contain it.", true, 295},
	{"Rosemary", "Prostratus", "Salvia rosmarinus", "Herb", "Full sun", "Low", "", "Slow to germinate; keep warm.", true, 325},
	{"Chamomile", "", "Matricaria chamomilla", "Herb", "Full sun", "Low", "", "Surface-sow from March.", true, 225},
	{"Fennel", "Florence", "Foeniculum vulgare", "Herb", "Full sun", "Keep moist", "Every two weeks", "Sow after midsummer to avoid bolting.", true, 245},
	{"Borage", "", "Borago officinalis", "Herb", "Full sun", "Moderate", "", "Sow outdoors April to June.", true, 225},
	{"Tomato", "Moneymaker", "Solanum lycopersicum", "Vegetable", "Full sun", "Water regularly", "Weekly high-potash feed once flowering", "Sow indoors February to April.", true, 275},
	{"Cherry Tomato", "Sungold", "Solanum lycopersicum", "Vegetable", "Full sun", "Water regularly", "Weekly tomato feed", "Sow indoors in March.", true, 395},
	{"Sweet Pepper", "California Wonder", "Capsicum annuum", "Vegetable", "Full sun", "Moderate", "Every two weeks", "Sow indoors at 21°C.", true, 265},
	{"Cucumber", "Marketmore", "Cucumis sativus", "Vegetable", "Full sun", "Keep moist", "Weekly", "Sow on edge in small pots.", true, 295},
	{"Courgette", "Black Beauty", "Cucurbita pepo", "Vegetable", "Full sun", "High", "Every two weeks", "Sow indoors in April.", true, 245},
	{"Carrot", "Nantes 2", "Daucus carota", "Vegetable", "Full sun", "Moderate", "", "Sow thinly in drills.", true, 195},
	{"Beetroot", "Boltardy", "Beta vulgaris", "Vegetable", "Full sun", "Moderate", "", "Soak seed overnight before sowing.", true, 195},
	{"Lettuce", "Little Gem", "Lactuca sativa", "Vegetable", "Partial shade", "Keep moist", "", "Sow little and often.", true, 195},
	{"Runner Bean", "Scarlet Emperor", "Phaseolus coccineus", "Vegetable", "Full sun", "High", "Monthly", "Sow outdoors in May.", true, 325},
	{"Pea", "Kelvedon Wonder", "Pisum sativum", "Vegetable", "Full sun", "Moderate", "", "Sow in a flat-bottomed trench.", true, 275},
	{"Kale", "Cavolo Nero", "Brassica oleracea", "Vegetable", "Full sun to partial shade", "Moderate", "Monthly", "Sow April to June.", true, 225},
	{"Radish", "French Breakfast", "Raphanus sativus", "Vegetable", "Full sun", "Keep moist", "", "Ready in four weeks.", true, 175},
	{"Spinach", "Giant Winter", "Spinacia oleracea", "Vegetable", "Partial shade", "Keep moist", "", "Sow in autumn for winter leaves.", true, 195},
	{"Leek", "Musselburgh", "Allium porrum", "Vegetable", "Full sun", "Moderate", "Monthly", "Transplant when pencil-thick.", false, 195},
	{"Pumpkin", "Jack O'Lantern", "Cucurbita maxima", "Vegetable", "Full sun", "High", "Every two weeks", "Sow indoors in late April.", false, 275},
	{"Strawberry", "Alexandria", "Fragaria vesca", "Fruit", "Full sun", "Keep moist", "Every two weeks", "Surface-sow; germination is slow.", true, 345},
	{"Cape Gooseberry", "", "Physalis peruviana", "Fruit", "Full sun", "Moderate", "Monthly", "Sow indoors in March.", true, 295},
	{"Melon", "Minnesota Midget", "Cucumis melo", "Fruit", "Full sun", "Moderate", "Weekly", "Needs warmth: greenhouse or cloche.", true, 325},
	{"Watermelon", "Sugar Baby", "Citrullus lanatus", "Fruit", "Full sun", "High", "Weekly", "Sow indoors at 25°C.", false, 325},
	{"Ground Cherry", "Aunt Molly's", "Physalis pruinosa", "Fruit", "Full sun", "Moderate", "", "Grow like tomatoes.", true, 295},
	{"Sunflower", "Giant Single", "Helianthus annuus", "Flower", "Full sun", "Moderate", "", "Sow outdoors in May.", true, 225},
	{"Sweet Pea", "Mixed", "Lathyrus odoratus", "Flower", "Full sun", "Keep moist", "Every two weeks", "Pinch out tips at four pairs of leaves.", true, 275},
	{"Cosmos", "Sensation Mix", "Cosmos bipinnatus", "Flower", "Full sun", "Low", "", "Sow indoors in April.", true, 225},
	{"Zinnia", "Benary's Giant", "Zinnia elegans", "Flower", "Full sun", "Moderate", "", "Sow indoors in April.", false, 275},
	{"Nasturtium", "Empress of India", "Tropaeolum majus", "Flower", "Full sun", "Low", "", "Thrives on neglect.", true, 195},
	{"Calendula", "Indian Prince", "Calendula officinalis", "Flower", "Full sun", "Moderate", "", "Sow outdoors from March.", true, 195},
	{"Cornflower", "Blue Ball", "Centaurea cyanus", "Flower", "Full sun", "Low", "", "Sow in autumn or spring.", true, 195},
	{"Lavender", "Hidcote", "Lavandula angustifolia", "Flower", "Full sun", "Low", "", "Needs cold stratification.", true, 325},
	{"French Marigold", "", "Tagetes patula", "Flower", "Full sun", "Moderate", "", "Sow indoors in March.", false, 195},
	{"Love-in-a-mist", "Miss Jekyll", "Nigella damascena", "Flower", "Full sun", "Low", "", "Sow where it is to flower.", true, 195},
}

// fullName is the store's product name; how the botanical name appears varies by i % 4:
// 0 in the name, 1 as an attribute or tag, 2 as a labelled description line, 3 in italics.
func (p plant) fullName(i int) string {
	n := p.name
	if p.variety != "" {
		n += " '" + p.variety + "'"
	}
	if i%4 == 0 {
		n += " (" + p.latin + ")"
	}
	if p.pp {
		n += " (PP)"
	}
	return n
}

func (p plant) common() string {
	if p.variety != "" {
		return p.name + " '" + p.variety + "'"
	}
	return p.name
}

func (p plant) slug() string {
	s := strings.ToLower(p.common())
	r := strings.NewReplacer("'", "", " ", "-", "°", "")
	s = r.Replace(s)
	if p.pp {
		s += "-pp"
	}
	return s
}

func (p plant) plantType() string { return p.kind + "s" }

// descriptionHTML is the product description as a seed shop writes it.
func (p plant) descriptionHTML(i int) string {
	var b strings.Builder
	intro := fmt.Sprintf("A reliable %s for beds and containers.", strings.ToLower(p.kind))
	if i%4 == 3 {
		intro = fmt.Sprintf("Our <em>%s</em> is a reliable %s for beds and containers.", p.latin, strings.ToLower(p.kind))
	}
	fmt.Fprintf(&b, "<p>%s</p>\n", intro)
	if i%4 == 2 {
		fmt.Fprintf(&b, "<p><strong>Latin name:</strong> %s</p>\n", p.latin)
	}
	b.WriteString("<h3>Growing information</h3>\n<ul>\n")
	fmt.Fprintf(&b, "<li><strong>Sun:</strong> %s</li>\n", p.light)
	fmt.Fprintf(&b, "<li><strong>Watering:</strong> %s</li>\n", p.water)
	if p.feed != "" {
		fmt.Fprintf(&b, "<li><strong>Feeding:</strong> %s</li>\n", p.feed)
	}
	b.WriteString("</ul>\n<h3>How to grow</h3>\n")
	fmt.Fprintf(&b, "<p>%s</p>\n<p>Spacing: 30 cm</p>", p.sow)
	return b.String()
}

// Expected is what the tests expect of one shape: the common names kept, in store order.
type Expected struct {
	Kept []string `json:"kept"`
}

func main() {
	out := "testdata"
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	expected := map[string]Expected{
		"shopify":     writeShopify(filepath.Join(out, "shopify")),
		"woocommerce": writeWoo(filepath.Join(out, "woocommerce")),
		"html":        writeHTML(filepath.Join(out, "html")),
	}
	writeJSON(filepath.Join(out, "expected.json"), expected)
}

// writeJSON writes v as the platforms do: HTML left unescaped in strings.
func writeJSON(path string, v any) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		log.Fatal(err)
	}
	writeFile(path, b.String())
}

func writeFile(path, body string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		log.Fatal(err)
	}
}

// ---- Shopify: /products.json ------------------------------------------------------------

type shopifyImage struct {
	ID         int64   `json:"id"`
	CreatedAt  string  `json:"created_at"`
	Position   int     `json:"position"`
	UpdatedAt  string  `json:"updated_at"`
	ProductID  int64   `json:"product_id"`
	VariantIDs []int64 `json:"variant_ids"`
	Src        string  `json:"src"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
}

type shopifyVariant struct {
	ID               int64   `json:"id"`
	Title            string  `json:"title"`
	Option1          string  `json:"option1"`
	Option2          *string `json:"option2"`
	Option3          *string `json:"option3"`
	SKU              string  `json:"sku"`
	RequiresShipping bool    `json:"requires_shipping"`
	Taxable          bool    `json:"taxable"`
	FeaturedImage    any     `json:"featured_image"`
	Available        bool    `json:"available"`
	Price            string  `json:"price"`
	Grams            int     `json:"grams"`
	CompareAtPrice   *string `json:"compare_at_price"`
	Position         int     `json:"position"`
	ProductID        int64   `json:"product_id"`
	CreatedAt        string  `json:"created_at"`
	UpdatedAt        string  `json:"updated_at"`
}

type shopifyOption struct {
	Name     string   `json:"name"`
	Position int      `json:"position"`
	Values   []string `json:"values"`
}

type shopifyProduct struct {
	ID          int64            `json:"id"`
	Title       string           `json:"title"`
	Handle      string           `json:"handle"`
	BodyHTML    *string          `json:"body_html"`
	PublishedAt string           `json:"published_at"`
	CreatedAt   string           `json:"created_at"`
	UpdatedAt   string           `json:"updated_at"`
	Vendor      string           `json:"vendor"`
	ProductType string           `json:"product_type"`
	Tags        any              `json:"tags"`
	Variants    []shopifyVariant `json:"variants"`
	Images      []shopifyImage   `json:"images"`
	Options     []shopifyOption  `json:"options"`
}

const stamp = "2025-11-03T09:14:27+00:00"

func writeShopify(dir string) Expected {
	var exp Expected
	var products []shopifyProduct
	for i, p := range plants {
		id := int64(8012345670001 + i)
		body := p.descriptionHTML(i)
		tags := []string{p.kind + "s", "Seeds"}
		if i%4 == 1 {
			tags = append(tags, "Latin: "+p.latin)
		}
		if i%3 == 0 {
			tags = append(tags, "Light: "+p.light)
		}
		sp := shopifyProduct{
			ID: id, Title: p.fullName(i), Handle: p.slug(), BodyHTML: &body,
			PublishedAt: stamp, CreatedAt: stamp, UpdatedAt: stamp, Vendor: "Greenacre Seeds",
			ProductType: p.kind + " Seeds", Tags: tags,
			Variants: []shopifyVariant{{
				ID: id*10 + 1, Title: "Default Title", Option1: "Default Title", SKU: fmt.Sprintf("GAS-%04d", i+1),
				RequiresShipping: true, Taxable: true, Available: true, Price: fmt.Sprintf("%d.%02d", p.pence/100, p.pence%100),
				Grams: 10, Position: 1, ProductID: id, CreatedAt: stamp, UpdatedAt: stamp,
			}},
			Images: []shopifyImage{
				{ID: id*10 + 2, CreatedAt: stamp, Position: 1, UpdatedAt: stamp, ProductID: id, VariantIDs: []int64{},
					Src: "https://cdn.shopify.com/s/files/1/0612/3456/7890/products/" + p.slug() + ".jpg?v=1699003467", Width: 1200, Height: 1200},
				{ID: id*10 + 3, CreatedAt: stamp, Position: 2, UpdatedAt: stamp, ProductID: id, VariantIDs: []int64{},
					Src: "https://cdn.shopify.com/s/files/1/0612/3456/7890/products/" + p.slug() + "-packet_800x.jpg?v=1699003467", Width: 800, Height: 800},
			},
			Options: []shopifyOption{{Name: "Title", Position: 1, Values: []string{"Default Title"}}},
		}
		switch p.name {
		case "Sweet Pepper": // missing fields: no description, type, images or variants
			sp.BodyHTML, sp.ProductType, sp.Images, sp.Variants, sp.Tags = nil, "", []shopifyImage{}, []shopifyVariant{}, []string{}
		case "Beetroot": // malformed HTML: unclosed elements, a stray end tag
			broken := "<p>Sow <b>thinly in drills<p><strong>Sun:</strong> Full sun<li><strong>Watering:</strong> Moderate</div></span>"
			sp.BodyHTML = &broken
		case "Cosmos": // tags as the Admin API's comma-separated string
			sp.Tags = "Flowers, Seeds, Light: Full sun"
		case "Lavender": // protocol-relative image URL
			sp.Images = sp.Images[:1]
			sp.Images[0].Src = "//cdn.shopify.com/s/files/1/0612/3456/7890/products/lavender-hidcote-pp.jpg"
		case "Nasturtium": // no product type: tags decide
			sp.ProductType = ""
			sp.Tags = []string{"vegetable garden", "edible"}
		}
		products = append(products, sp)
		if p.pp {
			exp.Kept = append(exp.Kept, p.common())
		}
		if i == 20 { // a (PP) product without a handle: no page to link to
			body := "<p>A surprise selection.</p>"
			products = append(products, shopifyProduct{ID: 8012345679990, Title: "Mystery Herb Mix (PP)", Handle: "", BodyHTML: &body,
				PublishedAt: stamp, CreatedAt: stamp, UpdatedAt: stamp, Vendor: "Greenacre Seeds", ProductType: "Herb Seeds",
				Tags: []string{}, Variants: []shopifyVariant{}, Images: []shopifyImage{}, Options: []shopifyOption{}})
		}
	}
	for _, extra := range []string{"Gift Card", "Peat-free Seed Compost 20L"} {
		body := "<p>" + extra + "</p>"
		products = append(products, shopifyProduct{ID: 8012345679000 + int64(len(products)), Title: extra,
			Handle: strings.ToLower(strings.ReplaceAll(extra, " ", "-")), BodyHTML: &body, PublishedAt: stamp, CreatedAt: stamp,
			UpdatedAt: stamp, Vendor: "Greenacre Seeds", ProductType: "Sundries", Tags: []string{},
			Variants: []shopifyVariant{}, Images: []shopifyImage{}, Options: []shopifyOption{}})
	}
	writeJSON(filepath.Join(dir, "products.json"), map[string]any{"products": products})
	return exp
}

// ---- WooCommerce: /wp-json/wc/store/v1/products -----------------------------------------

type wooImage struct {
	ID        int    `json:"id"`
	Src       string `json:"src"`
	Thumbnail string `json:"thumbnail"`
	Srcset    string `json:"srcset"`
	Sizes     string `json:"sizes"`
	Name      string `json:"name"`
	Alt       string `json:"alt"`
}

type wooTerm struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
	Link string `json:"link"`
}

type wooAttrTerm struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Slug    string `json:"slug"`
	Default bool   `json:"default"`
}

type wooAttribute struct {
	ID            int           `json:"id"`
	Name          string        `json:"name"`
	Taxonomy      *string       `json:"taxonomy"`
	HasVariations bool          `json:"has_variations"`
	Terms         []wooAttrTerm `json:"terms"`
}

type wooPrices struct {
	Price             string `json:"price"`
	RegularPrice      string `json:"regular_price"`
	SalePrice         string `json:"sale_price"`
	PriceRange        any    `json:"price_range"`
	CurrencyCode      string `json:"currency_code"`
	CurrencySymbol    string `json:"currency_symbol"`
	CurrencyMinorUnit int    `json:"currency_minor_unit"`
	CurrencyDecimal   string `json:"currency_decimal_separator"`
	CurrencyThousand  string `json:"currency_thousand_separator"`
	CurrencyPrefix    string `json:"currency_prefix"`
	CurrencySuffix    string `json:"currency_suffix"`
}

type wooProduct struct {
	ID               int            `json:"id"`
	Name             string         `json:"name"`
	Slug             string         `json:"slug"`
	Parent           int            `json:"parent"`
	Type             string         `json:"type"`
	Variation        string         `json:"variation"`
	Permalink        string         `json:"permalink"`
	SKU              string         `json:"sku"`
	ShortDescription string         `json:"short_description"`
	Description      string         `json:"description"`
	OnSale           bool           `json:"on_sale"`
	Prices           wooPrices      `json:"prices"`
	PriceHTML        string         `json:"price_html"`
	AverageRating    string         `json:"average_rating"`
	ReviewCount      int            `json:"review_count"`
	Images           []wooImage     `json:"images"`
	Categories       []wooTerm      `json:"categories"`
	Tags             []wooTerm      `json:"tags"`
	Attributes       []wooAttribute `json:"attributes"`
	Variations       []any          `json:"variations"`
	HasOptions       bool           `json:"has_options"`
	IsPurchasable    bool           `json:"is_purchasable"`
	IsInStock        bool           `json:"is_in_stock"`
	IsOnBackorder    bool           `json:"is_on_backorder"`
	LowStockRemain   *int           `json:"low_stock_remaining"`
	SoldIndividually bool           `json:"sold_individually"`
	AddToCart        map[string]any `json:"add_to_cart"`
}

// wpText escapes a name the way WordPress's wptexturize and esc_html leave it in the Store API:
// curly quotes, en dashes and entities.
func wpText(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\'' && (i == 0 || s[i-1] == ' ' || s[i-1] == '('):
			b.WriteString("&#8216;")
		case r == '\'':
			b.WriteString("&#8217;")
		default:
			b.WriteString(html.EscapeString(string(r)))
		}
	}
	return strings.ReplaceAll(b.String(), " - ", " &#8211; ")
}

func writeWoo(dir string) Expected {
	var exp Expected
	var products []wooProduct
	catIDs := map[string]int{"Herb": 17, "Vegetable": 18, "Fruit": 19, "Flower": 20}
	for i, p := range plants {
		id := 1201 + i
		slug := p.slug()
		upload := fmt.Sprintf("%s/wp-content/uploads/2024/02/%s", store, strings.TrimSuffix(slug, "-pp"))
		name := p.fullName(i)
		if p.name == "Sweet Pea" {
			name = "Sweet Pea - Mixed Colours (PP)"
		}
		wp := wooProduct{
			ID: id, Name: wpText(name), Slug: slug, Type: "simple", Permalink: store + "/product/" + slug + "/",
			SKU: fmt.Sprintf("GAS-%04d", i+1), ShortDescription: fmt.Sprintf("<p>%s seeds, approx. 50 per packet.</p>", html.EscapeString(p.common())),
			Description: p.descriptionHTML(i),
			Prices: wooPrices{Price: fmt.Sprint(p.pence), RegularPrice: fmt.Sprint(p.pence), SalePrice: fmt.Sprint(p.pence),
				CurrencyCode: "GBP", CurrencySymbol: "£", CurrencyMinorUnit: 2, CurrencyDecimal: ".", CurrencyThousand: ",", CurrencyPrefix: "£"},
			PriceHTML:     fmt.Sprintf(`<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>%d.%02d</bdi></span>`, p.pence/100, p.pence%100),
			AverageRating: "0", Images: []wooImage{{ID: 3000 + i, Src: upload + "-scaled.jpg", Thumbnail: upload + "-300x300.jpg",
				Srcset: upload + "-scaled.jpg 2560w, " + upload + "-300x300.jpg 300w", Sizes: "(max-width: 2560px) 100vw, 2560px",
				Name: slug + ".jpg", Alt: p.common()}},
			Categories: []wooTerm{{ID: catIDs[p.kind], Name: p.kind + " Seeds", Slug: strings.ToLower(p.kind) + "-seeds",
				Link: store + "/product-category/" + strings.ToLower(p.kind) + "-seeds/"}},
			Tags: []wooTerm{}, Attributes: []wooAttribute{}, Variations: []any{}, IsPurchasable: true, IsInStock: true,
			AddToCart: map[string]any{"text": "Add to basket", "description": "Add to your basket", "url": "?add-to-cart=" + fmt.Sprint(id),
				"minimum": 1, "maximum": 9999, "multiple_of": 1},
		}
		if i%4 == 1 {
			wp.Attributes = append(wp.Attributes, wooAttribute{ID: 0, Name: "Botanical name", Terms: []wooAttrTerm{{ID: 0, Name: p.latin, Slug: strings.ToLower(strings.ReplaceAll(p.latin, " ", "-"))}}})
		}
		if i%3 == 0 {
			tax := "pa_sun-exposure"
			wp.Attributes = append(wp.Attributes, wooAttribute{ID: 3, Name: "Sun exposure", Taxonomy: &tax, Terms: []wooAttrTerm{{ID: 41, Name: p.light, Slug: "x"}}})
		}
		switch p.name {
		case "Sweet Pepper": // missing fields: no images, no categories, no prices
			wp.Images, wp.Categories, wp.Prices = []wooImage{}, []wooTerm{}, wooPrices{}
		case "Radish": // only a short description
			wp.Description = ""
			wp.ShortDescription = "<p>Crisp roots in four weeks.</p><p>Light: Full sun<br>Water: Keep moist</p>"
		case "Beetroot": // malformed HTML
			wp.Description = "<p>Sow <b>thinly in drills<p><strong>Sun:</strong> Full sun<li><strong>Watering:</strong> Moderate</div></span>"
		case "Chives": // WordPress moved host; the permalink still names the old one
			wp.Permalink = "https://old.seeds.example/product/" + slug + "/"
		case "Nasturtium": // categories that are not plant types: tags decide
			wp.Categories = []wooTerm{{ID: 30, Name: "Edible &amp; Companion", Slug: "edible-companion", Link: store + "/product-category/edible-companion/"}}
			wp.Tags = []wooTerm{{ID: 31, Name: "Vegetable garden", Slug: "vegetable-garden", Link: store + "/product-tag/vegetable-garden/"}}
		}
		products = append(products, wp)
		if p.pp {
			kept := html.UnescapeString(wpText(p.common()))
			if p.name == "Sweet Pea" {
				kept = "Sweet Pea – Mixed Colours"
			}
			exp.Kept = append(exp.Kept, kept)
		}
		if i == 20 { // a (PP) product with neither slug nor permalink
			products = append(products, wooProduct{ID: 1999, Name: "Mystery Herb Mix (PP)", Type: "simple", Images: []wooImage{},
				Categories: []wooTerm{}, Tags: []wooTerm{}, Attributes: []wooAttribute{}, Variations: []any{}})
		}
	}
	for _, extra := range []string{"Gift Card", "Peat-free Seed Compost 20L"} {
		slug := strings.ToLower(strings.ReplaceAll(extra, " ", "-"))
		products = append(products, wooProduct{ID: 1900 + len(products), Name: extra, Slug: slug, Type: "simple",
			Permalink: store + "/product/" + slug + "/", Images: []wooImage{}, Categories: []wooTerm{}, Tags: []wooTerm{},
			Attributes: []wooAttribute{}, Variations: []any{}})
	}
	writeJSON(filepath.Join(dir, "products.json"), products)
	return exp
}

// ---- HTML: listing pages and product pages ----------------------------------------------

// HTML pages with a special part to play in the tests, by slug.
const (
	slugNoJSONLDEvery = 5 // every fifth product page has no JSON-LD
)

var htmlSpecial = map[string]string{
	"chamomile-pp":                      "malformed JSON-LD",
	"fennel-florence-pp":                "malformed HTML",
	"strawberry-alexandria-pp":          "listed without a name",
	"sweet-pepper-california-wonder-pp": "missing image and description",
}

func writeHTML(dir string) Expected {
	var exp Expected
	type item struct{ name, href, img, price string }
	var items []item
	for i, p := range plants {
		slug := p.slug()
		href := "/product/" + slug + "/"
		if p.name == "Rosemary" {
			// The listing still links the old address, which redirects on the same host.
			href = "/product/rosemary-pp/"
		}
		name := p.fullName(i)
		if htmlSpecial[slug] == "listed without a name" {
			name = ""
		}
		items = append(items, item{name, href, "/wp-content/uploads/2024/02/" + strings.TrimSuffix(slug, "-pp") + "-300x300.jpg",
			fmt.Sprintf("£%d.%02d", p.pence/100, p.pence%100)})
		writeFile(filepath.Join(dir, "product", slug, "index.html"), productPage(i, p))
		if p.pp {
			exp.Kept = append(exp.Kept, p.common())
		}
		if i == 10 {
			items = append(items, item{"Lemon Verbena (PP)", "https://partner-seeds.example/product/lemon-verbena-pp/", "", "£3.25"})
		}
		if i == 25 {
			items = append(items, item{"", "/product/unnamed/", "", ""})
		}
	}
	items = append(items, item{"Gift Card", "/product/gift-card/", "", "£10.00"}, item{"Peat-free Seed Compost 20L", "/product/peat-free-seed-compost-20l/", "", "£8.50"})
	writeFile(filepath.Join(dir, "product", "unnamed", "index.html"), "<!DOCTYPE html>\n<html><head><title>Greenacre Seeds</title></head>\n<body><main><p>This product is no longer available.</p></main></body></html>\n")
	pages := [][]item{items[:16], items[16:32], items[32:]}
	// The same product appears at the end of page 1 and the start of page 2, as happens when
	// a shop re-sorts between requests.
	pages[1] = append([]item{pages[0][len(pages[0])-1]}, pages[1]...)
	for n, its := range pages {
		var b strings.Builder
		b.WriteString(`<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop – Greenacre Seeds</title>
<link rel="stylesheet" href="/wp-content/themes/greenacre/style.css">
`)
		if n < len(pages)-1 {
			fmt.Fprintf(&b, "<link rel=\"next\" href=\"%s/shop/page/%d/\">\n", store, n+2)
		}
		b.WriteString(`</head>
<body class="archive post-type-archive-product woocommerce">
<header class="site-header"><a class="site-title" href="/">Greenacre Seeds</a>
<nav><ul><li><a href="/shop/">Shop</a></li><li><a href="https://blog.seeds.example/">Blog</a></li><li><a href="/basket/">Basket</a></li></ul></nav></header>
<main id="main" class="site-main">
<h1 class="page-title">Shop</h1>
<ul class="products columns-4">
`)
		for _, it := range its {
			b.WriteString(`<li class="product type-product status-publish instock">` + "\n")
			fmt.Fprintf(&b, `  <a href="%s" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">`, html.EscapeString(it.href))
			if it.img != "" {
				fmt.Fprintf(&b, `<img width="300" height="300" src="%s" class="attachment-woocommerce_thumbnail" alt="" loading="lazy">`, it.img)
			}
			if it.name != "" {
				fmt.Fprintf(&b, `<h2 class="woocommerce-loop-product__title">%s</h2>`, html.EscapeString(it.name))
			}
			if it.price != "" {
				fmt.Fprintf(&b, `<span class="price"><span class="woocommerce-Price-amount amount"><bdi>%s</bdi></span></span>`, html.EscapeString(it.price))
			}
			b.WriteString("</a>\n")
			if it.name != "" {
				b.WriteString(`  <a href="?add-to-cart=1" class="button add_to_cart_button" rel="nofollow">Add to basket</a>` + "\n")
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</ul>\n<nav class=\"woocommerce-pagination\"><ul class=\"page-numbers\">\n")
		for k := range pages {
			if k == n {
				fmt.Fprintf(&b, "<li><span aria-current=\"page\" class=\"page-numbers current\">%d</span></li>\n", k+1)
			} else {
				fmt.Fprintf(&b, "<li><a class=\"page-numbers\" href=\"%s\">%d</a></li>\n", listingPath(k), k+1)
			}
		}
		if n < len(pages)-1 {
			fmt.Fprintf(&b, "<li><a class=\"next page-numbers\" href=\"%s\">&rarr;</a></li>\n", listingPath(n+1))
		}
		b.WriteString("</ul></nav>\n</main>\n<footer><p>&copy; Greenacre Seeds</p></footer>\n</body>\n</html>\n")
		writeFile(filepath.Join(dir, strings.TrimPrefix(listingPath(n), "/"), "index.html"), b.String())
	}
	return exp
}

func listingPath(n int) string {
	if n == 0 {
		return "/shop/"
	}
	return fmt.Sprintf("/shop/page/%d/", n+1)
}

func productPage(i int, p plant) string {
	slug := p.slug()
	name := p.fullName(i)
	img := store + "/wp-content/uploads/2024/02/" + strings.TrimSuffix(slug, "-pp") + ".jpg"
	desc := p.descriptionHTML(i)
	special := htmlSpecial[slug]
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="UTF-8">
<title>%s – Greenacre Seeds</title>
<link rel="canonical" href="%s/product/%s/">
`, html.EscapeString(name), store, slug)
	ld := map[string]any{
		"@context":    "https://schema.org/",
		"@type":       "Product",
		"name":        name,
		"url":         store + "/product/" + slug + "/",
		"description": stripTags(desc),
		"sku":         fmt.Sprintf("GAS-%04d", i+1),
		"image":       []string{img},
		"category":    "Seeds > " + p.kind + " Seeds",
		"brand":       map[string]any{"@type": "Brand", "name": "Greenacre Seeds"},
		"offers": []any{map[string]any{"@type": "Offer", "price": fmt.Sprintf("%d.%02d", p.pence/100, p.pence%100),
			"priceCurrency": "GBP", "availability": "http://schema.org/InStock", "url": store + "/product/" + slug + "/"}},
	}
	if special == "missing image and description" {
		delete(ld, "image")
		delete(ld, "description")
	}
	if i%4 == 1 {
		ld["additionalProperty"] = []any{map[string]any{"@type": "PropertyValue", "name": "Botanical name", "value": p.latin}}
	}
	switch {
	case special == "malformed JSON-LD":
		b.WriteString("<script type=\"application/ld+json\">{\"@context\":\"https://schema.org/\",\"@type\":\"Product\",\"name\":\"" + name + "\",</script>\n")
	case i%slugNoJSONLDEvery == 4:
		// no JSON-LD: the selectors must do
	case i%2 == 0:
		// Yoast-style graph
		raw, _ := json.MarshalIndent(map[string]any{"@context": "https://schema.org", "@graph": []any{
			map[string]any{"@type": "WebPage", "@id": store + "/product/" + slug + "/", "name": name},
			ld,
		}}, "", "  ")
		b.WriteString("<script type=\"application/ld+json\" class=\"yoast-schema-graph\">" + string(raw) + "</script>\n")
	default:
		raw, _ := json.MarshalIndent(ld, "", "  ")
		b.WriteString("<script type=\"application/ld+json\">" + string(raw) + "</script>\n")
	}
	b.WriteString(`</head>
<body class="product-template-default single single-product woocommerce">
<header class="site-header"><a class="site-title" href="/">Greenacre Seeds</a></header>
<main id="main" class="site-main">
<nav class="woocommerce-breadcrumb"><a href="/">Home</a> / <a href="/shop/">Shop</a> / ` + html.EscapeString(name) + `</nav>
<div class="product type-product">
`)
	if special != "missing image and description" {
		fmt.Fprintf(&b, `<div class="woocommerce-product-gallery"><div class="woocommerce-product-gallery__image"><a href="%s"><img src="%s" data-large_image="%s" alt="%s"></a></div>`,
			img, strings.TrimSuffix(img, ".jpg")+"-600x600.jpg", img, html.EscapeString(p.common()))
		fmt.Fprintf(&b, `<div class="woocommerce-product-gallery__image"><img src="%s" alt=""></div></div>`+"\n",
			strings.TrimSuffix(img, ".jpg")+"-packet.jpg")
	}
	b.WriteString(`<div class="summary entry-summary">` + "\n")
	fmt.Fprintf(&b, `<h1 class="product_title entry-title">%s</h1>`+"\n", html.EscapeString(name))
	fmt.Fprintf(&b, `<p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>%d.%02d</bdi></span></p>`+"\n", p.pence/100, p.pence%100)
	fmt.Fprintf(&b, `<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">GAS-%04d</span></span> <span class="posted_in">Category: <a href="/product-category/%s-seeds/" rel="tag">%s Seeds</a></span></div>`+"\n",
		i+1, strings.ToLower(p.kind), p.kind)
	b.WriteString("</div>\n")
	if special != "missing image and description" {
		b.WriteString(`<div class="woocommerce-tabs wc-tabs-wrapper">` + "\n")
		if special == "malformed HTML" {
			b.WriteString(`<div class="woocommerce-Tabs-panel" id="tab-description"><h2>Description<p>Sow after midsummer <b>to avoid bolting.<p><strong>Sun:</strong> Full sun<li><strong>Watering:</strong> Keep moist</span></div></div>` + "\n")
		} else {
			fmt.Fprintf(&b, `<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel">
<h2>Description</h2>
%s
</div>
`, desc)
		}
		if i%3 == 0 {
			fmt.Fprintf(&b, `<div class="woocommerce-Tabs-panel" id="tab-additional_information"><table class="woocommerce-product-attributes shop_attributes">
<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label">Sun exposure</th><td class="woocommerce-product-attributes-item__value"><p>%s</p></td></tr>
<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label">Packet size</th><td class="woocommerce-product-attributes-item__value"><p>approx. 50 seeds</p></td></tr>
</table></div>
`, html.EscapeString(p.light))
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n</main>\n<footer><p>&copy; Greenacre Seeds</p></footer>\n</body>\n</html>\n")
	return b.String()
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}
