package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// resetKeys is fakeKeys that resets keys, answering with err if set.
type resetKeys struct {
	fakeKeys
	err                error
	gotClient, gotUser string
}

func (f *resetKeys) Reset(_ context.Context, client, user string) (oauthratelimit.ResetResult, error) {
	f.gotClient, f.gotUser = client, user
	if f.err != nil {
		return oauthratelimit.ResetResult{}, f.err
	}
	return oauthratelimit.ResetResult{ClientID: client, User: user, Epoch: 1893542400000, Version: 1893542400001, Cleared: 12, DroppedHere: 2, Held: true}, nil
}

// TestResetKeyAnswers: each outcome of a reset has its status and a JSON
// body that says whether the reset happened; the path's parts reach the
// limiter decoded.
func TestResetKeyAnswers(t *testing.T) {
	tests := []struct {
		name, path, body string
		err              error
		status           int
		code             string // the error field; "" for 200
		want             string // part of the body
	}{
		{"client", "/admin/keys/c%2F1/reset", "{}", nil, 200, "", `"client": "c/1"`},
		{"user, empty body", "/admin/keys/c1/alice/reset", "", nil, 200, "", `"user": "alice"`},
		{"the path of a client ID that is not UTF-8", "/admin/keys/%FF%2F/reset", "", nil, 200, "", `"path": "/admin/keys/%FF%2F"`},
		{"no client", "/admin/keys-without-client/reset", "", nil, 200, "", `"path": "/admin/keys-without-client"`},
		{"a user of no client", "/admin/keys-without-client/al%2Fice/reset", "", nil, 200, "", `"path": "/admin/keys-without-client/al%2Fice"`},
		{"unknown key", "/admin/keys/c1/reset", "{}", fmt.Errorf("wrapped: %w", oauthratelimit.ErrUnknownKey), 404, "not_found", "nothing to reset"},
		{"store down", "/admin/keys/c1/reset", "{}", fmt.Errorf("wrapped: %w: load: connection refused", oauthratelimit.ErrResetNotDone), 503, "store_unavailable", "the reset did not happen"},
		{"answer lost", "/admin/keys/c1/reset", "{}", fmt.Errorf("wrapped: %w", oauthratelimit.ErrResetUnknown), 503, "store_unavailable", "may or may not have happened"},
		{"a field", "/admin/keys/c1/reset", `{"user":"x"}`, nil, 400, "invalid_request", `unknown field \"user\"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &resetKeys{err: tt.err}
			s, err := build(Config{LoopbackOnly: true}, k, nil)
			if err != nil {
				t.Fatal(err)
			}
			mux := http.NewServeMux()
			mux.HandleFunc("POST /admin/keys/{client}/reset", s.resetKey)
			mux.HandleFunc("POST /admin/keys/{client}/{user}/reset", s.resetKey)
			mux.HandleFunc("POST "+NoClientKeysPath+"/reset", s.resetKey)
			mux.HandleFunc("POST "+NoClientKeysPath+"/{user}/reset", s.resetKey)
			r := httptest.NewRequest("POST", "http://127.0.0.1:9090"+tt.path, strings.NewReader(tt.body))
			r.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.guard(mux).ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("%d %s, want %d", w.Code, w.Body, tt.status)
			}
			if !strings.Contains(w.Body.String(), tt.want) {
				t.Errorf("body does not hold %s:\n%s", tt.want, w.Body)
			}
			if tt.code != "" {
				if got := errorCode(t, w); got != tt.code {
					t.Errorf("error %q, want %q", got, tt.code)
				}
				return
			}
			var got resetJSON
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			// encoding/json shows a byte that is not UTF-8 as U+FFFD; the
			// test's IDs have one at most.
			want := resetJSON{ClientID: strings.ToValidUTF8(k.gotClient, "\uFFFD"), User: k.gotUser, keyRef: refOf(k.gotClient, k.gotUser), ResetEpoch: 1893542400000, Version: 1893542400001, Cleared: 12, DroppedHere: 2, Instance: "i1"}
			if got != want {
				t.Errorf("answer %+v, want %+v", got, want)
			}
		})
	}
}
