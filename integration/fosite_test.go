package integration

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/compose"
	fositeoauth2 "github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/storage"
	"github.com/ory/fosite/token/jwt"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// fositePolicy: 3 client_credentials tokens a minute for the client
// "batch", 3 tokens a minute per user of any client.
const fositePolicy = `
mode: enforce
defaults:
  client:
    - limit: 100
      window: 1m
  user:
    - limit: 3
      window: 1m
clients:
  batch:
    client:
      - limit: 3
        window: 1m
`

// bigUser is the user whose token answers carry a 100 KB extra member after
// the access token, as a long id_token would.
const bigUser = "big-carl"

// newFositeServer runs an OAuth 2.0 server built on github.com/ory/fosite
// (the library under Ory Hydra): bcrypt-hashed client secrets, JWT access
// tokens (RS256) and opaque HMAC refresh tokens that rotate, authorization
// code (with a test-only login: the login_as query parameter names the
// user), refresh_token and client_credentials grants.
func newFositeServer(t *testing.T) *httptest.Server {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	secret := make([]byte, 32)
	rand.Read(secret)
	config := &fosite.Config{
		GlobalSecret:         secret,
		AccessTokenLifespan:  time.Hour,
		RefreshTokenLifespan: 24 * time.Hour,
		RefreshTokenScopes:   []string{}, // a refresh token for every code exchange, no offline scope needed
	}
	store := storage.NewMemoryStore()
	hash := func(s string) []byte {
		h, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, id := range []string{"shop", "batch"} {
		store.Clients[id] = &fosite.DefaultClient{
			ID:            id,
			Secret:        hash(id + "-secret"),
			RedirectURIs:  []string{"http://127.0.0.1/cb"},
			GrantTypes:    []string{"authorization_code", "refresh_token", "client_credentials"},
			ResponseTypes: []string{"code"},
			Scopes:        []string{"read"},
		}
	}
	keyGetter := func(context.Context) (interface{}, error) { return key, nil }
	provider := compose.Compose(config, store,
		&compose.CommonStrategy{CoreStrategy: compose.NewOAuth2JWTStrategy(keyGetter, compose.NewOAuth2HMACStrategy(config), config)},
		compose.OAuth2AuthorizeExplicitFactory,
		compose.OAuth2RefreshTokenGrantFactory,
		compose.OAuth2ClientCredentialsGrantFactory,
	)
	newSession := func(user string) *fositeoauth2.JWTSession {
		return &fositeoauth2.JWTSession{JWTClaims: &jwt.JWTClaims{Subject: user}, JWTHeader: &jwt.Headers{}, Subject: user}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/oauth2/auth", func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		ar, err := provider.NewAuthorizeRequest(ctx, r)
		if err != nil {
			provider.WriteAuthorizeError(ctx, w, ar, err)
			return
		}
		for _, s := range ar.GetRequestedScopes() {
			ar.GrantScope(s)
		}
		resp, err := provider.NewAuthorizeResponse(ctx, ar, newSession(r.URL.Query().Get("login_as")))
		if err != nil {
			provider.WriteAuthorizeError(ctx, w, ar, err)
			return
		}
		provider.WriteAuthorizeResponse(ctx, w, ar, resp)
	})
	mux.HandleFunc("/oauth2/token", func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		ar, err := provider.NewAccessRequest(ctx, r, newSession(""))
		if err != nil {
			provider.WriteAccessError(ctx, w, ar, err)
			return
		}
		for _, s := range ar.GetRequestedScopes() {
			ar.GrantScope(s)
		}
		resp, err := provider.NewAccessResponse(ctx, ar)
		if err != nil {
			provider.WriteAccessError(ctx, w, ar, err)
			return
		}
		if s, ok := ar.GetSession().(*fositeoauth2.JWTSession); ok && s.JWTClaims != nil && s.JWTClaims.Subject == bigUser {
			resp.SetExtra("x_profile", strings.Repeat("p", 100_000)) // after access_token in the JSON: keys are sorted
		}
		provider.WriteAccessResponse(ctx, w, ar, resp)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestFosite runs the server binary in proxy mode in front of an OAuth
// server built on ory/fosite, driven by golang.org/x/oauth2 as a client
// application would be:
//
//   - client_credentials: 3 tokens a minute, the 4th refused with 429, seen
//     by the client as *oauth2.RetrieveError with Retry-After; wrong secrets
//     before, refused by fosite (bcrypt-hashed secrets), spent nothing;
//   - authorization_code then refresh_token for one user: the refresh that
//     would be the user's 4th token is refused with 429 before fosite runs;
//   - a token answer of over 100 KB (over MaxResponseBytes) is counted for
//     its user and carries the rate-limit headers.
func TestFosite(t *testing.T) {
	bin := serverBinary(t)
	policy := filepath.Join(t.TempDir(), "policy.yaml")
	if err := os.WriteFile(policy, []byte(fositePolicy), 0o600); err != nil {
		t.Fatal(err)
	}
	as := newFositeServer(t)
	p := startServer(t, bin, "--instance", "fosite", "--upstream", as.URL, "--policy", policy)
	awayFromMinuteBoundary(30 * time.Second)
	ctx := t.Context()

	t.Run("client_credentials", func(t *testing.T) {
		wrong := clientcredentials.Config{ClientID: "batch", ClientSecret: "not-the-secret", TokenURL: p.URL + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}
		for i := range 5 {
			_, err := wrong.Token(ctx)
			if re := retrieveError(t, err); re.Response.StatusCode != http.StatusUnauthorized {
				t.Fatalf("wrong secret %d: %d, want fosite's 401", i, re.Response.StatusCode)
			}
		}
		cc := clientcredentials.Config{ClientID: "batch", ClientSecret: "batch-secret", TokenURL: p.URL + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}
		for i := range 3 {
			tok, err := cc.Token(ctx)
			if err != nil {
				t.Fatalf("token %d after 5 wrong secrets: %v", i+1, err)
			}
			if strings.Count(tok.AccessToken, ".") != 2 {
				t.Errorf("access token %q is not a JWT", tok.AccessToken)
			}
		}
		_, err := cc.Token(ctx)
		re := retrieveError(t, err)
		if re.Response.StatusCode != http.StatusTooManyRequests || re.ErrorCode != "too_many_requests" || re.Response.Header.Get("Retry-After") == "" {
			t.Errorf("4th token: %d %q Retry-After %q, want 429 too_many_requests with Retry-After",
				re.Response.StatusCode, re.ErrorCode, re.Response.Header.Get("Retry-After"))
		}
		// AuthStyleAutoDetect retries a refused request with the secret in
		// the body: two requests per Token(), both refused (README, "For
		// client authors").
		const denied = `oauth_ratelimit_decisions_total{client="batch",decision="denied",grant_type="client_credentials"}`
		before := p.metric(t, denied)
		auto := cc
		auto.AuthStyle = oauth2.AuthStyleAutoDetect
		if _, err := auto.Token(ctx); retrieveError(t, err).Response.StatusCode != http.StatusTooManyRequests {
			t.Errorf("AuthStyleAutoDetect: %v", err)
		}
		if n := p.metric(t, denied) - before; n != 2 {
			t.Errorf("AuthStyleAutoDetect made %v refused requests, want 2", n)
		}
	})

	conf := &oauth2.Config{
		ClientID: "shop", ClientSecret: "shop-secret", RedirectURL: "http://127.0.0.1/cb", Scopes: []string{"read"},
		Endpoint: oauth2.Endpoint{AuthURL: p.URL + "/oauth2/auth", TokenURL: p.URL + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader},
	}
	t.Run("authorization_code then refresh_token", func(t *testing.T) {
		tok, err := conf.Exchange(ctx, authorize(t, conf, "alice"))
		if err != nil {
			t.Fatalf("code exchange (token 1): %v", err)
		}
		for i := 2; i <= 3; i++ {
			if tok, err = refresh(ctx, conf, tok.RefreshToken); err != nil {
				t.Fatalf("refresh (token %d): %v", i, err)
			}
		}
		_, err = refresh(ctx, conf, tok.RefreshToken)
		re := retrieveError(t, err)
		if re.Response.StatusCode != http.StatusTooManyRequests || re.Response.Header.Get("Retry-After") == "" {
			t.Errorf("the refresh that would be alice's 4th token: %d, want 429 with Retry-After", re.Response.StatusCode)
		}
		// The refused refresh token was not spent at fosite: bob is
		// unaffected, and alice's token still refreshes next window.
		if _, err := conf.Exchange(ctx, authorize(t, conf, "bob")); err != nil {
			t.Errorf("bob: %v", err)
		}
	})

	t.Run("answer over MaxResponseBytes", func(t *testing.T) {
		before := p.metric(t, `oauth_ratelimit_attributions_total{client="other",grant_type="authorization_code",result="under_limit"}`)
		code := authorize(t, conf, bigUser)
		r := postToken(t, p.URL, "shop", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {conf.RedirectURL}})
		if r.status != 200 || len(r.body) < 100_000 {
			t.Fatalf("%d, %d bytes", r.status, len(r.body))
		}
		if !strings.HasPrefix(r.header.Get("RateLimit"), `"user-1m";r=2;`) {
			t.Errorf("RateLimit %q on a %d-byte answer, want the user's", r.header.Get("RateLimit"), len(r.body))
		}
		if after := p.metric(t, `oauth_ratelimit_attributions_total{client="other",grant_type="authorization_code",result="under_limit"}`); after != before+1 {
			t.Errorf("attributions under_limit %v -> %v, want one more", before, after)
		}
	})
	p.stop(t)
}

// retrieveError returns err as the *oauth2.RetrieveError a refused token
// request gives, as a client reads it.
func retrieveError(t *testing.T, err error) *oauth2.RetrieveError {
	t.Helper()
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		t.Fatalf("error %v, want *oauth2.RetrieveError", err)
	}
	return re
}

// refresh asks for a new token with a refresh token, as an oauth2
// TokenSource does when its token has expired.
func refresh(ctx context.Context, conf *oauth2.Config, rt string) (*oauth2.Token, error) {
	return conf.TokenSource(ctx, &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Hour)}).Token()
}

// authorize runs the authorization request as user (fosite's test login)
// and returns the code of the redirect.
func authorize(t *testing.T, conf *oauth2.Config, user string) string {
	t.Helper()
	noRedirect := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(conf.AuthCodeURL("state-12345678") + "&login_as=" + url.QueryEscape(user))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("authorize: %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.Query().Get("code")
}
