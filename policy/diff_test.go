package policy_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// diffBase is the policy most cases of TestDiff change.
const diffBase = `
mode: enforce
defaults:
  client: [{limit: 600, window: 1m}, {limit: 20000, window: 1h}]
  user: [{limit: 60, window: 1m}]
clients:
  demo-service: {client: [{limit: 1000, window: 1m}]}
  follower: {}
  own-mode: {mode: enforce}
`

func mustParse(t *testing.T, yaml string) *policy.Policy {
	t.Helper()
	p, err := policy.Parse("p.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// changesOf is a Changes as comparable strings.
type changesOf struct {
	defaults, clients                  string
	added, removed, changed, following int
	unlisted                           int
}

func flatten(c policy.Changes) changesOf {
	var ds, cs []string
	for _, d := range c.Defaults {
		ds = append(ds, d.String())
	}
	for _, cc := range c.Clients {
		cs = append(cs, cc.String())
	}
	return changesOf{strings.Join(ds, " | "), strings.Join(cs, " | "), c.Added, c.Removed, c.Changed, c.Following, c.Unlisted()}
}

func TestDiff(t *testing.T) {
	base := func(t *testing.T) *policy.Policy { return mustParse(t, diffBase) }
	edit := func(old, new string) func(t *testing.T) *policy.Policy {
		return func(t *testing.T) *policy.Policy {
			t.Helper()
			if !strings.Contains(diffBase, old) {
				t.Fatalf("%q is not in diffBase", old)
			}
			return mustParse(t, strings.Replace(diffBase, old, new, 1))
		}
	}
	minute := func(n int64) []policy.Tier { return []policy.Tier{{Limit: n, Size: time.Minute}} }
	overrides := func(p func(*testing.T) *policy.Policy, os map[string]policy.RuntimeOverride) func(t *testing.T) *policy.Policy {
		return func(t *testing.T) *policy.Policy { return p(t).WithOverrides(os) }
	}
	cases := []struct {
		name     string
		from, to func(t *testing.T) *policy.Policy
		want     changesOf
	}{
		{"the same file read again", base, base, changesOf{}},
		{"a comment added", base, edit("clients:", "# a comment\nclients:"), changesOf{}},
		{"a client's limit lowered", base, edit("limit: 1000,", "limit: 30,"),
			changesOf{clients: "demo-service: client 1000/1m -> 30/1m", changed: 1}},
		{"and raised again", edit("limit: 1000,", "limit: 30,"), base,
			changesOf{clients: "demo-service: client 30/1m -> 1000/1m", changed: 1}},
		{"a tier added to a client", base, edit("{client: [{limit: 1000, window: 1m}]}", "{client: [{limit: 1000, window: 1m}, {limit: 5000, window: 1h}]}"),
			changesOf{clients: "demo-service: client 1000/1m -> 1000/1m,5000/1h", changed: 1}},
		{"the global mode in the file: the clients without a mode follow", base, edit("mode: enforce\n", "mode: dry-run\n"),
			changesOf{defaults: "mode enforce -> dry-run", following: 2}},
		{"the global mode switched (WithMode)", base, func(t *testing.T) *policy.Policy { return base(t).WithMode(policy.ModeDryRun) },
			changesOf{defaults: "mode enforce -> dry-run", following: 2}},
		{"a default tier: demo-service's own client tiers stay", base, edit("{limit: 600, window: 1m}", "{limit: 300, window: 1m}"),
			changesOf{defaults: "client 600/1m,20000/1h -> 300/1m,20000/1h", following: 2}},
		{"defaults' soft limit, outage, aggregate and a cost", base,
			edit("  user: [{limit: 60, window: 1m}]\n", "  user: [{limit: 60, window: 1m}]\n  aggregate: [{limit: 100, window: 1m}]\n  soft_limit: 0.8\n  outage: share\ncosts: {password: 2}\n"),
			changesOf{defaults: "aggregate none -> 100/1m | soft_limit none -> 0.8 | outage optimistic -> share | costs.password 1 -> 2", following: 3}},
		{"a client's own mode", base, edit("own-mode: {mode: enforce}", "own-mode: {mode: dry-run}"),
			changesOf{clients: "own-mode: mode enforce -> dry-run", changed: 1}},
		{"the global mode and a client's own mode changed alike: the client's is its own", base,
			func(t *testing.T) *policy.Policy {
				return mustParse(t, strings.NewReplacer("mode: enforce\n", "mode: dry-run\n", "{mode: enforce}", "{mode: dry-run}").Replace(diffBase))
			},
			changesOf{defaults: "mode enforce -> dry-run", clients: "own-mode: mode enforce -> dry-run", changed: 1, following: 2}},
		{"a client's own tiers, equal to the defaults', changed with them", edit("follower: {}", "follower: {user: [{limit: 60, window: 1m}]}"),
			func(t *testing.T) *policy.Policy {
				return mustParse(t, strings.NewReplacer("follower: {}", "follower: {user: [{limit: 30, window: 1m}]}", "user: [{limit: 60", "user: [{limit: 30").Replace(diffBase))
			},
			changesOf{defaults: "user 60/1m -> 30/1m", clients: "follower: user 60/1m -> 30/1m", changed: 1, following: 2}},
		{"a client's mode set to what it inherited: nothing in force changed", base, edit("follower: {}", "follower: {mode: enforce}"), changesOf{}},
		{"every rule of a client", base,
			edit("follower: {}", "follower: {mode: dry-run, trusted: true, client: [{limit: 5, window: 1m}], user: [{limit: 6, window: 1h}], aggregate: [{limit: 7, window: 1m}], soft_limit: 0.5, outage: pessimistic, costs: {password: 3}}"),
			changesOf{clients: "follower: mode enforce -> dry-run; trusted false -> true; client 600/1m,20000/1h -> 5/1m; user 60/1m -> 6/1h; aggregate none -> 7/1m; soft_limit none -> 0.5; outage optimistic -> pessimistic; costs.password 1 -> 3", changed: 1}},
		{"a client added: its rules against the defaults it had", base, edit("clients:\n", "clients:\n  new-app: {user: [{limit: 5, window: 1m}]}\n  bare: {}\n"),
			changesOf{clients: "added bare | added new-app: user 60/1m -> 5/1m", added: 2}},
		{"a client removed: its rules against the defaults it gets", base, edit("  demo-service: {client: [{limit: 1000, window: 1m}]}\n", ""),
			changesOf{clients: "removed demo-service: client 1000/1m -> 600/1m,20000/1h", removed: 1}},
		{"removed, added and changed in one reload", base,
			edit("  demo-service: {client: [{limit: 1000, window: 1m}]}\n  follower: {}\n", "  follower: {soft_limit: 0.9}\n  zz: {}\n"),
			changesOf{clients: "removed demo-service: client 1000/1m -> 600/1m,20000/1h | follower: soft_limit none -> 0.9 | added zz", added: 1, removed: 1, changed: 1}},
		{"an override added for a client of no entry", base, overrides(base, map[string]policy.RuntimeOverride{"svc": {Client: minute(1), Mode: new(policy.ModeDryRun)}}),
			changesOf{clients: "added svc: mode enforce -> dry-run; client 600/1m,20000/1h -> 1/1m", added: 1}},
		{"an override laid over a client of the file", base, overrides(base, map[string]policy.RuntimeOverride{"demo-service": {Client: minute(30), SoftLimit: 0.7}}),
			changesOf{clients: "demo-service: client 1000/1m -> 30/1m; soft_limit none -> 0.7", changed: 1}},
		{"an override changed", overrides(base, map[string]policy.RuntimeOverride{"svc": {Client: minute(1)}}), overrides(base, map[string]policy.RuntimeOverride{"svc": {Client: minute(2), Trusted: new(true)}}),
			changesOf{clients: "svc: trusted false -> true; client 1/1m -> 2/1m", changed: 1}},
		{"an override removed: back to the defaults", overrides(base, map[string]policy.RuntimeOverride{"svc": {Client: minute(1)}}), base,
			changesOf{clients: "removed svc: client 1/1m -> 600/1m,20000/1h", removed: 1}},
		{"an override of a file client removed: back to its entry", overrides(base, map[string]policy.RuntimeOverride{"demo-service": {Mode: new(policy.ModeDryRun)}}), base,
			changesOf{clients: "demo-service: mode dry-run -> enforce", changed: 1}},
		{"an override's own mode stays through the global mode", overrides(base, map[string]policy.RuntimeOverride{"svc": {Mode: new(policy.ModeEnforce)}}),
			func(t *testing.T) *policy.Policy {
				return base(t).WithMode(policy.ModeDryRun).WithOverrides(map[string]policy.RuntimeOverride{"svc": {Mode: new(policy.ModeEnforce)}})
			},
			changesOf{defaults: "mode enforce -> dry-run", following: 2}},
		{"an override that sets what the client had", base, overrides(base, map[string]policy.RuntimeOverride{"demo-service": {Client: minute(1000)}}), changesOf{}},
		{"nil is the built-in policy", func(*testing.T) *policy.Policy { return nil }, func(*testing.T) *policy.Policy { return policy.Default() }, changesOf{}},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			ch := policy.Diff(tt.from(t), tt.to(t), 10)
			if got := flatten(ch); got != tt.want {
				t.Errorf("Diff:\n got %+v\nwant %+v", got, tt.want)
			}
			if ch.None() != (tt.want == changesOf{}) {
				t.Errorf("None() = %v, want %v", ch.None(), tt.want == changesOf{})
			}
		})
	}
}

// TestDiffManyClients: a policy of thousands of clients gives a bounded
// list, the first clients by ID, and counts of all.
func TestDiffManyClients(t *testing.T) {
	const n = 5000
	spec := func(limit func(i int) int64, skip func(i int) bool) policy.Spec {
		s := policy.Spec{Clients: map[string]policy.Override{}}
		for i := range n {
			if !skip(i) {
				s.Clients[fmt.Sprintf("client-%05d", i)] = policy.Override{Client: []policy.Tier{{Limit: limit(i), Size: time.Minute}}}
			}
		}
		return s
	}
	from, err := policy.New(spec(func(int) int64 { return 100 }, func(i int) bool { return i%10 == 9 })) // 4500 clients
	if err != nil {
		t.Fatal(err)
	}
	// Every third client changed; every tenth removed; the ninth of each
	// ten, absent before, added.
	to, err := policy.New(spec(func(i int) int64 { return 100 + int64(i%3/2) }, func(i int) bool { return i%10 == 0 }))
	if err != nil {
		t.Fatal(err)
	}
	var wantAdded, wantRemoved, wantChanged int
	var wantFirst []string
	for i := range n {
		id := fmt.Sprintf("client-%05d", i)
		var line string
		switch {
		case i%10 == 9:
			wantAdded++
			line = "added " + id
			if i%3 == 2 {
				line += ": client 600/1m,20000/1h -> 101/1m"
			} else {
				line += ": client 600/1m,20000/1h -> 100/1m"
			}
		case i%10 == 0:
			wantRemoved++
			line = "removed " + id + ": client 100/1m -> 600/1m,20000/1h"
		case i%3 == 2:
			wantChanged++
			line = id + ": client 100/1m -> 101/1m"
		default:
			continue
		}
		if len(wantFirst) < 7 {
			wantFirst = append(wantFirst, line)
		}
	}
	ch := policy.Diff(from, to, 7)
	var got []string
	for _, c := range ch.Clients {
		got = append(got, c.String())
	}
	if !slices.Equal(got, wantFirst) {
		t.Errorf("listed:\n got %q\nwant %q", got, wantFirst)
	}
	if ch.Added != wantAdded || ch.Removed != wantRemoved || ch.Changed != wantChanged || ch.Following != 0 || len(ch.Defaults) != 0 {
		t.Errorf("counts: added %d removed %d changed %d following %d defaults %v; want %d %d %d 0 none",
			ch.Added, ch.Removed, ch.Changed, ch.Following, ch.Defaults, wantAdded, wantRemoved, wantChanged)
	}
	if got, want := ch.Unlisted(), wantAdded+wantRemoved+wantChanged-7; got != want {
		t.Errorf("Unlisted() = %d, want %d", got, want)
	}
	if ch := policy.Diff(from, to, 0); len(ch.Clients) != 0 || ch.Unlisted() != wantAdded+wantRemoved+wantChanged {
		t.Errorf("maxClients 0: listed %d, unlisted %d; want 0 and %d", len(ch.Clients), ch.Unlisted(), wantAdded+wantRemoved+wantChanged)
	}
	if ch := policy.Diff(to, to.WithMode(policy.ModeDryRun), 7); len(ch.Clients) != 0 || ch.Following != len(to.Clients()) {
		t.Errorf("global mode over %d clients: listed %d, following %d; want 0 and all", len(to.Clients()), len(ch.Clients), ch.Following)
	}
}
