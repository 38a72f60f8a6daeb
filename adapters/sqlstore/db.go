// Package sqlstore implements Garden's storage ports on SQL with two dialects: SQLite through
// modernc.org/sqlite (pure Go, the embedded default) and PostgreSQL through jackc/pgx.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Store implements every storage port, one per area, and the health check.
var (
	_ ports.APITokenStore            = (*Store)(nil)
	_ ports.AppFunctionStore         = (*Store)(nil)
	_ ports.BackupStore              = (*Store)(nil)
	_ ports.CalendarFeedStore        = (*Store)(nil)
	_ ports.CareDigestStore          = (*Store)(nil)
	_ ports.CareLogStore             = (*Store)(nil)
	_ ports.DeviceStore              = (*Store)(nil)
	_ ports.ForumStore               = (*Store)(nil)
	_ ports.GardenSettingsStore      = (*Store)(nil)
	_ ports.HarvestStore             = (*Store)(nil)
	_ ports.IdentityStore            = (*Store)(nil)
	_ ports.ImportStore              = (*Store)(nil)
	_ ports.JobStore                 = (*Store)(nil)
	_ ports.JournalStore             = (*Store)(nil)
	_ ports.ListingStore             = (*Store)(nil)
	_ ports.LoginAttemptStore        = (*Store)(nil)
	_ ports.LoginFailureStore        = (*Store)(nil)
	_ ports.NotificationChannelStore = (*Store)(nil)
	_ ports.NotificationStore        = (*Store)(nil)
	_ ports.NotifyStore              = (*Store)(nil)
	_ ports.OutboxStore              = (*Store)(nil)
	_ ports.PasskeyStore             = (*Store)(nil)
	_ ports.PlanningStore            = (*Store)(nil)
	_ ports.PlantDatabaseStore       = (*Store)(nil)
	_ ports.PlantScanStore           = (*Store)(nil)
	_ ports.PlantStore               = (*Store)(nil)
	_ ports.QuestionStore            = (*Store)(nil)
	_ ports.Readiness                = (*Store)(nil)
	_ ports.Seeder                   = (*Store)(nil)
	_ ports.SensorLinkStore          = (*Store)(nil)
	_ ports.SensorReadingStore       = (*Store)(nil)
	_ ports.SessionStore             = (*Store)(nil)
	_ ports.SharingStore             = (*Store)(nil)
	_ ports.SignInStore              = (*Store)(nil)
	_ ports.SiteStore                = (*Store)(nil)
	_ ports.SowingStore              = (*Store)(nil)
	_ ports.TaskStore                = (*Store)(nil)
	_ ports.UserCategoryStore        = (*Store)(nil)
	_ ports.UserDataStore            = (*Store)(nil)
	_ ports.UserStore                = (*Store)(nil)
	_ ports.VAPIDKeyStore            = (*Store)(nil)
	_ ports.WeatherStore             = (*Store)(nil)
	_ ports.WebhookStore             = (*Store)(nil)
	_ ports.WriteSlotStore           = (*Store)(nil)
)

func init() {
	// sqlx does not know modernc's driver name; without this Rebind would leave "?" alone.
	sqlx.BindDriver("sqlite", sqlx.QUESTION)
}

// Dialect names the SQL flavour of a Store.
type Dialect string

// The supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Store is the SQL implementation of the storage ports (ports.UserStore, ports.PlantStore, …).
type Store struct {
	db      *sqlx.DB
	dialect Dialect
	url     string
	path    string // the SQLite file; its folder holds the job lock files
	// stmts holds the hot reads' statements, prepared once (query text → *sql.Stmt).
	stmts sync.Map
	// bound holds the hot reads' statements rebound for the dialect (text with ? → text with
	// $n), so a hot read does not rebind its text on every call (hotSQL).
	bound sync.Map
	// pool carries the hot reads on PostgreSQL (hotQuery); nil on SQLite.
	pool *pgxpool.Pool
	// writes queues SQLite's write transactions (nil on PostgreSQL, whose row locks let
	// writers run side by side).
	writes *writeQueue
	// sessionUsers keeps the users of the sessions this replica has read, by version
	// (SessionAndUserByTokenHash).
	sessionUsers sessionUserCache
}

// WriteQueueWait is how long a SQLite write transaction waits for its turn before the caller
// is told the server is busy (503 with Retry-After). It is below the connection's busy timeout,
// so a wait inside this process ends as a clear "busy", never as SQLite's "database is locked".
const WriteQueueWait = 8 * time.Second

// writeQueue lets one write transaction run at a time and the others wait for it in arrival
// order. SQLite has one writer anyway; without the queue, waiting writers slept and polled in
// SQLite's busy handler, and one client looping heavy writes could take the lock again and
// again while another's single insert waited out the busy timeout and failed. A channel's
// waiting senders are served first come, first served, so nobody waits behind later arrivals.
type writeQueue struct {
	slot chan struct{}
	wait time.Duration
}

func newWriteQueue(wait time.Duration) *writeQueue {
	return &writeQueue{slot: make(chan struct{}, 1), wait: wait}
}

// acquire waits for the write slot: at most q.wait (then the busy error) or until ctx ends.
// The caller runs release when its transaction is over.
func (q *writeQueue) acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-q.slot }
	select {
	case q.slot <- struct{}{}:
		return release, nil
	default:
	}
	timer := time.NewTimer(q.wait)
	defer timer.Stop()
	select {
	case q.slot <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, domain.ErrBusy(fmt.Errorf("waited %s for the SQLite write queue", q.wait))
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Open connects to databaseURL: empty means a SQLite file garden.db in dataDir, a
// postgres:// or postgresql:// URL means PostgreSQL, and sqlite:PATH names a SQLite file.
// It does not migrate: call Migrate.
func Open(ctx context.Context, databaseURL, dataDir string) (*Store, error) {
	return open(ctx, databaseURL, dataDir, nil)
}

func open(ctx context.Context, databaseURL, dataDir string, counter *StatementCounter) (*Store, error) {
	var (
		db      *sqlx.DB
		dialect Dialect
		err     error
		file    string
	)
	switch {
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		dialect = Postgres
		db, err = openDB("pgx", databaseURL, counter)
		if err == nil {
			// As many idle as open: with 10 idle of 20, a burst of requests closed and reopened
			// connections (a server process each, its statements prepared again) all along.
			// The hot reads have their own pool of as many (hotPoolConns, hot_read.go).
			db.SetMaxOpenConns(hotPoolConns)
			db.SetMaxIdleConns(hotPoolConns)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	case databaseURL == "" || strings.HasPrefix(databaseURL, "sqlite:"):
		dialect = SQLite
		path := strings.TrimPrefix(databaseURL, "sqlite:")
		if path == "" {
			if err := os.MkdirAll(dataDir, 0o750); err != nil {
				return nil, fmt.Errorf("create data dir: %w", err)
			}
			path = filepath.Join(dataDir, "garden.db")
		}
		// Foreign keys are off by default in SQLite; WAL lets readers run beside the writer;
		// immediate transactions take the write lock at BEGIN so that two writers wait on the
		// busy timeout instead of failing with "database is locked" on upgrade.
		file = path
		dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate&_time_format=sqlite"
		db, err = openDB("sqlite", dsn, counter)
		if err == nil {
			// database/sql keeps 2 idle connections by default, so under load most requests
			// opened a new SQLite connection (and re-ran its pragmas and statement preparation).
			// Keep as many idle as may be open: WAL lets the readers run side by side.
			conns := max(4, 2*runtime.NumCPU())
			db.SetMaxOpenConns(conns)
			db.SetMaxIdleConns(conns)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	default:
		return nil, fmt.Errorf("unsupported database URL: want empty (SQLite in the data dir), sqlite:PATH or postgres://…")
	}
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to %s database: %w", dialect, err)
	}
	st := &Store{db: db, dialect: dialect, url: databaseURL, path: file}
	if dialect == SQLite {
		st.writes = newWriteQueue(WriteQueueWait)
	} else {
		if st.pool, err = openHotPool(ctx, databaseURL, counter); err != nil {
			db.Close()
			return nil, err
		}
	}
	return st, nil
}

// SQLDB returns the connection pool, for the metrics endpoint's pool figures.
func (s *Store) SQLDB() *sql.DB { return s.db.DB }

// Dialect tells which SQL flavour the store speaks.
func (s *Store) Dialect() Dialect { return s.dialect }

// Close releases the connections.
func (s *Store) Close() error {
	s.stmts.Range(func(_, st any) bool {
		_ = st.(*sql.Stmt).Close()
		return true
	})
	if s.pool != nil {
		s.pool.Close()
	}
	return s.db.Close()
}

// prepared returns query (already rebound) prepared once for the pool: the reads of every
// signed-in request and of the plant list skip parsing and planning on each call (SQLite's
// driver prepares each ad hoc query again; about a fifth of the CPU of a plant page). The
// queries are built from fixed fragments, so the cache stays small.
func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, translate(err)
	}
	if prev, loaded := s.stmts.LoadOrStore(query, st); loaded {
		_ = st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// limitOffset cuts a page: " LIMIT ?" for the first page, " LIMIT ? OFFSET ?" after it. The
// first page, by far the most read, leaves OFFSET out: PostgreSQL cannot cost a generic plan
// with an unknown offset, so a prepared statement with one was planned again on every call
// (0.15 ms of planning for 0.05 ms of execution on a plant page; without it the plan is
// cached after five calls).
func limitOffset(limit, offset int) (string, []any) {
	if offset == 0 {
		return ` LIMIT ?`, []any{limit}
	}
	return ` LIMIT ? OFFSET ?`, []any{limit, offset}
}

// Ready implements ports.Readiness: the database answers and no migration is pending.
func (s *Store) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := s.db.PingContext(ctx); err != nil {
		return domain.Errorf(domain.EUnavailable, "database unreachable")
	}
	pending, err := s.Pending(ctx)
	if err != nil {
		return domain.Errorf(domain.EUnavailable, "cannot read the schema version")
	}
	if len(pending) > 0 {
		return domain.Errorf(domain.EUnavailable, "%d database migrations pending", len(pending))
	}
	return nil
}

// q rewrites "?" placeholders for the store's dialect.
func (s *Store) q(query string) string { return s.db.Rebind(query) }

// hotSQL is q for the hot reads' statements, whose texts are few (one per filter and order a
// list offers, never a value): each is rebound once and kept. sqlx's Rebind allocated about
// 3 kB a harvest list on PostgreSQL.
func (s *Store) hotSQL(query string) string {
	if q, ok := s.bound.Load(query); ok {
		return q.(string)
	}
	q := s.db.Rebind(query)
	s.bound.Store(query, q)
	return q
}

// txKey is the context key of a transaction InTx opened on one store.
type txKey struct{ s *Store }

// InTx implements ports.OutboxStore: fn's context carries the transaction, which withTx and
// ext join, so the writes fn makes through the store commit or roll back together.
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{s}).(*sqlx.Tx); ok {
		return fn(ctx)
	}
	return s.withTx(ctx, func(tx *sqlx.Tx) error { return fn(context.WithValue(ctx, txKey{s}, tx)) })
}

// ext is the transaction ctx carries (InTx), else the pool: for single-statement writes that
// must join a caller's transaction.
func (s *Store) ext(ctx context.Context) sqlx.ExtContext {
	if tx, ok := ctx.Value(txKey{s}).(*sqlx.Tx); ok {
		return tx
	}
	return s.db
}

// withTx runs fn in a transaction, committing when fn returns nil and rolling back otherwise.
// Inside InTx it joins the caller's transaction instead, which commits or rolls back as a whole.
// On SQLite a new transaction first waits for its turn in the write queue (every transaction
// there is an immediate one, holding the database's write lock from BEGIN); a joined one
// already has it.
func (s *Store) withTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	if tx, ok := ctx.Value(txKey{s}).(*sqlx.Tx); ok {
		return fn(tx)
	}
	if s.writes != nil {
		release, err := s.writes.acquire(ctx)
		if err != nil {
			return err
		}
		defer release()
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return translate(err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return translate(tx.Commit())
}

// forUpdate is the row-lock suffix for read-modify-write paths; SQLite's immediate
// transactions already hold the database's write lock.
func (s *Store) forUpdate() string {
	if s.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// translate maps driver errors to domain errors. It is the only place that knows driver codes.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Errorf(domain.ENotFound, "not found")
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505":
			return &domain.Error{Code: domain.EConflict, Message: "already exists"}
		case "23503":
			return &domain.Error{Code: domain.EConflict, Message: "a referenced or referencing record blocks this change"}
		case "23514":
			return &domain.Error{Code: domain.EInvalid, Message: "a value is out of range"}
		case "40001", "40P01", "55P03": // serialization failure, deadlock, lock not available
			return domain.ErrBusy(err)
		}
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		// SQLITE_BUSY and SQLITE_LOCKED with their extended codes (BUSY_SNAPSHOT, …): another
		// writer held the database past the busy timeout. Nothing changed; the caller may retry.
		switch liteErr.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return domain.ErrBusy(err)
		}
		switch liteErr.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return &domain.Error{Code: domain.EConflict, Message: "already exists"}
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return &domain.Error{Code: domain.EConflict, Message: "a referenced or referencing record blocks this change"}
		case sqlite3.SQLITE_CONSTRAINT_CHECK:
			return &domain.Error{Code: domain.EInvalid, Message: "a value is out of range"}
		}
	}
	return err
}

// utc normalises a time for storage: UTC, to the microsecond that PostgreSQL keeps, so that
// both dialects compare and return the same instants.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := utc(*t)
	return &u
}
