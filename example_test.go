package oauthratelimit_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// tokenHandler stands for the OAuth server's token endpoint.
func tokenHandler(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil { // the body arrives intact
		http.Error(w, `{"error":"invalid_request"}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"access_token":"token-for-%s","token_type":"Bearer"}`, r.PostForm.Get("client_id"))
}

// post sends a client_credentials token request to h and prints the answer.
func post(h http.Handler, clientID string) {
	req := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader("grant_type=client_credentials&client_id="+clientID))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	fmt.Println(w.Code, w.Header().Get("RateLimit"), w.Header().Get("Retry-After"), strings.TrimSpace(w.Body.String()))
}

// Mount the limiter on a chi router in front of the token endpoint.
func Example() {
	p, err := policy.New(policy.Spec{Defaults: policy.Defaults{
		Client: []policy.Tier{{Limit: 2, Size: time.Minute}},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	lim, err := oauthratelimit.New(oauthratelimit.Config{
		Policy:    p,
		TokenPath: "/oauth2/token",
		Now:       func() time.Time { return time.Unix(1_700_002_800, 0) }, // a fixed clock for the example
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go lim.Run(ctx) // sync and sweep in the background; final flush when ctx ends

	r := chi.NewRouter()
	r.Use(lim.Middleware) // only POST /oauth2/token is limited; other routes pass through
	r.Post("/oauth2/token", tokenHandler)

	for range 3 {
		post(r, "svc")
	}
	post(r, "other-svc")
	// Output:
	// 200 "client-1m";r=1;t=120  {"access_token":"token-for-svc","token_type":"Bearer"}
	// 200 "client-1m";r=0;t=120  {"access_token":"token-for-svc","token_type":"Bearer"}
	// 429 "client-1m";r=0;t=120 61 {"error":"too_many_requests","error_description":"token rate limit exceeded for this client; retry after the seconds in Retry-After"}
	// 200 "client-1m";r=1;t=120  {"access_token":"token-for-other-svc","token_type":"Bearer"}
}

// Limit only the token route with chi's With, and switch between dry-run
// and enforce at run time.
func ExampleLimiter_SetMode() {
	p, _ := policy.New(policy.Spec{
		Mode:     policy.ModeDryRun,
		Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}},
	})
	lim, _ := oauthratelimit.New(oauthratelimit.Config{
		Policy: p,
		Now:    func() time.Time { return time.Unix(1_700_002_800, 0) },
	})
	r := chi.NewRouter()
	r.With(lim.Middleware).Post("/oauth2/token", tokenHandler)

	post(r, "svc")
	post(r, "svc") // over the limit, but dry-run admits it (and counts a would-deny)
	lim.SetMode(policy.ModeEnforce)
	post(r, "svc") // 2 counted this minute: the estimate drops below 1 at 30 s into the next

	// Output:
	// 200 "client-1m";r=0;t=120  {"access_token":"token-for-svc","token_type":"Bearer"}
	// 200 "client-1m";r=0;t=120  {"access_token":"token-for-svc","token_type":"Bearer"}
	// 429 "client-1m";r=0;t=120 91 {"error":"too_many_requests","error_description":"token rate limit exceeded for this client; retry after the seconds in Retry-After"}
}

// Rebuild a Limiter on the same Prometheus registry: Close the first once
// its Run has returned, and the second registers its metrics there.
func ExampleLimiter_Close() {
	reg := prometheus.NewRegistry()
	first, err := oauthratelimit.New(oauthratelimit.Config{Registerer: reg})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- first.Run(ctx) }()
	// ... serve, until the server has shut down ...
	cancel()
	fmt.Println("run:", <-ran)
	fmt.Println("close:", first.Close())

	second, err := oauthratelimit.New(oauthratelimit.Config{Registerer: reg})
	fmt.Println("second:", err)
	defer second.Close()
	// Output:
	// run: <nil>
	// close: <nil>
	// second: <nil>
}

// Name a user as the dry-run log does, under the key every instance of the
// fleet is given (the server's --log-user-key-file), to find the user of a
// logged user_hmac; openssl computes the same: printf %s alice | openssl
// dgst -sha256 -hmac 0123456789abcdef0123456789abcdef.
func ExampleLimiter_UserPseudonym() {
	lim, err := oauthratelimit.New(oauthratelimit.Config{LogUserKey: []byte("0123456789abcdef0123456789abcdef")})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer lim.Close()
	fmt.Println(lim.UserPseudonym("alice"))
	_, err = oauthratelimit.New(oauthratelimit.Config{LogUserKey: []byte("too short")})
	fmt.Println(err)
	// Output:
	// 433deb45467e4e53
	// oauthratelimit: LogUserKey (9 bytes): want at least 32 bytes (the HMAC-SHA-256 output's size), or none for a random key per Limiter
}
