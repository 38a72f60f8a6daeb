package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestAPITokenStore_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunAPITokenStore(t, func(t *testing.T) porttest.Store { return dbtest.SQLite(t) })
}

func TestAPITokenStore_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunAPITokenStore(t, func(t *testing.T) porttest.Store { return dbtest.Postgres(t) })
}
