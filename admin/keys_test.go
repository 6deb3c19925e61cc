package admin

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestKeyState(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		status int
		want   string // a part of the body
	}{
		{"a user's key, client percent-encoded", "/admin/keys/c%2F1/alice", 200, `"client_id": "c/1"`},
		{"unknown user", "/admin/keys/c%2F1/bob", 404, `"error":"not_found"`},
		{"unknown client", "/admin/keys/nobody", 404, `no key client_id \"nobody\" user \"\" on instance i1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newServer(t, "", nil)
			w := serve(s.handler(), "GET", tt.path)
			if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.want) {
				t.Fatalf("%d %s\nwant %d with %s", w.Code, w.Body, tt.status, tt.want)
			}
		})
	}
	s, _ := newServer(t, "", nil)
	w := serve(s.handler(), "GET", "/admin/keys/c%2F1/alice")
	var got keyJSON
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	tr := got.Tiers[0]
	if got.Instance != "i1" || got.Mode != "dry-run" || got.Snapshot != (snapshotJSON{7, 1.5, 2, false}) ||
		tr.Scope != "user" || tr.WindowSeconds != 60 || tr.Global != (countsJSON{4, 5}) || tr.Local != (countsJSON{0, 2}) ||
		tr.Used != 10 || tr.RetryAfter != 2.5 || !tr.FrameStart.Equal(t0) {
		t.Errorf("answer %s", w.Body)
	}
	// The dry-run log's pseudonym of alice, as the limiter gives it.
	if got.UserHMAC != "pseudonym-of-alice" {
		t.Errorf("user_hmac %q, want the limiter's pseudonym of alice (pseudonym-of-alice), as the dry-run log names her", got.UserHMAC)
	}
	if len(got.Counted) != 1 || got.Counted[0] != (countedJSON{WindowSeconds: 3600, FrameStart: t0.UTC(), Global: countsJSON{0, 30}, Local: countsJSON{0, 2}, Estimate: 32}) {
		t.Errorf("counted_only %+v", got.Counted)
	}
}

func TestTopKeys(t *testing.T) {
	tests := []struct {
		name   string
		query  string
		status int
		n      int    // asked of TopKeys
		want   string // a part of the body
	}{
		{"default n", "", 200, DefaultTopKeys, `"ratio": 1.2`},
		{"n", "?n=5", 200, 5, `"n": 5`},
		{"the largest n", "?n=1000", 200, 1000, `"client_id": "c/1"`},
		{"the log's pseudonym of the user", "", 200, DefaultTopKeys, `"user": "alice",
      "user_hmac": "pseudonym-of-alice",`},
		{"n zero", "?n=0", 400, 0, `n: \"0\": want one whole number from 1 to 1000`},
		{"n too large", "?n=1001", 400, 0, `n: \"1001\"`},
		{"n not a number", "?n=ten", 400, 0, `n: \"ten\"`},
		{"n twice", "?n=1&n=2", 400, 0, `n: \"1&n=2\"`},
		{"another parameter", "?limit=3", 400, 0, `limit: not a parameter of /admin/top; want n`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, k := newServer(t, "", nil)
			w := serve(s.handler(), "GET", "/admin/top"+tt.query)
			if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.want) {
				t.Fatalf("%d %s\nwant %d with %s", w.Code, w.Body, tt.status, tt.want)
			}
			if tt.status == 400 {
				if errorCode(t, w) != "invalid_parameter" {
					t.Errorf("error code of %s", w.Body)
				}
			}
			if k.topN != tt.n {
				t.Errorf("TopKeys asked for %d, want %d", k.topN, tt.n)
			}
		})
	}
}

// TestListedKeysAddressable: every key /admin/top and the status page list
// comes with the path that looks it up, percent-encoded from its bytes,
// and a flag when its client ID or user is not valid UTF-8 (which JSON and
// HTML show as U+FFFD, naming no key), and a user with the dry-run log's
// pseudonym of its bytes (printf 'al ice\xc3' | sha256sum). Each path,
// requested, reaches the key's own bytes.
func TestListedKeysAddressable(t *testing.T) {
	keys := &statusKeys{keys: []statusKey{
		{client: "\xff\xfe\"\n", used: 9, limit: 10},
		{client: "c/1", user: "al ice\xc3", used: 8, limit: 10},
		{client: "ok", user: "..", used: 7, limit: 10},
		{client: ".", used: 6, limit: 10},
		{client: "", used: 5, limit: 10},                     // a request that named no client
		{client: "", user: "al/ice\xff", used: 4, limit: 10}, // and a user of it
	}}
	want := []struct {
		path    string
		invalid bool
		hmac    string // user_hmac
	}{
		{"/admin/keys/%FF%FE%22%0A", true, ""},
		{"/admin/keys/c%2F1/al%20ice%C3", true, "616c20696365c3"},
		{"/admin/keys/ok/%2E%2E", false, "2e2e"},
		{"/admin/keys/%2E", false, ""},
		{"/admin/keys-without-client", false, ""},
		{"/admin/keys-without-client/al%2Fice%FF", true, "616c2f696365ff"},
	}
	s, err := build(Config{LoopbackOnly: true, Now: func() time.Time { return t0 }}, keys, nil)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /admin/keys/{client}", s.keyState)
	mux.HandleFunc("GET /admin/keys/{client}/{user}", s.keyState)
	mux.HandleFunc("GET "+NoClientKeysPath, s.keyState)
	mux.HandleFunc("GET "+NoClientKeysPath+"/{user}", s.keyState)
	mux.HandleFunc("GET /admin/top", s.topKeys)
	mux.HandleFunc("GET /admin/{$}", s.statusPage(func() statusInfo { return statusInfo{Mode: "enforce"} }, 0))
	h := s.guard(mux)

	w := serve(h, "GET", "/admin/top")
	var top struct {
		Keys []struct {
			ClientID    string `json:"client_id"`
			User        string `json:"user"`
			UserHMAC    string `json:"user_hmac"`
			Path        *string
			InvalidUTF8 bool `json:"invalid_utf8"`
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &top); err != nil || len(top.Keys) != len(want) {
		t.Fatalf("%d %s: %v", w.Code, w.Body, err)
	}
	page := serve(h, "GET", "/admin/").Body.String()
	for i, k := range top.Keys {
		sk := keys.keys[i]
		got := ""
		if k.Path != nil {
			got = *k.Path
		}
		if got != want[i].path || k.InvalidUTF8 != want[i].invalid || k.UserHMAC != want[i].hmac {
			t.Errorf("key %q/%q: path %q invalid_utf8 %v user_hmac %q, want %q %v %q", sk.client, sk.user, got, k.InvalidUTF8, k.UserHMAC,
				want[i].path, want[i].invalid, want[i].hmac)
		}
		if got == "" {
			continue
		}
		if !strings.Contains(page, `<span class="id">`+got+`</span>`) {
			t.Errorf("the status page does not show %s", got)
		}
		// The path, sent as curl sends it, reaches the key's own bytes.
		w := serve(h, "GET", got)
		var ks keyJSON
		if err := json.Unmarshal(w.Body.Bytes(), &ks); err != nil || w.Code != 200 || ks.Path != got || ks.InvalidUTF8 != want[i].invalid {
			t.Errorf("GET %s: %d %s", got, w.Code, w.Body)
		}
	}
	if n := strings.Count(page, "not UTF-8"); n != 3 {
		t.Errorf("the status page flags %d keys as not UTF-8, want 3", n)
	}
}
