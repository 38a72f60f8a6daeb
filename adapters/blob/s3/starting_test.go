package s3_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/blob/s3"
)

// startingServer answers like a MinIO whose health check already says ready but whose S3 API
// has not loaded its configuration yet: the first `starting` requests get
// XMinioServerNotInitialized, later ones find the bucket.
func startingServer(t *testing.T, starting int64) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var seen atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) <= starting {
			w.Header().Set("x-minio-error-code", "XMinioServerNotInitialized")
			w.Header().Set("x-minio-error-desc", `"Server not initialized yet, please try again."`)
			// 400 rather than 503 so minio-go's own retries do not hide the case.
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

func startingConfig(srv *httptest.Server) s3.Config {
	return s3.Config{
		Endpoint:  strings.TrimPrefix(srv.URL, "http://"),
		AccessKey: "garden-test", SecretKey: "garden-test-secret",
		Region: "us-east-1", Bucket: "garden-starting",
	}
}

func TestNew_WaitsForAServerThatIsStillStarting(t *testing.T) {
	t.Parallel()
	srv, seen := startingServer(t, 3)
	if _, err := s3.New(context.Background(), startingConfig(srv), quiet); err != nil {
		t.Fatalf("New gave up on a server that was still starting: %v", err)
	}
	if got := seen.Load(); got < 4 {
		t.Fatalf("the server saw %d requests, want the 3 refused ones and a successful one", got)
	}
}

func TestNew_StopsWaitingWhenTheContextEnds(t *testing.T) {
	t.Parallel()
	srv, _ := startingServer(t, 1<<40)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s3.New(ctx, startingConfig(srv), quiet)
	if err == nil || !strings.Contains(err.Error(), "not initialized") {
		t.Fatalf("New = %v, want the server's not-initialized error", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Fatalf("New waited %s after its context ended", waited)
	}
}
