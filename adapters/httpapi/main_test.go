package httpapi_test

import (
	"os"
	"testing"

	"github.com/gardenctl/garden/tests/dbtest"
	"github.com/gardenctl/garden/tests/oidctest"
)

// TestMain creates this binary's PostgreSQL database for the tests that run the API on both
// databases, and drops it afterwards.
// The OpenID provider of the single sign-on tests, if one was started, stops with it.
func TestMain(m *testing.M) {
	code := dbtest.Main(m, "http api")
	oidctest.Stop()
	os.Exit(code)
}

// dialects are the databases the storage-sensitive API tests run on.
var dialects = []struct {
	name     string
	postgres bool
}{{"SQLite", false}, {"Postgres", true}}
