package integration

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// codeNotImplemented is FerretDB v1's answer to a TTL index.
const codeNotImplemented = 238

// TestExpiry: documents go after their expiry. MongoDB deletes them itself,
// by the TTL index that mongostore.Store.EnsureIndexes creates. FerretDB v1
// refuses TTL indexes (NotImplemented, code 238; docs/ferretdb.md point 4): there
// the store creates a plain index on expire instead, says so once in its
// log and reports TTL() false, and the syncer's loop sweeps the expired
// documents (deleteMany {expire: {$lt: now - MaxSkew}}: by the instance's
// clock, so only those expired by more than the clocks may differ; one
// expired a minute ago stays). Each branch asserts what its
// server does, so that the divergence is documented by a test that fails
// if either side changes.
func TestExpiry(t *testing.T) {
	srv := server(t)
	coll := collName(t)
	var logs logbuf.Buffer
	store, err := mongostore.New(t.Context(), mongostore.Config{
		URI: srv.uri, Database: srv.db, Collection: coll, Timeout: opTimeout,
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		defer cancel()
		store.Close(ctx)
	})
	if err := store.EnsureIndexes(octx(t)); err != nil {
		t.Fatalf("EnsureIndexes: %v", err)
	}
	idx := expireIndex(t, srv, coll)
	// The server's own answer to a TTL index, without the store in between.
	_, rawErr := srv.client.Database(srv.db).Collection(coll+"_raw").Indexes().CreateOne(octx(t), mongo.IndexModel{
		Keys: bson.D{{Key: "expire", Value: 1}}, Options: options.Index().SetExpireAfterSeconds(0),
	})

	now := time.Now()
	const maxSkew = 5 * time.Minute // syncer.Config.MaxSkew's default
	var expired, live, recent []cache.Key
	var ws []syncer.Write
	for i := range 6 {
		k := cache.Key{ClientID: "expiry", User: fmt.Sprint("u", i)}
		expire := now.Add(-maxSkew - time.Duration(i+1)*time.Minute)
		switch {
		case i == 5:
			expire = now.Add(-time.Minute) // expired, but within the skew margin
			recent = append(recent, k)
		case i >= 3:
			expire = now.Add(time.Hour)
			live = append(live, k)
		default:
			expired = append(expired, k)
		}
		ws = append(ws, syncer.Write{Key: k, NewVersion: 1, Expire: expire, Instance: "writer", Seq: 1,
			Frames: []cache.Frame{{Size: time.Minute, StartUnix: now.Truncate(time.Minute).Unix(), N: 1}}})
	}
	if outs, err := store.Write(octx(t), ws); err != nil {
		t.Fatalf("write: %v, %v", outs, err)
	}
	present := func(keys []cache.Key) int {
		n := 0
		for _, k := range keys {
			if _, ok := readDoc(t, srv, srv.db, coll, k); ok {
				n++
			}
		}
		return n
	}

	if srv.ferret {
		var se mongo.ServerError
		if !errors.As(rawErr, &se) || !se.HasErrorCode(codeNotImplemented) {
			t.Errorf("%s answered a TTL index with %v, want NotImplemented (code 238): docs/ferretdb.md point 4 is out of date", srv.name, rawErr)
		}
		if store.TTL() {
			t.Errorf("TTL() is true on %s", srv.name)
		}
		if idx == nil || idx.ExpireAfterSeconds != nil {
			t.Errorf("index on expire %+v, want a plain one (no expireAfterSeconds)", idx)
		}
		if n := strings.Count(logs.String(), "ttl indexes not supported"); n != 1 {
			t.Errorf("the store logged the missing TTL support %d times, want once:\n%s", n, logs.String())
		}
		// The syncer's loop sweeps a store without TTL: at once, then every
		// SweepInterval.
		in := newInstance(t, "sweeper", store, syncer.Config{Interval: time.Hour, SweepInterval: 100 * time.Millisecond})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- in.sync.Run(ctx) }()
		gone := waitFor(10*time.Second, func() bool { return present(expired) == 0 })
		cancel()
		<-done
		if !gone {
			t.Errorf("%d of %d expired documents still there 10 s after the sweeper started", present(expired), len(expired))
		}
		if n := present(live); n != len(live) {
			t.Errorf("the sweep deleted %d documents that had not expired", len(live)-n)
		}
		if n := present(recent); n != len(recent) {
			t.Errorf("the sweep deleted %d documents expired by less than MaxSkew", len(recent)-n)
		}
		t.Logf("%s: TTL index refused (%v); plain index %q on expire; the syncer swept %d expired documents (%.0f sweeps)",
			srv.name, rawErr, idx.Name, len(expired), in.metric(t, "oauth_ratelimit_sync_store_requests_total", "op=sweep"))
		return
	}

	if rawErr != nil {
		t.Errorf("%s refused a TTL index: %v", srv.name, rawErr)
	}
	if !store.TTL() {
		t.Errorf("TTL() is false on %s", srv.name)
	}
	if idx == nil || idx.ExpireAfterSeconds == nil || *idx.ExpireAfterSeconds != 0 {
		t.Errorf("index on expire %+v, want a TTL index with expireAfterSeconds 0", idx)
	}
	// The syncer leaves expiry to the server: its loop never sweeps.
	in := newInstance(t, "no-sweeper", store, syncer.Config{Interval: time.Hour, SweepInterval: 50 * time.Millisecond})
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	in.sync.Run(ctx)
	if n := in.metric(t, "oauth_ratelimit_sync_store_requests_total", "op=sweep"); n != 0 {
		t.Errorf("the syncer swept %v times a store whose server has a TTL index", n)
	}
	// MongoDB's TTL monitor runs every 60 s: the deletion itself is not
	// waited for.
	t.Logf("%s: TTL index %q with expireAfterSeconds 0; no sweeps", srv.name, idx.Name)
}

type indexSpec struct {
	Name               string `bson:"name"`
	Key                bson.D `bson:"key"`
	ExpireAfterSeconds *int64 `bson:"expireAfterSeconds"`
}

// expireIndex returns the index of coll on {expire: 1}, or nil.
func expireIndex(t *testing.T, srv *mongoServer, coll string) *indexSpec {
	t.Helper()
	cur, err := srv.client.Database(srv.db).Collection(coll).Indexes().List(octx(t))
	if err != nil {
		t.Fatalf("list indexes: %v", err)
	}
	var specs []indexSpec
	if err := cur.All(octx(t), &specs); err != nil {
		t.Fatalf("list indexes: %v", err)
	}
	for i := range specs {
		if len(specs[i].Key) == 1 && specs[i].Key[0].Key == "expire" {
			return &specs[i]
		}
	}
	t.Logf("indexes: %+v", specs)
	return nil
}

// TestUnorderedBulkWriteErrors documents how the server reports a write
// error in an unordered bulk write of what mongostore.Store sends (upserts of new
// documents, one of which exists), with the driver alone: MongoDB executes
// every other write and names the failing one by its index; FerretDB v1
// stops at the first error, leaves the writes after it unexecuted, reports
// the error at a wrong index (0) and omits from its counts a write before
// it that did land (docs/ferretdb.md point 2). mongostore.Store trusts neither
// the index nor the counts when any write fails: it reads the chunk back
// and decides each write by its document, sending again the writes that
// were not executed (the Store suite's ConflictsAnywhereInBatch checks the
// outcome on this server).
func TestUnorderedBulkWriteErrors(t *testing.T) {
	srv := server(t)
	coll := srv.client.Database(srv.db).Collection(collName(t))
	if _, err := coll.InsertOne(octx(t), bson.D{{Key: "_id", Value: "b"}, {Key: "version", Value: 5}}); err != nil {
		t.Fatal(err)
	}
	// What mongostore.Store sends: compare-and-swaps as upserts of version 0 (no
	// document yet); b exists, so its upsert inserts a duplicate _id.
	upsert := func(id string) mongo.WriteModel {
		return mongo.NewUpdateManyModel().
			SetFilter(bson.D{{Key: "_id", Value: id}, {Key: "version", Value: 0}}).
			SetUpdate(bson.D{{Key: "$set", Value: bson.D{{Key: "version", Value: 1}}}}).
			SetUpsert(true)
	}
	models := []mongo.WriteModel{upsert("a"), upsert("b"), upsert("c")}
	res, err := coll.BulkWrite(octx(t), models, options.BulkWrite().SetOrdered(false))
	var bwe mongo.BulkWriteException
	if !errors.As(err, &bwe) || len(bwe.WriteErrors) != 1 || !mongo.IsDuplicateKeyError(bwe.WriteErrors[0].WriteError) {
		t.Fatalf("bulk write: %v; want one duplicate-key write error", err)
	}
	index := bwe.WriteErrors[0].Index
	executed := func(id string) bool {
		n, err := coll.CountDocuments(octx(t), bson.D{{Key: "_id", Value: id}, {Key: "version", Value: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	upserted := int64(-1)
	if res != nil {
		upserted = res.UpsertedCount
	}
	t.Logf("%s: unordered [upsert a, upsert b (duplicate _id), upsert c]: %d reported upserted, the error reported at index %d; executed: a %v, c %v",
		srv.name, upserted, index, executed("a"), executed("c"))
	if srv.ferret {
		if executed("c") {
			t.Errorf("%s executed the write after the failing one: docs/ferretdb.md point 2 is out of date", srv.name)
		}
		return
	}
	if !executed("a") || !executed("c") || index != 1 {
		t.Errorf("%s: want MongoDB's unordered semantics: every other write executed, the error at index 1", srv.name)
	}
}
