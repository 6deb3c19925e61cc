package mongostore_test

import (
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// TestUnreadableDocumentCostsOnlyItsKeyThroughServer: documents edited by
// hand with values no write puts there (a fraction, a string, a negative
// or absurd count, a boolean, a version that is a string) are read in one
// Load with a document written as the writes do and with one whose numbers
// are the server's other kinds (int32, doubles without a fraction, as
// mongosh writes them). The readable ones are read; each bad one is
// Doc.Unreadable, named by its field and what it held, and costs only its
// key. Before, the driver's decoder failed the whole find at the fraction
// ("IntDecodeValue can only truncate float64 to an integer type"), every
// key of the batch unread; and took the others as they were (a boolean as
// 1, which no filter compares equal to 1).
//
// Then a bulk that carries a compare-and-swap refused on a good document
// (so that the bulk is read back), one on the fraction's document naming
// its frame (the server refuses it: 2.5 is not the 2 it was counted
// against) and one that lands: each is settled, the bad one a Conflict, and
// the Write returns no error. Before, the read back failed whole, and
// every write of the bulk was Unknown.
func TestUnreadableDocumentCostsOnlyItsKeyThroughServer(t *testing.T) {
	store, docs, ctx := storeAndDocs(t, "unreadable_documents")
	const start = 1795725000
	frame := func(v any) bson.D {
		return bson.D{{Key: "60", Value: bson.D{{Key: "1795725000", Value: v}}}}
	}
	type stored struct {
		user    string
		version any
		counts  bson.D
		field   string // of an unreadable document
		held    string
	}
	all := []stored{
		{user: "good", version: int64(5), counts: frame(int64(2))},
		{user: "kinds", version: 5.0, counts: frame(int32(2))},
		{user: "fraction", version: int64(5), counts: frame(2.5), field: "requestCounters.60.1795725000", held: `{"$numberDouble":"2.5"}`},
		{user: "string", version: int64(5), counts: frame("2"), field: "requestCounters.60.1795725000", held: `"2"`},
		{user: "negative", version: int64(5), counts: frame(int64(-2)), field: "requestCounters.60.1795725000", held: `{"$numberLong":"-2"}`},
		{user: "absurd", version: int64(5), counts: frame(int64(1) << 60), field: "requestCounters.60.1795725000", held: `{"$numberLong":"1152921504606846976"}`},
		{user: "boolean", version: int64(5), counts: frame(true), field: "requestCounters.60.1795725000", held: "true"},
		{user: "version", version: "5", counts: frame(int64(2)), field: "version", held: `"5"`},
		{user: "landing", version: int64(5), counts: frame(int64(2))},
	}
	keys := make([]cache.Key, len(all))
	for i, s := range all {
		keys[i] = cache.Key{ClientID: "client", User: s.user}
		if _, err := docs.InsertOne(ctx, bson.D{
			{Key: "_id", Value: mongostore.DocumentID(keys[i])},
			{Key: "version", Value: s.version},
			{Key: "expire", Value: time.Unix(start+86400, 0)},
			{Key: "requestCounters", Value: s.counts},
			{Key: "lastWrites", Value: bson.D{{Key: "other", Value: int64(1000)}}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := store.Load(ctx, keys)
	if err != nil {
		t.Fatalf("Load of %d documents, %d of them unreadable: %v", len(keys), 6, err)
	}
	two := []cache.Frame{{Size: time.Minute, StartUnix: start, N: 2}}
	for i, s := range all {
		d := got[i]
		if s.field == "" {
			if d.Unreadable != nil || d.Snapshot.Version != 5 || !slices.Equal(d.Snapshot.Frames, two) || d.LastWrites["other"] != 1000 {
				t.Errorf("%s: read %+v, last writes %v, unreadable %v; want version 5, %v", s.user, d.Snapshot, d.LastWrites, d.Unreadable, two)
			}
			continue
		}
		u := d.Unreadable
		if u == nil {
			t.Errorf("%s: read as %+v, want unreadable at %s", s.user, d.Snapshot, s.field)
			continue
		}
		if u.ID != mongostore.DocumentID(keys[i]) || u.Field != s.field || u.Held != s.held {
			t.Errorf("%s: %v; want _id %q, field %s holding %s", s.user, u, mongostore.DocumentID(keys[i]), s.field, s.held)
		}
		if want := map[bool]int64{true: 0, false: 5}[s.field == "version"]; u.Version != want {
			t.Errorf("%s: unreadable's version %d, want %d", s.user, u.Version, want)
		}
		if d.LastWrites["other"] != 1000 {
			t.Errorf("%s: last writes %v, want the entry other: 1000 read", s.user, d.LastWrites)
		}
	}

	cas := func(user string, version int64) syncer.Write {
		return syncer.Write{
			Key: cache.Key{ClientID: "client", User: user}, Version: version, NewVersion: 6, Expire: time.Unix(start+2*86400, 0),
			Instance: "i", Seq: 3000, Frames: []cache.Frame{{Size: time.Minute, StartUnix: start, N: 3}},
			Strict: true, Base: two,
		}
	}
	outs, err := store.Write(ctx, []syncer.Write{cas("good", 4), cas("fraction", 5), cas("landing", 5)})
	if err != nil {
		t.Errorf("Write: %v", err)
	}
	if want := []syncer.Outcome{syncer.Conflict, syncer.Conflict, syncer.Written}; !slices.Equal(outs, want) {
		t.Errorf("outcomes %v, want %v (a version that is not the document's, the unreadable document's frame, a write that lands)", outs, want)
	}
}
