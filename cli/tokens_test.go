package cli_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/domain"
)

func TestTokensCommands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	data := "--data-dir=" + dir
	if _, _, err := run(ctx, data, "migrate"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(ctx, data, "users", "create", "--username", "hana", "--password", "long-password"); err != nil {
		t.Fatal(err)
	}
	rt, err := testWiring(ctx, configs.Config{DataDir: dir, SessionTTL: 3600e9}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	u, err := rt.Accounts.UserByUsername(ctx, "hana")
	if err != nil {
		t.Fatal(err)
	}
	tok, err := rt.Accounts.CreateAPIToken(ctx, &domain.Principal{User: u, Session: &domain.Session{}}, "long-password", "Home Assistant", domain.ScopeRead, 30)
	rt.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := run(ctx, data, "tokens", "list", "--user", "hana")
	if err != nil || !strings.Contains(out, "Home Assistant") || !strings.Contains(out, "read") || strings.Contains(out, tok.Token) {
		t.Fatalf("list: %q %v", out, err)
	}
	id := fmt.Sprint(tok.ID)
	if out, _, err = run(ctx, data, "tokens", "revoke", "--id", id); err != nil || !strings.Contains(out, "revoked") {
		t.Fatalf("revoke: %q %v", out, err)
	}
	if out, _, _ = run(ctx, data, "tokens", "list"); strings.Contains(out, "Home Assistant") {
		t.Fatalf("a revoked token is still listed:\n%s", out)
	}
	if _, _, err = run(ctx, data, "tokens", "revoke", "--id", id); err == nil || err.Error() != domain.MsgTokenNotFound {
		t.Fatalf("revoking twice: %v", err)
	}
}
