package main

import (
	"strings"
	"testing"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// TestClockAndHeaderFlags: --clock-tick accepts 0 (the clock read per
// request) up to MaxClockTick and refuses the rest naming the flag;
// --legacy-headers=false becomes Config.OmitLegacyHeaders, and
// --username-ignore-case Config.NormalizeUsername = AppendLower.
func TestClockAndHeaderFlags(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		wantTick time.Duration
		wantOmit bool
		noLive   bool // Config.NoLiveWriters (--share-new-keys=false)
		fold     bool // Config.NormalizeUsername lowers case (--username-ignore-case)
		names    bool // Config.LogUserNames (--log-user-names)
		gauges   int  // Config.PolicyGaugeClients (--policy-gauge-clients); 0: the default
		wantErr  string
	}{
		{name: "defaults", wantTick: oauthratelimit.DefaultClockTick},
		{name: "per request", args: []string{"--clock-tick", "0s"}, wantTick: 0},
		{name: "the longest", args: []string{"--clock-tick", "100ms"}, wantTick: 100 * time.Millisecond},
		{name: "too long", args: []string{"--clock-tick", "1s"}, wantErr: "--clock-tick"},
		{name: "negative", args: []string{"--clock-tick", "-1ms"}, wantErr: "--clock-tick"},
		{name: "no legacy headers", args: []string{"--legacy-headers=false"}, wantTick: oauthratelimit.DefaultClockTick, wantOmit: true},
		{name: "new keys not shared", args: []string{"--share-new-keys=false"}, wantTick: oauthratelimit.DefaultClockTick, noLive: true},
		{name: "usernames ignore case", args: []string{"--username-ignore-case"}, wantTick: oauthratelimit.DefaultClockTick, fold: true},
		{name: "user names logged", args: []string{"--log-user-names"}, wantTick: oauthratelimit.DefaultClockTick, names: true},
		{name: "policy gauges of 50 clients", args: []string{"--policy-gauge-clients", "50"}, wantTick: oauthratelimit.DefaultClockTick, gauges: 50},
		{name: "policy gauges only of those counted", args: []string{"--policy-gauge-clients", "0"}, wantTick: oauthratelimit.DefaultClockTick, gauges: -1},
		{name: "policy gauges of -1 clients", args: []string{"--policy-gauge-clients", "-1"}, wantErr: "--policy-gauge-clients (OAUTH_RATELIMIT_POLICY_GAUGE_CLIENTS): -1: want a count of clients, or 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o options
			fs := newFlagSet(&o, new(strings.Builder))
			if err := parseArgs(fs, tc.args); err != nil {
				t.Fatal(err)
			}
			err := o.validate()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("validate() = %v, want an error naming %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if o.clockTick != tc.wantTick {
				t.Errorf("clock tick %v, want %v", o.clockTick, tc.wantTick)
			}
			if got := o.config().OmitLegacyHeaders; got != tc.wantOmit {
				t.Errorf("OmitLegacyHeaders %v, want %v", got, tc.wantOmit)
			}
			if got := o.config().NoLiveWriters; got != tc.noLive {
				t.Errorf("NoLiveWriters %v, want %v", got, tc.noLive)
			}
			wantGauges := tc.gauges
			if wantGauges == 0 {
				wantGauges = oauthratelimit.DefaultPolicyGaugeClients
			}
			if got := o.config().PolicyGaugeClients; got != wantGauges {
				t.Errorf("PolicyGaugeClients %d, want %d", got, wantGauges)
			}
			if got := o.config().LogUserNames; got != tc.names {
				t.Errorf("LogUserNames %v, want %v", got, tc.names)
			}
			switch n := o.config().NormalizeUsername; {
			case !tc.fold && n != nil:
				t.Errorf("NormalizeUsername set without --username-ignore-case: %q", n(nil, "Alice"))
			case tc.fold && (n == nil || string(n(nil, "Alice")) != "alice"):
				t.Errorf("NormalizeUsername with --username-ignore-case does not lower Alice")
			}
		})
	}
}
