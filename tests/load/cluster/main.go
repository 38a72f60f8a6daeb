// Command cluster is `make bench-cluster`: three gardenctl replicas on one PostgreSQL and one
// MinIO behind HAProxy, under gardeners' load for 60 s, with a rolling deploy (each replica
// restarted with SIGTERM in turn) and then one replica killed with SIGKILL (tests/cluster).
// It prints the figures for docs/performance.md and exits 1 when a request failed outside the
// kill, when an answered write is missing, or when a job ran twice for one tick.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"time"

	"github.com/gardenctl/garden/tests/cluster"
)

func main() {
	bin := flag.String("bin", "bin/gardenctl", "the gardenctl binary")
	replicas := flag.Int("replicas", 3, "replicas behind HAProxy")
	duration := flag.Duration("duration", 60*time.Second, "how long the load runs")
	gardeners := flag.Int("gardeners", 16, "concurrent gardeners")
	kill := flag.Bool("kill", true, "SIGKILL one replica after the rolling deploy")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := cluster.Run(ctx, cluster.Options{Bin: *bin, Replicas: *replicas, Duration: *duration, Gardeners: *gardeners, Kill: *kill,
		Logf: func(format string, args ...any) { fmt.Printf(format+"\n", args...) }})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-cluster:", err)
		os.Exit(1)
	}
	phases := make([]string, 0, len(res.Failed))
	for p := range res.Failed {
		phases = append(phases, p)
	}
	sort.Strings(phases)
	fmt.Printf("\n%d replicas, %d gardeners, %v: %d requests, %.0f/s, p50 %.1f ms, p99 %.1f ms\n",
		*replicas, *gardeners, *duration, res.Requests, res.Throughput, ms(res.P50), ms(res.P99))
	fmt.Printf("restarts: %d (rolling SIGTERM each%s)\n", res.Restarts, map[bool]string{true: ", then one SIGKILL", false: ""}[*kill])
	for _, p := range phases {
		fmt.Printf("failed during %s: %d\n", p, res.Failed[p])
	}
	for _, s := range res.FailedSamples {
		fmt.Println("  e.g.", s)
	}
	fmt.Printf("writes answered 2xx: %d, missing afterwards: %d\n", res.AnsweredWrites, res.MissingWrites)
	fmt.Printf("scheduled job runs: %d of %d ticks (every enabled job each minute), duplicated ticks: %d\n", res.JobRuns, res.ExpectedRuns, res.DuplicatedRuns)
	if res.FailedTotal()-res.Failed["kill"] > 0 || res.MissingWrites > 0 || res.DuplicatedRuns > 0 {
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
