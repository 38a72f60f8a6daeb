package ports

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// AppFunctionStore keeps the application functions that can be put in maintenance.
type AppFunctionStore interface {
	// ListAppFunctions returns every function by display name.
	ListAppFunctions(ctx context.Context) ([]*domain.AppFunction, error)
	// CreateAppFunction inserts a function. Codes: conflict (name taken).
	CreateAppFunction(ctx context.Context, f *domain.AppFunction) error
	// UpdateAppFunction loads, lets fn change and saves a function. Codes: not_found, fn's error.
	UpdateAppFunction(ctx context.Context, id int64, fn func(*domain.AppFunction) error) (*domain.AppFunction, error)
	// DeleteAppFunction removes a function. Codes: not_found.
	DeleteAppFunction(ctx context.Context, id int64) error
	// MaintenanceState returns the functions and sites in maintenance now.
	MaintenanceState(ctx context.Context) (domain.MaintenanceState, error)
}
