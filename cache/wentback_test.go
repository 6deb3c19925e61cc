package cache

import (
	"testing"
	"time"
)

// TestStoreWentBack pins the cache's half of following a store that went
// back (2ae0d23, cca0fcd): a document read after this instance's write
// whose version is below the write's base (p.Base) is installed though the
// key holds a newer version, by Confirm (a write read back) and by Replace
// (a write refused), a document gone (version 0) included; a document below
// the version the key holds but not below p.Base (a pull installed a newer
// one meanwhile) is not. Without the wentBack term in Confirm no test of
// the cache or the syncer failed (helper-105's mutants): the syncer's
// TestStoreGoesBack recovers one flush later through Replace.
func TestStoreWentBack(t *testing.T) {
	k := Key{ClientID: "c"}
	fr := func(n int64) []Frame { return []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}} }
	const held = 50 // the version the key holds, and p.Base's
	cases := []struct {
		name    string
		replace bool // Replace (refused), else Confirm (read back)
		pulled  int64
		read    Snapshot
		// want: the version held after, and used (local counts not
		// settled by this write included).
		wantVersion, wantUsed int64
	}{
		// Confirm: the delta of 2 is settled (it is in read, or the
		// store lost it); 1 counted since stays local.
		{"ConfirmBelowBase", false, 0, Snapshot{Version: 7, Frames: fr(30), Writers: 2}, 7, 31},
		{"ConfirmGone", false, 0, Snapshot{Version: 0, Writers: 1}, 0, 1},
		{"ConfirmAbove", false, 0, Snapshot{Version: 60, Frames: fr(40), Writers: 2}, 60, 41},
		{"ConfirmBelowPulledNotBelowBase", false, 70, Snapshot{Version: 60, Frames: fr(40), Writers: 2}, 70, 81},
		{"ConfirmAtBaseAfterAPull", false, 70, Snapshot{Version: held, Frames: fr(22), Writers: 2}, 70, 81},
		// Replace: the delta of 2 stays counted, rebased.
		{"ReplaceBelowBase", true, 0, Snapshot{Version: 7, Frames: fr(30)}, 7, 33},
		{"ReplaceBelowBaseAfterAPull", true, 70, Snapshot{Version: 7, Frames: fr(30)}, 7, 33},
		{"ReplaceGone", true, 0, Snapshot{}, 0, 3},
		{"ReplaceBelowPulledNotBelowBase", true, 70, Snapshot{Version: 60, Frames: fr(40)}, 70, 83},
		{"ReplaceAtBaseAfterAPull", true, 70, Snapshot{Version: held, Frames: fr(20)}, 70, 83},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{})
			c.Commit(new(c.Reserve(k, perMinute(1000), 1, Enforce, t0).Reservation))
			c.Apply(k, Snapshot{Version: held, Frames: fr(20)}, t0)
			c.Commit(new(c.Reserve(k, perMinute(1000), 1, Enforce, t0).Reservation))
			ps := c.TakeDirty(nil, t0)
			if len(ps) != 1 || ps[0].Base.Version != held || Requests(ps[0].Delta) != 2 {
				t.Fatalf("TakeDirty = %+v", ps)
			}
			c.Commit(new(c.Reserve(k, perMinute(1000), 1, Enforce, t0).Reservation))
			if tc.pulled > 0 {
				c.Apply(k, Snapshot{Version: tc.pulled, Frames: fr(80), Writers: 2}, t0)
			}
			if tc.replace {
				q := c.Replace(&ps[0], tc.read, t0)
				if q.Base.Version != tc.read.Version || Requests(q.Delta) != 2 {
					t.Fatalf("Replace = %+v, want the delta of 2 on version %d", q, tc.read.Version)
				}
			} else {
				c.Confirm(&ps[0], tc.read, t0)
			}
			var ks KeyState
			if !c.Inspect(k, perMinute(1000), t0, &ks) {
				t.Fatal("key not held")
			}
			if ks.Version != tc.wantVersion || ks.Tiers[0].Used != tc.wantUsed {
				t.Errorf("holds version %d, used %d; want version %d, used %d", ks.Version, ks.Tiers[0].Used, tc.wantVersion, tc.wantUsed)
			}
		})
	}
}
