package sqlstore_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// sqliteInDir is a migrated SQLite store whose file is dir/garden.db.
func sqliteInDir(t *testing.T) (*sqlstore.Store, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := sqlstore.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return dbtest.Migrated(t, s), filepath.Join(dir, "garden.db")
}

func queueUser(t *testing.T, s *sqlstore.Store, name string) *domain.User {
	t.Helper()
	u := &domain.User{Username: name, Email: name + "@example.org", Role: domain.RoleUser, IsActive: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func queuePlant(owner int64) *domain.Plant {
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	return &domain.Plant{UserID: owner, Name: "Basil", Type: domain.Herbs, Status: domain.StatusHealthy, AcquiredDate: at, CreatedAt: at}
}

// TestSQLite_BusyIsABusyError: when another connection holds the database's write lock past the
// busy timeout, the driver's "database is locked" becomes the domain's busy error (503 with
// Retry-After), never an internal one (issue #22 item 3).
func TestSQLite_BusyIsABusyError(t *testing.T) {
	t.Parallel()
	_, file := sqliteInDir(t)
	ctx := context.Background()
	open := func() *sql.Conn {
		db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(0)")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	holder, writer := open(), open()
	if _, err := holder.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	defer holder.ExecContext(ctx, "ROLLBACK") //nolint:errcheck
	_, err := writer.ExecContext(ctx, "UPDATE users SET full_name = 'x'")
	if err == nil {
		t.Fatal("wrote while another connection held the write lock")
	}
	got := sqlstore.TranslateForTest(err)
	var de *domain.Error
	if domain.ErrorCode(got) != domain.EBusy || !errors.As(got, &de) || de.RetryAfter <= 0 || domain.ErrorMessage(got) != domain.MsgBusy {
		t.Fatalf("translate(%v) = %#v, want the busy error with Retry-After", err, got)
	}
}

// TestSQLite_WriteQueue: SQLite's write transactions wait for their turn in this process, so a
// writer behind a long one either gets its turn (and succeeds) or, past the queue's wait, the
// busy error; it never meets SQLite's "database is locked" (issue #22 item 3).
func TestSQLite_WriteQueue(t *testing.T) {
	t.Parallel()
	s, _ := sqliteInDir(t)
	ctx := context.Background()
	u := queueUser(t, s, "rosa")
	s.SetWriteQueueWaitForTest(300 * time.Millisecond)

	// A long write transaction: the layout quota's check runs inside it and waits for release.
	entered, release := make(chan struct{}), make(chan struct{})
	long := make(chan error, 1)
	go func() {
		long <- s.CreateLayout(ctx, &domain.GardenLayout{UserID: u.ID, Name: "Long", Width: 5, Height: 5}, func(domain.LayoutUsage) error {
			close(entered)
			<-release
			return nil
		})
	}()
	<-entered

	// Behind it for longer than the queue's wait: busy, with Retry-After.
	err := s.CreatePlant(ctx, queuePlant(u.ID), 0)
	var de *domain.Error
	if domain.ErrorCode(err) != domain.EBusy || !errors.As(err, &de) || de.RetryAfter <= 0 {
		t.Fatalf("a write behind a long transaction: %v, want busy", err)
	}

	// Behind it for less than the wait: it waits its turn and succeeds.
	done := make(chan error, 1)
	go func() { done <- s.CreatePlant(ctx, queuePlant(u.ID), 0) }()
	time.Sleep(50 * time.Millisecond) // let the plant queue up behind the layout
	close(release)
	if err := <-long; err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("a write that waited its turn: %v", err)
	}

	// A caller that leaves while waiting stops waiting.
	entered, release = make(chan struct{}), make(chan struct{})
	go func() {
		long <- s.CreateLayout(ctx, &domain.GardenLayout{UserID: u.ID, Name: "Long 2", Width: 5, Height: 5}, func(domain.LayoutUsage) error {
			close(entered)
			<-release
			return nil
		})
	}()
	<-entered
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.CreatePlant(gone, queuePlant(u.ID), 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled writer: %v, want context.Canceled", err)
	}
	close(release)
	if err := <-long; err != nil {
		t.Fatal(err)
	}
}

// TestSQLite_EveryConnectionHasTheBusyTimeout: the pool's connections all wait for the write
// lock (busy_timeout is a connection setting, lost on a connection opened without it).
func TestSQLite_EveryConnectionHasTheBusyTimeout(t *testing.T) {
	t.Parallel()
	s, _ := sqliteInDir(t)
	ctx := context.Background()
	db := s.SQLDB()
	conns := make([]*sql.Conn, db.Stats().MaxOpenConnections)
	for i := range conns {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns[i] = c
	}
	for i, c := range conns {
		var ms int
		if err := c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&ms); err != nil {
			t.Fatal(err)
		}
		if ms < int(sqlstore.WriteQueueWait/time.Millisecond) {
			t.Errorf("connection %d: busy_timeout %d ms, want at least the write queue's wait", i, ms)
		}
		c.Close()
	}
}
