package oauthratelimit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// logBuffer is a log written to by several goroutines (an instance's Run
// and the test).
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// installs returns the "policy installed" records logged since the last
// call, without time and level, and forgets the log.
func (l *logBuffer) installs(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(l.b.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] == "policy installed" {
			delete(rec, "time")
			delete(rec, "level")
			delete(rec, "msg")
			out = append(out, rec)
		}
	}
	l.b.Reset()
	return out
}

// rec is a log record as JSON decodes it.
type rec = map[string]any

// list is a log value of a []string, as JSON decodes it.
func list(s ...string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// TestInstallLogsChanges: each install of a policy logs what it changed
// against the one before, bounded; an install that changed nothing says
// so. An outside audit found a reload that lowered a client's limit
// logged exactly as the one that raised it again.
func TestInstallLogsChanges(t *testing.T) {
	logs := &logBuffer{}
	f := newFixture(t, func(c *Config) { c.Logger = newJSONLogger(logs) })
	if got := logs.installs(t); len(got) != 1 || got[0]["changed"] != nil {
		t.Fatalf("the first install: %v, want one record without changed", got)
	}
	withDemo := func(limit int64) *policy.Policy {
		s := testPolicy()
		s.Clients["demo-service"] = policy.Override{Client: []policy.Tier{{Limit: limit, Size: time.Minute}}}
		return mustPolicy(t, s)
	}
	many := testPolicy()
	for i := range 50 {
		many.Clients[fmt.Sprintf("new-%02d", i)] = policy.Override{}
	}
	base := rec{"why": "policy set", "source": "policy.New", "mode": "enforce", "clients": 7.0}
	with := func(r rec, kv ...any) rec {
		out := rec{}
		for k, v := range r {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	steps := []struct {
		name string
		do   func() error
		want rec
	}{
		{"a client added", func() error { return f.lim.SetPolicy(withDemo(1000)) },
			with(base, "changed", true, "clients_added", 1.0, "client_changes", list("added demo-service: client 3/1m -> 1000/1m"))},
		{"its limit lowered", func() error { return f.lim.SetPolicy(withDemo(30)) },
			with(base, "changed", true, "clients_changed", 1.0, "client_changes", list("demo-service: client 1000/1m -> 30/1m"))},
		{"raised again", func() error { return f.lim.SetPolicy(withDemo(1000)) },
			with(base, "changed", true, "clients_changed", 1.0, "client_changes", list("demo-service: client 30/1m -> 1000/1m"))},
		{"the same policy again", func() error { return f.lim.SetPolicy(withDemo(1000)) },
			with(base, "changed", false)},
		{"the mode switched", func() error { return f.lim.SetMode(policy.ModeDryRun) },
			with(base, "why", "mode set", "mode", "dry-run", "changed", true, "defaults_changed", list("mode enforce -> dry-run"), "clients_following_defaults", 6.0)},
		{"and cleared", f.lim.ClearMode,
			with(base, "why", "mode cleared", "changed", true, "defaults_changed", list("mode dry-run -> enforce"), "clients_following_defaults", 6.0)},
		{"fifty clients added, one removed: ten listed", func() error { return f.lim.SetPolicy(mustPolicy(t, many)) },
			with(base, "clients", 56.0, "changed", true, "clients_added", 50.0, "clients_removed", 1.0, "clients_unlisted", 41.0, "client_changes", list(
				"removed demo-service: client 1000/1m -> 3/1m", "added new-00", "added new-01", "added new-02", "added new-03",
				"added new-04", "added new-05", "added new-06", "added new-07", "added new-08"))},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got := logs.installs(t)
		if len(got) != 1 || !reflect.DeepEqual(got[0], s.want) {
			t.Errorf("%s: logged\n%v\nwant one record\n%v", s.name, got, s.want)
		}
	}
}

// TestInstallLogsOverridesOnEveryInstance: an instance that picks up a
// runtime override or the shared mode through the store logs which
// override changed (version, writer, fields) and what it changed in the
// rules, as the instance that was asked does.
func TestInstallLogsOverridesOnEveryInstance(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		defer wg.Wait()
		defer cancel()
		store := syncer.NewMemoryStore()
		start := func(name string) (*Limiter, *logBuffer) {
			logs := &logBuffer{}
			in := startInstance(t, ctx, &wg, store, name, func(c *Config) { c.Logger = newJSONLogger(logs) })
			return in.lim, logs
		}
		a, alogs := start("a")
		b, blogs := start("b")
		pull := func() { time.Sleep(1100 * time.Millisecond); synctest.Wait() }
		pull()
		alogs.installs(t)
		blogs.installs(t)
		v := func(n int64) string { return strconv.FormatInt(n, 10) }
		read := rec{"why": "overrides read", "source": "policy.New", "mode": "enforce", "clients": 7.0, "changed": true} // testPolicy's six and svc
		with := func(kv ...any) rec {
			out := rec{}
			for k, v := range read {
				out[k] = v
			}
			for i := 0; i < len(kv); i += 2 {
				out[kv[i].(string)] = kv[i+1]
			}
			return out
		}
		expect := func(step string, want rec) {
			t.Helper()
			for name, logs := range map[string]*logBuffer{"a": alogs, "b": blogs} {
				if got := logs.installs(t); len(got) != 1 || !reflect.DeepEqual(got[0], want) {
					t.Errorf("%s, on %s: logged\n%v\nwant one record\n%v", step, name, got, want)
				}
			}
		}

		st1, err := a.PutOverride(ctx, "svc", policy.RuntimeOverride{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}})
		if err != nil {
			t.Fatal(err)
		}
		pull()
		expect("an override added", with("clients_added", 1.0,
			"client_changes", list("added svc: client 3/1m -> 1/1m"),
			"override_changes", list("svc set v"+v(st1.Version)+" by a: client")))

		time.Sleep(time.Second) // a later version
		st2, err := b.PutOverride(ctx, "svc", policy.RuntimeOverride{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}, Mode: new(policy.ModeDryRun)})
		if err != nil {
			t.Fatal(err)
		}
		pull()
		expect("the override changed through b", with("clients_changed", 1.0,
			"client_changes", list("svc: mode enforce -> dry-run"),
			"override_changes", list("svc set v"+v(st2.Version)+" by b (was v"+v(st1.Version)+" by a): mode, client")))

		if err := a.SetSharedMode(ctx, policy.ModeDryRun); err != nil {
			t.Fatal(err)
		}
		pull()
		var global int64
		for _, o := range b.Overrides() {
			if o.Client == syncer.GlobalOverride {
				global = o.Version
			}
		}
		expect("the shared mode", with("mode", "dry-run", "defaults_changed", list("mode enforce -> dry-run"),
			"clients_following_defaults", 5.0, "override_changes", list("global mode set v"+v(global)+" by a: mode")))

		if err := a.DeleteOverride(ctx, "svc"); err != nil {
			t.Fatal(err)
		}
		pull()
		expect("the override deleted", with("clients", 6.0, "mode", "dry-run", "clients_removed", 1.0,
			"client_changes", list("removed svc: client 1/1m -> 3/1m"),
			"override_changes", list("svc deleted (was v"+v(st2.Version)+" by b)")))
	})
}

// TestOverrideChanges: the override lines of an install's log, bounded.
func TestOverrideChanges(t *testing.T) {
	ov := func(client string, version int64, by, spec, skipped string) OverrideState {
		return OverrideState{Override: syncer.Override{Client: client, Version: version, By: by, Spec: []byte(spec)}, Error: skipped}
	}
	svc1 := ov("svc", 1, "a", `{"client":[{"limit":1,"window":"1m"}]}`, "")
	var many []OverrideState
	for i := range 25 {
		many = append(many, ov(fmt.Sprintf("c%02d", i), 1, "a", `{"trusted":true}`, ""))
	}
	cases := []struct {
		name     string
		was, now []OverrideState
		want     []string
		more     int
	}{
		{"none", nil, nil, nil, 0},
		{"the same set read again", []OverrideState{svc1}, []OverrideState{svc1}, nil, 0},
		{"added", nil, []OverrideState{svc1}, []string{"svc set v1 by a: client"}, 0},
		{"the global mode added", []OverrideState{svc1}, []OverrideState{ov("", 7, "b", `{"mode":"dry-run"}`, ""), svc1},
			[]string{"global mode set v7 by b: mode"}, 0},
		{"replaced", []OverrideState{svc1}, []OverrideState{ov("svc", 2, "b", `{"mode":"enforce","soft_limit":0.5}`, "")},
			[]string{"svc set v2 by b (was v1 by a): mode, soft_limit"}, 0},
		{"deleted", []OverrideState{ov("old", 3, "c", `{}`, ""), svc1}, []OverrideState{svc1}, []string{"old deleted (was v3 by c)"}, 0},
		{"now skipped (a reload made it uncompilable)", []OverrideState{svc1}, []OverrideState{ov("svc", 1, "a", string(svc1.Spec), "too many windows")},
			[]string{"svc set v1 by a: client (skipped here)"}, 0},
		{"unreadable", nil, []OverrideState{ov("new", 4, "z", `{"burst":5}`, "unknown field")}, []string{"new set v4 by z: unreadable (skipped here)"}, 0},
		{"in any order", []OverrideState{ov("b", 1, "a", `{}`, ""), ov("a", 1, "a", `{}`, "")}, []OverrideState{ov("c", 1, "a", `{}`, ""), ov("a", 1, "a", `{}`, "")},
			[]string{"b deleted (was v1 by a)", "c set v1 by a: no fields"}, 0},
		{"bounded", nil, many, []string{"c00 set v1 by a: trusted", "c01 set v1 by a: trusted", "c02 set v1 by a: trusted"}, 22},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got, more := overrideChanges(tt.was, tt.now, 3)
			if !reflect.DeepEqual(got, tt.want) || more != tt.more {
				t.Errorf("got %q and %d more, want %q and %d", got, more, tt.want, tt.more)
			}
		})
	}
}

// TestInstallLogsPolicyGaugeCap: the install log says when the policy has
// more clients than Config.PolicyGaugeClients (--policy-gauge-clients),
// so that only the clients counted here have the policy gauges: an
// operator saw the idle clients' limit lines vanish at a reload with
// nothing in the log to say why (helper-102).
func TestInstallLogsPolicyGaugeCap(t *testing.T) {
	spec := func(clients int) policy.Spec {
		s := policy.Spec{Mode: policy.ModeEnforce, Clients: map[string]policy.Override{}}
		for i := range clients {
			s.Clients["c"+strconv.Itoa(i)] = policy.Override{}
		}
		return s
	}
	for _, tc := range []struct {
		name         string
		clients, cap int // cap: Config.PolicyGaugeClients
		noMetrics    bool
		want         rec // the attributes of the gauges
	}{
		{"at the cap", 3, 3, false, rec{}},
		{"over it", 4, 3, false, rec{"policy_gauges": "counted_clients_only", "policy_gauge_clients": 3.0}},
		{"none up front", 1, -1, false, rec{"policy_gauges": "counted_clients_only", "policy_gauge_clients": 0.0}},
		{"the default, 1000", 1001, 0, false, rec{"policy_gauges": "counted_clients_only", "policy_gauge_clients": 1000.0}},
		{"no metrics", 4, 3, true, rec{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := &logBuffer{}
			newFixture(t, func(c *Config) {
				c.Logger, c.Policy, c.PolicyGaugeClients = newJSONLogger(logs), mustPolicy(t, spec(tc.clients)), tc.cap
				if tc.noMetrics {
					c.Registerer = nil
				}
			})
			got := logs.installs(t)
			if len(got) != 1 {
				t.Fatalf("%d install records, want 1", len(got))
			}
			if got[0]["clients"] != float64(tc.clients) {
				t.Errorf("clients %v, want %d", got[0]["clients"], tc.clients)
			}
			gauges := rec{}
			for _, k := range []string{"policy_gauges", "policy_gauge_clients"} {
				if v, ok := got[0][k]; ok {
					gauges[k] = v
				}
			}
			if !reflect.DeepEqual(gauges, tc.want) {
				t.Errorf("logged %v, want %v", gauges, tc.want)
			}
		})
	}
}
