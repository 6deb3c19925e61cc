package oauthratelimit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

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

// TestDryRunLogUser: the dry-run would-deny log names the user of a
// request whose user was known, so that an operator tuning a user limit in
// dry-run sees who would be denied (helper-86: alice and erin, under one
// client, were one line each naming only the client): by a pseudonym
// (user_hmac, the first 16 hex digits of the HMAC-SHA-256 of the name
// under LogUserKey) by default, in clear with LogUserNames. A request with
// no user names none. The log stays throttled by client. The expected
// pseudonyms are openssl's (testLogUserKey). user_sha256, the unkeyed
// pseudonym before, is not logged.
func TestDryRunLogUser(t *testing.T) {
	dry := policy.Spec{Mode: policy.ModeDryRun, Defaults: policy.Defaults{
		Client: []policy.Tier{{Limit: 1, Size: time.Minute}},
		User:   []policy.Tier{{Limit: 1, Size: time.Minute}},
	}}
	tests := []struct {
		name      string
		names     bool     // LogUserNames
		users     []string // each over its limit in turn, DryRunLogInterval apart
		body      string   // instead: a request with no user
		want      []map[string]string
		throttled bool // the users one after the other, within the interval
	}{
		{name: "pseudonym", users: []string{"alice", "erin"},
			want: []map[string]string{{"user_hmac": "433deb45467e4e53"}, {"user_hmac": "3cd714dbd49ba19a"}}},
		{name: "in clear", names: true, users: []string{"alice", "erin"},
			want: []map[string]string{{"user": "alice"}, {"user": "erin"}}},
		{name: "in clear, not UTF-8", names: true, users: []string{"\xff/b"},
			want: []map[string]string{{"user": "\ufffd/b", "user_escaped": "%FF%2Fb"}}},
		{name: "pseudonym, not UTF-8", users: []string{"\xff/b"},
			want: []map[string]string{{"user_hmac": "dde5edc323f342b1"}}},
		{name: "throttled by client", names: true, users: []string{"alice", "erin"}, throttled: true,
			want: []map[string]string{{"user": "alice"}}},
		{name: "no user", body: "grant_type=client_credentials&client_id=app",
			want: []map[string]string{{}}},
	}
	userKeys := []string{"user", "user_hmac", "user_sha256", "user_escaped"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			f := newFixture(t, func(c *Config) {
				c.Logger = newJSONLogger(&logs)
				c.Policy = mustPolicy(t, dry)
				c.LogUserNames = tt.names
				if !tt.names {
					c.LogUserKey = []byte(testLogUserKey)
				}
			})
			bodies := []string{tt.body}
			if tt.body == "" {
				bodies = nil
				for _, u := range tt.users {
					bodies = append(bodies, "grant_type=password&client_id=app&password=p&username="+url.QueryEscape(u))
				}
			}
			for _, b := range bodies {
				for range 2 { // the second would be denied
					if w := f.post(b); w.Code != 200 {
						t.Fatalf("%d %s, want admitted in dry-run", w.Code, w.Body)
					}
				}
				if !tt.throttled {
					f.clk.Advance(DefaultDryRunLogInterval)
				}
			}
			var got []map[string]string
			for line := range strings.Lines(logs.String()) {
				var r map[string]any
				if json.Unmarshal([]byte(line), &r) != nil || r["msg"] != "dry-run would deny" {
					continue
				}
				rec := map[string]string{}
				for _, k := range userKeys {
					if v, ok := r[k]; ok {
						rec[k] = fmt.Sprint(v)
					}
				}
				got = append(got, rec)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("user fields of the would-deny records %v, want %v", got, tt.want)
			}
		})
	}
}
