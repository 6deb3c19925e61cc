package servertest

import (
	"strings"
	"testing"
)

func TestHasFlag(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want bool
	}{
		{"absent", []string{"--admin-listen", "127.0.0.1:0"}, false},
		{"double dash", []string{"--listen", "127.0.0.1:9000"}, true},
		{"single dash", []string{"-listen", "127.0.0.1:9000"}, true},
		{"with equals", []string{"--listen=127.0.0.1:9000"}, true},
		{"longer name", []string{"--listener", "x"}, false},
		{"empty", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hasFlag(tt.args, "listen"); got != tt.want {
				t.Errorf("hasFlag(%q, listen) = %v, want %v", tt.args, got, tt.want)
			}
		})
	}
}

// TestStartStop builds the server, starts it and stops it with SIGTERM.
func TestStartStop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server")
	}
	bin, cleanup, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cleanup)
	p := Start(t, bin)
	if !strings.HasPrefix(p.URL, "http://127.0.0.1:") || !strings.HasPrefix(p.AdminURL, "http://127.0.0.1:") || p.URL == p.AdminURL {
		t.Errorf("URL %q, AdminURL %q: want two listeners on 127.0.0.1", p.URL, p.AdminURL)
	}
	if code := p.ExitCode(); code != -1 {
		t.Errorf("ExitCode %d while running, want -1", code)
	}
	if err := p.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := p.Wait(); err != nil || p.ExitCode() != 0 || !strings.Contains(p.Logs(), `"msg":"stopped"`) {
		t.Errorf("after SIGTERM: wait %v, exit %d; logs:\n%s", err, p.ExitCode(), p.Logs())
	}
	if err := p.Stop(); err != nil {
		t.Errorf("Stop after exit: %v", err)
	}
}
