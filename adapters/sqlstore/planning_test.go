package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestPlanningStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunPlanningStore(t, func(t *testing.T) (porttest.Store, ports.PlanningStore) {
		s := dbtest.SQLite(t)
		return s, s
	})
}

func TestPlanningStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunPlanningStore(t, func(t *testing.T) (porttest.Store, ports.PlanningStore) {
		s := dbtest.Postgres(t)
		return s, s
	})
}
