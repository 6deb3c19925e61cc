package oauthratelimit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// rotatingServer is a token endpoint like Hydra's: JWT access tokens whose
// sub is the user of the code, opaque refresh tokens that rotate (each one
// is good for one refresh), bound to the client they were issued to.
type rotatingServer struct {
	t     testing.TB
	mu    sync.Mutex
	n     int
	live  map[string][2]string // refresh token -> client, user
	calls int
	jwtRT bool // issue JWT refresh tokens (Keycloak) instead of opaque ones
}

func newRotatingServer(t testing.TB) *rotatingServer {
	return &rotatingServer{t: t, live: map[string][2]string{}}
}

func (s *rotatingServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	form, err := url.ParseQuery(string(body))
	if err != nil {
		s.t.Errorf("server: %v", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	client, user := form.Get("client_id"), ""
	switch form.Get("grant_type") {
	case "authorization_code":
		user = strings.TrimPrefix(form.Get("code"), "code-of-")
	case "refresh_token":
		b, ok := s.live[form.Get("refresh_token")]
		if !ok || b[0] != client {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":"invalid_grant"}`)
			return
		}
		delete(s.live, form.Get("refresh_token"))
		user = b[1]
	}
	s.n++
	rt := fmt.Sprintf("ory_rt_%d_%s", s.n, strings.Repeat("x", 40))
	if s.jwtRT {
		rt = testJWT(map[string]any{"sub": user, "typ": "Refresh", "n": s.n})
	}
	s.live[rt] = [2]string{client, user}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"access_token": testJWT(map[string]any{"sub": user}), "token_type": "bearer",
		"expires_in": 3600, "refresh_token": rt,
	})
}

// post sends a form to h and returns the answer and the refresh token in it.
func postTo(h http.Handler, body string) (*httptest.ResponseRecorder, string) {
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var tok struct {
		RefreshToken string `json:"refresh_token"`
	}
	json.Unmarshal(w.Body.Bytes(), &tok)
	return w, tok.RefreshToken
}

func refreshBody(client, rt string) string {
	return "grant_type=refresh_token&client_id=" + client + "&refresh_token=" + url.QueryEscape(rt)
}

// TestRefreshUserKnownBeforeIssuance: with AttributeIssued, the user of a
// refresh token learned from the answer that issued it is known when the
// token is presented, so the user tier (2 a minute in testPolicy) refuses
// the request that would be the user's third token before the token
// endpoint runs. Without learning, that refresh would be issued and only
// counted over the limit afterwards.
func TestRefreshUserKnownBeforeIssuance(t *testing.T) {
	for _, tc := range []struct {
		name  string
		jwtRT bool
	}{{"opaque refresh tokens (Hydra)", false}, {"JWT refresh tokens (Keycloak)", true}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
			srv := newRotatingServer(t)
			srv.jwtRT = tc.jwtRT
			h := f.lim.Middleware(srv)
			w, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-carol")
			if w.Code != 200 || rt == "" {
				t.Fatalf("code exchange: %d %s", w.Code, w.Body)
			}
			w, rt = postTo(h, refreshBody("app", rt))
			if w.Code != 200 || w.Header().Get("RateLimit") != `"user-1m";r=0;t=120` {
				t.Fatalf("first refresh: %d %q %s", w.Code, w.Header().Get("RateLimit"), w.Body)
			}
			calls := srv.calls
			w, _ = postTo(h, refreshBody("app", rt))
			if w.Code != http.StatusTooManyRequests {
				t.Fatalf("second refresh, the user's third token: %d %s, want 429", w.Code, w.Body)
			}
			if code, desc := errorOf(t, w); code != ErrorTooManyRequests || !strings.Contains(desc, "user") {
				t.Errorf("429 body %q %q", code, desc)
			}
			if srv.calls != calls {
				t.Error("the token endpoint was called for a refused request")
			}
			// The refused refresh token still works once the window has
			// passed: it was not spent.
			f.clk.Advance(2 * time.Minute)
			if w, _ := postTo(h, refreshBody("app", rt)); w.Code != 200 {
				t.Errorf("after the window: %d", w.Code)
			}
			// The binding learned from the answer is used first, also
			// for JWT refresh tokens; their sub is the fallback.
			if got := testutil.ToFloat64(f.lim.refreshMetrics.users[refreshLearned]); got != 3 {
				t.Errorf("refresh_token_users_total{source=learned} = %v, want 3", got)
			}
		})
	}
}

// TestRefreshUserOnlyInProxyMode: without AttributeIssued the user of a
// refresh_token grant is not looked for before issuance, not even as the
// sub of a JWT refresh token (unverified, and with no answer read to
// learn from): the grant is limited as one whose user is unknown, so the
// user tier (2 a minute in testPolicy) does not refuse a third refresh,
// and refresh_token_users_total counts nothing.
func TestRefreshUserOnlyInProxyMode(t *testing.T) {
	f := newFixture(t, nil)
	srv := newRotatingServer(t)
	srv.jwtRT = true
	h := f.lim.Middleware(srv)
	_, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-carol")
	for i := range 3 {
		var w *httptest.ResponseRecorder
		if w, rt = postTo(h, refreshBody("app", rt)); w.Code != http.StatusOK {
			t.Fatalf("refresh %d: %d %s, want 200: the user is not known before issuance", i+1, w.Code, w.Body)
		}
	}
	for s, c := range f.lim.refreshMetrics.users {
		if got := testutil.ToFloat64(c); got != 0 {
			t.Errorf("refresh_token_users_total{source=%s} = %v, want 0", refreshSourceNames[s], got)
		}
	}
}

// TestRefreshUserBoundToClient: a binding is used only for the client the
// refresh token was issued to; another client presenting it is not limited
// as that user (the token endpoint refuses it anyway).
func TestRefreshUserBoundToClient(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
	srv := newRotatingServer(t)
	h := f.lim.Middleware(srv)
	_, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-carol")
	_, rt = postTo(h, refreshBody("app", rt)) // carol at 2 of 2
	if w, _ := postTo(h, refreshBody("other-app", rt)); w.Code != http.StatusBadRequest {
		t.Errorf("another client presenting carol's token: %d, want the endpoint's 400", w.Code)
	}
	if got := testutil.ToFloat64(f.lim.refreshMetrics.users[refreshUnknown]); got != 1 {
		t.Errorf("unknown %v, want 1", got)
	}
}

// TestForgedJWTRefreshTokens: JWT refresh tokens naming a victim, which the
// token endpoint refuses, spend none of the victim's quota, however many.
func TestForgedJWTRefreshTokens(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
	srv := newRotatingServer(t)
	srv.jwtRT = true
	h := f.lim.Middleware(srv)
	for i := range 20 {
		forged := testJWT(map[string]any{"sub": "victim", "n": i})
		if w, _ := postTo(h, refreshBody("app", forged)); w.Code != http.StatusBadRequest {
			t.Fatalf("forged %d: %d, want the endpoint's 400", i, w.Code)
		}
	}
	if got := testutil.ToFloat64(f.lim.refreshMetrics.users[refreshJWT]); got != 20 {
		t.Errorf("jwt %v, want 20", got)
	}
	_, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-victim")
	if w, _ := postTo(h, refreshBody("app", rt)); w.Code != 200 {
		t.Errorf("the victim's own refresh after 20 forged ones: %d, want 200", w.Code)
	}
}

// TestRefreshUserSharedBetweenInstances: a refresh token issued through one
// instance is known on another once both have synced through the store.
func TestRefreshUserSharedBetweenInstances(t *testing.T) {
	store := syncer.NewMemoryStore()
	clk := newClock(t0)
	srv := newRotatingServer(t)
	newInstance := func() (*Limiter, http.Handler) {
		l, err := New(Config{Policy: mustPolicy(t, testPolicy()), Store: store, Now: clk.Now, AttributeIssued: true, Registerer: prometheus.NewRegistry()})
		if err != nil {
			t.Fatal(err)
		}
		return l, l.Middleware(srv)
	}
	a, ha := newInstance()
	b, hb := newInstance()
	_, rt := postTo(ha, "grant_type=authorization_code&client_id=app&code=code-of-carol")
	_, rt = postTo(ha, refreshBody("app", rt))
	sync := func(l *Limiter) {
		if err := l.syncer.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := l.subjects.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	pull := func(l *Limiter) {
		if err := l.syncer.PullOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := l.subjects.PullOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	sync(a)
	// b loads carol's counts when it first meets her key; prime it.
	tiers := b.state.Load().lookup("app").scopes[scopeUser].window
	b.cache.Reserve(cache.Key{ClientID: "app", User: "carol"}, tiers, 0, cache.Enforce, clk.Now())
	pull(b)
	if w, _ := postTo(hb, refreshBody("app", rt)); w.Code != http.StatusTooManyRequests {
		t.Errorf("carol's third token, refreshed through the other instance: %d, want 429", w.Code)
	}
	if _, user, ok := b.subjects.Lookup(hashToken(rt), clk.Now()); !ok || user != "carol" {
		t.Errorf("b's binding %q %v", user, ok)
	}
}

// TestLongAnswerRefreshTokenLearned: a 2xx answer longer than
// MaxResponseBytes whose refresh_token comes after a long id_token, as Ory
// Hydra writes them (members sorted), still binds its refresh token: it is
// looked for in the answer as it streams, so the user's next refresh is
// known before issuance. Before, only the bytes held were read, and an
// outside run against Hydra v2.3.0 (an id_token with a 70,000-byte claim)
// saw every refresh of that user counted after issuance and none refused:
// 11 tokens of 11 against a limit of 8. A refresh token beyond maxTail is
// not looked for: the bytes kept are bounded.
// readerFromRecorder is a ResponseRecorder with ReadFrom, as net/http's
// writer has (sendfile).
type readerFromRecorder struct{ *httptest.ResponseRecorder }

func (w readerFromRecorder) ReadFrom(src io.Reader) (int64, error) {
	return io.Copy(w.ResponseRecorder, src)
}

func TestLongAnswerRefreshTokenLearned(t *testing.T) {
	at := testJWT(map[string]any{"sub": "dave"})
	head := `{"access_token":"` + at + `","expires_in":3600,"id_token":"` + strings.Repeat("i", 100_000)
	tests := []struct {
		name     string
		chunks   []string
		learned  bool
		copyLast bool // the last chunk is copied (io.Copy: ReadFrom), on a writer that has ReadFrom
	}{
		{"in one write", []string{head + `","refresh_token":"rt-dave","scope":"openid"}`}, true, false},
		{"the rest copied", []string{head, `","refresh_token":"rt-dave","scope":"openid"}`}, true, true},
		{"id_token across writes", []string{head[:200], head[200:50_000], head[50_000:] + `","refresh_token":"rt-dave","scope":"openid"}`}, true, false},
		{"refresh token split across writes", []string{head + `","refresh_tok`, `en":"rt-da`, `ve","scope":"openid"}`}, true, false},
		{"escaped refresh token", []string{head + `","refresh_token":"rt-\u0064ave","scope":"openid"}`}, true, false},
		{"past maxTail", []string{head, `","x":"` + strings.Repeat("x", maxTail) + `","refresh_token":"rt-dave"}`}, false, false},
		{"no refresh token", []string{head + `","scope":"openid"}`}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true; c.MaxResponseBytes = 256 })
			h := f.lim.Middleware(chunkedAnswer(tt.chunks))
			if tt.copyLast {
				h = f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					chunkedAnswer(tt.chunks[:len(tt.chunks)-1]).ServeHTTP(w, r)
					io.Copy(w, struct{ io.Reader }{strings.NewReader(tt.chunks[len(tt.chunks)-1])}) // no WriteTo: Copy calls ReadFrom
				}))
			}
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=authorization_code&client_id=app&code=c"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			h.ServeHTTP(readerFromRecorder{w}, r)
			if w.Code != 200 || w.Body.String() != strings.Join(tt.chunks, "") {
				t.Fatalf("%d, body of %d bytes", w.Code, w.Body.Len())
			}
			client, user, ok := f.lim.subjects.Lookup(hashToken("rt-dave"), f.clk.Now())
			if ok != tt.learned || ok && (client != "app" || user != "dave") {
				t.Errorf("binding of the refresh token: %q %q %v, want learned %v for app/dave", client, user, ok, tt.learned)
			}
			// The writer, back in the pool, looks for nothing on the next
			// request: a short answer's refresh token is read whole.
			srv := newRotatingServer(t)
			h = f.lim.Middleware(srv)
			if w, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-erin"); w.Code != 200 || rt == "" {
				t.Fatalf("next exchange: %d %s", w.Code, w.Body)
			} else if _, user, ok := f.lim.subjects.Lookup(hashToken(rt), f.clk.Now()); !ok || user != "erin" {
				t.Errorf("next answer's refresh token bound to %q %v, want erin", user, ok)
			}
		})
	}
}

// TestPrivateStoreHoldsNoBindings: with the limiter's own in-memory store
// (Config.Store nil), whose documents no other instance reads, the learned
// refresh-token bindings stay in the limiter's bounded memory alone, and
// are still used. Before, each flush copied them into that store as well,
// where nothing but MaxSkew past their TTL bounded them (not
// MaxRefreshTokens), and each read scanned them all under the store's lock
// every sync interval to find, again, the bindings this instance had
// written (h99's soak, one instance, 32 bindings a second, TTL 10 minutes:
// the store's copy was the largest part of the live heap, 11 of 26 MB).
func TestPrivateStoreHoldsNoBindings(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
	h := f.lim.Middleware(newRotatingServer(t))
	w, rt := postTo(h, "grant_type=authorization_code&client_id=app&code=code-of-carol")
	if w.Code != 200 || rt == "" {
		t.Fatalf("code exchange: %d %s", w.Code, w.Body)
	}
	if err := f.lim.subjects.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := f.lim.subjects.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	ms, ok := f.lim.cfg.Store.(*syncer.MemoryStore)
	if !ok {
		t.Fatalf("the default store is a %T, want *syncer.MemoryStore", f.lim.cfg.Store)
	}
	if held, err := ms.SubjectsSince(t.Context(), time.Time{}, 10); err != nil || len(held) != 0 {
		t.Errorf("the private store holds %d bindings (%v), want 0", len(held), err)
	}
	if w, _ := postTo(h, refreshBody("app", rt)); w.Code != 200 {
		t.Fatalf("refresh: %d %s", w.Code, w.Body)
	}
	if got := testutil.ToFloat64(f.lim.refreshMetrics.users[refreshLearned]); got != 1 {
		t.Errorf("refresh_token_users_total{source=learned} = %v, want 1: the binding is used from memory", got)
	}
}
