package oauthratelimit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// testLogUserKey is a LogUserKey of MinLogUserKey bytes; the tests'
// expected pseudonyms under it are openssl's (printf %s alice | openssl
// dgst -sha256 -hmac 0123456789abcdef0123456789abcdef).
const testLogUserKey = "0123456789abcdef0123456789abcdef"

// TestUserPseudonym: the pseudonym is keyed. Two limiters given one key
// (two instances of a fleet) name a user alike, and not as the unkeyed
// SHA-256 of the name (user_sha256 before, which anyone with a list of
// user names reversed); without a key each limiter has its own; the
// caller changing its slice after New changes nothing; with LogUserNames
// there is none.
func TestUserPseudonym(t *testing.T) {
	newLim := func(mod func(*Config)) *Limiter {
		t.Helper()
		return newFixture(t, mod).lim
	}
	key := []byte(testLogUserKey)
	a := newLim(func(c *Config) { c.LogUserKey = key })
	b := newLim(func(c *Config) { c.LogUserKey = []byte(testLogUserKey) })
	copy(key, "changed by the caller after New.")
	unkeyed := sha256.Sum256([]byte("alice"))
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"openssl's HMAC-SHA-256 of alice under the key", a.UserPseudonym("alice"), "433deb45467e4e53"},
		{"another limiter given the same key", b.UserPseudonym("alice"), "433deb45467e4e53"},
		{"another user", a.UserPseudonym("erin"), "3cd714dbd49ba19a"},
		{"not UTF-8", a.UserPseudonym("\xff/b"), "dde5edc323f342b1"},
		{"in clear: none", newLim(func(c *Config) { c.LogUserNames = true }).UserPseudonym("alice"), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if got := a.UserPseudonym("alice"); got == hex.EncodeToString(unkeyed[:8]) {
		t.Errorf("the pseudonym of alice is her name's unkeyed SHA-256 (%s): a list of names reverses it", got)
	}
	c, d := newLim(nil), newLim(nil)
	if pc, pd := c.UserPseudonym("alice"), d.UserPseudonym("alice"); pc == pd || len(pc) != 16 || pc == hex.EncodeToString(unkeyed[:8]) {
		t.Errorf("without a key: %q and %q, want two random-keyed pseudonyms of 16 hex digits that differ", pc, pd)
	}
}

// TestLogUserKeyRefused: a key shorter than MinLogUserKey, or one given
// with LogUserNames, is refused by name, and the error never holds it.
func TestLogUserKeyRefused(t *testing.T) {
	tests := []struct {
		name  string
		names bool
		key   string
		want  string
	}{
		{"short", false, "secret-but-short", `LogUserKey (16 bytes): want at least 32 bytes`},
		{"one byte", false, "\x01", `LogUserKey (1 bytes): want at least 32 bytes`},
		{"one byte short", false, testLogUserKey[1:], `LogUserKey (31 bytes): want at least 32 bytes`},
		{"with LogUserNames", true, testLogUserKey, `LogUserKey (32 bytes): want none with LogUserNames`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Config{LogUserNames: tt.names, LogUserKey: []byte(tt.key)})
			var fe *FieldError
			if err == nil || !errors.As(err, &fe) || fe.Field != "LogUserKey" || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: %v, want a FieldError with %s", err, tt.want)
			}
			if strings.Contains(err.Error(), tt.key) {
				t.Errorf("the error holds the key: %v", err)
			}
		})
	}
	if _, err := New(Config{LogUserKey: []byte(testLogUserKey)}); err != nil {
		t.Errorf("a key of %d bytes: %v", MinLogUserKey, err)
	}
}

// TestUserPseudonymOffTheRequestPath: requests admitted, denied, and
// admitted in dry-run over a limit compute no pseudonym; only a logged
// would-deny does (one per client per DryRunLogInterval).
func TestUserPseudonymOffTheRequestPath(t *testing.T) {
	tier := []policy.Tier{{Limit: 1, Size: time.Minute}}
	for _, mode := range []policy.Mode{policy.ModeEnforce, policy.ModeDryRun} {
		t.Run(mode.String(), func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Mode: mode, Defaults: policy.Defaults{Client: tier, User: tier}})
				c.LogUserKey = []byte(testLogUserKey)
			})
			for i := range 50 {
				f.post("grant_type=password&client_id=app&password=p&username=alice")
				f.post("grant_type=client_credentials&client_id=app")
				if i == 0 {
					f.clk.Advance(time.Second) // within DryRunLogInterval: the other would-denies are not logged
				}
			}
			want := int64(0)
			if mode == policy.ModeDryRun {
				want = 1 // alice's first would-deny, logged; the client's, logged too, names no user
			}
			if n := f.lim.pseudonyms.Load(); n != want {
				t.Errorf("%d pseudonyms computed for 100 requests, want %d", n, want)
			}
		})
	}
}
