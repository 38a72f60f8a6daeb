package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestSharingStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunSharingStore(t, func(t *testing.T) (porttest.Store, ports.SharingStore) {
		s := dbtest.SQLite(t)
		return s, s
	})
}

func TestSharingStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunSharingStore(t, func(t *testing.T) (porttest.Store, ports.SharingStore) {
		s := dbtest.Postgres(t)
		return s, s
	})
}
