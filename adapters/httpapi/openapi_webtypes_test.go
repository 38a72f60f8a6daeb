package httpapi_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/gardenctl/garden/adapters/httpapi"
)

// TestOpenAPI_WebTypesAreCurrent: the web app's generated API types (web/src/api/schema.d.ts,
// `make api-types`) were generated from the document the Go code builds now. A change to an
// answer type, an operation or a request body that was not followed by `make api-types` fails
// here; `make lint` also regenerates the file and compares it whole.
func TestOpenAPI_WebTypesAreCurrent(t *testing.T) {
	doc, err := httpapi.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(doc) // the bytes tests/openapidoc prints
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	want := hex.EncodeToString(sum[:])
	schema, err := os.ReadFile("../../web/src/api/schema.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`openapi-sha256: ([0-9a-f]{64})`).FindSubmatch(schema)
	if m == nil {
		t.Fatal("web/src/api/schema.d.ts has no openapi-sha256 line: run `make api-types`")
	}
	if got := string(m[1]); got != want {
		t.Fatalf("web/src/api/schema.d.ts is stale: generated from OpenAPI document %.12s, the document is now %.12s; "+
			"run `make api-types` and commit web/src/api/schema.d.ts", got, want)
	}
}
