// Command openapidoc prints the OpenAPI document of the API (what GET /api/openapi.json serves)
// without starting a server or opening a database, so that `make api-types` can generate the web
// app's types from it (web/scripts/api-types.mjs). The output is deterministic: the same Go types
// print the same bytes.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/gardenctl/garden/adapters/httpapi"
)

func main() {
	doc, err := httpapi.OpenAPI()
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapidoc:", err)
		os.Exit(1)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapidoc:", err)
		os.Exit(1)
	}
	_, _ = os.Stdout.Write(b)
}
