package httpapi_test

import (
	"os"
	"testing"

	"github.com/gardenctl/garden/tests/dbtest"
)

// TestMain creates this binary's PostgreSQL database for the tests that run the API on both
// databases, and drops it afterwards.
func TestMain(m *testing.M) { os.Exit(dbtest.Main(m, "http api")) }

// dialects are the databases the storage-sensitive API tests run on.
var dialects = []struct {
	name     string
	postgres bool
}{{"SQLite", false}, {"Postgres", true}}
