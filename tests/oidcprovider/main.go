// Command oidcprovider is a real OpenID Connect provider for Garden's tests: zitadel/oidc's
// example OP (its in-memory storage and login page) with a fixed set of users, a confidential
// client "garden" whose redirect URIs may be any http://127.0.0.1 or http://localhost address,
// and a "groups" claim for the role mapping. It prints its issuer on the first line of its
// output and serves until killed. Every user's password is "verysecure".
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// user is one account at the provider: its id is the subject.
type user struct {
	id, email string
	verified  bool
	groups    []string
}

// users are the provider's accounts; the tests name them by username (= id).
var users = []user{
	{"alice", "alice@household.test", true, []string{"family"}},
	{"bob", "bob@household.test", true, []string{"family", "garden-admins"}},
	{"carol", "carol@elsewhere.test", true, nil},
	{"dave", "dave@household.test", true, []string{"family"}},
	{"erin", "erin@household.test", false, []string{"family"}},
	{"frank", "frank@household.test", true, []string{"family"}},
	{"grace", "grace@household.test", true, []string{"family"}},
	{"heidi", "heidi@household.test", true, []string{"neighbours"}},
}

type userStore struct {
	byID   map[string]*storage.User
	groups map[string][]string
}

func (u userStore) GetUserByID(id string) *storage.User { return u.byID[id] }

func (u userStore) GetUserByUsername(username string) *storage.User { return u.byID[username] }

func (u userStore) ExampleClientID() string { return storage.ServiceUserID }

// withGroups adds the groups claim to the ID token and the UserInfo answer.
type withGroups struct {
	*storage.Storage
	groups map[string][]string
}

func (s withGroups) add(info *oidc.UserInfo, subject string) {
	if g, ok := s.groups[subject]; ok && g != nil {
		info.AppendClaims("groups", g)
	}
}

func (s withGroups) SetUserinfoFromRequest(ctx context.Context, info *oidc.UserInfo, token op.IDTokenRequest, scopes []string) error {
	if err := s.Storage.SetUserinfoFromRequest(ctx, info, token, scopes); err != nil {
		return err
	}
	s.add(info, token.GetSubject())
	return nil
}

func (s withGroups) SetUserinfoFromToken(ctx context.Context, info *oidc.UserInfo, tokenID, subject, origin string) error {
	if err := s.Storage.SetUserinfoFromToken(ctx, info, tokenID, subject, origin); err != nil {
		return err
	}
	s.add(info, subject)
	return nil
}

// anyLoopbackPort lets the client come back to any port on this machine: each test server
// listens on its own.
type anyLoopbackPort struct{ op.Client }

func (anyLoopbackPort) RedirectURIGlobs() []string {
	return []string{"http://127.0.0.1:*/login/oidc", "http://localhost:*/login/oidc"}
}

func (anyLoopbackPort) PostLogoutRedirectURIGlobs() []string { return nil }

func (s withGroups) GetClientByClientID(ctx context.Context, id string) (op.Client, error) {
	c, err := s.Storage.GetClientByClientID(ctx, id)
	if err != nil {
		return nil, err
	}
	return anyLoopbackPort{c}, nil
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	clientID := flag.String("client-id", "garden", "the client's id")
	secret := flag.String("client-secret", "garden-secret", "the client's secret")
	flag.Parse()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	issuer := "http://" + ln.Addr().String()

	us := userStore{byID: map[string]*storage.User{}, groups: map[string][]string{}}
	for _, u := range users {
		name := strings.ToUpper(u.id[:1]) + u.id[1:]
		us.byID[u.id] = &storage.User{ID: u.id, Username: u.id, Password: "verysecure", FirstName: name, LastName: "Gardener",
			Email: u.email, EmailVerified: u.verified, PreferredLanguage: language.English}
		us.groups[u.id] = u.groups
	}
	client := storage.WebClient(*clientID, *secret, "http://127.0.0.1/login/oidc")
	storage.RegisterClients(client)
	store := withGroups{Storage: storage.NewStorage(us), groups: us.groups}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	router := exampleop.SetupServer(issuer, store, logger, false)

	fmt.Println(issuer)
	log.Fatal(http.Serve(ln, router))
}
