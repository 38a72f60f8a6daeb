// Command fixturestore serves the seed-store fixture of adapters/catalogue/testdata as a
// Shopify-shaped shop (/products.json, paginated, and a page per product), so that the browser
// end-to-end test can run a real import against a store on this machine. It prints its base
// URL on the first line of its output and serves until killed.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	data := flag.String("data", "adapters/catalogue/testdata/shopify/products.json", "the Shopify products.json fixture")
	delay := flag.Duration("delay", 150*time.Millisecond, "delay per page, so that a progress bar has something to show")
	flag.Parse()

	raw, err := os.ReadFile(filepath.Clean(*data))
	if err != nil {
		log.Fatal(err)
	}
	var doc struct {
		Products []json.RawMessage `json:"products"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	fmt.Println(base)

	http.HandleFunc("/products.json", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(*delay)
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		if limit <= 0 || limit > 250 {
			limit = 30
		}
		page = max(page, 1)
		start := min((page-1)*limit, len(doc.Products))
		items := doc.Products[start:min(start+limit, len(doc.Products))]
		b, _ := json.Marshal(map[string]any{"products": items})
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write([]byte(strings.ReplaceAll(string(b), "https://seeds.example", base)))
	})
	http.HandleFunc("/products/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>%s</title><h1>%s</h1><p>Fixture seed store.</p>", strings.TrimPrefix(r.URL.Path, "/products/"), strings.TrimPrefix(r.URL.Path, "/products/"))
	})
	log.Fatal(http.Serve(ln, nil))
}
