package integration

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStoreSuite runs the suite every Store passes (syncer/storetest, the
// same cases as MemoryStore's) against mongostore.Store on the server: one new
// collection per case; then the batch cases with four writes per bulk
// command, so that conflicts fall at chunk boundaries.
func TestStoreSuite(t *testing.T) {
	srv := server(t)
	t.Run("Default", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) syncer.Store {
			return newStoreBulk(t, srv, 0)
		})
	})
	t.Run("Chunked", func(t *testing.T) {
		storetest.RunChunked(t, func(t *testing.T) syncer.Store {
			return newStoreBulk(t, srv, 4)
		})
	})
}

// TestStoreConcurrentCAS runs writers that race on the same documents
// (storetest.RunConcurrent) against the server and checks that no
// compare-and-swap lost an increment. On MongoDB they write truly
// concurrently: its per-document atomicity, which the syncer relies on, is
// what the test proves. FerretDB v1's compare-and-swap is not atomic
// (docs/ferretdb.md point 3), so there the writers' commands go through the
// serializing wire proxy, as in the multi-writer scenarios: that still
// proves the driver path and the handling of conflicts under concurrent
// writers on a real wire server, not the server's atomicity.
func TestStoreConcurrentCAS(t *testing.T) {
	srv := server(t)
	if !srv.ferret {
		t.Logf("%s: writers truly concurrent (per-document atomicity)", srv.name)
		storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return newStoreBulk(t, srv, 0) })
		return
	}
	if srv.addr == "" {
		t.Skipf("%s: compare-and-swap is not atomic under concurrent writers (docs/ferretdb.md point 3), and the URI (%s) names several hosts or SRV, "+
			"so the serializing wire proxy cannot stand in front of it; MongoDB's per-document atomicity is checked against a MongoDB MONGODB_URI or testcontainers",
			srv.name, redact(srv.uri))
	}
	t.Logf("%s: writers concurrent, their commands serialized by a wire proxy (FerretDB's compare-and-swap is not atomic; "+
		"MongoDB's per-document atomicity is checked against a MongoDB MONGODB_URI or testcontainers)", srv.name)
	wp := newWireProxy(t, srv.addr, true)
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store {
		return newStore(t, srv, proxiedURI(t, srv, wp.Addr()), collName(t), opTimeout)
	})
	if n := wp.Commands()["update"]; n == 0 {
		t.Errorf("no update command went through the proxy: %v", wp.Commands())
	}
}

func newStoreBulk(t *testing.T, srv *mongoServer, bulk int) syncer.Store {
	s, err := mongostore.New(t.Context(), mongostore.Config{
		URI: srv.uri, Database: srv.db, Collection: collName(t), BulkSize: bulk, Timeout: opTimeout,
	})
	if err != nil {
		t.Fatalf("mongostore.New: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		defer cancel()
		s.Close(ctx)
	})
	return s
}

// TestStoreMajorityConcerns checks, on the wire, that mongostore.Store reads
// with read concern majority (the Loads that settle a write whose answer
// was lost must not see a write a failover can roll back) and writes with
// write concern majority, and that the server accepts both (FerretDB v1
// has one server and ignores them; it must not refuse them).
func TestStoreMajorityConcerns(t *testing.T) {
	srv := server(t)
	needProxy(t, srv)
	wp := newWireProxy(t, srv.addr, false)
	type seen struct{ name, concern string }
	var mu sync.Mutex
	var got []seen
	wp.Observe(func(name string, body []byte) {
		var concern string
		switch name {
		case "find":
			concern, _ = bson.Raw(body).Lookup("readConcern", "level").StringValueOK()
		case "update", "delete":
			concern, _ = bson.Raw(body).Lookup("writeConcern", "w").StringValueOK()
		default:
			return
		}
		mu.Lock()
		got = append(got, seen{name, concern})
		mu.Unlock()
	})
	s := newStore(t, srv, proxiedURI(t, srv, wp.Addr()), collName(t), opTimeout)
	k := cache.Key{ClientID: "majority", User: "u"}
	now := time.Now()
	outs, err := s.Write(octx(t), []syncer.Write{{Key: k, NewVersion: 1, Expire: now.Add(time.Hour), Instance: "i", Seq: 1,
		Frames: []cache.Frame{{Size: time.Minute, StartUnix: now.Unix() - now.Unix()%60, N: 1}}}})
	if err != nil || len(outs) != 1 || outs[0] != syncer.Written {
		t.Fatalf("Write = %v, %v", outs, err)
	}
	docs, err := s.Load(octx(t), []cache.Key{k})
	if err != nil || docs[0].Snapshot.Version != 1 {
		t.Fatalf("Load = %+v, %v", docs, err)
	}
	if _, err := s.Sweep(octx(t), now.Add(-time.Hour)); err != nil {
		t.Fatalf("Sweep: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	kinds := map[string]bool{}
	for _, c := range got {
		kinds[c.name] = true
		if c.concern != "majority" {
			t.Errorf("%s command with concern %q, want majority", c.name, c.concern)
		}
	}
	for _, name := range []string{"find", "update", "delete"} {
		if !kinds[name] {
			t.Errorf("no %s command seen on the wire: %v", name, got)
		}
	}
}
