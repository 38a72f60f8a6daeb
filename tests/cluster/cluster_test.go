package cluster_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/gardenctl/garden/tests/cluster"
)

// TestRollingRestartFailsNoRequest: two replicas behind HAProxy under gardeners' load for 15 s,
// each restarted in turn with SIGTERM (a rolling deploy): no request fails, every write answered
// 2xx is in the database, and no job ran twice for one tick. `make test` passes the binary it
// built (GARDENCTL_BIN); without it the test builds one.
func TestRollingRestartFailsNoRequest(t *testing.T) {
	if _, err := exec.LookPath("haproxy"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("HAProxy is required in CI (.ci/run installs Debian's haproxy)")
		}
		t.Skip("HAProxy not installed (apt-get install haproxy)")
	}
	bin := os.Getenv("GARDENCTL_BIN")
	if bin == "" {
		bin = filepath.Join(t.TempDir(), "gardenctl")
		_, file, _, _ := runtime.Caller(0)
		build := exec.Command("go", "build", "-o", bin, "./cmd/gardenctl")
		build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := cluster.Run(ctx, cluster.Options{Bin: bin, Replicas: 2, Duration: 15 * time.Second, Gardeners: 6, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d requests (%.0f/s), p50 %v, p99 %v, %d writes answered, %d restarts, %d job runs of %d ticks",
		res.Requests, res.Throughput, res.P50, res.P99, res.AnsweredWrites, res.Restarts, res.JobRuns, res.ExpectedRuns)
	if res.Restarts != 2 {
		t.Errorf("restarts = %d, want 2 (each replica once)", res.Restarts)
	}
	if res.FailedTotal() != 0 {
		t.Errorf("%d requests failed during the rolling deploy (want 0): %v\n%v", res.FailedTotal(), res.Failed, res.FailedSamples)
	}
	if res.Requests < 100 || res.AnsweredWrites < 20 {
		t.Errorf("too little load to show anything: %d requests, %d writes", res.Requests, res.AnsweredWrites)
	}
	if res.MissingWrites != 0 {
		t.Errorf("%d of %d writes answered 2xx are missing from the database", res.MissingWrites, res.AnsweredWrites)
	}
	if res.DuplicatedRuns != 0 || res.JobRuns > res.ExpectedRuns {
		t.Errorf("job runs: %d for %d ticks, %d duplicated (want at most one per job and tick)", res.JobRuns, res.ExpectedRuns, res.DuplicatedRuns)
	}
}
