package syncer

import (
	"fmt"
	"runtime"
	"testing"
	"time"
	"unsafe"
	"weak"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestKeptKeysDoNotPinTheirChunk: the keys the cache hands out are copies
// made over a chunk of the call's keys (cache's keyBuf), so a key kept
// past its flush or pull keeps the whole chunk alive. The Syncer's maps
// that keep keys long (the contended keys, for ActiveFor; the entries to
// prune and the frames to drop, until the key's next write), each of up to
// 10,000 keys, copy the keys they keep: one key of a flush of a thousand
// left in them must not keep the other 999's bytes.
func TestKeptKeysDoNotPinTheirChunk(t *testing.T) {
	now := time.Unix(1_900_000_020, 0)
	for _, name := range []string{"contended", "stale", "drops"} {
		t.Run(name, func(t *testing.T) {
			s := newDropsSyncer(t, now)
			c := s.cfg.Cache
			for i := range 1000 {
				d := c.Reserve(cache.Key{ClientID: fmt.Sprintf("client-%04d", i), User: "user"}, []window.Tier{{Limit: 10, Size: time.Minute}}, 1, cache.Enforce, now)
				c.Commit(&d.Reservation)
			}
			ps := c.TakeDirty(nil, now)
			k := ps[len(ps)-1].Key
			chunk := weak.Make(unsafe.StringData(k.ClientID))
			f := now.Unix() - now.Unix()%60
			switch name {
			case "contended":
				s.markContended(k, true, now)
			case "stale":
				s.learnStale([]Doc{{Key: k, Snapshot: cache.Snapshot{Version: 3, Frames: []cache.Frame{{Size: time.Minute, StartUnix: f, N: 1}}},
					LastWrites: map[string]int64{"gone": now.Add(-time.Hour).UnixMilli()}}}, now)
			case "drops":
				s.learnStale([]Doc{{Key: k, Snapshot: cache.Snapshot{Version: 3, Frames: []cache.Frame{{Size: time.Minute, StartUnix: f - 180, N: 1}}}}}, now)
			}
			if n := len(s.contended) + len(s.stale) + len(s.drops); n != 1 {
				t.Fatalf("test bug: %d keys kept, want 1", n)
			}
			for i := range ps {
				c.Abort(&ps[i])
			}
			ps, k = nil, cache.Key{}
			runtime.GC()
			runtime.GC()
			if chunk.Value() != nil {
				t.Errorf("the key kept in %s keeps the flush's chunk of keys alive", name)
			}
			if n := len(s.contended) + len(s.stale) + len(s.drops); n != 1 {
				t.Errorf("%d keys kept after the collection, want 1", n) // and s kept alive till here
			}
		})
	}
}
