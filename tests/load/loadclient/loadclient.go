// Package loadclient holds what the load harnesses (tests/load/scale, tests/load/signinflood)
// do to a gardenctl they started: wait until it is ready and sign in.
package loadclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// WaitReady polls base's /readyz every 100 ms until it answers 200, for at most wait.
func WaitReady(base string, wait time.Duration) error {
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("the server at %s did not become ready within %s", base, wait)
}

// SignIn signs user in at base through c and returns the session token.
func SignIn(c *http.Client, base, user, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"username": user, "password": password})
	res, err := c.Post(base+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("sign-in as %s: %d %v", user, res.StatusCode, err)
	}
	return out.Token, nil
}
