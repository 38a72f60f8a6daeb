package sqlstore_test

import (
	"testing"

	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/dbtest"
)

func TestForumStoreContract_SQLite(t *testing.T) {
	t.Parallel()
	porttest.RunForumStore(t, func(t *testing.T) (porttest.Store, ports.ForumStore) {
		s := dbtest.SQLite(t)
		return s, s
	})
}

func TestForumStoreContract_Postgres(t *testing.T) {
	t.Parallel()
	if !dbtest.Available() {
		t.Skip("PostgreSQL unavailable (see the notice above)")
	}
	porttest.RunForumStore(t, func(t *testing.T) (porttest.Store, ports.ForumStore) {
		s := dbtest.Postgres(t)
		return s, s
	})
}
