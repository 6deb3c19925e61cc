package mongostore

import (
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// BenchmarkUpdateModel measures what the flush's Write builds for each key
// of a bulk: the compare-and-swap's model (updateModel: its filter and
// update), alone and encoded as the driver sends it (bson.Marshal of
// both), for the Strict writes the Syncer sends: a key counted in one
// window size (its current and previous frame, the current one new to the
// document: {$in: [0, null]}), in two sizes, and in two with two entries
// to prune. Off the request path; a flush of 100k dirty keys builds 100k.
func BenchmarkUpdateModel(b *testing.B) {
	const start = 1795725600 // an hour's start, and a day's
	hour, day := time.Hour, 24*time.Hour
	write := func(sizes []time.Duration, prune []string) syncer.Write {
		var base, frames []cache.Frame
		for _, size := range sizes {
			s := int64(size / time.Second)
			prev := cache.Frame{Size: size, StartUnix: start - s, N: 40}
			base = append(base, prev)
			frames = append(frames, cache.Frame{Size: size, StartUnix: start - s, N: 40}, cache.Frame{Size: size, StartUnix: start, N: 3})
		}
		w := syncer.Write{
			Key: cache.Key{ClientID: "mobile-app", User: "user-123456"}, Version: 1795725600123, NewVersion: 1795725601456,
			Frames: frames, Epoch: 0, Expire: time.Unix(start+2*86400, 0), Instance: "inst2:k3x9a1", Seq: 1795725601456,
			Strict: true, Base: base,
		}
		if len(prune) > 0 {
			w.Prune, w.PruneBelow = prune, 1795725000000
		}
		return w
	}
	for _, tc := range []struct {
		name string
		w    syncer.Write
	}{
		{"frames=2", write([]time.Duration{hour}, nil)},
		{"frames=4", write([]time.Duration{hour, day}, nil)},
		{"frames=4,prune=2", write([]time.Duration{hour, day}, []string{"inst1:a1b2c3", "inst3:d4e5f6"})},
	} {
		if err := syncer.ValidateWrites([]syncer.Write{tc.w}); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/model", tc.name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m := updateModel(&tc.w)
				if m.Filter == nil {
					b.Fatal("no filter")
				}
			}
		})
		b.Run(fmt.Sprintf("%s/encoded", tc.name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m := updateModel(&tc.w)
				if _, err := bson.Marshal(m.Filter); err != nil {
					b.Fatal(err)
				}
				if _, err := bson.Marshal(m.Update); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
