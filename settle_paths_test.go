package oauthratelimit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestEveryPathSettlesEachReservationOnce runs token requests down every
// path the middleware decides by (client_credentials; a password grant,
// its user's key and then the client's aggregate, which may deny and
// release the user's count; a user grant whose user is known only from the
// issued token, the aggregate before and the attributed user after; a
// refresh token) in enforce, dry-run and trusted rules, with and without
// AttributeIssued, and every way the token endpoint can end (issued,
// refused, failed, a panic after a 2xx status, a panic before any). The
// verdict reserves each decision into its pooled place (verdict.decide,
// cache.ReserveTo): after every request no reservation may be left open
// (Cache.InFlight), and at the end each key must hold exactly the tokens
// issued on it, none dropped, none counted twice.
func TestEveryPathSettlesEachReservationOnce(t *testing.T) {
	minute := func(n int64) []policy.Tier { return []policy.Tier{{Limit: n, Size: time.Minute}} }
	spec := policy.Spec{
		Mode:     policy.ModeEnforce,
		Defaults: policy.Defaults{Client: minute(3), User: minute(2)},
		Clients: map[string]policy.Override{
			"agg":         {Aggregate: minute(3)},
			"agg-dry":     {Aggregate: minute(3), Mode: new(policy.ModeDryRun)},
			"agg-trusted": {Aggregate: minute(3), Trusted: true},
		},
	}
	clients := []string{"plain", "agg", "agg-dry", "agg-trusted"}
	grants := []string{"client_credentials", "password", "authorization_code", "refresh_token"}
	type outcome struct {
		name   string
		form   string // added to the body: the fake endpoint's answer
		panic  string // "after": a panic after a 200 status; "before": before any
		issued bool
	}
	outcomes := []outcome{
		{"issued", "", "", true},
		{"refused", "&client_secret=wrong", "", false},
		{"failed", "&status=500", "", false},
		{"panic after 200", "", "after", true},
		{"panic before a status", "", "before", false},
	}
	for _, attribute := range []bool{false, true} {
		t.Run(fmt.Sprintf("attribute=%v", attribute), func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.Policy = mustPolicy(t, spec)
				c.AttributeIssued = attribute
			})
			var reached bool
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				reached = true
				switch r.Header.Get("X-Test-Panic") {
				case "after":
					w.WriteHeader(http.StatusOK)
					panic(http.ErrAbortHandler)
				case "before":
					panic(http.ErrAbortHandler)
				}
				f.ep.ServeHTTP(w, r)
			}))
			want := map[[2]string]int64{} // tokens issued on each key (client, user)
			denied := map[string]int{}
			for round := range 6 {
				for _, client := range clients {
					for _, grant := range grants {
						for _, o := range outcomes {
							user := fmt.Sprintf("u%d", round%4)
							body := "grant_type=" + grant + "&client_id=" + client
							switch grant {
							case "password":
								body += "&username=" + user
							case "authorization_code":
								body += "&code=c"
							case "refresh_token":
								body += "&refresh_token=rt-" + user
							}
							body += o.form
							r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
							r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
							if o.panic != "" {
								r.Header.Set("X-Test-Panic", o.panic)
							}
							reached = false
							func() {
								defer func() {
									if p := recover(); p != nil && p != http.ErrAbortHandler {
										t.Fatalf("%s %s %s: panic %v", client, grant, o.name, p)
									}
								}()
								h.ServeHTTP(httptest.NewRecorder(), r)
							}()
							if cost, keys := f.lim.cache.InFlight(); cost != 0 {
								t.Fatalf("round %d, %s %s %s: %d reserved on %d keys after the request, want every reservation settled", round, client, grant, o.name, cost, keys)
							}
							if !reached {
								denied[client]++
								continue
							}
							if !o.issued {
								continue
							}
							if grant == "client_credentials" || client != "plain" {
								// The per-client key: the client's grants, and
								// the user grants of a client with an aggregate.
								want[[2]string{client, ""}]++
							}
							switch {
							case grant == "password":
								want[[2]string{client, user}]++
							case grant != "client_credentials" && attribute:
								// The fake endpoint's token names the client
								// as its sub when no username was sent; the
								// answer is read only if it was not aborted.
								if o.panic == "" {
									want[[2]string{client, client}]++
								}
							}
						}
					}
				}
			}
			if denied["agg"] == 0 || denied["plain"] == 0 {
				t.Errorf("denied %v: the enforcing clients were never denied, so the denial paths did not run", denied)
			}
			if denied["agg-dry"] != 0 || denied["agg-trusted"] != 0 {
				t.Errorf("denied %v: dry-run and trusted clients must never be", denied)
			}
			for k, n := range want {
				ks, ok := f.lim.KeyState(k[0], k[1], f.clk.Now())
				if !ok {
					t.Errorf("key %q: not held, want %d tokens counted", k, n)
					continue
				}
				for _, ts := range ks.Tiers {
					if ts.Used != n || ts.Reserved != 0 {
						t.Errorf("key %q, %s tier %v: used %d (reserved %d), want the %d tokens issued on it", k, ts.Scope, ts.Tier, ts.Used, ts.Reserved, n)
					}
				}
			}
		})
	}
}
