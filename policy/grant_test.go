package policy

import (
	"errors"
	"testing"
)

func TestParseGrant(t *testing.T) {
	tests := []struct {
		in     string
		want   Grant
		name   string
		isUser bool
	}{
		{"authorization_code", GrantAuthorizationCode, "authorization_code", true},
		{"refresh_token", GrantRefreshToken, "refresh_token", true},
		{"password", GrantPassword, "password", true},
		{"client_credentials", GrantClientCredentials, "client_credentials", false},
		{"urn:ietf:params:oauth:grant-type:device_code", GrantDeviceCode, "device_code", true},
		{"urn:ietf:params:oauth:grant-type:jwt-bearer", GrantJWTBearer, "jwt_bearer", true},
		{"urn:ietf:params:oauth:grant-type:token-exchange", GrantTokenExchange, "token_exchange", true},
		// Everything else is other, limited per client.
		{"", GrantOther, "other", false},
		{"implicit", GrantOther, "other", false},
		{"Password", GrantOther, "other", false},
		{"CLIENT_CREDENTIALS", GrantOther, "other", false},
		{"device_code", GrantOther, "other", false},
		{"jwt-bearer", GrantOther, "other", false},
		{"jwt_bearer", GrantOther, "other", false},
		{"token_exchange", GrantOther, "other", false},
		{"other", GrantOther, "other", false},
		{" password", GrantOther, "other", false},
		{"password ", GrantOther, "other", false},
		{"password\x00", GrantOther, "other", false},
		{"urn:ietf:params:oauth:grant-type:device_code2", GrantOther, "other", false},
		{"URN:IETF:PARAMS:OAUTH:GRANT-TYPE:DEVICE_CODE", GrantOther, "other", false},
		{"urn:ietf:params:oauth:grant-type:saml2-bearer", GrantOther, "other", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			g := ParseGrant(tt.in)
			if g != tt.want || g.String() != tt.name || g.IsUser() != tt.isUser {
				t.Errorf("ParseGrant(%q) = %d %q user=%v, want %d %q user=%v",
					tt.in, g, g, g.IsUser(), tt.want, tt.name, tt.isUser)
			}
		})
	}
}

func TestGrantOutOfRange(t *testing.T) {
	for _, g := range []Grant{NumGrants, 100, 255} {
		if g.String() != "other" || g.IsUser() {
			t.Errorf("Grant(%d): String %q, IsUser %v; want other, false", g, g, g.IsUser())
		}
	}
}

func TestGrantNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for g := range Grant(NumGrants) {
		if seen[g.String()] {
			t.Errorf("duplicate name %q", g)
		}
		seen[g.String()] = true
		// Both spellings a policy file may use for costs resolve to g.
		if got, ok := grantByName(g.String()); !ok || got != g {
			t.Errorf("grantByName(%q) = %v, %v", g, got, ok)
		}
	}
}

func TestMode(t *testing.T) {
	tests := []struct {
		in   string
		want Mode
		ok   bool
	}{
		{"enforce", ModeEnforce, true},
		{"dry-run", ModeDryRun, true},
		{"", 0, false},
		{"dry_run", 0, false},
		{"dryrun", 0, false},
		{"Enforce", 0, false},
		{"invalid", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := ParseMode(tt.in)
			if tt.ok != (err == nil) || m != tt.want {
				t.Fatalf("ParseMode(%q) = %v, %v", tt.in, m, err)
			}
			if !tt.ok {
				if !errors.Is(err, ErrBadMode) {
					t.Errorf("error %v is not ErrBadMode", err)
				}
				return
			}
			if m.String() != tt.in {
				t.Errorf("String() = %q, want %q", m, tt.in)
			}
			text, err := m.MarshalText()
			var back Mode = 7
			if err != nil || back.UnmarshalText(text) != nil || back != m {
				t.Errorf("text round trip of %v: %q, %v -> %v", m, text, err, back)
			}
		})
	}
	if s := Mode(9).String(); s != "invalid" {
		t.Errorf("Mode(9).String() = %q", s)
	}
	if _, err := Mode(9).MarshalText(); !errors.Is(err, ErrBadMode) {
		t.Errorf("Mode(9).MarshalText() error = %v", err)
	}
	m := ModeDryRun
	if err := m.UnmarshalText([]byte("off")); !errors.Is(err, ErrBadMode) || m != ModeDryRun {
		t.Errorf("UnmarshalText(off) = %v, mode %v", err, m)
	}
}
