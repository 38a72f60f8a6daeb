package catalogue

import (
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

// blockElements start a new line in htmlText, so that "<p>Light: Full sun</p><p>Water: …</p>"
// reads as two labelled lines.
var blockElements = map[string]bool{
	"p": true, "div": true, "br": true, "li": true, "ul": true, "ol": true, "tr": true, "table": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "dt": true, "dd": true, "dl": true,
	"section": true, "article": true, "blockquote": true, "hr": true, "th": true, "td": true, "header": true,
	"footer": true, "figure": true, "figcaption": true, "pre": true,
}

// htmlText renders nodes as plain text, one line per block element, white space collapsed
// within lines; script and style are skipped.
func htmlText(nodes ...*html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			switch n.Data {
			case "script", "style", "template", "noscript":
				return
			}
		}
		block := n.Type == html.ElementNode && blockElements[n.Data]
		if block {
			b.WriteByte('\n')
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
		if block {
			b.WriteByte('\n')
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// fragmentText renders an HTML fragment (a description) as htmlText does. A fragment the parser
// cannot read gives an empty text: the description itself is kept as the store gave it.
func fragmentText(fragment string) string {
	if strings.TrimSpace(fragment) == "" {
		return ""
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(fragment))
	if err != nil {
		return ""
	}
	return htmlText(doc.Nodes...)
}

// resolve makes ref absolute against from. Protocol-relative URLs ("//cdn.example/x.jpg") get
// https, which is what a browser showing Garden over https would ask for; empty, data:,
// javascript: and fragment-only references give nil.
func resolve(from *url.URL, ref string) *url.URL {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "#") {
		return nil
	}
	if strings.HasPrefix(ref, "//") {
		ref = "https:" + ref
	}
	u, err := url.Parse(ref)
	if err != nil {
		return nil
	}
	if from != nil {
		u = from.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil
	}
	u.Fragment = ""
	return u
}

// Size suffixes that Shopify's CDN and WordPress add to an image's file name.
var (
	shopifySize = regexp.MustCompile(`_(?:\d+x\d*|\d*x\d+|pico|icon|thumb|small|compact|medium|large|grande|original|master)(?:@[23]x)?(?:_crop_[a-z]+)?$`)
	wpSize      = regexp.MustCompile(`-(?:\d+x\d+|scaled)$`)
)

// guessImageVariants returns other URLs where the image at raw may be served, all on raw's
// host, most likely first: the original without a size suffix (Shopify "_800x", WordPress
// "-300x300" or "-scaled"), a large Shopify size when there was none, the URL without its
// query (Shopify's "?v=" cache buster goes stale when an image is replaced), and https for an
// http URL (a browser blocks http images on an https page).
func guessImageVariants(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	var out []string
	add := func(v *url.URL) {
		if s := v.String(); s != raw {
			out = append(out, s)
		}
	}
	dir, file := path.Split(u.Path)
	ext := path.Ext(file)
	stem := strings.TrimSuffix(file, ext)
	isShopify := strings.Contains(u.Host, "shopify") || strings.Contains(u.Path, "/s/files/") || strings.Contains(u.Path, "/cdn/shop/")
	isWordPress := strings.Contains(u.Path, "/wp-content/uploads/")
	if ext != "" {
		switch {
		case isShopify && shopifySize.MatchString(stem):
			v := *u
			v.Path = dir + shopifySize.ReplaceAllString(stem, "") + ext
			add(&v)
		case isShopify:
			v := *u
			v.Path = dir + stem + "_1024x1024" + ext
			add(&v)
		case isWordPress && wpSize.MatchString(stem):
			v := *u
			v.Path = dir + wpSize.ReplaceAllString(stem, "") + ext
			add(&v)
		}
	}
	if u.RawQuery != "" {
		v := *u
		v.RawQuery = ""
		add(&v)
	}
	if u.Scheme == "http" {
		v := *u
		v.Scheme = "https"
		add(&v)
	}
	return out
}
