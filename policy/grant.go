package policy

import (
	"errors"
	"fmt"
)

// Grant is an OAuth 2.0 grant type parsed into a bounded enum, so that an
// attacker-controlled grant_type never becomes a map key or a metric label.
type Grant uint8

// The grant types the limiter tells apart. Anything unregistered is GrantOther.
const (
	GrantOther             Grant = iota // any value not listed below, including ""
	GrantAuthorizationCode              // authorization_code (RFC 6749 §4.1)
	GrantRefreshToken                   // refresh_token (RFC 6749 §6)
	GrantPassword                       // password (RFC 6749 §4.3)
	GrantClientCredentials              // client_credentials (RFC 6749 §4.4)
	GrantDeviceCode                     // urn:ietf:params:oauth:grant-type:device_code (RFC 8628)
	GrantJWTBearer                      // urn:ietf:params:oauth:grant-type:jwt-bearer (RFC 7523)
	GrantTokenExchange                  // urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693)
)

// NumGrants is the number of Grant values; arrays indexed by Grant have this length.
const NumGrants = 8

// grantNames are the short names returned by Grant.String, indexed by Grant.
var grantNames = [NumGrants]string{
	GrantOther:             "other",
	GrantAuthorizationCode: "authorization_code",
	GrantRefreshToken:      "refresh_token",
	GrantPassword:          "password",
	GrantClientCredentials: "client_credentials",
	GrantDeviceCode:        "device_code",
	GrantJWTBearer:         "jwt_bearer",
	GrantTokenExchange:     "token_exchange",
}

// ParseGrant maps a grant_type parameter to a Grant. Only the exact registered
// values are recognized (grant types are case-sensitive and the extension
// grants are absolute URIs); anything else, including "", case variants and
// short forms such as "device_code", is GrantOther. It does not allocate.
func ParseGrant(s string) Grant {
	switch s {
	case "authorization_code":
		return GrantAuthorizationCode
	case "refresh_token":
		return GrantRefreshToken
	case "password":
		return GrantPassword
	case "client_credentials":
		return GrantClientCredentials
	case "urn:ietf:params:oauth:grant-type:device_code":
		return GrantDeviceCode
	case "urn:ietf:params:oauth:grant-type:jwt-bearer":
		return GrantJWTBearer
	case "urn:ietf:params:oauth:grant-type:token-exchange":
		return GrantTokenExchange
	}
	return GrantOther
}

// String returns a short name usable as a metric label value:
// authorization_code, refresh_token, password, client_credentials,
// device_code, jwt_bearer, token_exchange or other. Values out of range
// also return "other", so the label set stays bounded.
func (g Grant) String() string {
	if int(g) < len(grantNames) {
		return grantNames[g]
	}
	return grantNames[GrantOther]
}

// IsUser reports whether tokens of this grant are issued on behalf of a user
// and so are limited per (client, user). client_credentials and GrantOther
// are limited per client.
func (g Grant) IsUser() bool {
	switch g {
	case GrantAuthorizationCode, GrantRefreshToken, GrantPassword,
		GrantDeviceCode, GrantJWTBearer, GrantTokenExchange:
		return true
	}
	return false
}

// grantByName resolves a grant name in the policy file's costs: either the
// short name (as Grant.String returns it) or the registered grant_type value.
func grantByName(s string) (Grant, bool) {
	if g := ParseGrant(s); g != GrantOther {
		return g, true
	}
	for g, name := range grantNames {
		if s == name {
			return Grant(g), true
		}
	}
	return GrantOther, false
}

// Mode is how a decision over the limit is applied.
type Mode uint8

const (
	// ModeEnforce denies requests over the limit.
	ModeEnforce Mode = iota
	// ModeDryRun admits requests over the limit and only records that they
	// would have been denied.
	ModeDryRun
)

// ErrBadMode is returned (wrapped) by ParseMode for an unknown mode name.
var ErrBadMode = errors.New("unknown mode")

// String returns "enforce" or "dry-run"; any other value returns "invalid".
func (m Mode) String() string {
	switch m {
	case ModeEnforce:
		return "enforce"
	case ModeDryRun:
		return "dry-run"
	}
	return "invalid"
}

// ParseMode parses "enforce" or "dry-run" (exactly, as Mode.String returns them).
func ParseMode(s string) (Mode, error) {
	switch s {
	case "enforce":
		return ModeEnforce, nil
	case "dry-run":
		return ModeDryRun, nil
	}
	return ModeEnforce, fmt.Errorf("%w %q; want enforce or dry-run", ErrBadMode, s)
}

// MarshalText implements encoding.TextMarshaler, so a Mode can be written in
// JSON or used with flag.TextVar.
func (m Mode) MarshalText() ([]byte, error) {
	if m > ModeDryRun {
		return nil, fmt.Errorf("%w %d; want enforce or dry-run", ErrBadMode, m)
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseMode.
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
