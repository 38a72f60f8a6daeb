package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

// contractDialects are the databases every storage contract runs on, as the HTTP tests'
// dialects: each opens a fresh, migrated store for one test.
var contractDialects = []struct {
	name     string
	postgres bool
	open     porttest.StorageFactory
}{
	{"SQLite", false, func(t *testing.T) porttest.Storage { return migrated(t, newSQLite(t)) }},
	{"Postgres", true, func(t *testing.T) porttest.Storage { return dbtest.Postgres(t) }},
}

// TestContracts runs the table of dialects × storage suites (porttest.StorageSuites): every
// port's contract on SQLite and on PostgreSQL.
func TestContracts(t *testing.T) {
	t.Parallel()
	for _, d := range contractDialects {
		for _, suite := range porttest.StorageSuites {
			t.Run(d.name+"/"+suite.Name, func(t *testing.T) {
				t.Parallel()
				if d.postgres && !dbtest.Available() {
					t.Skip("PostgreSQL unavailable (see the notice above)")
				}
				suite.Run(t, d.open)
			})
		}
	}
}
