// Package oidctest starts one real OpenID provider per test binary, on first use: the program
// in tests/oidcprovider (zitadel/oidc's example OP), built with `go build` and run as a process
// on 127.0.0.1. SignIn drives its login page as a browser would. Call Stop from TestMain.
package oidctest

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// ClientID and ClientSecret are the provider's client for Garden.
const (
	ClientID     = "garden"
	ClientSecret = "garden-secret"
	// Password is every provider user's password.
	Password = "verysecure"
)

var (
	once     sync.Once
	issuer   string
	startErr error
	cmd      *exec.Cmd
)

// Issuer starts the provider if needed and returns its issuer URL. A provider that cannot be
// built or started fails the test (it needs nothing but the Go toolchain).
func Issuer(t testing.TB) string {
	t.Helper()
	once.Do(func() { issuer, startErr = start() })
	if startErr != nil {
		t.Fatalf("OpenID provider: %v", startErr)
	}
	return issuer
}

// Stop ends the provider if one was started.
func Stop() {
	if cmd != nil && cmd.Process != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
}

func start() (string, error) {
	dir, err := os.MkdirTemp("", "garden-oidc-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "oidcprovider")
	build := exec.Command("go", "build", "-o", bin, "github.com/gardenctl/garden/tests/oidcprovider")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build tests/oidcprovider: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "-addr", "127.0.0.1:0", "-client-id", ClientID, "-client-secret", ClientSecret)
	dieWithParent(cmd)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		s, _ := r.ReadString('\n')
		line <- strings.TrimSpace(s)
		_, _ = io.Copy(io.Discard, r)
	}()
	select {
	case s := <-line:
		if !strings.HasPrefix(s, "http://") {
			return "", fmt.Errorf("provider printed %q", s)
		}
		return s, nil
	case <-time.After(30 * time.Second):
		return "", fmt.Errorf("provider did not start within 30s")
	}
}

// SignIn follows authURL as a browser would, signs in at the provider's login page as
// username, and returns the address the provider sends the browser back to (Garden's
// callback page with code and state, or error).
func SignIn(t testing.TB, authURL, username string) *url.URL {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	var back *url.URL
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if strings.HasSuffix(req.URL.Path, "/login/oidc") {
			back = req.URL
			return http.ErrUseLastResponse
		}
		return nil
	}}
	res, err := client.Get(authURL)
	if err != nil {
		t.Fatalf("authorize: %v", err)
	}
	res.Body.Close()
	if back != nil {
		return back // the provider answered at once (an error)
	}
	id := res.Request.URL.Query().Get("authRequestID")
	if id == "" {
		t.Fatalf("authorize ended at %s (status %d), not the login page", res.Request.URL, res.StatusCode)
	}
	login := *res.Request.URL
	login.RawQuery = ""
	res, err = client.PostForm(login.String(), url.Values{"username": {username}, "password": {Password}, "id": {id}})
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if back == nil {
		t.Fatalf("the provider did not send the browser back (status %d at %s): %s", res.StatusCode, res.Request.URL, body)
	}
	return back
}
