package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// This file runs the share of a key that several instances count (README,
// "Several instances") through three server processes and the real store:
// syncer's TestShareHoldsBursts runs it in-process, on the memory store,
// in a synctest bubble.

// sharePolicy: 10 password tokens an hour per user, 100 client_credentials
// tokens an hour per client, no aggregate tier; a grant the limiter does
// not know costs a client's whole limit: the test sends one to make an
// instance read a key (see readAfterFlush). An hour, so that no frame
// boundary decays a count during the test (awayFromHourEnd).
const sharePolicy = `
mode: enforce
defaults:
  client:
    - limit: 100
      window: 1h
  user:
    - limit: 10
      window: 1h
  aggregate: []
costs:
  other: 100
`

// shareClients are the demo endpoint's clients of the test: a user and a
// client for each attempt at a case (see shareBurstAttempts).
const shareClients = `
clients:
  share-app:
    secret: share-app-secret
    users: {u1: pw1, u2: pw2, u3: pw3}
  share-service-1: {secret: share-secret}
  share-service-2: {secret: share-secret}
  share-service-3: {secret: share-secret}
`

// shareBurstAttempts is how many keys a case may try: a burst in which
// some process flushed is not the case (see shareFleet.burst) and is
// played again on a fresh key.
const shareBurstAttempts = 3

// TestThreeProcessesShareBursts: three server processes (the built-in demo
// endpoint, a 2 s sync interval) on one database, each counting the other
// two live, are sent a burst of token requests at once, spread evenly over
// them, and must hold it to the bound README states: "A burst that
// reaches every instance within a sync interval ... is held to what the
// store's counts leave, plus up to N − 1" (N = 3), and admit at least
// what the store's counts leave (the limit allows it: a test that refused
// everything must fail). Two cases, as in syncer's TestShareHoldsBursts:
//
//   - a user new to all three, limited to 10: 20 requests to each, 10 to
//     12 admitted (each its share of the limit before any has read the
//     others' counts, ⌈10/3⌉ = 4); without the share, 30;
//   - a client limited to 100 that has spent 20 through all three (7, 7
//     and 6), once each has read the store's 20 since its own flush: 100
//     requests to each, 80 to 82 admitted (⌈80/3⌉ = 27 each); without the
//     share, 240.
//
// A burst is bounded only until an instance reads what another flushed
// during it (a new share): the burst is started where, by the period and
// the last flush each process reports, none of them flushes for a while,
// and a burst during which one did after all is played again on a fresh
// key, up to shareBurstAttempts times. Each burst is checked against the
// store after all three have stopped: the key's document holds every
// token admitted.
func TestThreeProcessesShareBursts(t *testing.T) {
	const every = 2 * time.Second
	awayFromHourEnd(t, time.Minute)
	f := startShareFleet(t, every)

	t.Run("a user new to every instance", func(t *testing.T) {
		const limit, perProc = 10, 20
		for attempt := range shareBurstAttempts {
			user := fmt.Sprintf("u%d", attempt+1)
			form := url.Values{"grant_type": {"password"}, "username": {user}, "password": {"pw" + user[1:]}}
			b := f.burst(t, perProc, func(base string) (*http.Request, error) {
				return tokenRequest(base, "share-app", "share-app-secret", form)
			})
			f.admitted[cache.Key{ClientID: "share-app", User: user}] = b.total()
			if b.flushedIn != "" {
				t.Logf("attempt %d (%s): %d admitted (%v), but %s flushed during the burst (%v): played again on a fresh user", attempt+1, user, b.total(), b.admitted, b.flushedIn, b.took.Round(time.Millisecond))
				continue
			}
			// Each process shares the new user among the instances it
			// counts live (cache.Cache.SetLiveInstances); one that
			// counted fewer than three, a peer's beats late on a
			// loaded machine, shares among fewer, as README says, and
			// the burst is not the case either.
			views, allLive := f.writersViews(t, "share-app", user)
			if !allLive || b.notLive != "" {
				t.Logf("attempt %d (%s): %d admitted (%v), but not every process counted three live (before the burst: %q fewer; after:\n  %s)", attempt+1, user, b.total(), b.admitted, b.notLive, strings.Join(views, "\n  "))
				continue
			}
			t.Logf("after the burst:\n  %s", strings.Join(views, "\n  "))
			b.check(t, limit, limit+2)
			return
		}
		t.Fatalf("in each of %d bursts a process flushed or counted fewer than three live: none could be checked", shareBurstAttempts)
	})

	t.Run("a client with 80 of 100 left", func(t *testing.T) {
		const limit, spent, perProc = 100, 20, 100
		left := limit - spent
		for attempt := range shareBurstAttempts {
			client := fmt.Sprintf("share-service-%d", attempt+1)
			k := cache.Key{ClientID: client}
			commits := make([]int, len(f.procs))
			for i := range spent {
				p := f.procs[i%len(f.procs)]
				if status, body := p.token(t, client, "share-secret"); status != http.StatusOK {
					t.Fatalf("%s: request %d of the %d spent first: %d %s", p.instance, i, spent, status, body)
				}
				commits[i%len(f.procs)]++
			}
			pollUntil(t, 5*every, fmt.Sprintf("the store to hold the %d spent", spent), func() bool {
				d, _ := readDoc(t, f.srv, f.db, "counters", k)
				return d.sum() == int64(spent)
			})
			pokes, views, took := f.readAfterFlush(t, client, spent, left)
			t.Logf("%d spent through all three (%v); %v later each had read them, after %v requests refused:\n  %s",
				spent, commits, took.Round(time.Millisecond), pokes, strings.Join(views, "\n  "))
			b := f.burst(t, perProc, func(base string) (*http.Request, error) {
				return tokenRequest(base, client, "share-secret", url.Values{"grant_type": {"client_credentials"}})
			})
			f.admitted[k] = int64(spent) + b.total()
			if b.flushedIn != "" {
				t.Logf("attempt %d (%s): %d admitted (%v), but %s flushed during the burst (%v): played again on a fresh client", attempt+1, client, b.total(), b.admitted, b.flushedIn, b.took.Round(time.Millisecond))
				continue
			}
			b.check(t, left, left+2)
			return
		}
		t.Fatalf("a process flushed during each of %d bursts: none could be checked", shareBurstAttempts)
	})

	for _, p := range f.procs {
		p.stop(t)
	}
	keys := make([]cache.Key, 0, len(f.admitted))
	for k := range f.admitted {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b cache.Key) int { return strings.Compare(a.ClientID+"/"+a.User, b.ClientID+"/"+b.User) })
	for _, k := range keys {
		d, _ := readDoc(t, f.srv, f.db, "counters", k)
		if d.sum() != f.admitted[k] {
			t.Errorf("%s/%s: the store holds %d after all three stopped, want the %d admitted", k.ClientID, k.User, d.sum(), f.admitted[k])
		}
	}
}

// shareFleet is the three processes of TestThreeProcessesShareBursts.
type shareFleet struct {
	srv      *mongoServer
	db       string
	every    time.Duration // their sync interval
	procs    []*serverProc
	client   *http.Client        // for the bursts: a connection per request, kept
	admitted map[cache.Key]int64 // tokens issued per key, for the check against the store
}

// startShareFleet starts three processes with sync interval every on a
// fresh database (through the serializing wire proxy on FerretDB, as
// TestTwoServerProcesses) and waits until each counts all three live.
func startShareFleet(t *testing.T, every time.Duration) *shareFleet {
	t.Helper()
	srv := server(t)
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "share")
	dir := t.TempDir()
	policy, clients, token := filepath.Join(dir, "policy.yaml"), filepath.Join(dir, "clients.yaml"), filepath.Join(dir, "admin-token")
	for f, data := range map[string]string{policy: sharePolicy, clients: shareClients, token: adminToken + "\n"} {
		if err := os.WriteFile(f, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	f := &shareFleet{
		srv: srv, db: db, every: every,
		client:   &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}},
		admitted: map[cache.Key]int64{},
	}
	t.Cleanup(f.client.CloseIdleConnections)
	for _, name := range []string{"shareA", "shareB", "shareC"} {
		f.procs = append(f.procs, startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", every.String(), "--policy", policy, "--demo-clients", clients, "--admin-token-file", token))
	}
	start := time.Now()
	for _, p := range f.procs {
		pollUntil(t, 10*every, p.instance+" to count three live instances", func() bool {
			return p.metric(t, "oauth_ratelimit_live_instances") == float64(len(f.procs))
		})
	}
	t.Logf("%s: 3 processes, sync interval %v; each counted all three live %v after the last started",
		srv.name, every, time.Since(start).Round(time.Millisecond))
	return f
}

// burstResult is what a burst admitted on each process, and whether one of
// them flushed during it.
type burstResult struct {
	admitted  []int64
	took      time.Duration // from the first request sent to the last answer
	flushedIn string        // a process that flushed during the burst; "" if none
	// notLive names a process that counted fewer than all live just
	// before the burst; "" if none.
	notLive string
}

func (b burstResult) total() int64 {
	var n int64
	for _, a := range b.admitted {
		n += a
	}
	return n
}

// check fails t unless the burst admitted lo to hi in all.
func (b burstResult) check(t *testing.T, lo, hi int) {
	t.Helper()
	t.Logf("%d admitted (%v on the %d processes) in a burst of %v; want %d to %d", b.total(), b.admitted, len(b.admitted), b.took.Round(time.Millisecond), lo, hi)
	if n := b.total(); n < int64(lo) || n > int64(hi) {
		t.Errorf("the burst admitted %d across the %d processes, want %d to %d (README, Several instances: what the store's counts leave, plus up to N − 1)", n, len(b.admitted), lo, hi)
	}
}

// burst sends perProc requests made by newReq to each process at once,
// within a stretch in which, by the sync interval and the last flush each
// reports, none of them flushes, and returns what each admitted. A process
// that flushed during it after all (a flush is late by its duration, and
// one that ran long delays the next; the sync of keys near their limit
// every half interval, which a burst's refusals make near, is not
// predicted) is named in flushedIn: another process could then read its
// counts within the burst and take a new share (the README's bound holds
// from one read to the next).
func (f *shareFleet) burst(t *testing.T, perProc int, newReq func(base string) (*http.Request, error)) burstResult {
	t.Helper()
	// One connection per request, dialed before: the burst is the
	// requests, not the dials.
	var warm sync.WaitGroup
	for _, p := range f.procs {
		for range perProc {
			warm.Go(func() {
				if resp, err := f.client.Get(p.URL + "/"); err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			})
		}
	}
	warm.Wait()

	// Quiet for a third of the interval: the three processes' flushes
	// leave at least that much between two of them.
	const margin = 100 * time.Millisecond
	at := f.quietAt(t, f.every/3-2*margin, margin)
	time.Sleep(time.Until(at))

	res := burstResult{admitted: make([]int64, len(f.procs))}
	var (
		mu   sync.Mutex
		errs []string
		wg   sync.WaitGroup
	)
	gate := make(chan struct{})
	for i, p := range f.procs {
		for range perProc {
			req, err := newReq(p.URL)
			if err != nil {
				t.Fatal(err)
			}
			wg.Go(func() {
				<-gate
				resp, err := f.client.Do(req)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					errs = append(errs, fmt.Sprintf("%s: %v", p.instance, err))
					return
				case resp.StatusCode == http.StatusOK:
					res.admitted[i]++
				case resp.StatusCode != http.StatusTooManyRequests:
					body, _ := io.ReadAll(resp.Body)
					errs = append(errs, fmt.Sprintf("%s: %d %s", p.instance, resp.StatusCode, body))
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			})
		}
	}
	// Each process's live count just before the burst; writersViews reads
	// it just after. It changes only at a process's beat, one an interval:
	// the two reads, within an interval, see any dip during the burst.
	for _, p := range f.procs {
		if p.metric(t, "oauth_ratelimit_live_instances") != float64(len(f.procs)) {
			res.notLive = p.instance
		}
	}
	start := time.Now()
	close(gate)
	wg.Wait()
	end := time.Now()
	res.took = end.Sub(start)
	if len(errs) > 0 {
		t.Fatalf("%d requests of the burst neither admitted nor refused with 429, first: %s", len(errs), errs[0])
	}
	for _, p := range f.procs {
		if last := p.lastFlush(t); last.After(start) && last.Before(end) {
			res.flushedIn = p.instance
		}
	}
	return res
}

// quietAt returns the earliest time from now at which, by the sync
// interval and the start of the last flush each process reports, none
// flushes within margin before it or need plus margin after.
func (f *shareFleet) quietAt(t *testing.T, need, margin time.Duration) time.Time {
	t.Helper()
	now := time.Now()
	var next []time.Time // the next two flushes of each process
	for _, p := range f.procs {
		n := p.lastFlush(t).Add(f.every)
		if n.Before(now) { // a flush is due, or the process has not flushed yet
			n = n.Add((now.Sub(n)/f.every + 1) * f.every)
		}
		next = append(next, n, n.Add(f.every))
	}
	candidates := []time.Time{now.Add(10 * time.Millisecond)}
	for _, n := range next {
		candidates = append(candidates, n.Add(margin+time.Millisecond))
	}
	slices.SortFunc(candidates, time.Time.Compare)
	for _, c := range candidates {
		if !slices.ContainsFunc(next, func(n time.Time) bool { return n.After(c.Add(-margin)) && n.Before(c.Add(need+margin)) }) {
			return c
		}
	}
	t.Fatalf("no stretch of %v without a flush in the next two sync intervals (flushes at %v)", need, next)
	return time.Time{}
}

// readAfterFlush waits until every process has flushed its part of client's
// spent tokens and read the store's counts since, with the writers all
// three: a process whose last snapshot of the key came from its own flush
// has a share the smaller by what it flushed (its own flushes bring no new
// share), and reads the key again only after its next use. So a process
// not there yet is sent a request the limiter refuses, at most one a sync
// interval: a grant it does not know, which costs the whole limit. It uses
// the key (read at the next pull, and, near its limit, at every pull
// while used lately) and spends nothing. Not a request the endpoint
// refuses (a wrong secret): once some of a key's recent requests on an
// instance were released, its reservations in flight count against the
// share only in the part that was committed (cache's reservedShare,
// rounded up since this test found it rounded down, which let a
// concurrent burst take one more than the share), and the test's bounds
// would hang on how the releases weigh. The wait does not depend on the share: what a process
// must show left is the share of left among the writers if it says it
// shares the key, else left, so that without the share the test goes on
// to measure the burst. It returns the requests sent to each, the last
// views and how long it took.
func (f *shareFleet) readAfterFlush(t *testing.T, client string, spent, left int) (pokes []int, views []string, took time.Duration) {
	t.Helper()
	pokes = make([]int, len(f.procs))
	poked := make([]time.Time, len(f.procs))
	views = make([]string, len(f.procs))
	start := time.Now()
	ok := waitFor(8*f.every, func() bool {
		done := true
		for i, p := range f.procs {
			v, writers, ok := p.shareView(t, client)
			views[i] = fmt.Sprintf("%s: writers %d, %+v", p.instance, writers, v)
			want := int64(left)
			if v.Shared {
				want = int64((left + writers - 1) / max(writers, 1))
			}
			if ok && v.Global.Current == int64(spent) && v.Local.Current == 0 && writers == len(f.procs) && v.Remaining == want {
				continue
			}
			done = false
			if time.Since(poked[i]) < f.every {
				continue
			}
			poked[i] = time.Now()
			pokes[i]++
			form := url.Values{"grant_type": {"urn:example:share-test"}}
			req, err := tokenRequest(p.URL, client, "share-secret", form)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := httpClient.Do(req)
			if err != nil {
				t.Fatalf("%s: %v", p.instance, err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("%s: a grant costing the whole limit: %d %s, want 429", p.instance, resp.StatusCode, body)
			}
		}
		return done
	})
	if !ok {
		t.Fatalf("not every process read the store's %d after its own flush within %v (%v requests refused), or none shows the share of %d left among 3 writers:\n  %s",
			spent, 8*f.every, pokes, left, strings.Join(views, "\n  "))
	}
	return pokes, views, time.Since(start)
}

// lastFlush returns the start of p's last flush.
func (p *serverProc) lastFlush(t *testing.T) time.Time {
	t.Helper()
	s := p.metric(t, "oauth_ratelimit_sync_last_flush_timestamp_seconds")
	return time.Unix(0, int64(s*1e9))
}

// shareView is the part of GET /admin/keys/{client} the share test reads.
type shareView struct {
	Snapshot struct {
		Writers int `json:"writers"`
	} `json:"snapshot"`
	Tiers []shareTierView `json:"tiers"`
}

type shareTierView struct {
	Global struct {
		Current int64 `json:"current"`
	} `json:"global"`
	Local struct {
		Current int64 `json:"current"`
	} `json:"local"`
	Remaining int64 `json:"remaining"`
	Shared    bool  `json:"shared"`
}

// shareView returns p's view of client's per-client key (one tier), and
// false if p does not hold it.
func (p *serverProc) shareView(t *testing.T, client string) (shareTierView, int, bool) {
	t.Helper()
	path := "/admin/keys/" + url.PathEscape(client)
	status, body := p.admin(t, http.MethodGet, path, "")
	if status == http.StatusNotFound {
		return shareTierView{}, 0, false
	}
	var v shareView
	if err := json.Unmarshal(body, &v); status != http.StatusOK || err != nil || len(v.Tiers) != 1 {
		t.Fatalf("%s: GET %s: %d %s (%v)", p.instance, path, status, body, err)
	}
	return v.Tiers[0], v.Snapshot.Writers, true
}

// writersViews returns, for each process, the instances it counts live
// and the writers it shares client's user among (GET
// /admin/keys/{client}/{user}), and whether every one counts all the
// processes live.
func (f *shareFleet) writersViews(t *testing.T, client, user string) (views []string, allLive bool) {
	t.Helper()
	allLive = true
	for _, p := range f.procs {
		live := p.metric(t, "oauth_ratelimit_live_instances")
		allLive = allLive && live == float64(len(f.procs))
		path := "/admin/keys/" + url.PathEscape(client) + "/" + url.PathEscape(user)
		status, body := p.admin(t, http.MethodGet, path, "")
		var v struct {
			Snapshot struct {
				Writers int  `json:"writers"`
				Assumed bool `json:"writers_assumed"`
			} `json:"snapshot"`
		}
		if err := json.Unmarshal(body, &v); status != http.StatusOK || err != nil {
			t.Fatalf("%s: GET %s: %d %s (%v)", p.instance, path, status, body, err)
		}
		views = append(views, fmt.Sprintf("%s: %v live, writers %d (assumed %v)", p.instance, live, v.Snapshot.Writers, v.Snapshot.Assumed))
	}
	return views, allLive
}

// tokenRequest is a token request to base of client with HTTP Basic
// credentials and form.
func tokenRequest(base, client, secret string, form url.Values) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, base+"/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(client, secret)
	return req, nil
}
