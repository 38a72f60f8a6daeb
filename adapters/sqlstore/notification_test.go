package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestNotificationStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunNotificationStore(t, func(t *testing.T) (porttest.Store, ports.NotifyStore) {
		s := dbtest.SQLite(t)
		return s, s
	})
}

func TestNotificationStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunNotificationStore(t, func(t *testing.T) (porttest.Store, ports.NotifyStore) {
		s := dbtest.Postgres(t)
		return s, s
	})
}
