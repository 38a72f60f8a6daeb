package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob"
	"github.com/gardenctl/garden/adapters/catalogue"
	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/adapters/i18n"
	"github.com/gardenctl/garden/adapters/imaging"
	"github.com/gardenctl/garden/adapters/metrics"
	"github.com/gardenctl/garden/adapters/ntfy"
	"github.com/gardenctl/garden/adapters/oidc"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/push"
	"github.com/gardenctl/garden/adapters/qrcode"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/smtp"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/totp"
	"github.com/gardenctl/garden/adapters/weather"
	"github.com/gardenctl/garden/adapters/webauthn"
	"github.com/gardenctl/garden/adapters/webhook"
	"github.com/gardenctl/garden/adapters/zipexport"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/web"
)

// systemClock is the real clock.
type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now().UTC() }

// wire picks the concrete adapters from the configuration. It is the only place that does.
func wire(ctx context.Context, cfg configs.Config, log *slog.Logger) (*cli.Runtime, error) {
	return wireTuned(ctx, cfg, log, mqttTuning{})
}

// wireTuned is wire with the MQTT worker's intervals (tests shorten them).
func wireTuned(ctx context.Context, cfg configs.Config, log *slog.Logger, mqttTune mqttTuning) (*cli.Runtime, error) {
	store, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	// Passkeys are bound to the base URL's host and origin; a base URL that is no absolute URL
	// leaves them off (the rest of Garden works as before).
	var passkeys ports.WebAuthn
	if ceremonies, err := webauthn.New(cfg.BaseURL, "Garden"); err == nil {
		passkeys = ceremonies
	} else {
		log.Warn("passkeys are off", "err", err)
	}
	sso, err := wireOIDC(cfg)
	if err != nil {
		store.Close()
		return nil, err
	}
	accounts, err := app.NewAccounts(app.AccountStore(store), password.Default, systemClock{}, app.AccountsConfig{
		SessionTTL: cfg.SessionTTL,
		Throttle:   domain.LoginThrottle{MaxFailures: cfg.LoginMaxFailures, MaxAddressFailures: cfg.LoginMaxAddressFailures, Window: cfg.LoginThrottleWindow},
		TOTP:       totp.Codes{},
		QR:         qrcode.Renderer{},
		WebAuthn:   passkeys,
		OIDC:       sso,
		// Password sign-in stays for the protected superadmin whatever this says.
		PasswordLoginOff: !cfg.PasswordLogin,
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
	clock := systemClock{}
	backups := app.NewBackups(ports.BackupStore(store), blobs, backup.Format{}, clock, log)
	ready := func(ctx context.Context) error {
		// First: a half-restored database may also have migrations pending, and the answer
		// must say to finish the restore, not to migrate.
		if err := backups.Ready(ctx); err != nil {
			return err
		}
		if err := store.Ready(ctx); err != nil {
			return err
		}
		return blobs.Ready(ctx)
	}
	var cat ports.Catalogue = unconfiguredCatalogue{}
	if cfg.CatalogueURL != "" {
		client, err := catalogue.New(catalogue.Config{BaseURL: cfg.CatalogueURL, Shape: catalogue.Shape(cfg.CatalogueShape),
			ContactURL: cfg.BaseURL, Logger: log})
		if err != nil {
			store.Close()
			return nil, fmt.Errorf("catalogue: %w", err)
		}
		cat = client
	}
	runner, err := jobs.NewRunner(ports.JobStore(store), store.JobLocker(), clock, log)
	if err != nil {
		store.Close()
		return nil, err
	}
	sanitizer := sanitize.New()
	// What users write to each other shows no image from another origin (a tracking pixel).
	userContent := sanitize.NewUserContent()
	images := app.NewImages(blobs, log).WithThumbnails(imaging.Thumbnails{})
	imports := app.NewCatalogueImport(app.CatalogueImportStore(store), cat, sanitizer, clock, log)
	if fetcher, ok := cat.(ports.ImageFetcher); ok {
		imports.WithImages(images, fetcher) // product images are kept in the blob store
	}
	jobService := app.NewJobs(app.JobStore(store), runner, clock)
	notifications, reminders, err := wireNotifications(cfg, store, clock, log)
	if err != nil {
		store.Close()
		return nil, err
	}
	// Webhooks are a channel of the notifications' outbox, delivered by its dispatcher.
	webhooks := app.NewWebhooks(ports.WebhookStore(store), notifications, webhook.New(webhook.Config{AllowPrivateHosts: cfg.Notify.WebhookAllowPrivateHosts,
		UserAgent: "Garden-Webhook/" + version}), clock, app.WebhooksConfig{}, log)
	reminders.WithWebhooks(webhooks)
	plants := app.NewPlants(app.PlantStore(store), clock).WithWebhooks(webhooks)
	var weatherSource ports.WeatherSource
	if cfg.WeatherOn() {
		weatherSource = weather.New(weather.Config{BaseURL: cfg.WeatherURL, UserAgent: "Garden/" + version})
	}
	weatherService := app.NewWeather(app.WeatherStore(store), weatherSource, notifications.Notifier(), clock, log)
	sharing := app.NewSharing(app.SharingStore(store), notifications, plants, images, clock, app.SharingConfig{Lifetime: cfg.ListingLifetime}, log).
		WithWebhooks(webhooks).WithTranslator(messages())
	careTasks := app.NewCareTasks(app.CareTaskStore(store), clock).WithWebhooks(webhooks)
	sensors := app.NewSensors(app.SensorStore(store), webhooks, notifications.Notifier(), clock, log)
	var homeAssistant *app.HomeAssistant
	if cfg.MQTTDiscovery {
		homeAssistant = app.NewHomeAssistant(app.HomeAssistantStore(store), careTasks, clock, log)
		sensors.OnPlantChanged(func(context.Context, int64, int64) { homeAssistant.Nudge() })
	}
	gardenImports := app.NewImports(app.ImportStore(store), hortusfox.Reader{}, images, clock, log).WithTranslator(messages())
	userData := app.NewUserData(app.UserDataStore(store), blobs, zipexport.Format{}, password.Default, clock, log)
	services := httpapi.Services{
		Plants:        plants,
		CareTasks:     careTasks,
		Journal:       app.NewJournal(app.JournalStore(store), clock),
		Dashboard:     app.NewDashboard(app.DashboardStore(store), clock),
		Labels:        app.NewLabels(app.LabelStore(store), qrcode.Renderer{}, cfg.BaseURL),
		Calendar:      app.NewCalendar(app.CalendarStore(store), clock, cfg.BaseURL).WithTranslator(messages()),
		PlantDatabase: app.NewPlantDatabase(ports.PlantDatabaseStore(store), sanitizer, clock),
		// The garden's latitude (nil) is wired when users carry a garden location (issue #24 item 5).
		Sowing:        app.NewSowing(ports.SowingStore(store), nil, plants, careTasks, clock).WithTranslator(messages()),
		Images:        images,
		Import:        imports,
		Jobs:          jobService,
		Sites:         app.NewSites(ports.SiteStore(store), clock),
		Maintenance:   app.NewMaintenance(app.MaintenanceStore(store), clock),
		Notifications: notifications,
		// "This month" and "today" for harvests are the server's local calendar, like reminders.
		Harvests: app.NewHarvests(app.HarvestStore(store), clock, time.Local).WithWebhooks(webhooks),
		Planning: app.NewPlanning(app.PlanningStore(store), clock).WithTranslator(messages()),
		Sharing:  sharing,
		ExpertQA: app.NewExpertQA(app.QAStore(store), notifications, userContent, clock, log),
		Forum:    app.NewForum(app.ForumStore(store), userContent, notifications, clock, app.ForumConfig{}, log).WithWebhooks(webhooks),
		Backups:  backups,
		Weather:  weatherService,
		Webhooks: webhooks,
		Sensors:  sensors,
		Imports:  gardenImports,
		UserData: userData,
	}
	proxies, err := httpapi.ParseTrustedProxies(cfg.TrustedProxies)
	if err != nil {
		store.Close()
		return nil, err
	}
	server := httpapi.New(httpapi.Options{Accounts: accounts, Services: services, Ready: ready, Web: web.Dist(), Log: log, Version: version,
		TrustedProxies: proxies, ReadConcurrency: store.SQLDB().Stats().MaxOpenConnections, Translator: messages()})
	handler, metricsHandler := server.Handler(), http.Handler(nil)
	if cfg.MetricsAddr != "" {
		m := metrics.New()
		m.WatchDB(store.SQLDB())
		m.WatchDeliveries(notifications.DeliveryStats)
		m.WatchOutbox(notifications.Dispatcher().Depth, notifications.Dispatcher().InFlight)
		runner.OnFinish = m.ObserveJob
		handler, metricsHandler = m.Instrument(handler), m.Handler()
	}
	return &cli.Runtime{
		Accounts:      accounts,
		PlantDatabase: services.PlantDatabase,
		Jobs:          jobService,
		Sites:         services.Sites,
		Maintenance:   services.Maintenance,
		Notifications: notifications,
		Forum:         services.Forum,
		Backups:       backups,
		Imports:       gardenImports,
		UserData:      userData,
		JobNames:      runner.Names,
		// Registering writes default schedules, so it waits until the schema is known current.
		PrepareJobs: func(ctx context.Context) error {
			if err := registerNotificationJobs(ctx, runner, cfg, notifications, reminders); err != nil {
				return err
			}
			runner.AddWorker(jobs.OutboxDispatchJob{Dispatcher: notifications.Dispatcher()})
			if err := runner.Register(ctx, jobs.ListingExpiryJob{Sharing: sharing}); err != nil {
				return err
			}
			if err := runner.Register(ctx, jobs.CatalogueImportJob{Import: imports, Configured: cfg.CatalogueURL != ""}); err != nil {
				return err
			}
			if err := runner.Register(ctx, jobs.WeatherJob{Weather: weatherService}); err != nil {
				return err
			}
			if err := runner.Register(ctx, jobs.ForumCleanupJob{Forum: services.Forum}); err != nil {
				return err
			}
			if err := runner.Register(ctx, jobs.SensorRetentionJob{Sensors: sensors}); err != nil {
				return err
			}
			if cfg.MQTTURL != "" {
				runner.AddWorker(mqttWorker(cfg, store, sensors, homeAssistant, mqttTune, log))
			}
			if err := runner.Register(ctx, jobs.BackupJob{Backups: backups, Dest: backupDestination(cfg, blobs), Keep: cfg.BackupKeep}); err != nil {
				return err
			}
			return runner.Register(ctx, jobs.SessionCleanupJob{Accounts: accounts})
		},
		StartJobs: func(ctx context.Context) error { return runner.Start(ctx, time.Minute) },
		// Stopping the runner stops the outbox dispatcher: it claims no more and lets deliveries
		// in flight finish within its drain timeout; the rest stay in the outbox.
		StopJobs: runner.Shutdown,
		// Migrating is also where the one-time start-up steps run (the forum's first
		// categories), so that serve and migrate both leave a ready install.
		Migrate: func(ctx context.Context) ([]string, error) {
			applied, err := sqlstore.MigrationNames(store.Migrate(ctx))
			if err != nil {
				return applied, err
			}
			if seeded, err := services.Forum.SeedDefaultCategories(ctx); err != nil {
				return applied, fmt.Errorf("forum categories: %w", err)
			} else if seeded {
				log.Info("created the forum's first categories", "names", "General, Help & Advice, Show & Tell")
			}
			return applied, nil
		},
		Ready:   ready,
		Handler: handler,
		Metrics: metricsHandler,
		Seed:    seeder(store, password.Default),
		Close:   store.Close,
	}, nil
}

// backupDestination is where the backup job keeps its archives.
func backupDestination(cfg configs.Config, blobs ports.BlobStore) ports.BackupDestination {
	if cfg.BackupBlobPrefix != "" {
		return backup.BlobDestination{Blobs: blobs, Prefix: cfg.BackupBlobPrefix}
	}
	if cfg.BackupFolder != "" {
		return backup.FolderDestination{Dir: cfg.BackupFolder}
	}
	return backup.FolderDestination{Dir: filepath.Join(cfg.DataDir, "backups")}
}

// unconfiguredCatalogue stands in when no seed store is configured, so the import explains
// what is missing instead of failing obscurely.
type unconfiguredCatalogue struct{}

func (unconfiguredCatalogue) Fetch(context.Context, ports.CatalogueProgress) (ports.CatalogueResult, error) {
	return ports.CatalogueResult{}, domain.ErrCatalogueNotConfigured()
}

// wireNotifications picks the push, e-mail and ntfy adapters from the configuration and builds
// the notification services on them.
func wireNotifications(cfg configs.Config, store *sqlstore.Store, clock ports.Clock, log *slog.Logger) (*app.Notifications, *app.CareReminders, error) {
	n := cfg.Notify
	var configured domain.VAPIDKeys
	if n.VAPIDPublicKey != "" {
		k, err := push.CheckVAPIDKeys(domain.VAPIDKeys{PublicKey: n.VAPIDPublicKey, PrivateKey: n.VAPIDPrivateKey})
		if err != nil {
			return nil, nil, fmt.Errorf("vapid_public_key and vapid_private_key: %w", err)
		}
		configured = k
	}
	vapid := app.NewVAPID(ports.VAPIDKeyStore(store), configured, push.GenerateVAPIDKeys)
	var sender ports.PushSender = push.Log{Logger: log}
	delivery := "log"
	if n.WebPush() {
		wp, err := push.NewWebPush(push.Config{Keys: vapid.Keys, Subject: n.VAPIDSubject, Logger: log})
		if err != nil {
			return nil, nil, err
		}
		sender, delivery = wp, "webpush"
	}
	var mailer ports.Mailer = smtp.Log{Logger: log}
	if n.SMTPURL != "" {
		m, err := smtp.New(smtp.Config{URL: n.SMTPURL})
		if err != nil {
			return nil, nil, err
		}
		mailer = m
	}
	ntfyClient := ntfy.New(ntfy.Config{AllowPrivateHosts: n.NtfyAllowPrivateHosts, UserAgent: "Garden/" + version})
	d := app.NewDelivery(ports.NotifyStore(store), sender, mailer, ntfyClient, app.DeliveryConfig{BaseURL: cfg.BaseURL,
		PushLogOnly: delivery == "log", EmailLogOnly: n.SMTPURL == "", Translator: messages()}, log)
	dispatch := app.DispatcherConfig{} // at most 8 deliveries in flight per channel (app.DispatcherConfig)
	if store.Dialect() == sqlstore.SQLite {
		// One claimer at a time on SQLite: the job lock, shared with other processes on the file.
		locker := store.JobLocker()
		dispatch.Lock = func(ctx context.Context) (func(), bool, error) { return locker.TryLock(ctx, jobs.OutboxDispatchName) }
	}
	notifications := app.NewNotifications(app.NotificationUsers(store), ports.NotifyStore(store), d, vapid, clock,
		app.NotificationsConfig{Retention: n.NotificationRetention, PushDelivery: delivery, Dispatch: dispatch}, log)
	// Each gardener's reminder goes out at their hour in their zone; gardeners who set no zone
	// keep the server's local zone, as before zones were per gardener.
	reminders := app.NewCareReminders(ports.CareDigestStore(store), ports.NotifyStore(store), notifications.Notifier(), clock, time.Local, log).
		AtHour(jobs.ReminderHour(cfg.Notify.CareReminderTime))
	return notifications, reminders, nil
}

// registerNotificationJobs registers the care reminders and the notification cleanup.
func registerNotificationJobs(ctx context.Context, runner *jobs.Runner, cfg configs.Config, n *app.Notifications, r *app.CareReminders) error {
	if err := runner.Register(ctx, jobs.CareRemindersJob{Reminders: r, Time: cfg.Notify.CareReminderTime}); err != nil {
		return err
	}
	return runner.Register(ctx, jobs.NotificationCleanupJob{Notifications: n})
}

// seeder is the runtime's Seed over store: one hash for every seeded user.
func seeder(store ports.Seeder, hasher ports.PasswordHasher) func(context.Context, int, string, func(int, int)) (ports.SeedCounts, error) {
	return func(ctx context.Context, plants int, pw string, progress func(int, int)) (ports.SeedCounts, error) {
		hash, err := hasher.Hash(pw)
		if err != nil {
			return ports.SeedCounts{}, err
		}
		return store.Seed(ctx, ports.SeedSpec{Plants: plants, PasswordHash: hash, Now: time.Now().UTC(), Progress: progress})
	}
}

// wireOIDC builds single sign-on from the configuration; nil when it is off. The redirect goes
// only to Garden's own base URL.
func wireOIDC(cfg configs.Config) (*app.OIDCConfig, error) {
	if !cfg.OIDC.On() {
		return nil, nil
	}
	provider, err := oidc.New(oidc.Config{Issuer: cfg.OIDC.Issuer, ClientID: cfg.OIDC.ClientID, ClientSecret: cfg.OIDC.ClientSecret,
		RedirectURL: cfg.BaseURL + "/login/oidc", RoleClaim: cfg.OIDC.RoleClaim})
	if err != nil {
		return nil, err
	}
	mappings, err := cfg.OIDC.Roles()
	if err != nil {
		return nil, err
	}
	roles := make([]domain.OIDCRole, len(mappings))
	for i, m := range mappings {
		r := domain.OIDCRole{Value: m.Value, Role: domain.RoleUser}
		if m.Role == "admin" {
			r.Role = domain.RoleAdmin
		}
		if m.SiteID > 0 {
			site := m.SiteID
			r.SiteID, r.SiteAdmin = &site, m.Role == "siteadmin"
		}
		roles[i] = r
	}
	return &app.OIDCConfig{Provider: provider, Name: cfg.OIDC.Name, AllowedDomains: cfg.OIDC.Domains(), Roles: roles, AutoCreate: cfg.OIDC.AutoCreate}, nil
}

// messages is the server's message catalogue (issue #25 item 3), read once from the binary.
var messages = sync.OnceValue(func() ports.Translator { return i18n.MustLoad() })
