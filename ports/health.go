package ports

import "context"

// Readiness is the health check a load balancer needs of a store.
type Readiness interface {
	// Ready returns nil when the store answers and its schema is current. Codes: unavailable.
	Ready(ctx context.Context) error
}
