package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestHarvestStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunHarvestStore(t, func(t *testing.T) (porttest.Store, ports.HarvestStore) {
		s := dbtest.SQLite(t)
		return s, s
	})
}

func TestHarvestStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunHarvestStore(t, func(t *testing.T) (porttest.Store, ports.HarvestStore) {
		s := dbtest.Postgres(t)
		return s, s
	})
}

func TestHarvestBedStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunHarvestBedStore(t, func(t *testing.T) (porttest.Store, ports.PlanningStore, ports.HarvestStore) {
		s := dbtest.SQLite(t)
		return s, s, s
	})
}

func TestHarvestBedStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunHarvestBedStore(t, func(t *testing.T) (porttest.Store, ports.PlanningStore, ports.HarvestStore) {
		s := dbtest.Postgres(t)
		return s, s, s
	})
}
