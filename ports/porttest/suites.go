package porttest

import (
	"testing"

	"github.com/gardenctl/garden/ports"
)

// Storage is one adapter's storage under the contract suites: every storage port the suites
// test, usually one value (adapters/sqlstore.Store).
type Storage interface {
	Store
	ports.ForumStore
	ports.HarvestStore
	ports.PlanningStore
	ports.NotifyStore
	ports.SharingStore
}

// StorageFactory returns a fresh, empty, migrated storage for one test.
type StorageFactory func(t *testing.T) Storage

// StorageSuite is one storage contract: its name and how it runs over storages made by a
// factory. Every test of a suite is parallel and gets its own storage.
type StorageSuite struct {
	Name string
	Run  func(t *testing.T, open StorageFactory)
}

// StorageSuites are every storage contract. An adapter runs the table once per dialect:
//
//	for _, d := range dialects {
//		for _, suite := range porttest.StorageSuites {
//			t.Run(d.name+"/"+suite.Name, func(t *testing.T) { suite.Run(t, d.open) })
//		}
//	}
var StorageSuites = []StorageSuite{
	{"Store", func(t *testing.T, open StorageFactory) {
		RunStore(t, func(t *testing.T) Store { return open(t) })
	}},
	{"APITokens", func(t *testing.T, open StorageFactory) {
		RunAPITokenStore(t, func(t *testing.T) Store { return open(t) })
	}},
	{"Forum", func(t *testing.T, open StorageFactory) {
		RunForumStore(t, func(t *testing.T) (Store, ports.ForumStore) { s := open(t); return s, s })
	}},
	{"Harvests", func(t *testing.T, open StorageFactory) {
		RunHarvestStore(t, func(t *testing.T) (Store, ports.HarvestStore) { s := open(t); return s, s })
	}},
	{"HarvestBeds", func(t *testing.T, open StorageFactory) {
		RunHarvestBedStore(t, func(t *testing.T) (Store, ports.PlanningStore, ports.HarvestStore) { s := open(t); return s, s, s })
	}},
	{"Notifications", func(t *testing.T, open StorageFactory) {
		RunNotificationStore(t, func(t *testing.T) (Store, ports.NotifyStore) { s := open(t); return s, s })
	}},
	{"Planning", func(t *testing.T, open StorageFactory) {
		RunPlanningStore(t, func(t *testing.T) (Store, ports.PlanningStore) { s := open(t); return s, s })
	}},
	{"Sharing", func(t *testing.T, open StorageFactory) {
		RunSharingStore(t, func(t *testing.T) (Store, ports.SharingStore) { s := open(t); return s, s })
	}},
}

// BlobSuite is one blob contract: its name and how it runs over stores made by a factory.
type BlobSuite struct {
	Name string
	Run  func(t *testing.T, open BlobStoreFactory)
}

// BlobSuites are every contract of ports.BlobStore. An adapter runs the table once per kind of
// store (a local folder, MinIO), as StorageSuites.
var BlobSuites = []BlobSuite{
	{"BlobStore", RunBlobStore},
}
