package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const testAdminToken = "e2e-Admin_token-0123456789abcdef"

// TestAdminToken: the token comes from --admin-token-file or its variable;
// without one the admin listener must be on loopback; errors name the flag
// and its variable and never hold the token.
func TestAdminToken(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "token")
	short := filepath.Join(dir, "short")
	os.WriteFile(good, []byte(testAdminToken+"\n"), 0o600)
	os.WriteFile(short, []byte("abc\n"), 0o600)
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		token  string // want
		errStr []string
	}{
		{"loopback, no token", []string{"--admin-listen", "127.0.0.1:9090"}, nil, "", nil},
		{"localhost, no token", []string{"--admin-listen", "localhost:9090"}, nil, "", nil},
		{"all interfaces, no token", []string{"--admin-listen", ":9090"}, nil, "",
			[]string{"--admin-listen (OAUTH_RATELIMIT_ADMIN_LISTEN)", `":9090" is not a loopback address`, "--admin-token-file (OAUTH_RATELIMIT_ADMIN_TOKEN_FILE)"}},
		{"a private address, no token", []string{"--admin-listen", "10.0.0.5:9090"}, nil, "", []string{"not a loopback address"}},
		{"all interfaces, token by flag", []string{"--admin-listen", "0.0.0.0:9090", "--admin-token-file", good}, nil, testAdminToken, nil},
		{"all interfaces, token by variable", []string{"--admin-listen", "0.0.0.0:9090"}, map[string]string{"OAUTH_RATELIMIT_ADMIN_TOKEN_FILE": good}, testAdminToken, nil},
		{"loopback, token by variable", nil, map[string]string{"OAUTH_RATELIMIT_ADMIN_TOKEN_FILE": good}, testAdminToken, nil},
		{"a short token", []string{"--admin-token-file", short}, nil, "",
			[]string{"--admin-token-file (OAUTH_RATELIMIT_ADMIN_TOKEN_FILE)", "3 characters; want at least 16"}},
		{"a missing file", []string{"--admin-token-file", filepath.Join(dir, "none")}, nil, "",
			[]string{"--admin-token-file (OAUTH_RATELIMIT_ADMIN_TOKEN_FILE)", "no such file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseOptions(tt.args, func(k string) string { return tt.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			tok, err := o.adminToken()
			if tt.errStr != nil {
				if err == nil {
					t.Fatalf("no error, token %q", tok)
				}
				for _, w := range tt.errStr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				return
			}
			if err != nil || string(tok) != tt.token {
				t.Fatalf("token %q, %v; want %q", tok, err, tt.token)
			}
		})
	}
}
