package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testLogUserKey is a --log-user-key-file key; alice's pseudonym under it
// is openssl's: printf %s alice | openssl dgst -sha256 -hmac
// e2e-log-user-key-0123456789abcdef-0123 (its first 16 hex digits).
const (
	testLogUserKey = "e2e-log-user-key-0123456789abcdef-0123"
	aliceHMAC      = "1f401e9bcafcbd3b"
)

// TestLogUserKey: the key comes from --log-user-key-file or its variable,
// without surrounding white space; errors name the flag and its variable,
// say what is accepted, and never hold the key.
func TestLogUserKey(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "key")
	short := filepath.Join(dir, "short")
	blank := filepath.Join(dir, "blank")
	least := filepath.Join(dir, "least") // MinLogUserKey bytes, and white space
	const leastKey = "key-of-32-bytes-0123456789abcdef"
	os.WriteFile(least, []byte("\t"+leastKey+" \r\n"), 0o600)
	os.WriteFile(good, []byte(testLogUserKey+"\n"), 0o600)
	os.WriteFile(short, []byte("key-of-31-bytes-0123456789abcde\n"), 0o600)
	os.WriteFile(blank, []byte(" \n\n"), 0o600)
	const flag = "--log-user-key-file (OAUTH_RATELIMIT_LOG_USER_KEY_FILE)"
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		key    string // want
		errStr []string
	}{
		{"none", nil, nil, "", nil},
		{"by flag", []string{"--log-user-key-file", good}, nil, testLogUserKey, nil},
		{"by variable", nil, map[string]string{"OAUTH_RATELIMIT_LOG_USER_KEY_FILE": good}, testLogUserKey, nil},
		{"the least", []string{"--log-user-key-file", least}, nil, leastKey, nil},
		{"short", []string{"--log-user-key-file", short}, nil, "",
			[]string{flag, short + ": 31 bytes without surrounding white space; want at least 32", "openssl rand -base64 32"}},
		{"blank", []string{"--log-user-key-file", blank}, nil, "", []string{flag, "0 bytes", "want at least 32"}},
		{"missing", []string{"--log-user-key-file", filepath.Join(dir, "none")}, nil, "", []string{flag, "no such file"}},
		{"with --log-user-names", []string{"--log-user-key-file", good, "--log-user-names"}, nil, "",
			[]string{flag, "given with --log-user-names (OAUTH_RATELIMIT_LOG_USER_NAMES)", "give one or the other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseOptions(tt.args, func(k string) string { return tt.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			key, err := o.logUserKey()
			if tt.errStr != nil {
				if err == nil {
					t.Fatalf("no error, key of %d bytes", len(key))
				}
				for _, w := range tt.errStr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				if strings.Contains(err.Error(), "key-of-31") || strings.Contains(err.Error(), testLogUserKey) {
					t.Errorf("error %q holds the key", err)
				}
				return
			}
			if err != nil || string(key) != tt.key {
				t.Fatalf("key %q, %v; want %q", key, err, tt.key)
			}
		})
	}
}

// TestE2ELogUserKey: two processes given one --log-user-key-file name alice
// alike (/admin/keys' user_hmac, which the dry-run log names her by), as
// openssl computes it; a process without it names her otherwise, and warns
// at start when it shares a store. No process logs the key.
func TestE2ELogUserKey(t *testing.T) {
	keyFile := writeFile(t, "log-user-key", testLogUserKey+"\n")
	hmacOf := func(p *proc) string {
		t.Helper()
		if r := p.token(t, "grant_type=password&username=alice&password=alice-password", "mobile-app:mobile-secret"); r.status != 200 {
			t.Fatalf("alice: %d %s", r.status, r.body)
		}
		r := do(t, mustReq(http.MethodGet, p.AdminURL+"/admin/keys/mobile-app/alice", ""))
		var k struct {
			UserHMAC   string `json:"user_hmac"`
			UserSHA256 string `json:"user_sha256"`
		}
		if err := json.Unmarshal(r.body, &k); err != nil || r.status != 200 {
			t.Fatalf("%d %s: %v", r.status, r.body, err)
		}
		if k.UserSHA256 != "" {
			t.Errorf("user_sha256 %q: the unkeyed pseudonym is gone", k.UserSHA256)
		}
		return k.UserHMAC
	}
	a := start(t, "--log-user-key-file", keyFile)
	b := start(t, "--log-user-key-file", keyFile)
	c := start(t)
	if ha, hb := hmacOf(a), hmacOf(b); ha != aliceHMAC || hb != aliceHMAC {
		t.Errorf("alice's user_hmac with one key: %q and %q, want %q on both", ha, hb, aliceHMAC)
	}
	if hc := hmacOf(c); hc == aliceHMAC || len(hc) != 16 {
		t.Errorf("alice's user_hmac without a key: %q, want 16 hex digits of another key", hc)
	}
	for _, p := range []*proc{a, b} {
		if !p.WaitLog(`"log_users":"user_hmac, key of --log-user-key-file"`, 0) {
			t.Errorf("the start-up record does not say the key's source:\n%s", p.Logs())
		}
		if strings.Contains(p.Logs(), testLogUserKey) {
			t.Errorf("the key is logged:\n%s", p.Logs())
		}
	}
	if !c.WaitLog(`"log_users":"user_hmac, key of this process"`, 0) {
		t.Errorf("the start-up record does not say the key is the process's:\n%s", c.Logs())
	}
	const warn = "the dry-run log's user pseudonyms (user_hmac) are keyed by this process alone"
	if strings.Contains(c.Logs(), warn) {
		t.Errorf("a process without a store warned of its key, which no other instance shares:\n%s", c.Logs())
	}
	// A store no one answers on: the process starts all the same.
	d := start(t, "--mongo-uri", "mongodb://127.0.0.1:1/", "--mongo-database", "h110_never_reached")
	if !d.WaitLog(`"log_users":"user_hmac, key of this process"`, 10*time.Second) || !strings.Contains(d.Logs(), warn) {
		t.Errorf("a process with a store and no key did not warn of it:\n%s", d.Logs())
	}
}
