package main

import (
	"io"
	"strings"
	"testing"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// flagCase is one case of a flag that becomes a Config field: the
// arguments and environment, and either the field's value (accepted) or
// what stderr must say (exit 2).
type flagCase struct {
	name string
	args []string
	env  []string
	want []string // in stderr; nil: accepted
	got  any      // the field, as field returns it
}

// runFlagCases runs cases against parseOptions (accepted ones, reading
// field of the resulting Config) and the CLI (refused ones: exit 2, nothing
// on stdout, stderr naming what want lists).
func runFlagCases(t *testing.T, cases []flagCase, field func(oauthratelimit.Config) any) {
	t.Helper()
	for _, tt := range cases {
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
				cfg := o.config()
				if got := field(cfg); got != tt.got || cfg.Version == "" {
					t.Errorf("Config field %v, Version %q; want %v and a version", got, cfg.Version, tt.got)
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
