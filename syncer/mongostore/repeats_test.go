package mongostore_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// TestRestoreRepeatsAVersionThroughServer is syncer's
// TestRestoreRepeatsAVersion/Increments against the server of MONGODB_URI
// (helper-107's), the document put back as a restore of a dump does
// (replaceOne with the copy read before). c writes the key alone (version
// v); a's first write is refused by c's document and added to it (v+1); c
// reads v+1. The document goes back to v (a's 5 removed); a adds 3 (v+1
// again); c writes 1, a compare-and-swap on v+1, which the server refuses
// on the counts of the frames it sets (casFilter: Write.Strict). On the
// version alone the store counted 16 in the day where 14 is right (a's 5
// back, a's 3 gone). The clock moves a second a step across the hour's
// frame, then 7 minutes a step while the writers settle.
func TestRestoreRepeatsAVersionThroughServer(t *testing.T) {
	store, docs, ctx := storeAndDocs(t, "restore_repeats")

	k := cache.Key{ClientID: "client", User: "restored"}
	id := mongostore.DocumentID(k)
	now := t0.Add(time.Hour - 2*time.Second)
	clock := func() time.Time { return now }
	cc, ca := newCache(t, clock), newCache(t, clock)
	sc := newSyncer(t, syncer.Config{Cache: cc, Store: store, Instance: "c", Now: clock})
	sa := newSyncer(t, syncer.Config{Cache: ca, Store: store, Instance: "a", Now: clock})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	hit := func(c *cache.Cache, n int) {
		t.Helper()
		for range n {
			d := c.Reserve(k, tiers, 1, cache.Enforce, now)
			if !d.Allowed {
				t.Fatalf("request not admitted: %+v", d)
			}
			c.Commit(&d.Reservation)
		}
	}
	day := syncfixture.DayTier.Size
	stored := func() (int64, int64) { return syncfixture.Stored(t, store, k, day) }

	hit(cc, 10)
	must(sc.FlushOnce(ctx))
	var saved bson.Raw
	must(docs.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&saved))
	v, _ := stored()
	now = now.Add(time.Second)
	hit(ca, 5)
	must(sa.FlushOnce(ctx))
	if got, _ := stored(); got != v+1 {
		t.Fatalf("a's first write: version %d, want %d (an increment)", got, v+1)
	}
	must(sc.PullOnce(ctx))
	now = now.Add(time.Second)
	res, err := docs.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}}, saved)
	if err != nil || res.MatchedCount != 1 {
		t.Fatalf("put the copy back: %+v, %v", res, err)
	}
	if _, n := stored(); n != 10 {
		t.Fatalf("after the restore the store counts %d, want c's 10", n)
	}
	now = now.Add(time.Second)
	hit(ca, 3)
	must(sa.FlushOnce(ctx))
	if got, _ := stored(); got != v+1 {
		t.Fatalf("a's write after the restore: version %d, want %d again (an increment)", got, v+1)
	}
	hit(cc, 1)
	must(sc.FlushOnce(ctx))
	for range 3 {
		now = now.Add(7 * time.Minute)
		must(sa.FlushOnce(ctx))
		must(sc.FlushOnce(ctx))
	}
	if got, n := stored(); n != 10+3+1 {
		t.Errorf("the store counts %d in the day (version %d), want 14: c's 10 and 1, a's 3", n, got)
	}
}

// storeAndDocs returns a Store on collection coll of the server of
// MONGODB_URI, the same collection through a client of its own (for what a
// restore or a hand edit writes, past the Store), and a context for both,
// bounded to four of the store's timeouts; all closed at the test's end.
func storeAndDocs(t *testing.T, coll string) (*mongostore.Store, *mongo.Collection, context.Context) {
	t.Helper()
	uri := mongoURI(t)
	newStore(t, 0) // names the server in the log, and makes the database's name
	store, err := mongostore.New(t.Context(), mongostore.Config{URI: uri, Database: mongoEnv.db, Collection: coll, Timeout: mongoOpTimeout})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*mongoOpTimeout)
	t.Cleanup(cancel)
	t.Cleanup(func() { store.Close(ctx) })
	client, err := mongo.Connect(options.Client().ApplyURI(uri))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Disconnect(ctx) })
	return store, client.Database(mongoEnv.db).Collection(coll), ctx
}
