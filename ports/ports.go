// Package ports declares the interfaces the core needs from the outside world, in domain
// vocabulary. Adapters implement them; ports/porttest holds the contract suites every adapter
// of a port must pass.
package ports

import "context"

// Store is everything the core keeps in its database, plus the health checks a load balancer
// needs.
type Store interface {
	UserStore
	SessionStore
	SignInStore
	PasskeyStore
	IdentityStore
	APITokenStore
	LoginFailureStore
	LoginAttemptStore
	WriteSlotStore
	SiteStore
	UserCategoryStore
	AppFunctionStore
	PlantStore
	CareLogStore
	TaskStore
	CareDigestStore
	GardenSettingsStore
	WeatherStore
	JournalStore
	PlantDatabaseStore
	SowingStore
	CalendarFeedStore
	JobStore
	// Ready returns nil when the database answers and its schema is current. Codes:
	// unavailable.
	Ready(ctx context.Context) error
}
