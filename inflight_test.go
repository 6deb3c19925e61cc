package oauthratelimit

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// Tests of finding 4 of issue 7: requests in flight (reserved, not yet
// answered by the token endpoint) must not let a stranger lock a client out,
// and must not let concurrent requests that all succeed overshoot the limit.

// slowEndpoint is a token endpoint behind the middleware whose requests
// with a hold parameter wait inside it until the test lets them go, as a
// slow endpoint (bcrypt on every secret) keeps them: each signals arrived,
// then takes one value from release. It answers 200 to client_secret=right
// and 401 invalid_client to anything else.
type slowEndpoint struct {
	h       http.Handler
	arrived chan struct{}
	release chan struct{}
}

func newSlowEndpoint(t *testing.T) *slowEndpoint {
	// Every client gets 5 tokens a minute: open reservations weigh in full
	// up to max(1, ⌈5/10⌉) = 1 of them.
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, 5)) })
	e := &slowEndpoint{arrived: make(chan struct{}, 64), release: make(chan struct{}, 64)}
	e.h = f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if form.Get("hold") != "" {
			e.arrived <- struct{}{}
			<-e.release
		}
		w.Header().Set("Content-Type", "application/json")
		if form.Get("client_secret") != "right" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":"invalid_client"}`)
			return
		}
		io.WriteString(w, `{"access_token":"t","token_type":"Bearer"}`)
	}))
	t.Cleanup(func() { close(e.release) }) // a failed test leaves none waiting
	return e
}

// post serves one token request for client with secret; hold makes the
// endpoint hold it.
func (e *slowEndpoint) post(client, secret string, hold bool) *httptest.ResponseRecorder {
	body := "grant_type=client_credentials&client_id=" + client + "&client_secret=" + secret
	if hold {
		body += "&hold=1"
	}
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// batch is n concurrent requests of one client, each held by the endpoint
// if admitted.
type batch struct {
	e       *slowEndpoint
	held    int      // admitted: waiting in the endpoint
	refused int      // answered 429 by the middleware at once
	done    chan int // status of each held request once released
}

// start sends n concurrent requests and returns once each has either
// reached the endpoint or been refused.
func (e *slowEndpoint) start(t *testing.T, n int, client, secret string) *batch {
	t.Helper()
	b := &batch{e: e, done: make(chan int, n)}
	refused := make(chan int, n)
	for range n {
		go func() {
			w := e.post(client, secret, true)
			if w.Code == http.StatusTooManyRequests {
				refused <- w.Code
				return
			}
			b.done <- w.Code
		}()
	}
	for b.held+b.refused < n {
		select {
		case <-e.arrived:
			b.held++
		case <-refused:
			b.refused++
		case <-time.After(10 * time.Second):
			t.Fatalf("%d of %d requests neither reached the endpoint nor were refused", n-b.held-b.refused, n)
		}
	}
	return b
}

// finish lets the held requests go and returns how many got each status.
func (b *batch) finish(t *testing.T) map[int]int {
	t.Helper()
	for range b.held {
		b.e.release <- struct{}{}
	}
	got := map[int]int{}
	for range b.held {
		got[<-b.done]++
	}
	return got
}

// TestFailingFloodDoesNotLockOutClient is finding 4 of issue 7: a stranger
// keeps 8 requests with the victim's client ID and a wrong secret in flight
// at a slow endpoint, wave after wave; the victim's own requests in between
// are admitted up to its limit less what the flood holds back, and the whole
// flood reaches the endpoint (which refuses it) meanwhile. Before the fix the
// victim got 429 to every request while the flood lasted.
func TestFailingFloodDoesNotLockOutClient(t *testing.T) {
	e := newSlowEndpoint(t)
	// heldBack is what a flood in flight holds back of the victim's limit
	// of 5 once 8 of its requests have failed (cache's settleEvidence):
	// ⌈limit/10⌉ = 1, as README says.
	const flood, limit, heldBack = 8, 5, 1
	for range 8 {
		if w := e.post("victim", "wrong", false); w.Code != http.StatusUnauthorized {
			t.Fatalf("wrong secret: %d, want 401", w.Code)
		}
	}
	for i := range limit - heldBack + 1 {
		wave := e.start(t, flood, "victim", "wrong")
		if i < limit-heldBack && wave.refused != 0 {
			t.Errorf("wave %d: %d of %d failing requests refused while the victim is %d under its limit", i, wave.refused, flood, limit-i)
		}
		w := e.post("victim", "right", false)
		switch {
		case i < limit-heldBack && w.Code != http.StatusOK:
			t.Errorf("victim's token %d with %d failing requests in flight: %d %s, want 200 (it has taken %d of %d)", i+1, wave.held, w.Code, w.Body, i, limit)
		case i == limit-heldBack && w.Code != http.StatusTooManyRequests:
			t.Errorf("victim's token %d with %d failing requests in flight: %d, want 429 (the flood holds back %d)", i+1, wave.held, w.Code, heldBack)
		}
		if got := wave.finish(t); got[http.StatusUnauthorized] != wave.held {
			t.Errorf("wave %d answered %v, want %d × 401", i, got, wave.held)
		}
	}
	// The flood is over: the victim gets the rest of its limit, no more.
	for i := limit - heldBack; i < limit; i++ {
		w := e.post("victim", "right", false)
		if want := strconv.Itoa(limit - i - 1); w.Code != http.StatusOK || w.Header().Get("X-RateLimit-Remaining") != want {
			t.Errorf("victim's token %d after the flood: %d remaining %q, want 200 and %s", i+1, w.Code, w.Header().Get("X-RateLimit-Remaining"), want)
		}
	}
	if w := e.post("victim", "right", false); w.Code != http.StatusTooManyRequests {
		t.Errorf("victim's token %d: %d, want 429", limit+1, w.Code)
	}
}

// TestConcurrentSuccessesHeldToLimit is the other side of finding 4:
// concurrent requests that all succeed are held to the limit exactly, from
// a key with no history and from one whose requests all succeeded.
func TestConcurrentSuccessesHeldToLimit(t *testing.T) {
	tests := []struct {
		name   string
		before int // tokens taken one by one first
		n      int // then concurrent requests, held in the endpoint
	}{
		{name: "no history", n: 10},
		{name: "after successes", before: 2, n: 10},
		{name: "exactly the limit", n: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newSlowEndpoint(t)
			const limit = 5
			for i := range tt.before {
				if w := e.post("app", "right", false); w.Code != http.StatusOK {
					t.Fatalf("token %d: %d", i, w.Code)
				}
			}
			b := e.start(t, tt.n, "app", "right")
			want := min(tt.n, limit-tt.before)
			if b.held != want || b.refused != tt.n-want {
				t.Errorf("%d concurrent: %d admitted, %d refused; want %d admitted", tt.n, b.held, b.refused, want)
			}
			if got := b.finish(t); got[http.StatusOK] != b.held {
				t.Errorf("held requests answered %v", got)
			}
			if w := e.post("app", "right", false); w.Code != http.StatusTooManyRequests {
				t.Errorf("after %d issued: %d, want 429", tt.before+b.held, w.Code)
			}
		})
	}
}
