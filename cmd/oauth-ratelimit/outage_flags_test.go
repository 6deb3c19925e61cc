package main

import (
	"testing"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// TestOutageAfterFlag: --outage-after becomes Config.OutageAfter (30s
// unless set), and a value that is not a positive duration exits 2 naming
// the flag, its variable and what it accepts.
func TestOutageAfterFlag(t *testing.T) {
	runFlagCases(t, []flagCase{
		{"default", nil, nil, nil, 30 * time.Second},
		{"set", []string{"--outage-after", "2m"}, nil, nil, 2 * time.Minute},
		{"from the environment", nil, []string{"OAUTH_RATELIMIT_OUTAGE_AFTER=45s"}, nil, 45 * time.Second},
		{"zero", []string{"--outage-after", "0s"}, nil, []string{"--outage-after (OAUTH_RATELIMIT_OUTAGE_AFTER)", "want a positive duration"}, nil},
		{"not a duration", []string{"--outage-after", "30"}, nil, []string{"--outage-after (OAUTH_RATELIMIT_OUTAGE_AFTER)", `"30"`, "want a duration"}, nil},
	}, func(c oauthratelimit.Config) any { return c.OutageAfter })
}

// TestHotPercentFlag: --hot-percent becomes Config.HotPercent (50 unless
// set; -1 for every key), and a value outside 1 to 100 and -1, or not a
// number, exits 2 naming the flag, its variable and what it accepts. Zero
// and the other negatives are Config's (the default, every key) but not
// the flag's: --help offers 1 to 100 and -1, and a 0 taken as 50 or a -50
// taken as every key would be a typo served without a word.
func TestHotPercentFlag(t *testing.T) {
	runFlagCases(t, []flagCase{
		{"default", nil, nil, nil, 50},
		{"set", []string{"--hot-percent", "80"}, nil, nil, 80},
		{"every key", []string{"--hot-percent", "-1"}, nil, nil, -1},
		{"from the environment", nil, []string{"OAUTH_RATELIMIT_HOT_PERCENT=25"}, nil, 25},
		{"over 100", []string{"--hot-percent", "101"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", "101", "want 1 to 100, or -1"}, nil},
		{"zero", []string{"--hot-percent", "0"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", "0: want 1 to 100, or -1"}, nil},
		{"negative but -1", []string{"--hot-percent", "-50"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", "-50: want 1 to 100, or -1"}, nil},
		{"zero from the environment", nil, []string{"OAUTH_RATELIMIT_HOT_PERCENT=0"}, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", "0: want 1 to 100, or -1"}, nil},
		{"not a number", []string{"--hot-percent", "half"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", `"half"`, "want a whole number"}, nil},
	}, func(c oauthratelimit.Config) any { return c.HotPercent })
}
