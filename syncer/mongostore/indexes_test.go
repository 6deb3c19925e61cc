package mongostore_test

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// TestCheckIndexesAfterADrop drops what EnsureIndexes made, as an operator
// may while the instances run: the counters' collection (the next write
// creates it again, without indexes), then the index on expire alone.
// CheckIndexes creates it again each time, logs it, and otherwise costs one
// listIndexes. Before, a Store created its indexes once per process: on
// MongoDB, after the collection was dropped, no document expired any more
// (the syncer does not sweep a store with TTL) until every process had
// restarted; on FerretDB each sweep scanned the whole collection.
// dropFixture is a Store on collection coll of the test database (dropped
// with it), logging to logs, and a client of its own through which a test
// drops what the Store made, as an operator would.
type dropFixture struct {
	s      *mongostore.Store
	s0     *mongostore.Store // names the server in the log
	logs   *bytes.Buffer
	client *mongo.Client
	ctx    context.Context
}

func newDropFixture(t *testing.T, coll string) *dropFixture {
	t.Helper()
	uri := mongoURI(t)
	f := &dropFixture{s0: newStore(t, 0), logs: new(bytes.Buffer)}
	var err error
	f.s, err = mongostore.New(t.Context(), mongostore.Config{
		URI: uri, Database: mongoEnv.db, Collection: coll,
		Logger: slog.New(slog.NewTextHandler(f.logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
	f.ctx = ctx
	t.Cleanup(cancel)
	t.Cleanup(func() { f.s.Close(ctx) })
	if f.client, err = mongo.Connect(options.Client().ApplyURI(uri)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.client.Disconnect(ctx) })
	return f
}

// indexes returns the names of the indexes of collection coll, sorted.
func (f *dropFixture) indexes(t *testing.T, coll string) []string {
	t.Helper()
	cur, err := f.client.Database(mongoEnv.db).Collection(coll).Indexes().List(f.ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ix []struct {
		Name string `bson:"name"`
	}
	if err := cur.All(f.ctx, &ix); err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, i := range ix {
		ns = append(ns, i.Name)
	}
	slices.Sort(ns)
	return ns
}

func TestCheckIndexesAfterADrop(t *testing.T) {
	const coll = "dropped"
	f := newDropFixture(t, coll)
	s, s0, logs, ctx := f.s, f.s0, f.logs, f.ctx
	c := f.client.Database(mongoEnv.db).Collection(coll)
	var want string // the index on expire: expire_ttl where the server has TTL indexes
	names := func() []string {
		t.Helper()
		return f.indexes(t, coll)
	}
	write := func() {
		t.Helper()
		now := time.Now()
		_, err := s.Write(ctx, []syncer.Write{{Key: cache.Key{ClientID: "c"}, NewVersion: now.UnixMilli(), Expire: now.Add(time.Hour),
			Instance: "i1", Seq: now.UnixMilli(), Frames: []cache.Frame{{Size: time.Minute, StartUnix: now.Truncate(time.Minute).Unix(), N: 1}}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CheckIndexes(ctx); err != nil {
		t.Fatalf("CheckIndexes before EnsureIndexes: %v, want nil (nothing to check)", err)
	}
	if err := s.EnsureIndexes(ctx); err != nil {
		t.Fatalf("EnsureIndexes: %v", err)
	}
	want = map[bool]string{true: "expire_ttl", false: "expire"}[s.TTL()]
	for _, drop := range []struct {
		name string
		do   func() error
	}{
		{"collection", func() error { return c.Drop(ctx) }},
		{"index", func() error { return c.Indexes().DropOne(ctx, want) }},
	} {
		write()
		if err := s.CheckIndexes(ctx); err != nil || !slices.Contains(names(), want) {
			t.Fatalf("before the %s is dropped: CheckIndexes %v, indexes %v", drop.name, err, names())
		}
		if err := drop.do(); err != nil {
			t.Fatalf("drop the %s: %v", drop.name, err)
		}
		write()
		if slices.Contains(names(), want) {
			t.Fatalf("the %s dropped, %q is still there: %v", drop.name, want, names())
		}
		if err := s.CheckIndexes(ctx); err != nil {
			t.Fatalf("CheckIndexes after the %s was dropped: %v", drop.name, err)
		}
		if !slices.Contains(names(), want) {
			t.Errorf("the %s dropped, CheckIndexes did not create %q again on %s: %v", drop.name, want, mongoServer(t, s0), names())
		}
	}
	if n := strings.Count(logs.String(), "index on expire missing"); n != 2 {
		t.Errorf("logged the missing index %d times, want 2:\n%s", n, logs.String())
	}
	if n, err := c.CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Errorf("%d documents (%v), want 1", n, err)
	}
}

// TestCheckIndexesAfterTheSubjectsDrop drops the refresh-token subjects'
// collection (the next binding written creates it again, without
// indexes), then their index on written alone, then that on expire alone.
// CheckIndexes creates them again each time and logs it. Before, it checked the counters' index
// only: the subjects kept _id_ alone until every process had restarted
// (h110's drill), so that on MongoDB no binding expired, and each read of
// the bindings written since the last one scanned and sorted the
// collection.
func TestCheckIndexesAfterTheSubjectsDrop(t *testing.T) {
	const coll = "subjdropped"
	f := newDropFixture(t, coll)
	s, s0, logs, ctx := f.s, f.s0, f.logs, f.ctx
	c := f.client.Database(mongoEnv.db).Collection(coll + "_subjects")
	names := func() []string {
		t.Helper()
		return f.indexes(t, coll+"_subjects")
	}
	var n byte
	write := func() {
		t.Helper()
		n++
		now := time.Now()
		if err := s.PutSubjects(ctx, []syncer.Subject{{Hash: [32]byte{n}, ClientID: "c", User: "u", Written: now, Expire: now.Add(time.Hour)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.EnsureIndexes(ctx); err != nil {
		t.Fatalf("EnsureIndexes: %v", err)
	}
	expire := map[bool]string{true: "expire_ttl", false: "expire"}[s.TTL()]
	want := []string{"_id_", expire, "written"}
	slices.Sort(want)
	for _, drop := range []struct {
		name string
		do   func() error
	}{
		{"collection", func() error { return c.Drop(ctx) }},
		{"index on written", func() error { return c.Indexes().DropOne(ctx, "written") }},
		{"index on expire", func() error { return c.Indexes().DropOne(ctx, expire) }},
	} {
		write()
		if err := s.CheckIndexes(ctx); err != nil || !slices.Equal(names(), want) {
			t.Fatalf("before the %s is dropped: CheckIndexes %v, indexes %v, want %v", drop.name, err, names(), want)
		}
		if err := drop.do(); err != nil {
			t.Fatalf("drop the %s: %v", drop.name, err)
		}
		write()
		if slices.Equal(names(), want) {
			t.Fatalf("the %s dropped, the indexes are all there: %v", drop.name, names())
		}
		if err := s.CheckIndexes(ctx); err != nil {
			t.Fatalf("CheckIndexes after the %s was dropped: %v", drop.name, err)
		}
		if got := names(); !slices.Equal(got, want) {
			t.Errorf("the %s dropped, CheckIndexes left the subjects' indexes %v on %s, want %v", drop.name, got, mongoServer(t, s0), want)
		}
	}
	if n := strings.Count(logs.String(), "indexes of the refresh-token subjects missing"); n != 3 {
		t.Errorf("logged the missing indexes %d times, want 3:\n%s", n, logs.String())
	}
}
