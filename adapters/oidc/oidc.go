// Package oidc signs people in through an OpenID Connect provider: the authorization code flow
// with PKCE (RFC 7636, S256), the ID token verified by coreos/go-oidc, the claims completed from
// the UserInfo endpoint.
package oidc

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	gooidc "github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgProviderUnreachable = "The identity provider cannot be reached: %v"
)

// Config names the provider and Garden as its client.
type Config struct {
	Issuer       string
	ClientID     string
	ClientSecret string
	// RedirectURL is Garden's own callback page (the base URL + /login/oidc).
	RedirectURL string
	// RoleClaim is the claim whose values map to roles; a dotted path reaches into objects
	// (Keycloak's realm_access.roles). Empty: none is read.
	RoleClaim string
	// HTTPClient calls the provider; nil: one with a 10-second timeout.
	HTTPClient *http.Client
}

// Provider implements ports.OIDCProvider. The provider's discovery document is read on first
// use and kept, so Garden starts while the identity provider is down.
type Provider struct {
	cfg    Config
	client *http.Client

	mu       sync.Mutex
	provider *gooidc.Provider
}

var _ ports.OIDCProvider = (*Provider)(nil)

// New returns a provider for cfg.
func New(cfg Config) (*Provider, error) {
	if cfg.Issuer == "" || cfg.ClientID == "" || cfg.RedirectURL == "" {
		return nil, errors.New("oidc: issuer, client id and redirect URL are required")
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Provider{cfg: cfg, client: client}, nil
}

func (p *Provider) discover(ctx context.Context) (*gooidc.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.provider != nil {
		return p.provider, nil
	}
	// The key set fetches keys later with the context given here: not a request's.
	pr, err := gooidc.NewProvider(gooidc.ClientContext(context.WithoutCancel(ctx), p.client), p.cfg.Issuer)
	if err != nil {
		return nil, domain.Errorf(domain.EUnavailable, MsgProviderUnreachable, err)
	}
	p.provider = pr
	return pr, nil
}

func (p *Provider) oauth(pr *gooidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: p.cfg.ClientID, ClientSecret: p.cfg.ClientSecret, RedirectURL: p.cfg.RedirectURL,
		Endpoint: pr.Endpoint(), Scopes: []string{gooidc.ScopeOpenID, "profile", "email"}}
}

// AuthURL implements ports.OIDCProvider.
func (p *Provider) AuthURL(ctx context.Context, state, nonce, verifier string) (string, error) {
	pr, err := p.discover(ctx)
	if err != nil {
		return "", err
	}
	return p.oauth(pr).AuthCodeURL(state, gooidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

func failed(err error) error {
	return &domain.Error{Code: domain.EUnauthorized, Message: domain.MsgOIDCFailed, Cause: err}
}

// Exchange implements ports.OIDCProvider.
func (p *Provider) Exchange(ctx context.Context, code, verifier string) (*ports.OIDCClaims, error) {
	pr, err := p.discover(ctx)
	if err != nil {
		return nil, err
	}
	ctx = gooidc.ClientContext(ctx, p.client)
	conf := p.oauth(pr)
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, failed(fmt.Errorf("token exchange: %w", err))
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, failed(errors.New("no id_token in the token response"))
	}
	idt, err := pr.Verifier(&gooidc.Config{ClientID: p.cfg.ClientID}).Verify(ctx, raw)
	if err != nil {
		return nil, failed(fmt.Errorf("id token: %w", err))
	}
	all := map[string]any{}
	if err := idt.Claims(&all); err != nil {
		return nil, failed(err)
	}
	// The UserInfo endpoint completes what the ID token leaves out (many providers put e-mail
	// and groups only there); its subject must be the token's.
	if pr.UserInfoEndpoint() != "" {
		ui, err := pr.UserInfo(ctx, oauth2.StaticTokenSource(tok))
		if err != nil {
			return nil, failed(fmt.Errorf("userinfo: %w", err))
		}
		if ui.Subject != idt.Subject {
			return nil, failed(errors.New("userinfo subject differs from the id token's"))
		}
		extra := map[string]any{}
		if err := ui.Claims(&extra); err != nil {
			return nil, failed(err)
		}
		for k, v := range extra {
			if _, ok := all[k]; !ok {
				all[k] = v
			}
		}
	}
	c := &ports.OIDCClaims{Issuer: idt.Issuer, Subject: idt.Subject, Nonce: idt.Nonce,
		Email: str(all["email"]), EmailVerified: truthy(all["email_verified"]), Name: str(all["name"]),
		PreferredUsername: str(all["preferred_username"])}
	if p.cfg.RoleClaim != "" {
		c.Roles = strs(lookup(all, p.cfg.RoleClaim))
	}
	return c, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// truthy reads email_verified, which some providers send as the string "true".
func truthy(v any) bool {
	switch b := v.(type) {
	case bool:
		return b
	case string:
		return b == "true"
	}
	return false
}

// lookup follows a dotted path through nested objects; a key that itself holds dots wins.
func lookup(m map[string]any, path string) any {
	if v, ok := m[path]; ok {
		return v
	}
	head, rest, ok := strings.Cut(path, ".")
	if !ok {
		return nil
	}
	inner, _ := m[head].(map[string]any)
	if inner == nil {
		return nil
	}
	return lookup(inner, rest)
}

func strs(v any) []string {
	switch x := v.(type) {
	case string:
		return strings.Fields(strings.ReplaceAll(x, ",", " "))
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
