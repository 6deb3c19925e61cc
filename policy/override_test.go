package policy_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func TestParseOverride(t *testing.T) {
	cases := []struct {
		name string
		in   string
		path string // of the *policy.Error; "" for success
		msg  string // a part of the error message
		out  string // MarshalJSON of the result, for success
	}{
		{"mode", `{"mode": "dry-run"}`, "", "", `{"mode":"dry-run"}`},
		{"everything", `{"mode":"enforce","trusted":false,"client":[{"limit":60,"window":"1m"}],"user":[{"window":"1h","limit":5},{"limit":1,"window":"30s"}],"aggregate":"none","soft_limit":0.8,"costs":{"password":2}}`, "", "",
			`{"mode":"enforce","trusted":false,"client":[{"limit":60,"window":"1m"}],"user":[{"limit":5,"window":"1h"},{"limit":1,"window":"30s"}],"aggregate":"none","soft_limit":0.8,"costs":{"password":2}}`},
		{"aggregate as an empty list", `{"aggregate": []}`, "", "", `{"aggregate":"none"}`},
		{"empty object", `{}`, "", "", `{}`},
		{"unknown field", `{"mood": "dry-run"}`, "mood", "unknown field; want one of mode, trusted", ""},
		{"a field an override does not take", `{"outage": {}}`, "outage", "unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs", ""},
		{"bad mode", `{"mode": "off"}`, "mode", `"off": unknown mode; want enforce or dry-run`, ""},
		{"quoted limit", `{"client": [{"limit": "60", "window": "1m"}]}`, "client[0].limit", "is quoted", ""},
		{"negative limit", `{"user": [{"limit": -1, "window": "1m"}]}`, "user[0].limit", "negative; want a whole number", ""},
		{"fractional window", `{"user": [{"limit": 1, "window": "1500ms"}]}`, "user[0].window", "not a whole number of seconds", ""},
		{"missing window", `{"client": [{"limit": 1}]}`, "client[0].window", "missing; want e.g. 30s", ""},
		{"same window twice", `{"client": [{"limit": 1, "window": "1m"}, {"limit": 2, "window": "60s"}]}`, "client[1].window", "each tier of a scope needs its own window", ""},
		{"trusted not a bool", `{"trusted": "yes"}`, "trusted", "is quoted", ""},
		{"tiers not a list", `{"client": 5}`, "client", "want a list of 1..4 tiers", ""},
		{"aggregate word other than none", `{"aggregate": "some"}`, "aggregate", "or none", ""},
		{"soft limit out of range", `{"soft_limit": 1.5}`, "soft_limit", "strictly between 0 and 1", ""},
		{"unknown grant", `{"costs": {"magic": 2}}`, "costs.magic", "unknown grant", ""},
		{"cost zero", `{"costs": {"password": 0}}`, "costs.password", `"0": too small; want a whole number 1..1000000`, ""},
		{"cost too large", `{"costs": {"client_credentials": 1000001}}`, "costs.client_credentials", "too large", ""},
		{"cost at the bound", `{"costs": {"client_credentials": 1000000}}`, "", "", `{"costs":{"client_credentials":1000000}}`},
		{"not JSON", `mode: dry-run`, "", "not a JSON object", ""},
		{"not an object", `[1]`, "", "want a JSON object", ""},
		{"null field", `{"mode": null}`, "mode", "missing value", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := policy.ParseOverride([]byte(c.in))
			if c.msg == "" {
				if err != nil {
					t.Fatalf("ParseOverride: %v", err)
				}
				b, _ := json.Marshal(o)
				if string(b) != c.out {
					t.Errorf("MarshalJSON = %s, want %s", b, c.out)
				}
				back, err := policy.ParseOverride(b)
				if err != nil {
					t.Fatalf("parse of its own JSON: %v", err)
				}
				if b2, _ := json.Marshal(back); string(b2) != string(b) {
					t.Errorf("round trip: %s, then %s", b, b2)
				}
				return
			}
			var e *policy.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want a *policy.Error", err, err)
			}
			if e.Path != c.path || !strings.Contains(e.Msg, c.msg) || e.Line != 0 || e.File != "" {
				t.Errorf("error %+v, want path %q and a message with %q, no file or line", e, c.path, c.msg)
			}
		})
	}
}

func TestWithOverrides(t *testing.T) {
	p, err := policy.Parse("p.yaml", []byte(`
mode: dry-run
defaults:
  client: [{limit: 100, window: 1m}]
  aggregate: [{limit: 1000, window: 1h}]
clients:
  own-mode: {mode: enforce, user: [{limit: 5, window: 1m}]}
  plain: {trusted: true}
  tuned: {soft_limit: 0.5, outage: share, costs: {password: 2}}
`))
	if err != nil {
		t.Fatal(err)
	}
	dry, enforce, yes, no := policy.ModeDryRun, policy.ModeEnforce, true, false
	q := p.WithOverrides(map[string]policy.RuntimeOverride{
		"own-mode": {Mode: &dry},
		"plain":    {Trusted: &no, Client: []policy.Tier{{Limit: 7, Size: time.Minute}}},
		"new":      {Mode: &enforce, Trusted: &yes, NoAggregate: true},
	})
	if got := q.Clients(); strings.Join(got, ",") != "new,own-mode,plain,tuned" {
		t.Errorf("clients %v", got)
	}
	if r := q.For("own-mode"); r.Mode != policy.ModeDryRun || r.User[0].Limit != 5 {
		t.Errorf("own-mode: %+v", r)
	}
	if r := q.For("plain"); r.Trusted || r.Client[0].Limit != 7 || r.Mode != policy.ModeDryRun {
		t.Errorf("plain: %+v", r)
	}
	if r := q.For("new"); r.Name != "new" || !r.Trusted || r.Mode != policy.ModeEnforce || len(r.Aggregate) != 0 || r.Client[0].Limit != 100 {
		t.Errorf("new: %+v", r)
	}
	// A later global mode switch leaves the overridden modes.
	if r := q.WithMode(policy.ModeEnforce).For("own-mode"); r.Mode != policy.ModeDryRun {
		t.Errorf("WithMode changed an overridden mode")
	}
	// p itself is unchanged.
	if p.Configures("new") || !p.For("plain").Trusted || p.For("own-mode").Mode != policy.ModeEnforce {
		t.Errorf("WithOverrides changed its receiver")
	}
	// What each client's entry in the file sets.
	for _, c := range []struct {
		id   string
		want policy.OwnFields
	}{
		{"own-mode", policy.OwnFields{Mode: true, User: true}},
		{"plain", policy.OwnFields{Trusted: true}},
		{"tuned", policy.OwnFields{Soft: true, Outage: true, Costs: []policy.Grant{policy.GrantPassword}}},
		{"absent", policy.OwnFields{}},
	} {
		got := p.Own(c.id)
		if got.Mode != c.want.Mode || got.Trusted != c.want.Trusted || got.Client != c.want.Client || got.User != c.want.User || got.Aggregate != c.want.Aggregate ||
			got.Soft != c.want.Soft || got.Outage != c.want.Outage || !slices.Equal(got.Costs, c.want.Costs) {
			t.Errorf("Own(%q) = %+v, want %+v", c.id, got, c.want)
		}
	}
}

// TestRuntimeOverrideValidate: an override built in Go is checked as one
// decoded from JSON is, including what JSON cannot say.
func TestRuntimeOverrideValidate(t *testing.T) {
	minute := []policy.Tier{{Limit: 5, Size: time.Minute}}
	tests := []struct {
		name string
		o    policy.RuntimeOverride
		err  string // the whole error; "" if valid
	}{
		{"empty", policy.RuntimeOverride{}, ""},
		{"aggregate", policy.RuntimeOverride{Aggregate: minute}, ""},
		{"aggregate and none", policy.RuntimeOverride{Aggregate: minute, NoAggregate: true},
			"aggregate: both Aggregate and NoAggregate are set; want one of them"},
		{"cost zero", policy.RuntimeOverride{Costs: map[policy.Grant]int64{policy.GrantPassword: 0}},
			`costs.password: "0": too small; want a whole number 1..1000000`},
		{"zero window", policy.RuntimeOverride{User: []policy.Tier{{Limit: 1}}},
			`user[0].window: "0s": out of range; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if tt.err == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var e *policy.Error
			if err == nil || err.Error() != tt.err || !errors.As(err, &e) {
				t.Errorf("Validate() = %v\nwant %s", err, tt.err)
			}
		})
	}
}
