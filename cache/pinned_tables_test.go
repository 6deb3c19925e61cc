package cache

import (
	"runtime"
	"testing"
	"weak"
)

// TestHeldPendingPinsNoTableChain: a Pending held across rebuilds of its
// key's shard (a write whose answer was lost stays unsettled, resent
// flush after flush, while the store does not answer; new keys at MaxKeys
// rebuild the shard meanwhile) keeps alive the table its ref is of, and
// what it forwards to: not every table made since. Each table's next
// points to the one its rebuild made, so a ref of the first pins the
// chain of all of them, a whole table of the shard more with each rebuild.
func TestHeldPendingPinsNoTableChain(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	now := modelStart
	k := Key{ClientID: "client-held"}
	d := c.Reserve(k, forwardTiers, 1, Enforce, now)
	c.Commit(&d.Reservation)
	ps := c.TakeDirty(nil, now)
	if len(ps) != 1 {
		t.Fatalf("TakeDirty = %d Pendings, want 1", len(ps))
	}
	const rebuilds = 20
	var tabs []weak.Pointer[slotTable]
	for range rebuilds {
		c.testRebuild(0)
		tabs = append(tabs, weak.Make(c.shards[0].pub.tab.Load()))
	}
	runtime.GC()
	runtime.GC()
	alive := 0
	for _, w := range tabs[:rebuilds-1] { // the last is the published one
		if w.Value() != nil {
			alive++
		}
	}
	if alive > 1 {
		t.Errorf("%d of the %d tables rebuilt past a held Pending's are alive after a GC (the published one aside), want at most 1", alive, rebuilds-1)
	}
	c.Abort(&ps[0])
	runtime.KeepAlive(ps)
}
