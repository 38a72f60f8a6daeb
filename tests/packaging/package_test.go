// Package packaging_test builds the Debian package as `make package` does (nfpm), installs it
// with dpkg on this machine, runs `gardenctl serve` as the package's user with the unit's
// command line and environment, and purges it. It needs root (CI runs as root).
package packaging_test

import (
	"bufio"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// unit reads the systemd unit's [Service] keys (the last value of a repeated key wins, except
// Environment, whose values are all kept).
func unit(t *testing.T, path string) (map[string]string, []string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys, env := map[string]string{}, []string{}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		if section != "[Service]" {
			continue
		}
		if k == "Environment" {
			env = append(env, v)
		}
		keys[k] = v
	}
	return keys, env
}

// envFile reads KEY=value lines, skipping comments and blanks.
func envFile(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func TestDebianPackageInstallsRunsAndPurges(t *testing.T) {
	ci := os.Getenv("CI") == "true"
	if _, err := exec.LookPath("dpkg"); err != nil || os.Geteuid() != 0 {
		if ci {
			t.Fatal("the package test needs dpkg and root in CI")
		}
		t.Skip("needs dpkg and root (CI runs it)")
	}
	bin := os.Getenv("GARDENCTL_BIN")
	if bin == "" {
		bin = filepath.Join(t.TempDir(), "gardenctl")
		build := exec.Command("go", "build", "-tags", "timetzdata", "-trimpath", "-o", bin, "./cmd/gardenctl")
		build.Dir, build.Env = repoRoot(), append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	// packaging/nfpm.yaml as `make package` uses it, with this binary and absolute paths.
	cfg, err := os.ReadFile(filepath.Join(repoRoot(), "packaging", "nfpm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(filepath.Join(repoRoot(), "packaging"))
	text := strings.ReplaceAll(string(cfg), "src: ./bin/gardenctl", "src: "+bin)
	text = strings.ReplaceAll(text, "./packaging/", abs+"/")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "nfpm.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	nfpm := exec.Command(filepath.Join(repoRoot(), "tests", "tools", "nfpm.sh"), "pkg", "--config", filepath.Join(dir, "nfpm.yaml"), "--packager", "deb", "--target", dir)
	nfpm.Env = append(os.Environ(), "GARDEN_PACKAGE_VERSION=0.0.0+test")
	if out, err := nfpm.CombinedOutput(); err != nil {
		t.Fatalf("nfpm: %v\n%s", err, out)
	}
	deb := filepath.Join(dir, "garden_0.0.0+test_amd64.deb")

	_ = exec.Command("dpkg", "--purge", "garden").Run() // a leftover of an interrupted run
	run(t, "dpkg", "-i", deb)
	purged := false
	t.Cleanup(func() {
		if !purged {
			_ = exec.Command("dpkg", "--purge", "garden").Run()
		}
	})

	// What the package put in place.
	u, err := user.Lookup("garden")
	if err != nil {
		t.Fatalf("no garden user after install: %v", err)
	}
	if passwd := run(t, "getent", "passwd", "garden"); !strings.HasSuffix(strings.TrimSpace(passwd), ":/var/lib/garden:/usr/sbin/nologin") {
		t.Errorf("garden user %q: want home /var/lib/garden and no login shell", passwd)
	}
	if u.Uid == "0" {
		t.Fatal("garden user is root")
	}
	st, err := os.Stat("/etc/garden/garden.env")
	if err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("/etc/garden/garden.env: %v %v, want mode 0640 (it holds passwords)", err, st)
	}
	if st, err := os.Stat("/usr/bin/gardenctl"); err != nil || st.Mode().Perm()&0o111 == 0 {
		t.Fatalf("/usr/bin/gardenctl: %v", err)
	}
	keys, unitEnv := unit(t, "/lib/systemd/system/garden.service")
	for k, want := range map[string]string{"User": "garden", "NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes",
		"StateDirectory": "garden", "EnvironmentFile": "/etc/garden/garden.env", "ExecStart": "/usr/bin/gardenctl serve"} {
		if keys[k] != want {
			t.Errorf("unit %s=%q, want %q", k, keys[k], want)
		}
	}

	// serve as the unit would: its user, working directory, command line and environment (the
	// address moved to a free port, and a known admin password for the first start).
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	env := []string{"PATH=/usr/bin:/bin", "HOME=/var/lib/garden"}
	env = append(env, envFile(t, keys["EnvironmentFile"])...)
	env = append(env, unitEnv...)
	env = append(env, "GARDEN_ADDR="+addr, "GARDEN_ADMIN_PASSWORD=package-test-password")
	args := strings.Fields(keys["ExecStart"])
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	serve := exec.Command(args[0], args[1:]...)
	serve.Env, serve.Dir = env, keys["WorkingDirectory"]
	serve.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	logs := &strings.Builder{}
	serve.Stdout, serve.Stderr = logs, logs
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- serve.Wait() }()
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := client.Get("http://" + addr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("serve exited: %v\n%s", err, logs)
		default:
		}
		if time.Now().After(deadline) {
			_ = serve.Process.Kill()
			t.Fatalf("serve not ready within a minute\n%s", logs)
		}
		time.Sleep(200 * time.Millisecond)
	}
	_ = serve.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("serve after SIGTERM: %v\n%s", err, logs)
		}
	case <-time.After(60 * time.Second):
		_ = serve.Process.Kill()
		t.Fatalf("serve did not stop after SIGTERM\n%s", logs)
	}
	// Its data went into the state directory, owned by the service user.
	entries, _ := os.ReadDir("/var/lib/garden")
	if len(entries) == 0 {
		t.Error("serve wrote nothing to /var/lib/garden")
	}
	for _, e := range entries {
		info, _ := e.Info()
		if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) != uid {
			t.Errorf("/var/lib/garden/%s is owned by uid %d, want the garden user (%d)", e.Name(), st.Uid, uid)
		}
	}

	// Purged, nothing of it is left.
	run(t, "dpkg", "--purge", "garden")
	purged = true
	for _, path := range []string{"/usr/bin/gardenctl", "/lib/systemd/system/garden.service", "/etc/garden", "/var/lib/garden"} {
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%s is still there after purge", path)
		}
	}
	if _, err := user.Lookup("garden"); err == nil {
		t.Error("the garden user is still there after purge")
	}
}
