package oauthratelimit

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Tests of STYLE rule 17: the middleware reads each token request into a
// pooled buffer and hands out strings over it (bytesToString), so whatever
// keeps one of those strings past the request must have copied it. Each
// test here reuses the buffers with other bytes before it reads what was
// kept.

// equalLengthClients are client IDs of one length: in request bodies of one
// shape they sit at the same offset, so a string left over the pooled buffer
// of one request reads the next request's client ID.
var equalLengthClients = []string{"svc-a", "svc-b", "svc-c", "svc-d", "svc-e", "svc-f"}

// takeInterleaved makes client i of equalLengthClients take i+1 tokens,
// round by round (a b c d e f, b c d e f, ..., f), through post.
func takeInterleaved(t *testing.T, post func(client string) (int, http.Header)) {
	t.Helper()
	for round := range len(equalLengthClients) {
		for i, c := range equalLengthClients {
			if i < round {
				continue
			}
			if code, h := post(c); code != http.StatusOK {
				t.Fatalf("%s round %d: status %d %v", c, round, code, h)
			}
		}
	}
}

// TestPooledBuffersDoNotCrossKeys is finding 1 of issue 7 at the level where
// it happened: six clients with client IDs of one length take 1..6 tokens
// each, interleaved, through the middleware (one goroutine, so the pool
// hands the same request buffer back most of the time), then the syncer
// flushes and pulls. Every client's count must be its own, in the store and
// in the headers of its next request.
func TestPooledBuffersDoNotCrossKeys(t *testing.T) {
	store := syncer.NewMemoryStore()
	f := newFixture(t, func(c *Config) {
		// 10 tokens a minute each: a count crossed from another client
		// shows in the remaining quota.
		c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, 10))
		c.Store = store
	})
	takeInterleaved(t, func(c string) (int, http.Header) {
		w := f.post("grant_type=client_credentials&client_id=" + c + "&client_secret=s3cret")
		return w.Code, w.Header()
	})
	// One more request of another shape: its client ID lands where the
	// others were, and the scratch buffer gets other bytes too.
	f.post("grant_type=client_credentials&client_id=zzzzz&client_secret=%7Aother")

	ctx := context.Background()
	if err := f.lim.syncer.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.lim.syncer.PullOnce(ctx); err != nil {
		t.Fatal(err)
	}

	keys := make([]cache.Key, len(equalLengthClients))
	for i, c := range equalLengthClients {
		keys[i] = cache.Key{ClientID: c}
	}
	docs, err := store.Load(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range docs {
		var n int64
		for _, fr := range d.Snapshot.Frames {
			n += fr.N
		}
		if want := int64(i + 1); n != want {
			t.Errorf("store: %s holds %d, want %d (its own tokens)", equalLengthClients[i], n, want)
		}
	}
	for i, c := range equalLengthClients {
		w := f.post("grant_type=client_credentials&client_id=" + c + "&client_secret=s3cret")
		rem := 10 - (i + 1) - 1
		if w.Code != http.StatusOK {
			t.Errorf("%s after the sync: status %d, want 200 (took %d of 10)", c, w.Code, i+1)
			continue
		}
		if got, want := w.Header().Get("X-RateLimit-Remaining"), strconv.Itoa(rem); got != want {
			t.Errorf("%s after the sync: X-RateLimit-Remaining %s, want %s", c, got, want)
		}
		if got, want := w.Header().Get("RateLimit"), `"client-1m";r=`+strconv.Itoa(rem)+";t=120"; got != want {
			t.Errorf("%s after the sync: RateLimit %q, want %q", c, got, want)
		}
	}
}

// pooledStates records every request state l's pool makes, so that a test
// can overwrite their buffers once the requests are done, whether or not
// the pool still holds them (under -race, sync.Pool drops some at random).
type pooledStates struct {
	mu  sync.Mutex
	all []*reqState
}

// trackStates makes l's pool record the states it makes in the returned
// pooledStates. Call it before l serves a request.
func trackStates(l *Limiter) *pooledStates {
	ps := &pooledStates{}
	l.pool.New = func() any {
		st := new(reqState)
		ps.mu.Lock()
		ps.all = append(ps.all, st)
		ps.mu.Unlock()
		return st
	}
	return ps
}

// scribble overwrites every buffer of every request state made so far with
// 'X' across its whole capacity: a string the middleware left over one of
// them now reads X's. No request may be under way.
func (ps *pooledStates) scribble(t *testing.T) {
	t.Helper()
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.all) == 0 {
		t.Fatal("no request state to overwrite")
	}
	for _, st := range ps.all {
		for _, b := range [][]byte{st.body[:cap(st.body)], st.scratch[:cap(st.scratch)], st.rw.buf[:cap(st.rw.buf)]} {
			for i := range b {
				b[i] = 'X'
			}
		}
	}
}

// keptRecords is a slog.Handler that keeps every record, as an
// asynchronous handler does until it writes them out.
type keptRecords struct {
	mu   sync.Mutex
	recs []slog.Record
}

func (h *keptRecords) Enabled(context.Context, slog.Level) bool { return true }
func (h *keptRecords) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *keptRecords) WithGroup(string) slog.Handler            { return h }
func (h *keptRecords) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	h.recs = append(h.recs, r)
	h.mu.Unlock()
	return nil
}

// attr returns the string value of the attribute key of record i.
func (h *keptRecords) attr(i int, key string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var v string
	h.recs[i].Attrs(func(a slog.Attr) bool {
		if a.Key == key {
			v = a.Value.String()
			return false
		}
		return true
	})
	return v
}

// TestKeptStringsSurviveBufferReuse checks each place a string taken from a
// request can outlive it, with the request buffers overwritten before the
// kept string is read.
func TestKeptStringsSurviveBufferReuse(t *testing.T) {
	// The client ID, and the user named in clear (LogUserNames), of the
	// dry-run would-deny log records.
	for _, tc := range []struct {
		name, attr, form string // form: the request, with the name in it at %s
	}{
		{name: "dry-run log record", attr: "client_id", form: "grant_type=client_credentials&client_id=%s"},
		{name: "dry-run log record's user", attr: "user", form: "grant_type=password&client_id=app&password=p&username=%s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := &keptRecords{}
			f := newFixture(t, func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Mode: policy.ModeDryRun, Defaults: policy.Defaults{
					Client: []policy.Tier{{Limit: 1, Size: time.Minute}},
					User:   []policy.Tier{{Limit: 1, Size: time.Minute}},
				}})
				c.Logger = slog.New(logs)
				c.LogUserNames = true
			})
			states := trackStates(f.lim)
			var want []string
			for _, c := range equalLengthClients {
				// Escaped, so the name is unescaped into the scratch
				// buffer. The first request is within the limit, the
				// second would be denied and is logged.
				for range 2 {
					if w := f.post(strings.Replace(tc.form, "%s", c+"%2Bx", 1)); w.Code != http.StatusOK {
						t.Fatalf("%s: %d", c, w.Code)
					}
				}
				want = append(want, c+"+x")
				// Every would-deny is logged: the throttle allows one log
				// per client per interval, and clients may share a
				// throttle slot.
				f.clk.Advance(DefaultDryRunLogInterval)
			}
			states.scribble(t)
			var got []string
			for i := range logs.recs {
				if logs.recs[i].Message == "dry-run would deny" {
					got = append(got, logs.attr(i, tc.attr))
				}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s of the kept log records %q, want %q", tc.attr, got, want)
			}
		})
	}

	t.Run("learned CORS pair", func(t *testing.T) {
		f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, 1)) })
		states := trackStates(f.lim)
		h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
			f.ep.ServeHTTP(w, r)
		}))
		// Escaped, so each client ID is unescaped into the scratch buffer,
		// which the table's key must not view: its 2xx teaches the pair.
		// The next request names it unescaped, a view of the body buffer,
		// so that the scratch buffer does not hold it again meanwhile.
		form := "grant_type=client_credentials&client_id="
		origin := func(c string) string { return "https://" + c + ".example" }
		for _, c := range equalLengthClients {
			if w := postFrom(h, origin(c), form+c+"%2Dx"); w.Code != http.StatusOK {
				t.Fatalf("%s: %d", c, w.Code)
			}
		}
		states.scribble(t)
		// Each client's next request is over its limit of 1: its 429
		// carries the origin learned for it.
		for _, c := range equalLengthClients {
			w := postFrom(h, origin(c), form+c+"-x")
			if got := w.Header().Get("Access-Control-Allow-Origin"); w.Code != http.StatusTooManyRequests || got != origin(c) {
				t.Errorf("%s-x: %d, Access-Control-Allow-Origin %q; want 429 with %q, learned for it", c, w.Code, got, origin(c))
			}
		}
	})

	t.Run("resolver error log record", func(t *testing.T) {
		logs := &keptRecords{}
		f := newFixture(t, func(c *Config) {
			c.Logger = slog.New(logs)
			// errors.New keeps its string as it is: here one over the
			// pooled request body.
			c.UserResolver = func(_ *http.Request, tr *TokenRequest) (string, error) {
				return "", errors.New(tr.Param("refresh_token"))
			}
		})
		states := trackStates(f.lim)
		var want []string
		for _, rt := range []string{"rt-1", "rt-2", "rt-3"} {
			f.post("grant_type=refresh_token&client_id=app&refresh_token=" + rt)
			want = append(want, rt)
		}
		states.scribble(t)
		var got []string
		for i := range logs.recs {
			if logs.recs[i].Message == "user resolver failed" {
				got = append(got, logs.attr(i, "err"))
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("err of the kept log records %q, want %q", got, want)
		}
	})

	t.Run("user from a resolver", func(t *testing.T) {
		store := syncer.NewMemoryStore()
		f := newFixture(t, func(c *Config) {
			c.Store = store
			// The user is a parameter of the request, as sent: a string
			// over the pooled body (or scratch, when escaped).
			c.UserResolver = func(_ *http.Request, tr *TokenRequest) (string, error) {
				return tr.Param("user"), nil
			}
		})
		states := trackStates(f.lim)
		users := []string{"user-1", "user-2", "user%2D3"}
		for _, u := range users {
			if w := f.post("grant_type=refresh_token&client_id=app&refresh_token=r&user=" + u); w.Code != http.StatusOK {
				t.Fatalf("%s: %d", u, w.Code)
			}
		}
		checkStoredKeys(t, f, states, store, []cache.Key{{ClientID: "app", User: "user-1"}, {ClientID: "app", User: "user-2"}, {ClientID: "app", User: "user-3"}})
	})

	t.Run("user without a client ID", func(t *testing.T) {
		// The key (client "", user) is the user's name alone: nothing to
		// concatenate it with, so only an explicit copy keeps it.
		store := syncer.NewMemoryStore()
		f := newFixture(t, func(c *Config) { c.Store = store })
		states := trackStates(f.lim)
		for _, u := range []string{"u-1", "u-2", "u-3"} {
			if w := f.post("grant_type=password&username=" + u + "&password=p"); w.Code != http.StatusOK {
				t.Fatalf("%s: %d", u, w.Code)
			}
		}
		checkStoredKeys(t, f, states, store, []cache.Key{{User: "u-1"}, {User: "u-2"}, {User: "u-3"}})
	})

	t.Run("form parsed before the middleware", func(t *testing.T) {
		// readParsedForm encodes r.PostForm into the pooled body buffer,
		// and the key is a view of it until the cache copies it.
		store := syncer.NewMemoryStore()
		f := newFixture(t, func(c *Config) { c.Store = store })
		mw := f.h
		f.h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm() // a CSRF or audit middleware before the limiter
			mw.ServeHTTP(w, r)
		})
		states := trackStates(f.lim)
		for _, u := range []string{"pf-1", "pf-2", "pf%2D3"} {
			if w := f.post("grant_type=password&client_id=app&username=" + u + "&password=p"); w.Code != http.StatusOK {
				t.Fatalf("%s: %d", u, w.Code)
			}
		}
		checkStoredKeys(t, f, states, store, []cache.Key{{ClientID: "app", User: "pf-1"}, {ClientID: "app", User: "pf-2"}, {ClientID: "app", User: "pf-3"}})
	})

	t.Run("username mapped by NormalizeUsername", func(t *testing.T) {
		// AppendLower writes the user into the scratch buffer, and the
		// key is a view of it until the cache copies it.
		store := syncer.NewMemoryStore()
		f := newFixture(t, func(c *Config) { c.Store = store; c.NormalizeUsername = AppendLower })
		states := trackStates(f.lim)
		for _, u := range []string{"Alice", "BOB", "Carol%2B"} {
			if w := f.post("grant_type=password&client_id=app&username=" + u + "&password=p"); w.Code != http.StatusOK {
				t.Fatalf("%s: %d", u, w.Code)
			}
		}
		checkStoredKeys(t, f, states, store, []cache.Key{{ClientID: "app", User: "alice"}, {ClientID: "app", User: "bob"}, {ClientID: "app", User: "carol+"}})
	})

	t.Run("user attributed from the issued token", func(t *testing.T) {
		store := syncer.NewMemoryStore()
		var sub string
		f := newFixture(t, func(c *Config) { c.Store = store; c.AttributeIssued = true })
		states := trackStates(f.lim)
		// The sub is read from the held response (a pooled buffer) or, when
		// the JWT payload is decoded, from the scratch buffer.
		h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"access_token":"` + testJWT(map[string]any{"sub": sub}) + `","token_type":"Bearer"}`))
		}))
		f.h = h
		subs := []string{"sub-1", "sub-2", "sub-3"}
		for _, s := range subs {
			sub = s
			if w := f.post("grant_type=authorization_code&client_id=app&code=c"); w.Code != http.StatusOK || w.Header().Get("RateLimit") == "" {
				t.Fatalf("%s: %d %v", s, w.Code, w.Header())
			}
		}
		checkStoredKeys(t, f, states, store, []cache.Key{{ClientID: "app", User: "sub-1"}, {ClientID: "app", User: "sub-2"}, {ClientID: "app", User: "sub-3"}})
	})
}

// checkStoredKeys overwrites the pooled buffers, flushes f's limiter to
// store and checks that store holds exactly one token under each of want
// and nothing else.
func checkStoredKeys(t *testing.T, f *fixture, states *pooledStates, store *syncer.MemoryStore, want []cache.Key) {
	t.Helper()
	states.scribble(t)
	ctx := context.Background()
	if err := f.lim.syncer.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	docs, err := store.Load(ctx, want)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range docs {
		var n int64
		for _, fr := range d.Snapshot.Frames {
			n += fr.N
		}
		if n != 1 {
			t.Errorf("store: %+v holds %d, want 1", want[i], n)
		}
	}
}

// TestPooledStateKeepsNothingOutside: a request state goes back to the
// pool holding neither the connection's ResponseWriter (which the pool
// would keep alive, and a later request must never write to) nor the
// TokenRequest a UserResolver was handed: a resolver that kept it past
// the request, against TokenRequest's contract, reads nothing rather than
// the bytes of whatever request the buffer serves next.
func TestPooledStateKeepsNothingOutside(t *testing.T) {
	var kept []*TokenRequest
	f := newFixture(t, func(c *Config) {
		c.UserResolver = func(_ *http.Request, tr *TokenRequest) (string, error) {
			kept = append(kept, tr)
			return tr.Param("user"), nil
		}
	})
	states := trackStates(f.lim)
	for _, form := range []string{
		"grant_type=refresh_token&client_id=app&refresh_token=r&user=u-1",
		"grant_type=client_credentials&client_id=svc",
		"grant_type=authorization_code&client_id=web&code=c&user=u-2",
	} {
		if w := f.post(form); w.Code != http.StatusOK {
			t.Fatalf("%s: %d", form, w.Code)
		}
	}
	if len(kept) != 2 {
		t.Fatalf("resolver called %d times, want 2", len(kept))
	}
	for i, tr := range kept {
		if got := [3]string{tr.ClientID(), tr.GrantType(), tr.Param("user")}; got != [3]string{} {
			t.Errorf("TokenRequest %d kept past its request reads %q, want nothing", i, got)
		}
	}
	states.mu.Lock()
	defer states.mu.Unlock()
	for i, st := range states.all {
		if st.rw.ResponseWriter != nil {
			t.Errorf("pooled state %d holds the connection's ResponseWriter", i)
		}
	}
}
