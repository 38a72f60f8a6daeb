package blob_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/blob/s3"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
	"github.com/gardenctl/garden/tests/miniotest"
)

// minioRan counts the contract tests that ran against MinIO, said at the end so that a run
// that skipped them shows it.
var minioRan atomic.Int64

func TestMain(m *testing.M) {
	code := m.Run()
	miniotest.Stop()
	if n := minioRan.Load(); n > 0 {
		fmt.Printf("minio contract: %d tests ran against MinIO\n", n)
	}
	os.Exit(code)
}

// blobKinds are the stores every blob contract runs on, as the HTTP tests' dialects: a local
// folder, and a real MinIO server (tests/miniotest starts one on first use from the binary
// tests/minio/install.sh builds; each test gets its own bucket).
var blobKinds = []struct {
	name  string
	check func(t *testing.T) // skips (fails in CI) before the suite's subtests start
	open  porttest.BlobStoreFactory
}{
	{"Local", func(*testing.T) {}, func(t *testing.T) ports.BlobStore {
		s, err := local.New(filepath.Join(t.TempDir(), "blobs"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}},
	{"MinIO", func(t *testing.T) { miniotest.Config(t) }, func(t *testing.T) ports.BlobStore {
		minioRan.Add(1)
		s, err := s3.New(context.Background(), miniotest.Config(t), slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}},
}

// TestContracts runs the table of stores × blob suites (porttest.BlobSuites).
func TestContracts(t *testing.T) {
	t.Parallel()
	for _, k := range blobKinds {
		for _, suite := range porttest.BlobSuites {
			t.Run(k.name+"/"+suite.Name, func(t *testing.T) {
				t.Parallel()
				k.check(t)
				suite.Run(t, k.open)
			})
		}
	}
}
