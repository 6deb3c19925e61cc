package main

import (
	"io"
	"strings"
	"testing"
)

// TestHotPercentFlag: --hot-percent becomes Config.HotPercent (50 unless
// set; -1 for every key), and a value over 100 exits 2 naming the flag, its
// variable and what it accepts.
func TestHotPercentFlag(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  []string
		want []string // in stderr; nil: accepted
		got  int
	}{
		{"default", nil, nil, nil, 50},
		{"set", []string{"--hot-percent", "80"}, nil, nil, 80},
		{"every key", []string{"--hot-percent", "-1"}, nil, nil, -1},
		{"from the environment", nil, []string{"OAUTH_RATELIMIT_HOT_PERCENT=25"}, nil, 25},
		{"over 100", []string{"--hot-percent", "101"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", "101", "want 1 to 100"}, 0},
		{"not a number", []string{"--hot-percent", "half"}, nil, []string{"--hot-percent (OAUTH_RATELIMIT_HOT_PERCENT)", `"half"`, "want a whole number"}, 0},
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
				if cfg := o.config(); cfg.HotPercent != tt.got {
					t.Errorf("Config.HotPercent %d, want %d", cfg.HotPercent, tt.got)
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
