package admin

import (
	"encoding/json"
	"strings"
	"testing"
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
