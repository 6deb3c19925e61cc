package mongostore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStore runs the suite against the server of MONGODB_URI;
// LargeBatch spans three bulk commands of the default size.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return newStore(t, 0) })
}

// TestStoreChunked runs the batch cases with four writes per bulk
// command, so that conflicts fall at chunk boundaries and FerretDB's
// stop-at-the-first-error shows in several chunks of one call.
func TestStoreChunked(t *testing.T) {
	storetest.RunChunked(t, func(t *testing.T) syncer.Store { return newStore(t, 4) })
}

// TestStoreConcurrent runs writers that race on the same documents
// (storetest.RunConcurrent) against the server of MONGODB_URI. On MongoDB
// they write truly concurrently, which proves its per-document atomicity,
// which the syncer relies on. FerretDB v1's compare-and-swap is not atomic
// (docs/ferretdb.md point 3), so there the writers' commands go through a wire
// proxy that forwards one at a time: that proves the driver path and the
// handling of conflicts under concurrent writers on a real wire server, not
// the server's atomicity.
func TestStoreConcurrent(t *testing.T) {
	s := newStore(t, 0)
	if !isFerretDB(t, s) {
		t.Logf("%s: writers truly concurrent (per-document atomicity)", mongoServer(t, s))
		storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return newStore(t, 0) })
		return
	}
	addr, ok := storetest.SingleHost(mongoURI(t))
	if !ok {
		t.Skipf("%s: compare-and-swap is not atomic under concurrent writers (docs/ferretdb.md point 3), and MONGODB_URI names several hosts or SRV, "+
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
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return newStoreAt(t, uri, 0) })
	if n := wp.Commands()["update"]; n == 0 {
		t.Errorf("no update command went through the proxy: %v", wp.Commands())
	}
}

func TestIndexes(t *testing.T) {
	uri := mongoURI(t)
	var logs bytes.Buffer
	s0 := newStore(t, 0) // names the server in the log
	ferret := isFerretDB(t, s0)
	s, err := mongostore.New(t.Context(), mongostore.Config{
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

func TestConfigValidate(t *testing.T) {
	cases := []struct {
		name string
		cfg  mongostore.Config
		want string // in the error; "" for none
	}{
		{"Valid", mongostore.Config{URI: "mongodb://127.0.0.1:1/"}, ""},
		{"NoURI", mongostore.Config{}, "Config.URI is empty"},
		{"NegativeBulk", mongostore.Config{URI: "mongodb://h/", BulkSize: -1}, "Config.BulkSize -1"},
		{"NegativeTimeout", mongostore.Config{URI: "mongodb://h/", Timeout: -time.Second}, "Config.Timeout -1s"},
		// Names the server refuses (InvalidNamespace on every call, an
		// outside audit: h59), refused up front.
		{"DatabaseSlash", mongostore.Config{URI: "mongodb://h/", Database: "a/b"}, `Config.Database "a/b": want 1 to 63 bytes`},
		{"DatabaseDot", mongostore.Config{URI: "mongodb://h/", Database: "a.b"}, `Config.Database "a.b"`},
		{"DatabaseSpace", mongostore.Config{URI: "mongodb://h/", Database: "a b"}, `Config.Database "a b"`},
		{"DatabaseNUL", mongostore.Config{URI: "mongodb://h/", Database: "a\x00"}, `Config.Database "a\x00"`},
		{"DatabaseLong", mongostore.Config{URI: "mongodb://h/", Database: strings.Repeat("d", 64)}, "Config.Database"},
		{"DatabaseLongest", mongostore.Config{URI: "mongodb://h/", Database: strings.Repeat("d", 63)}, ""},
		{"DatabaseOK", mongostore.Config{URI: "mongodb://h/", Database: "oauth-ratelimit_2"}, ""},
		{"CollectionDollar", mongostore.Config{URI: "mongodb://h/", Collection: "c$"}, `Config.Collection "c$"`},
		{"CollectionSystem", mongostore.Config{URI: "mongodb://h/", Collection: "system.counters"}, `Config.Collection "system.counters"`},
		{"CollectionDotted", mongostore.Config{URI: "mongodb://h/", Collection: "limits.counters"}, ""},
		{"NamespaceLong", mongostore.Config{URI: "mongodb://h/", Collection: strings.Repeat("c", 240)}, "want at most 255"},
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

// TestCloseTwice: a second Close returns nil, as a deferred Close after an
// explicit one does.
func TestCloseTwice(t *testing.T) {
	s, err := mongostore.New(t.Context(), mongostore.Config{URI: "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=100"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(t.Context()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(t.Context()); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
}

// TestWrongCredentials: with a password the server refuses, Server (the
// server's ping of the store) fails as every call does, and no error
// shows the password. FerretDB v1 answered buildInfo without checking it
// (PLAIN: it logs in to PostgreSQL as the URI's user at the first call
// that reads or writes), so Server named the server while every other
// call failed. The driver (v2.9.3) puts no part of the URI in these
// errors; the server may name the user.
func TestWrongCredentials(t *testing.T) {
	addr, ok := storetest.SingleHost(mongoURI(t))
	if !ok {
		t.Skip("MONGODB_URI names several hosts or SRV")
	}
	const pw = "s3cret-pw-wrong"
	s, err := mongostore.New(t.Context(), mongostore.Config{
		URI:      "mongodb://mongostore-test-nobody:" + pw + "@" + addr + "/?authMechanism=PLAIN&serverSelectionTimeoutMS=2000",
		Database: "mongostore_test_auth", Timeout: 5 * time.Second, // nothing is created: every call is refused
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	ctx := t.Context()
	server, err := s.Server(ctx)
	if err == nil {
		t.Errorf("Server with a wrong password = %q, want an error", server)
	}
	_, werr := s.Write(ctx, []syncer.Write{{Key: storetest.AwkwardKeys[0], NewVersion: 1, Instance: "i", Seq: 1, Expire: time.Now()}})
	_, lerr := s.Load(ctx, storetest.AwkwardKeys[:1])
	for name, err := range map[string]error{"Server": err, "Write": werr, "Load": lerr, "EnsureIndexes": s.EnsureIndexes(ctx),
		"PutInstance": s.PutInstance(ctx, syncer.Heartbeat{Instance: "i", Seen: time.Now(), Expire: time.Now()})} {
		switch {
		case err == nil:
			t.Errorf("%s with a wrong password succeeded", name)
		case strings.Contains(err.Error(), pw):
			t.Errorf("%s: the error shows the password: %v", name, err)
		}
	}
}

// A bad URI is refused with the driver's reason, which names what is wrong
// (the port, an option and its value), and without the password: the
// driver's message may quote it. Before, every detail was withheld, and an
// operator learnt only that the string was wrong (an outside audit,
// helper-66: "?replicaSet" without a value).
func TestNewHidesURI(t *testing.T) {
	for _, c := range []struct{ uri, want string }{
		{"mongodb://user:s3cret@host:notaport/", "port must be an integer"},
		{"mongodb://user:s3cret@host/?connectTimeoutMS=soon", `"connectTimeoutMS": "soon"`},
		{"mongodb://user:s3cret@host/?connectTimeoutMS=s3cret", `"connectTimeoutMS": "xxxxx"`},
		{"mongodb://user:s3cret@host/?retryWrites=maybe", `"retryWrites": "maybe"`},
		{"mongodb://user:s3cret@host/?authSource=admin&replicaSet", "invalid option"},
		{"mongodb://user:s3c%72et@host/?connectTimeoutMS=s3cret", `"connectTimeoutMS": "xxxxx"`},
		{"mongodb://user:s3c@ret@host/?connectTimeoutMS=s3c@ret", "must be written %40"}, // the driver: "unescaped @ sign in user info"
		{"mongodb://user:s3cret@host/?connectTimeoutMS=s3cret&authMechanismProperties=a@b", "connectTimeoutMS"},
	} {
		wantRefusedWithout(t, c.uri, c.want, "s3cret", "s3c%72et", "s3c@ret")
	}
}

// wantRefusedWithout checks that New refuses uri with an error that gives
// the reason, want, and shows none of secrets.
func wantRefusedWithout(t *testing.T, uri, want string, secrets ...string) {
	t.Helper()
	_, err := mongostore.New(t.Context(), mongostore.Config{URI: uri})
	if err == nil {
		t.Errorf("New accepted %s", uri)
		return
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %v; want the reason, %s", uri, err, want)
	}
	for _, pw := range secrets {
		if strings.Contains(err.Error(), pw) {
			t.Errorf("%s: the error shows the password (%s): %v", uri, pw, err)
		}
	}
}

// A URI whose user information the driver cannot find, because the host
// and its '@' are missing ("mongodb://admin:s3cret"), reads the password
// as the port of a host "admin"; a driver message that quotes that port,
// or the host string with a bad %-escape in it, must not show it. Nor may
// an escaped form (%q: a '"' written as \") of a password quoted back, or
// the bad escape of a password the driver could not unescape.
func TestNewHidesPasswordWithoutHost(t *testing.T) {
	for _, c := range []struct{ uri, pw, want string }{
		{"mongodb://admin:s3cret", "s3cret", "port must be an integer"},
		{"mongodb://admin:s3cret/?authSource=admin", "s3cret", "port must be an integer"},
		{"mongodb+srv://admin:s3cret", "s3cret", "port must be an integer"},
		{"mongodb://admin:s3c%zzret", "s3c", "invalid URL escape"}, // not even the part before the bad escape
		{"mongodb://db1,admin:s3cret/", "s3cret", "port must be an integer"},
		{"mongodb://admin:s3:cret", "s3:cret", "too many colons"},
		{"mongodb://user:s3%zzcret@host", "zz", "invalid password"},
		{`mongodb://user:s3%22cret@host/?connectTimeoutMS=s3"cret`, `s3\"cret`, "connectTimeoutMS"},
	} {
		wantRefusedWithout(t, c.uri, c.want, c.pw)
	}
}

// A password with an unescaped '@' after a '/' is not taken for a host
// and a database: the driver accepted "mongodb://admin:s3c@ret/x@db1" and
// connected to the host "ret", which its errors then named (and a
// mongodb+srv URI looked "ret" up in DNS).
func TestNewRefusesAnUnescapedAt(t *testing.T) {
	for _, uri := range []string{
		"mongodb://admin:s3c@ret/x@db1",
		"mongodb://admin:s3c@ret/x@db1/?authSource=admin",
		"mongodb+srv://admin:s3c@ret/x@db1.example.com",
		"mongodb://admin:s3c/@ret@db1",
		"mongodb://admin:s3c?@ret/x@db1", // a '?' in the password hides no '@' after it
		"mongodb://admin:s3c?x@ret/x@db1/?authSource=admin",
	} {
		wantRefusedWithout(t, uri, "must be written %40", "s3c", "ret")
	}
	for _, uri := range []string{
		"mongodb://admin:s3c%40ret@db1/?appName=me@example", // escaped; an '@' in an option's value
		"mongodb://admin:s3c%40ret@%2Ftmp%2Fmongodb-27017.sock/?appName=me@example",
		"mongodb://admin:s3c%40ret@[::1]:27017,[::2]/x%40db1",
		"mongodb://%40dmin:s3c%3F%2F%3A@db1/?authSource=admin",
	} {
		s, err := mongostore.New(t.Context(), mongostore.Config{URI: uri})
		if err != nil {
			t.Fatalf("New(%s): %v", uri, err)
		}
		s.Close(t.Context())
	}
}

// Credentials in the options, a TLS key's password or an AWS session
// token, are no more shown than the user's password: a bad %-escape in
// such a value has the driver quote the value whole.
func TestNewHidesCredentialsInOptions(t *testing.T) {
	for _, uri := range []string{
		"mongodb://host/?tlsCertificateKeyFilePassword=s3c%zzret",
		"mongodb://host/?sslClientCertificateKeyPassword=s3c%zzret",
		"mongodb://host/?tlscertificatekeyfilepassword=s3c%zzret",
		"mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3c%zzret",
		"mongodb://host/?tls=true;tlsCertificateKeyFilePassword=s3c%zzret",
	} {
		wantRefusedWithout(t, uri, "invalid option value", "s3c")
	}
}

// New does not wait for the server: the limiter starts while
// MongoDB is down. Calls fail within their timeout.
func TestServerDown(t *testing.T) {
	s, err := mongostore.New(t.Context(), mongostore.Config{
		URI: "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200", Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatalf("New: %v", err)
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

// TestTimeoutNamed: a call that Config.Timeout ended says so, with the
// bound; one that the caller's deadline or the driver's own
// (serverSelectionTimeoutMS) ended does not. The driver's message is
// "server selection error: context deadline exceeded" in all three.
func TestTimeoutNamed(t *testing.T) {
	const named = "no answer within Config.Timeout (300ms)"
	for _, c := range []struct {
		name      string
		uri       string
		timeout   time.Duration
		caller    time.Duration // 0: no deadline of the caller's
		wantNamed bool
	}{
		{"StoreTimeout", "mongodb://127.0.0.1:1/", 300 * time.Millisecond, 0, true},
		{"CallerDeadline", "mongodb://127.0.0.1:1/", 10 * time.Second, 100 * time.Millisecond, false},
		{"ServerSelectionTimeout", "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=100", 10 * time.Second, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := mongostore.New(t.Context(), mongostore.Config{URI: c.uri, Timeout: c.timeout})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close(context.Background())
			call := func(f func(ctx context.Context) error) error {
				ctx := t.Context()
				if c.caller > 0 {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, c.caller)
					defer cancel()
				}
				return f(ctx)
			}
			for name, err := range map[string]error{
				"Load": call(func(ctx context.Context) error { _, err := s.Load(ctx, storetest.AwkwardKeys[:1]); return err }),
				"Write": call(func(ctx context.Context) error {
					_, err := s.Write(ctx, []syncer.Write{{Key: storetest.AwkwardKeys[0], NewVersion: 1, Instance: "i", Seq: 1, Expire: time.Now()}})
					return err
				}),
				"Server": call(func(ctx context.Context) error { _, err := s.Server(ctx); return err }),
			} {
				if !errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), named) != c.wantNamed {
					t.Errorf("%s: %v; want context.DeadlineExceeded, and %q: %v", name, err, named, c.wantNamed)
				}
			}
		})
	}
}

// A Load is one find per BulkSize keys and no getMore: with only a batch
// size, a find that matched as many documents as it named left its cursor
// open, and the driver asked again (an outside audit counted 13,991 getMore
// for 22,067 finds on FerretDB, and one failed with CursorNotFound under a
// slow link).
func TestLoadIsOneRoundTrip(t *testing.T) {
	addr, ok := storetest.SingleHost(mongoURI(t))
	if !ok {
		t.Skip("MONGODB_URI names several hosts or SRV: the counting wire proxy cannot stand in front of it")
	}
	wp := storetest.NewWireProxy(t, addr, false)
	uri, err := storetest.ProxiedURI(mongoURI(t), wp.Addr())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var finds, limited int
	wp.Observe(func(name string, body []byte) {
		if name == "find" {
			mu.Lock()
			defer mu.Unlock()
			finds++
			if bytes.Contains(body, []byte("limit\x00")) {
				limited++
			}
		}
	})
	s := newStoreAt(t, uri, 3)
	ferret := isFerretDB(t, s)
	if ferret {
		t.Logf("%s leaves a cursor open at its limit: one getMore per find is allowed (docs/ferretdb.md point 7); none on MongoDB", mongoServer(t, s))
	}
	keys := make([]cache.Key, 5)
	var ws []syncer.Write
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprintf("round-trip-%d", i)}
		ws = append(ws, syncer.Write{Key: keys[i], NewVersion: 1, Instance: "i", Seq: 1, Expire: time.Now().Add(time.Hour),
			Frames: []cache.Frame{{Size: time.Minute, StartUnix: 1_700_000_040, N: 1}}})
	}
	if outs, err := s.Write(t.Context(), ws); err != nil {
		t.Fatalf("Write = %v, %v", outs, err)
	}
	for _, tc := range []struct {
		name  string
		keys  []cache.Key
		finds int64
	}{
		{"all found, one bulk", keys[:3], 1},
		{"all found, two bulks", keys, 2},
		{"some missing", append(keys[:2:2], cache.Key{ClientID: "no-such-key"}), 1},
	} {
		before := wp.Commands()
		docs, err := s.Load(t.Context(), tc.keys)
		if err != nil {
			t.Fatalf("%s: Load: %v", tc.name, err)
		}
		for i, d := range docs {
			if want := int64(map[bool]int64{true: 1}[tc.keys[i].ClientID != "no-such-key"]); d.Snapshot.Version != want {
				t.Errorf("%s: %s at version %d, want %d", tc.name, tc.keys[i].ClientID, d.Snapshot.Version, want)
			}
		}
		after := wp.Commands()
		finds, more := after["find"]-before["find"], after["getMore"]-before["getMore"]
		switch {
		case finds != tc.finds:
			t.Errorf("%s: %d find commands, want %d (%s)", tc.name, finds, tc.finds, mongoServer(t, s))
		case ferret && more > finds:
			t.Errorf("%s: %d getMore for %d find, want at most one each (%s: docs/ferretdb.md point 7)", tc.name, more, finds, mongoServer(t, s))
		case !ferret && more != 0:
			t.Errorf("%s: %d getMore commands, want none (%s)", tc.name, more, mongoServer(t, s))
		}
	}
	// What closes the cursor on MongoDB, checked on any server.
	mu.Lock()
	defer mu.Unlock()
	if finds == 0 || limited != finds {
		t.Errorf("%d of %d find commands carry a limit, want all", limited, finds)
	}
}

// TestAddToADocumentWithoutResetEpoch: a document written before resets
// existed has no resetEpoch field, which reads as epoch 0; an Add write of
// epoch 0 applies to it ({$in: [0, null]}), one of another epoch does not.
func TestAddToADocumentWithoutResetEpoch(t *testing.T) {
	s := newStore(t, 0)
	ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
	defer cancel()
	k := cache.Key{ClientID: "legacy", User: "u"}
	start := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	f := cache.Frame{Size: time.Hour, StartUnix: start.Unix(), N: 2}
	w := syncer.Write{Key: k, NewVersion: 10, Frames: []cache.Frame{f}, Expire: start.Add(time.Hour), Instance: "old", Seq: 1}
	if outs, err := s.Write(ctx, []syncer.Write{w}); err != nil || outs[0] != syncer.Written {
		t.Fatalf("create: %v, %v", outs, err)
	}
	client, err := mongo.Connect(options.Client().ApplyURI(mongoURI(t)))
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(ctx)
	coll := client.Database(mongoEnv.db).Collection(fmt.Sprintf("c%d", mongoEnv.colls.Load()))
	res, err := coll.UpdateMany(ctx, bson.D{{Key: "_id", Value: mongostore.DocumentID(k)}}, bson.D{{Key: "$unset", Value: bson.D{{Key: "resetEpoch", Value: ""}}}})
	if err != nil || res.MatchedCount != 1 {
		t.Fatalf("unset resetEpoch: %+v, %v", res, err)
	}
	add := syncer.Write{Key: k, Version: 10, NewVersion: 11, Frames: []cache.Frame{{Size: time.Hour, StartUnix: f.StartUnix, N: 3}},
		Expire: start.Add(time.Hour), Instance: "new", Seq: 5, Add: true}
	other := add
	other.Epoch, other.Seq = 7, 6
	outs, err := s.Write(ctx, []syncer.Write{other})
	if err != nil || outs[0] != syncer.Conflict {
		t.Errorf("Add of epoch 7: %v, %v; want conflict", outs, err)
	}
	outs, err = s.Write(ctx, []syncer.Write{add})
	if err != nil || outs[0] != syncer.Written {
		t.Errorf("Add of epoch 0: %v, %v; want written", outs, err)
	}
	docs, err := s.Load(ctx, []cache.Key{k})
	if err != nil {
		t.Fatal(err)
	}
	if d := docs[0]; d.Snapshot.Version != 11 || len(d.Snapshot.Frames) != 1 || d.Snapshot.Frames[0].N != 5 || d.Snapshot.Epoch != 0 || d.LastWrites["new"] != 5 {
		t.Errorf("document %+v, want version 11, 5 counted, epoch 0, new's Seq 5", d)
	}
}
