package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/adapters/blob"
	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/qrcode"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/web"
)

// systemClock is the real clock.
type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now().UTC() }

// wire picks the concrete adapters from the configuration. It is the only place that does.
func wire(ctx context.Context, cfg configs.Config, log *slog.Logger) (*cli.Runtime, error) {
	store, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	accounts, err := app.NewAccounts(store, password.Default, systemClock{}, app.AccountsConfig{
		SessionTTL: cfg.SessionTTL,
		Throttle:   domain.LoginThrottle{MaxFailures: cfg.LoginMaxFailures, Window: cfg.LoginThrottleWindow},
	}, log)
	if err != nil {
		store.Close()
		return nil, err
	}
	blobs, err := blob.Open(ctx, cfg.BlobURL, cfg.DataDir)
	if err != nil {
		store.Close()
		return nil, err
	}
	ready := func(ctx context.Context) error {
		if err := store.Ready(ctx); err != nil {
			return err
		}
		return blobs.Ready(ctx)
	}
	clock := systemClock{}
	services := httpapi.Services{
		Plants:        app.NewPlants(store, clock),
		CareTasks:     app.NewCareTasks(store, clock),
		Journal:       app.NewJournal(store, clock),
		Dashboard:     app.NewDashboard(store, clock),
		Labels:        app.NewLabels(store, qrcode.Renderer{}, cfg.BaseURL),
		Calendar:      app.NewCalendar(store, clock, cfg.BaseURL),
		PlantDatabase: app.NewPlantDatabase(store, sanitize.New(), clock),
		Images:        app.NewImages(blobs, log),
	}
	server := httpapi.New(httpapi.Options{Accounts: accounts, Services: services, Ready: ready, Web: web.Dist(), Log: log, Version: version})
	return &cli.Runtime{
		Accounts: accounts,
		Migrate: func(ctx context.Context) ([]string, error) {
			return sqlstore.MigrationNames(store.Migrate(ctx))
		},
		Ready:   ready,
		Handler: server.Handler(),
		Close:   store.Close,
	}, nil
}
