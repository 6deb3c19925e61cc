package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

// TestOutageAfterFlag: --outage-after becomes Config.OutageAfter (30s
// unless set), and a value that is not a positive duration exits 2 naming
// the flag, its variable and what it accepts.
func TestOutageAfterFlag(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  []string
		want []string // in stderr; nil: accepted
		got  time.Duration
	}{
		{"default", nil, nil, nil, 30 * time.Second},
		{"set", []string{"--outage-after", "2m"}, nil, nil, 2 * time.Minute},
		{"from the environment", nil, []string{"OAUTH_RATELIMIT_OUTAGE_AFTER=45s"}, nil, 45 * time.Second},
		{"zero", []string{"--outage-after", "0s"}, nil, []string{"--outage-after (OAUTH_RATELIMIT_OUTAGE_AFTER)", "want a positive duration"}, 0},
		{"not a duration", []string{"--outage-after", "30"}, nil, []string{"--outage-after (OAUTH_RATELIMIT_OUTAGE_AFTER)", `"30"`, "want a duration"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == nil {
				vars := map[string]string{}
				for _, kv := range tt.env {
					k, v, _ := strings.Cut(kv, "=")
					vars[k] = v
				}
				o, err := parseOptions(tt.args, func(k string) string { return vars[k] }, io.Discard)
				if err != nil {
					t.Fatal(err)
				}
				if cfg := o.config(); cfg.OutageAfter != tt.got || cfg.Version == "" {
					t.Errorf("Config.OutageAfter %v, Version %q; want %v and a version", cfg.OutageAfter, cfg.Version, tt.got)
				}
				return
			}
			code, stdout, stderr := runCLI(t, tt.env, tt.args...)
			if code != 2 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want 2 and nothing", code, stdout)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not say %q", stderr, w)
				}
			}
		})
	}
}
