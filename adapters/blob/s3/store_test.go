package s3_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/blob/s3"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
)

// A real MinIO server for the contract suite: TestMain starts one from the binary that
// tests/minio/install.sh builds, on free ports with a throw-away folder, and stops it at the
// end. Each test gets its own bucket, so tests never see each other's objects.
var (
	minioCfg s3.Config // Endpoint is empty when MinIO is unavailable
	minioRan atomic.Int64
)

func TestMain(m *testing.M) {
	stop, err := startMinIO()
	if err != nil {
		if os.Getenv("CI") == "true" {
			fmt.Printf("FAIL: MinIO is required in CI for the blob contract suite: %v\n", err)
			os.Exit(1)
		}
		fmt.Printf("NOTICE: MinIO contract tests skipped: %v\n", err)
	}
	code := m.Run()
	if stop != nil {
		stop()
		fmt.Printf("minio contract: %d tests ran against MinIO\n", minioRan.Load())
	}
	os.Exit(code)
}

func minioBinary() (string, error) {
	// The same places tests/minio/install.sh puts it.
	bin := os.Getenv("GARDEN_MINIO_BIN")
	if bin == "" {
		dir := os.Getenv("GARDEN_TOOLS_DIR")
		if dir == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			dir = filepath.Join(home, ".cache", "garden-tools")
		}
		bin = filepath.Join(dir, "minio")
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("no MinIO binary at %s (build it with `make minio`, or set GARDEN_MINIO_BIN)", bin)
	}
	return bin, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// startMinIO starts the server and waits until it is ready. A free port can be taken by
// someone else between our check and MinIO's bind, so a failed start is tried again.
func startMinIO() (stop func(), err error) {
	bin, err := minioBinary()
	if err != nil {
		return nil, err
	}
	for attempt := 1; attempt <= 3; attempt++ {
		stop, err = startMinIOOnce(bin)
		if err == nil {
			return stop, nil
		}
	}
	return nil, err
}

func startMinIOOnce(bin string) (func(), error) {
	dir, err := os.MkdirTemp("", "garden-minio-")
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	consolePort, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	user, password := "garden-test", randomHex(16)
	logPath := filepath.Join(dir, "minio.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.Command(bin, "server", filepath.Join(dir, "data"),
		"--address", addr, "--console-address", fmt.Sprintf("127.0.0.1:%d", consolePort), "--quiet")
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+user, "MINIO_ROOT_PASSWORD="+password,
		// Nothing phones home or checks for updates from a test server.
		"MINIO_UPDATE=off", "MINIO_CALLHOME_ENABLE=off")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		logFile.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		_ = cmd.Process.Kill()
		<-exited
		logFile.Close()
		os.RemoveAll(dir)
	}
	if err := waitReady("http://"+addr+"/minio/health/ready", exited, 60*time.Second); err != nil {
		log, _ := os.ReadFile(logPath)
		stop()
		return nil, fmt.Errorf("%w; server log:\n%s", err, tail(string(log), 2000))
	}
	cfg := s3.Config{Endpoint: addr, AccessKey: user, SecretKey: password, Secure: false}
	// The health check answers before the S3 API has loaded its configuration: wait until a
	// bucket can really be made, so no test meets a server that is still starting.
	if err := waitS3(cfg, exited, 60*time.Second); err != nil {
		log, _ := os.ReadFile(logPath)
		stop()
		return nil, fmt.Errorf("%w; server log:\n%s", err, tail(string(log), 2000))
	}
	minioCfg = cfg
	return stop, nil
}

func waitS3(cfg s3.Config, exited <-chan error, timeout time.Duration) error {
	cfg.Bucket = "garden-probe"
	deadline := time.Now().Add(timeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := s3.New(ctx, cfg, quiet)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case exitErr := <-exited:
			return fmt.Errorf("MinIO exited before its S3 API answered: %v", exitErr)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("MinIO's S3 API did not answer within %s: %w", timeout, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func waitReady(url string, exited <-chan error, timeout time.Duration) error {
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("MinIO exited before it was ready: %v", err)
		default:
		}
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("MinIO was not ready within %s", timeout)
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

var bucketSeq atomic.Int64

// quiet drops the adapter's log lines: every test creates a bucket and would say so.
var quiet = slog.New(slog.DiscardHandler)

// newBucketConfig names a bucket no other test uses.
func newBucketConfig(t *testing.T) s3.Config {
	t.Helper()
	if minioCfg.Endpoint == "" {
		t.Skip("MinIO unavailable (see the notice above)")
	}
	cfg := minioCfg
	cfg.Bucket = fmt.Sprintf("garden-test-%d-%s", bucketSeq.Add(1), randomHex(4))
	return cfg
}

func newStore(t *testing.T) *s3.Store {
	t.Helper()
	cfg := newBucketConfig(t)
	s, err := s3.New(context.Background(), cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBlobStoreContract_MinIO(t *testing.T) {
	t.Parallel()
	if minioCfg.Endpoint == "" {
		t.Skip("MinIO unavailable (see the notice above)")
	}
	porttest.RunBlobStore(t, func(t *testing.T) ports.BlobStore {
		minioRan.Add(1)
		return newStore(t)
	})
}

func TestNew_CreatesBucketOnceAndSharesIt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := newBucketConfig(t)
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
	cfg := newBucketConfig(t)
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
	port, err := freePort()
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
