package main

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestE2EInstances: GET /admin/instances of the real server needs the
// token, and lists this instance, live by its heartbeat in the store (the
// in-memory one here), with the store up.
func TestE2EInstances(t *testing.T) {
	p := start(t, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"), "--instance", "inst-a", "--sync-interval", "100ms")
	if r := do(t, mustReq(http.MethodGet, p.AdminURL+"/admin/instances", "")); r.status != http.StatusUnauthorized {
		t.Fatalf("without the token: %d %s, want 401", r.status, r.body)
	}
	var got struct {
		Instance string `json:"instance"`
		Read     *string
		Live     []struct {
			ID         string  `json:"id"`
			Self       bool    `json:"self"`
			Version    string  `json:"version"`
			AgeSeconds float64 `json:"age_seconds"`
			// How far its clock is off this one's: 0 for itself.
			SkewSeconds *float64 `json:"skew_seconds"`
		} `json:"live"`
		MaxLive int `json:"max_live"`
		Outage  struct {
			Down bool `json:"down"`
		} `json:"outage"`
	}
	poll(t, "the heartbeats are read", func() bool {
		req := mustReq(http.MethodGet, p.AdminURL+"/admin/instances", "")
		req.Header.Set("Authorization", "Bearer "+testAdminToken)
		r := do(t, req)
		if r.status != http.StatusOK {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if err := json.Unmarshal(r.body, &got); err != nil {
			t.Fatalf("%v: %s", err, r.body)
		}
		return got.Read != nil
	})
	if got.Instance != "inst-a" || len(got.Live) != 1 || got.Live[0].ID != "inst-a" || !got.Live[0].Self || got.MaxLive != 1 || got.Outage.Down {
		t.Errorf("answer %+v, want inst-a alone, live, itself, the store up", got)
	}
	if sk := got.Live[0].SkewSeconds; sk == nil || *sk != 0 {
		t.Errorf("skew_seconds of itself %v, want 0", sk)
	}
	if got.Live[0].Version == "" {
		t.Errorf("no version in the heartbeat: %+v", got.Live[0])
	}
}
