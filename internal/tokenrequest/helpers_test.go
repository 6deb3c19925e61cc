package tokenrequest

import (
	"encoding/base64"
	"encoding/json"
)

// testJWT returns an unsigned JWT-shaped token with the given claims.
func testJWT(claims map[string]any) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	b, _ := json.Marshal(claims)
	return h + "." + base64.RawURLEncoding.EncodeToString(b) + ".c2ln"
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
