// Package miniotest starts one real MinIO server per test binary, on first use, from the
// binary that tests/minio/install.sh builds, and hands each test a bucket of its own (the blob
// adapter's contract suite, the backup round trips). Without the binary a test is skipped with
// a notice on a developer's machine and fails when CI=true. Call Stop from TestMain after m.Run.
package miniotest

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
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/blob/s3"
)

var (
	once     sync.Once
	cfg      s3.Config
	startErr error
	stop     func()
	seq      atomic.Int64
)

// Config returns the shared MinIO server's address and credentials with a bucket name no
// other test uses (the bucket is not made yet).
func Config(t testing.TB) s3.Config {
	t.Helper()
	once.Do(func() { stop, startErr = start() })
	if startErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("MinIO is required in CI: %v", startErr)
		}
		t.Skipf("MinIO unavailable: %v", startErr)
	}
	c := cfg
	c.Bucket = fmt.Sprintf("garden-test-%d-%s", seq.Add(1), randomHex(4))
	return c
}

// Store returns an S3 blob store on a fresh bucket of the shared MinIO server.
func Store(t testing.TB) *s3.Store {
	t.Helper()
	s, err := s3.New(context.Background(), Config(t), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Start starts the shared MinIO server for a program that is not a test (a load harness):
// its address and credentials, without a bucket. Call Stop when done.
func Start() (s3.Config, error) {
	once.Do(func() { stop, startErr = start() })
	return cfg, startErr
}

// FreePort is a TCP port on 127.0.0.1 that nothing listens on at the moment.
func FreePort() (int, error) { return freePort() }

// Stop stops the server if one was started.
func Stop() {
	if stop != nil {
		stop()
	}
}

func binary() (string, error) {
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

func start() (func(), error) {
	bin, err := binary()
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		stop, err := startOnce(bin)
		if err == nil || attempt == 3 {
			return stop, err
		}
	}
}

func startOnce(bin string) (func(), error) {
	dir, err := os.MkdirTemp("", "garden-minio-")
	if err != nil {
		return nil, err
	}
	port, err1 := freePort()
	consolePort, err2 := freePort()
	if err1 != nil || err2 != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("no free port: %v %v", err1, err2)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	user, password := "garden-test", randomHex(16)
	logFile, err := os.Create(filepath.Join(dir, "minio.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.Command(bin, "server", filepath.Join(dir, "data"),
		"--address", addr, "--console-address", fmt.Sprintf("127.0.0.1:%d", consolePort), "--quiet")
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+user, "MINIO_ROOT_PASSWORD="+password,
		"MINIO_UPDATE=off", "MINIO_CALLHOME_ENABLE=off")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		logFile.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopFn := func() {
		_ = cmd.Process.Kill()
		<-exited
		logFile.Close()
		os.RemoveAll(dir)
	}
	c := s3.Config{Endpoint: addr, AccessKey: user, SecretKey: password}
	deadline := time.Now().Add(60 * time.Second)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		select {
		case err := <-exited:
			stopFn()
			return nil, fmt.Errorf("MinIO exited while starting: %v", err)
		default:
		}
		if resp, err := client.Get("http://" + addr + "/minio/health/ready"); err == nil {
			resp.Body.Close()
			probe := c
			probe.Bucket = "garden-probe"
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, err := s3.New(ctx, probe, slog.New(slog.DiscardHandler))
			cancel()
			if err == nil {
				cfg = c
				return stopFn, nil
			}
		}
		if time.Now().After(deadline) {
			stopFn()
			return nil, fmt.Errorf("MinIO did not answer within a minute")
		}
		time.Sleep(200 * time.Millisecond)
	}
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
