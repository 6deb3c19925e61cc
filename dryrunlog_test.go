package oauthratelimit

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestDryRunLogClientID: the dry-run would-deny log names the client as the
// admin API does. A JSON log shows each byte that is not UTF-8 as \ufffd,
// which names no client: such a client ID is also logged percent-encoded
// from its raw bytes (client_id_escaped, the segment of its /admin/keys
// path). A client ID is logged whole, up to MaxIdentityLen (the parser's
// bound): cut at 128 bytes, as it was, two clients alike in their first
// 128 bytes had one name in the log.
func TestDryRunLogClientID(t *testing.T) {
	long := strings.Repeat("€", 60) // 180 bytes: byte 128 is inside a rune
	alike := strings.Repeat("p", 128)
	tests := []struct {
		name        string
		client      string
		wantID      string
		wantEscaped string // "": none logged
	}{
		{name: "ASCII", client: "plain-app", wantID: "plain-app"},
		{name: "not UTF-8", client: "\xff\xfe/x", wantID: "\ufffd\ufffd/x", wantEscaped: "%FF%FE%2Fx"},
		{name: "UTF-8, 180 bytes", client: long, wantID: long},
		{name: "alike for 128 bytes, one", client: alike + "-one", wantID: alike + "-one"},
		{name: "alike for 128 bytes, two", client: alike + "-two", wantID: alike + "-two"},
		{name: "MaxIdentityLen bytes", client: strings.Repeat("c", MaxIdentityLen), wantID: strings.Repeat("c", MaxIdentityLen)},
		{name: "not UTF-8, long", client: strings.Repeat("a", 127) + "\xff" + strings.Repeat("b", 100), wantID: strings.Repeat("a", 127) + "\ufffd" + strings.Repeat("b", 100),
			wantEscaped: strings.Repeat("a", 127) + "%FF" + strings.Repeat("b", 100)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			f := newFixture(t, func(c *Config) {
				c.Logger = newJSONLogger(&logs)
				c.Policy = mustPolicy(t, perClient(policy.ModeDryRun, 1))
			})
			for range 2 { // the second would be denied
				if w := f.post("grant_type=client_credentials&client_id=" + url.QueryEscape(tt.client)); w.Code != 200 {
					t.Fatalf("%d %s, want admitted in dry-run", w.Code, w.Body)
				}
			}
			var rec map[string]any
			for line := range strings.Lines(logs.String()) {
				var r map[string]any
				if json.Unmarshal([]byte(line), &r) == nil && r["msg"] == "dry-run would deny" {
					rec = r
				}
			}
			if rec == nil {
				t.Fatalf("no dry-run would deny logged:\n%s", logs.String())
			}
			if rec["client_id"] != tt.wantID {
				t.Errorf("client_id %q, want %q", rec["client_id"], tt.wantID)
			}
			got, ok := rec["client_id_escaped"]
			switch {
			case tt.wantEscaped == "" && ok:
				t.Errorf("client_id_escaped %q logged for a valid client ID", got)
			case tt.wantEscaped != "" && got != tt.wantEscaped:
				t.Errorf("client_id_escaped %v, want %q", got, tt.wantEscaped)
			}
			if esc, _ := got.(string); esc != "" {
				if id, err := url.PathUnescape(esc); err != nil || id != tt.client {
					t.Errorf("client_id_escaped %q unescapes to %q (%v), want the client ID's bytes %q", esc, id, err, tt.client)
				}
			}
		})
	}
}
