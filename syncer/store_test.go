package syncer_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

func TestMemoryStoreConcurrent(t *testing.T) {
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

// TestMongoStore runs the suite against the server of MONGODB_URI;
// LargeBatch spans three bulk commands of the default size.
func TestMongoStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return newMongoStore(t, 0) })
}

// TestMongoStoreChunked runs the batch cases with four writes per bulk
// command, so that conflicts fall at chunk boundaries and FerretDB's
// stop-at-the-first-error shows in several chunks of one call.
func TestMongoStoreChunked(t *testing.T) {
	storetest.RunChunked(t, func(t *testing.T) syncer.Store { return newMongoStore(t, 4) })
}

// TestMongoStoreConcurrent runs writers that race on the same documents
// (storetest.RunConcurrent) against the server of MONGODB_URI. On MongoDB
// they write truly concurrently, which proves its per-document atomicity,
// which the syncer relies on. FerretDB v1's compare-and-swap is not atomic
// (FERRETDB.md point 3), so there the writers' commands go through a wire
// proxy that forwards one at a time: that proves the driver path and the
// handling of conflicts under concurrent writers on a real wire server, not
// the server's atomicity.
func TestMongoStoreConcurrent(t *testing.T) {
	s := newMongoStore(t, 0)
	if !isFerretDB(t, s) {
		t.Logf("%s: writers truly concurrent (per-document atomicity)", mongoServer(t, s))
		storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return newMongoStore(t, 0) })
		return
	}
	addr, ok := storetest.SingleHost(mongoURI(t))
	if !ok {
		t.Skipf("%s: compare-and-swap is not atomic under concurrent writers (FERRETDB.md point 3), and MONGODB_URI names several hosts or SRV, "+
			"so the serializing wire proxy cannot stand in front of it; MongoDB's per-document atomicity is checked against a MongoDB MONGODB_URI",
			mongoServer(t, s))
	}
	t.Logf("%s: writers concurrent, their commands serialized by a wire proxy (FerretDB's compare-and-swap is not atomic; "+
		"MongoDB's per-document atomicity is checked against a MongoDB MONGODB_URI)", mongoServer(t, s))
	wp := storetest.NewWireProxy(t, addr, true)
	uri, err := storetest.ProxiedURI(mongoURI(t), wp.Addr())
	if err != nil {
		t.Fatal(err)
	}
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return newMongoStoreAt(t, uri, 0) })
	if n := wp.Commands()["update"]; n == 0 {
		t.Errorf("no update command went through the proxy: %v", wp.Commands())
	}
}

func TestMongoStoreIndexes(t *testing.T) {
	uri := mongoURI(t)
	var logs bytes.Buffer
	s0 := newMongoStore(t, 0) // names the server in the log
	ferret := isFerretDB(t, s0)
	s, err := syncer.NewMongoStore(t.Context(), syncer.MongoConfig{
		URI: uri, Database: mongoEnv.db, Collection: "indexes", // dropped with the test database
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
	defer cancel()
	defer s.Close(ctx)
	if s.TTL() {
		t.Fatal("TTL before EnsureIndexes")
	}
	for range 2 {
		if err := s.EnsureIndexes(ctx); err != nil {
			t.Fatalf("EnsureIndexes: %v", err)
		}
	}
	if s.TTL() == ferret {
		t.Errorf("TTL() = %v on %s", s.TTL(), mongoServer(t, s0))
	}
	if n := strings.Count(logs.String(), "ttl indexes not supported"); n != map[bool]int{true: 1, false: 0}[ferret] {
		t.Errorf("logged the missing TTL support %d times on %s:\n%s", n, mongoServer(t, s0), logs.String())
	}
	// Sweep works either way.
	if _, err := s.Sweep(ctx, time.Now()); err != nil {
		t.Errorf("Sweep: %v", err)
	}
}

func TestMongoConfigValidate(t *testing.T) {
	cases := []struct {
		name string
		cfg  syncer.MongoConfig
		want string // in the error; "" for none
	}{
		{"Valid", syncer.MongoConfig{URI: "mongodb://127.0.0.1:1/"}, ""},
		{"NoURI", syncer.MongoConfig{}, "MongoConfig.URI is empty"},
		{"NegativeBulk", syncer.MongoConfig{URI: "mongodb://h/", BulkSize: -1}, "MongoConfig.BulkSize -1"},
		{"NegativeTimeout", syncer.MongoConfig{URI: "mongodb://h/", Timeout: -time.Second}, "MongoConfig.Timeout -1s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Validate()
			if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate() = %v, want %q", err, c.want)
			}
		})
	}
}

// A bad URI is refused without quoting it: it may hold a password.
func TestNewMongoStoreHidesURI(t *testing.T) {
	_, err := syncer.NewMongoStore(t.Context(), syncer.MongoConfig{URI: "mongodb://user:s3cret@host:notaport/"})
	if err == nil {
		t.Fatal("NewMongoStore accepted a bad URI")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("error shows the password: %v", err)
	}
}

// NewMongoStore does not wait for the server: the limiter starts while
// MongoDB is down. Calls fail within their timeout.
func TestMongoStoreServerDown(t *testing.T) {
	s, err := syncer.NewMongoStore(t.Context(), syncer.MongoConfig{
		URI: "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200", Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatalf("NewMongoStore: %v", err)
	}
	defer s.Close(context.Background())
	outs, err := s.Write(t.Context(), []syncer.Write{{
		Key: storetest.AwkwardKeys[0], NewVersion: 1, Instance: "i", Seq: 1, Expire: time.Now(),
	}})
	if err == nil || len(outs) != 1 || outs[0] != syncer.Unknown {
		t.Errorf("Write to a closed port = %v, %v; want [unknown] and an error", outs, err)
	}
	if _, err := s.Load(t.Context(), storetest.AwkwardKeys[:1]); err == nil {
		t.Error("Load from a closed port succeeded")
	}
	if _, err := s.Sweep(t.Context(), time.Now()); err == nil {
		t.Error("Sweep on a closed port succeeded")
	}
}
