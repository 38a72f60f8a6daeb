// Package container_test builds the container image from the repository's Dockerfile with
// Debian's Podman (no registry: the image starts FROM scratch) and checks what it holds and how
// it is configured against what the README promises.
package container_test

import (
	"crypto/rand"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func repoRoot(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// binary is the gardenctl `make build` made (GARDENCTL_BIN), or one built here the same way.
func binary(t *testing.T) string {
	if bin := os.Getenv("GARDENCTL_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "gardenctl")
	build := exec.Command("go", "build", "-tags", "timetzdata", "-trimpath", "-o", bin, "./cmd/gardenctl")
	build.Dir = repoRoot(t)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

type imageConfig struct {
	Size   int64 `json:"Size"`
	Config struct {
		User         string              `json:"User"`
		Entrypoint   []string            `json:"Entrypoint"`
		Cmd          []string            `json:"Cmd"`
		Env          []string            `json:"Env"`
		ExposedPorts map[string]struct{} `json:"ExposedPorts"`
		Volumes      map[string]struct{} `json:"Volumes"`
	} `json:"Config"`
	// Podman reports the Docker-format health check beside Config.
	Healthcheck *struct {
		Test []string `json:"Test"`
	} `json:"Healthcheck"`
}

// TestImageHoldsTheStaticBinaryAsTheReadmeSays builds the image as `make image` does and checks
// its user, entrypoint, port, volume and health check against the README, and that it holds
// little more than the binary.
func TestImageHoldsTheStaticBinaryAsTheReadmeSays(t *testing.T) {
	podman, err := exec.LookPath("podman")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("Podman is required in CI (.ci/run installs Debian's podman)")
		}
		t.Skip("Podman not installed (apt-get install podman)")
	}
	bin := binary(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	static := !slices.ContainsFunc(f.Progs, func(p *elf.Prog) bool { return p.Type == elf.PT_INTERP })
	f.Close()
	if !static {
		t.Fatalf("%s is dynamically linked: the image has no C library (build with CGO_ENABLED=0)", bin)
	}

	// The context `make image` makes: the binary, CA certificates, and the two writable folders.
	ctxDir := t.TempDir()
	copyFile(t, bin, filepath.Join(ctxDir, "gardenctl"))
	if err := os.MkdirAll(filepath.Join(ctxDir, "etc", "ssl", "certs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ctxDir, "etc", "ssl", "certs", "ca-certificates.crt"), []byte("# test certificates\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"data", "tmp"} {
		if err := os.MkdirAll(filepath.Join(ctxDir, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	tag := "localhost/garden-test:" + hex.EncodeToString(suffix)
	build := exec.Command(podman, "build", "--format", "docker", "-q", "-t", tag, "-f", filepath.Join(repoRoot(t), "Dockerfile"), ctxDir)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("podman build: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command(podman, "rmi", "-f", tag).Run() })

	out, err := exec.Command(podman, "image", "inspect", tag).Output()
	if err != nil {
		t.Fatalf("podman image inspect: %v", err)
	}
	var images []imageConfig
	if err := json.Unmarshal(out, &images); err != nil || len(images) != 1 {
		t.Fatalf("inspect: %v %s", err, out)
	}
	img := images[0]
	cfg := img.Config
	if cfg.User != "65532:65532" {
		t.Errorf("user %q, want 65532:65532 (not root)", cfg.User)
	}
	if !slices.Equal(cfg.Entrypoint, []string{"/gardenctl"}) || !slices.Equal(cfg.Cmd, []string{"serve"}) {
		t.Errorf("entrypoint %q cmd %q, want [/gardenctl] [serve]", cfg.Entrypoint, cfg.Cmd)
	}
	if _, ok := cfg.ExposedPorts["8080/tcp"]; !ok || len(cfg.ExposedPorts) != 1 {
		t.Errorf("exposed ports %v, want 8080/tcp", cfg.ExposedPorts)
	}
	if _, ok := cfg.Volumes["/data"]; !ok || len(cfg.Volumes) != 1 {
		t.Errorf("volumes %v, want /data", cfg.Volumes)
	}
	if !slices.Contains(cfg.Env, "GARDEN_DATA_DIR=/data") || !slices.Contains(cfg.Env, "GARDEN_ADDR=0.0.0.0:8080") {
		t.Errorf("env %v: want GARDEN_DATA_DIR=/data and GARDEN_ADDR=0.0.0.0:8080", cfg.Env)
	}
	if img.Healthcheck == nil || !slices.Equal(img.Healthcheck.Test, []string{"CMD", "/gardenctl", "healthcheck"}) {
		t.Errorf("health check %+v, want CMD /gardenctl healthcheck", img.Healthcheck)
	}
	st, _ := os.Stat(bin)
	if img.Size > st.Size()+1<<20 {
		t.Errorf("image is %d bytes for a %d-byte binary: it should hold the binary and little else", img.Size, st.Size())
	}

	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, promise := range []string{"user `65532:65532`", "entrypoint `/gardenctl`", "command `serve`", "port `8080`", "volume `/data`", "`/gardenctl healthcheck`"} {
		if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), promise) {
			t.Errorf("README does not say %q, which the image does", promise)
		}
	}
}
