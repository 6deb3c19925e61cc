package main

import (
	"bytes"
	"fmt"
	"os"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
)

// adminToken reads the token of --admin-token-file, nil without the flag,
// and refuses an admin listener that is not on loopback without one: the
// admin API switches enforcement off, and anyone who can reach it could.
// Its errors name the flag and never hold the token.
func (o *options) adminToken() ([]byte, error) {
	if o.adminTokenFile == "" {
		if !admin.IsLoopback(o.adminListen) {
			return nil, fmt.Errorf("--admin-listen (%s): %q is not a loopback address: set --admin-token-file (%s) to a file holding a token (e.g. openssl rand -base64 32), or listen on 127.0.0.1",
				envName("admin-listen"), o.adminListen, envName("admin-token-file"))
		}
		return nil, nil
	}
	tok, err := admin.ReadToken(o.adminTokenFile)
	if err != nil {
		return nil, fmt.Errorf("--admin-token-file (%s): %w", envName("admin-token-file"), err)
	}
	return tok, nil
}

// logUserKey reads the key of --log-user-key-file, nil without the flag:
// the file's content without surrounding white space (a trailing newline,
// as editors and echo leave), at least oauthratelimit.MinLogUserKey bytes.
// Its errors name the flag and never hold the key.
func (o *options) logUserKey() ([]byte, error) {
	if o.logUserKeyFile == "" {
		return nil, nil
	}
	name := fmt.Sprintf("--log-user-key-file (%s)", envName("log-user-key-file"))
	if o.logUserNames {
		return nil, fmt.Errorf("%s: given with --log-user-names (%s), which logs users in clear and no pseudonym: give one or the other",
			name, envName("log-user-names"))
	}
	data, err := os.ReadFile(o.logUserKeyFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	key := bytes.TrimSpace(data)
	if len(key) < oauthratelimit.MinLogUserKey {
		return nil, fmt.Errorf("%s: %s: %d bytes without surrounding white space; want at least %d, the same on every instance (openssl rand -base64 32 > %s)",
			name, o.logUserKeyFile, len(key), oauthratelimit.MinLogUserKey, o.logUserKeyFile)
	}
	return key, nil
}

// storeStatus is the store's state for the status page.
func (s *server) storeStatus() admin.StoreStatus {
	h := s.health.status()
	st := admin.StoreStatus{Kind: h.Kind, State: string(h.State), Since: h.Since, Error: h.Error}
	if h.LastOK != nil {
		st.LastOK = *h.LastOK
	}
	return st
}
