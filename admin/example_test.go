package admin_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// Mount the admin API next to the middleware: the middleware on the
// application's token endpoint, the admin handler on an internal listener
// (here both are called directly). The runbook's switch from dry-run to
// enforce, POST /admin/mode, changes the middleware's decisions.
func Example() {
	p, _ := policy.New(policy.Spec{
		Mode:     policy.ModeDryRun,
		Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}},
	})
	lim, err := oauthratelimit.New(oauthratelimit.Config{
		Policy:    p,
		TokenPath: "/oauth2/token",
		Now:       func() time.Time { return time.Unix(1_700_002_800, 0) }, // a fixed clock for the example
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	app := lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, `{"access_token":"t","token_type":"Bearer"}`)
	}))

	// The token: e.g. admin.ReadToken("/run/secrets/admin_token").
	const token = "example-Admin_token-0123456789"
	adm, err := admin.New(admin.Config{Limiter: lim, Token: []byte(token)})
	if err != nil {
		fmt.Println(err)
		return
	}
	// In production: go http.ListenAndServe("10.0.0.5:9090", adm), never
	// the application's public listener.

	tokenRequest := func() {
		req := httptest.NewRequest("POST", "/oauth2/token", strings.NewReader("grant_type=client_credentials&client_id=svc"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		app.ServeHTTP(w, req)
		fmt.Println("token:", w.Code)
	}
	adminRequest := func(method, path, body, auth string) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
		req.Header.Set("Content-Type", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		w := httptest.NewRecorder()
		adm.ServeHTTP(w, req)
		fmt.Println(method, path+":", w.Code, strings.TrimSpace(w.Body.String()))
	}

	tokenRequest()
	tokenRequest() // over the limit of 1, served: dry-run
	adminRequest("POST", "/admin/mode", `{"mode":"enforce"}`, "")
	adminRequest("POST", "/admin/mode", `{"mode":"enforce"}`, token)
	tokenRequest()
	// Output:
	// token: 200
	// token: 200
	// POST /admin/mode: 401 {"error":"unauthorized","error_description":"want the admin token in the Authorization header: Authorization: Bearer <the admin token (the server's --admin-token-file)>"}
	// POST /admin/mode: 200 {"mode":"enforce","policy":"policy.New","source":"override"}
	// token: 429
}
