package s3_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/blob/s3"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/miniotest"
)

// A real MinIO server for these tests (the contract suite runs from adapters/blob):
// tests/miniotest starts one on first use from the binary that tests/minio/install.sh builds,
// on free ports with a throw-away folder, and each test gets its own bucket, so tests never see
// each other's objects.
func TestMain(m *testing.M) {
	code := m.Run()
	miniotest.Stop()
	os.Exit(code)
}

// quiet drops the adapter's log lines: every test creates a bucket and would say so.
var quiet = slog.New(slog.DiscardHandler)

func newStore(t *testing.T) *s3.Store {
	t.Helper()
	cfg := miniotest.Config(t)
	s, err := s3.New(context.Background(), cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNew_CreatesBucketOnceAndSharesIt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := miniotest.Config(t)
	// Replicas starting together all try to create the bucket.
	const n = 4
	stores := make(chan *s3.Store, n)
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			s, err := s3.New(ctx, cfg, quiet)
			errs <- err
			stores <- s
		}()
	}
	var all []*s3.Store
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		all = append(all, <-stores)
	}
	if err := all[0].Put(ctx, "shared/key", strings.NewReader("hello"), 5, "text/plain"); err != nil {
		t.Fatal(err)
	}
	info, err := all[n-1].Stat(ctx, "shared/key")
	if err != nil || info.Size != 5 {
		t.Fatalf("another replica's Stat = %+v, %v", info, err)
	}
}

func TestStore_WrongSecretFails(t *testing.T) {
	t.Parallel()
	cfg := miniotest.Config(t)
	cfg.SecretKey = "not-the-secret"
	_, err := s3.New(context.Background(), cfg, quiet)
	if err == nil {
		t.Fatal("New with a wrong secret succeeded")
	}
	if strings.Contains(err.Error(), "not-the-secret") {
		t.Fatalf("error leaks the secret: %v", err)
	}
}

// TestNew_Unreachable needs no server: nothing listens on a port just freed.
func TestNew_Unreachable(t *testing.T) {
	t.Parallel()
	port, err := miniotest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	cfg := s3.Config{Endpoint: fmt.Sprintf("127.0.0.1:%d", port), AccessKey: "a", SecretKey: "secret-value", Bucket: "garden"}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err = s3.New(ctx, cfg, quiet)
	if err == nil {
		t.Fatal("New against a closed port succeeded")
	}
	if strings.Contains(err.Error(), "secret-value") {
		t.Fatalf("error leaks the secret: %v", err)
	}
}

func TestStore_ReadyWhenBucketGone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	if err := s.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveBucketForTest(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(ctx); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("Ready without its bucket = %v, want unavailable", err)
	}
	// Reads name the bucket's absence, not the object's: a Get answered not_found here
	// would hide a misconfigured server behind 404s.
	rc, _, err := s.Get(ctx, "any")
	if rc != nil {
		rc.Close()
	}
	if domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("Get without its bucket = %v, want unavailable", err)
	}
}
