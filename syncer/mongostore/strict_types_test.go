package mongostore_test

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// TestStrictOnOtherNumericTypes: a Strict compare-and-swap (casFilter)
// compares the counts, the reset epoch and the entries it prunes by value,
// whatever numeric type the document stores them as (a 32-bit integer or a
// double, as a hand edit in mongosh or another client writes them), as Load
// reads them; and a frame of a size the document has no counts of yet
// ({$in: [0, null]} on a path whose parent is missing) is 0. Were any of
// these compared by type, every compare-and-swap of such a key would be
// refused, and a lost answer's copy resent for good (Write.Matches says it
// can land).
func TestStrictOnOtherNumericTypes(t *testing.T) {
	store, docs, ctx := storeAndDocs(t, "strict_types")

	const start = 1795725000
	minute := cache.Frame{Size: time.Minute, StartUnix: start, N: 4}
	hour := cache.Frame{Size: time.Hour, StartUnix: start - start%3600, N: 9}
	day := cache.Frame{Size: 24 * time.Hour, StartUnix: start - start%86400, N: 1}
	k := cache.Key{ClientID: "client", User: "types"}
	if _, err := docs.InsertOne(ctx, bson.D{
		{Key: "_id", Value: mongostore.DocumentID(k)},
		{Key: "version", Value: int64(5)},
		{Key: "expire", Value: time.Unix(start+86400, 0)},
		{Key: "resetEpoch", Value: int32(7)},
		{Key: "requestCounters", Value: bson.D{
			{Key: "60", Value: bson.D{{Key: "1795725000", Value: int32(4)}}},
			{Key: "3600", Value: bson.D{{Key: "1795723200", Value: float64(9)}}},
		}},
		{Key: "lastWrites", Value: bson.D{{Key: "old", Value: int32(100)}, {Key: "peer", Value: float64(2000)}}},
	}); err != nil {
		t.Fatal(err)
	}
	d, err := store.Load(ctx, []cache.Key{k})
	if err != nil {
		t.Fatal(err)
	}
	if s := d[0].Snapshot; s.Version != 5 || s.Epoch != 7 || len(s.Frames) != 2 || s.Frames[0] != minute || s.Frames[1] != hour {
		t.Fatalf("loaded %+v, want version 5, epoch 7, frames %v %v", s, minute, hour)
	}
	write := func(base []cache.Frame, prune []string) syncer.Write {
		m, h := minute, hour
		m.N, h.N = 5, 10
		return syncer.Write{
			Key: k, Version: 5, NewVersion: 6, Epoch: 7, Expire: time.Unix(start+2*86400, 0),
			Instance: "i", Seq: 3000, Frames: []cache.Frame{m, h, day},
			Prune: prune, PruneBelow: 1000, Strict: true, Base: base,
		}
	}
	for _, c := range []struct {
		name string
		w    syncer.Write
		want syncer.Outcome
	}{
		{"another count", write([]cache.Frame{minute, {Size: time.Hour, StartUnix: hour.StartUnix, N: 8}}, nil), syncer.Conflict},
		{"an entry above the cutoff", write([]cache.Frame{minute, hour}, []string{"peer"}), syncer.Conflict},
		{"as read", write(d[0].Snapshot.Frames, []string{"old"}), syncer.Written},
	} {
		if got := c.w.Matches(&d[0]) == (c.want == syncer.Written); !got {
			t.Errorf("%s: Matches of the document as read: %v, want %v", c.name, !got, c.want == syncer.Written)
		}
		out, err := store.Write(ctx, []syncer.Write{c.w})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if out[0] != c.want {
			t.Errorf("%s: %v, want %v", c.name, out[0], c.want)
		}
	}
	d, err = store.Load(ctx, []cache.Key{k})
	if err != nil {
		t.Fatal(err)
	}
	if s := d[0].Snapshot; s.Version != 6 || len(s.Frames) != 3 || d[0].LastWrites["old"] != 0 || d[0].LastWrites["i"] != 3000 {
		t.Errorf("after the write: %+v %v, want version 6, three frames, old pruned", s, d[0].LastWrites)
	}
}
