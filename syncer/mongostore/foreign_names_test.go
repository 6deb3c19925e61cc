package mongostore_test

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// TestStrictAgreesWithMatchesOnForeignNames: what Load reads of a document
// is what a Strict compare-and-swap's filter compares, so that
// Write.Matches of the document as read tells the store's answer. A
// document may hold counts under names this package never writes but
// reads as numbers, "060" or "01795725000" (a hand edit, another client):
// read as frames, they summed with the frame of the same size and start
// in a Strict write's base, which the filter compares with the one field
// requestCounters.60.1795725000 it names. The store refused every such
// write, and Matches said it could land: a write of the key whose answer
// was lost was sent again as it was, and refused, flush after flush (the
// prior case of flush and resolve), the key's counts never written.
func TestStrictAgreesWithMatchesOnForeignNames(t *testing.T) {
	store, docs, ctx := storeAndDocs(t, "strict_foreign_names")

	const start = 1795725000
	for i, rc := range []bson.D{
		{{Key: "60", Value: bson.D{{Key: "1795725000", Value: int64(4)}}}, {Key: "060", Value: bson.D{{Key: "1795725000", Value: int64(2)}}}},
		{{Key: "60", Value: bson.D{{Key: "1795725000", Value: int64(4)}, {Key: "01795725000", Value: int64(2)}}}},
		{{Key: "60", Value: bson.D{{Key: "1795725000", Value: int64(4)}, {Key: "+1795725000", Value: int64(2)}}}},
	} {
		k := cache.Key{ClientID: "client", User: "foreign" + string(rune('a'+i))}
		if _, err := docs.InsertOne(ctx, bson.D{
			{Key: "_id", Value: mongostore.DocumentID(k)},
			{Key: "version", Value: int64(5)},
			{Key: "expire", Value: time.Unix(start+86400, 0)},
			{Key: "requestCounters", Value: rc},
		}); err != nil {
			t.Fatal(err)
		}
		d, err := store.Load(ctx, []cache.Key{k})
		if err != nil {
			t.Fatal(err)
		}
		w := syncer.Write{
			Key: k, Version: 5, NewVersion: 6, Expire: time.Unix(start+2*86400, 0),
			Instance: "i", Seq: 3000, Frames: cache.Merge(d[0].Snapshot.Frames, []cache.Frame{{Size: time.Minute, StartUnix: start, N: 1}}, time.Unix(start, 0)),
			Strict: true, Base: d[0].Snapshot.Frames,
		}
		matches := w.Matches(&d[0])
		out, err := store.Write(ctx, []syncer.Write{w})
		if err != nil {
			// The store's read back (decide, by Matches) found the
			// write would apply, and the server did not apply it.
			t.Errorf("%v: read as %v, Matches %v: %v", rc, d[0].Snapshot.Frames, matches, err)
			continue
		}
		if matches != (out[0] == syncer.Written) {
			t.Errorf("%v: read as %v, Matches %v, and the store answered %v", rc, d[0].Snapshot.Frames, matches, out[0])
		}
	}
}
