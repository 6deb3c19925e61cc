package syncer_test

import (
	"context"
	"runtime"
	"testing"
	"time"
	"unsafe"
	"weak"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestMemoryStoreDoesNotPinEntries: a document keyed by the Key a flush
// took (its strings view the chunk of keys the flush took, see cache.Key;
// the cache entry's allocation before) must not keep those bytes alive once
// the flush is done: with MaxKeys reached, each evicted key would stay in
// memory until its document expires. From R2's review; it fails without the
// clone in Write.
func TestMemoryStoreDoesNotPinEntries(t *testing.T) {
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	st := syncer.NewMemoryStore()
	now := time.Unix(1_900_000_000, 0)
	k := cache.Key{ClientID: "client-0123456789", User: "user"}
	d := c.Reserve(k, []window.Tier{{Limit: 10, Size: time.Minute}}, 1, cache.Enforce, now)
	c.Commit(&d.Reservation)
	ps := c.TakeDirty(nil, now)
	wp := weak.Make(unsafe.StringData(ps[0].Key.ClientID))
	ws := []syncer.Write{{Key: ps[0].Key, NewVersion: 1, Frames: cache.Merge(nil, ps[0].Delta, now), Expire: now.Add(time.Hour), Instance: "a", Seq: 1}}
	if _, err := st.Write(context.Background(), ws); err != nil {
		t.Fatal(err)
	}
	ps, ws, c = nil, nil, nil
	runtime.GC()
	runtime.GC()
	if wp.Value() != nil {
		t.Fatal("the store's document pins the cache entry's allocation (its key's bytes)")
	}
	runtime.KeepAlive(st)
}
