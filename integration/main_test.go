package integration

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tcmongo "github.com/testcontainers/testcontainers-go/modules/mongodb"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// opTimeout bounds every call to the server that a test makes itself
// (reads, index listings, drops). FerretDB on PostgreSQL takes about 2 s for
// a bulk of 1000 compare-and-swaps; nothing here comes near a minute unless
// the server hangs.
const opTimeout = time.Minute

func TestMain(m *testing.M) {
	code := m.Run()
	fmt.Println(teardown())
	os.Exit(code)
}

// mongoServer is the server the tests run against.
type mongoServer struct {
	uri    string // as the driver takes it
	addr   string // host:port, for the proxies; "" if the URI names several hosts or SRV
	name   string // from buildInfo: "MongoDB 7.0.14", "FerretDB v1.24.0 (MongoDB-compatible 7.0.42)"
	ferret bool   // buildInfo has ferretdbVersion
	db     string // this run's database
	client *mongo.Client
}

// env is the server of this test binary, chosen by the first test that
// asks (server) and torn down by TestMain.
var env struct {
	// mu serializes the choice: the first test makes it, the others wait
	// and reuse it (tests of this package do not run in parallel, but a
	// test's goroutines may ask too).
	mu        sync.Mutex
	decided   bool
	skip      string // why there is no server, once decided
	fatal     string // why the configured server cannot be used
	srv       *mongoServer
	container *tcmongo.MongoDBContainer
	dbs       []string // databases to drop at the end (the run's, and the processes')

	colls  atomic.Int64
	ran    sync.Map // top-level test name -> struct{}: scenarios that ran against the server
	failed sync.Map // top-level test name -> struct{}: those that failed
}

// server returns the server the tests run against, choosing it on first
// use: MONGODB_URI if set; else mongo:7 in a container where a Docker
// engine runs; else t is skipped, with the reason. It logs which server it
// is and counts t's top-level test as a scenario for the summary line.
func server(t *testing.T) *mongoServer {
	t.Helper()
	env.mu.Lock()
	defer env.mu.Unlock()
	if !env.decided {
		choose(t)
	}
	srv := chosen(t)
	root, _, _ := strings.Cut(t.Name(), "/")
	env.ran.Store(root, struct{}{})
	t.Cleanup(func() {
		switch {
		case t.Failed():
			env.failed.Store(root, struct{}{})
		case t.Skipped() && t.Name() == root:
			env.ran.Delete(root) // skipped for this server: not a scenario that ran
		}
	})
	return srv
}

// benchServer is server for benchmarks, which cannot start a container
// (testcontainers-go skips only a *testing.T): MONGODB_URI or a server
// chosen by an earlier test, else b is skipped.
func benchServer(b *testing.B) *mongoServer {
	b.Helper()
	env.mu.Lock()
	defer env.mu.Unlock()
	if !env.decided {
		if os.Getenv("MONGODB_URI") == "" {
			b.Skip("MONGODB_URI is not set: no MongoDB server to benchmark against (benchmarks do not start containers)")
		}
		choose(nil)
	}
	return chosen(b)
}

// chosen returns the chosen server, or ends tb with the reason there is
// none; env.mu is held.
func chosen(tb testing.TB) *mongoServer {
	tb.Helper()
	switch {
	case env.fatal != "":
		tb.Fatal(env.fatal)
	case env.skip != "":
		tb.Skip(env.skip)
	}
	tb.Logf("server: %s at %s, database %s", env.srv.name, redact(env.srv.uri), env.srv.db)
	return env.srv
}

// choose picks the server; env.mu is held. It may skip t (no server); t
// is nil only if MONGODB_URI is set.
func choose(t *testing.T) {
	uri := os.Getenv("MONGODB_URI")
	if uri == "" {
		// testcontainers.SkipIfProviderIsNotHealthy skips t when there
		// is no Docker engine; the deferred function remembers that for
		// the other tests.
		t.Log("MONGODB_URI is not set: trying testcontainers-go with mongo:7")
		defer func() {
			if !env.decided {
				env.decided = true
				env.skip = "no MongoDB server: MONGODB_URI is not set and no Docker engine runs here for testcontainers-go (mongo:7); " +
					"`make test` (or, in integration/, ../scripts/test-services.sh run -- go test ./...) starts FerretDB and sets MONGODB_URI"
				t.Log(env.skip)
			}
		}()
		testcontainers.SkipIfProviderIsNotHealthy(t)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		c, err := tcmongo.Run(ctx, "mongo:7")
		if c != nil {
			env.container = c
		}
		if err != nil {
			env.decided, env.fatal = true, fmt.Sprintf("testcontainers-go: start mongo:7: %v", err)
			return
		}
		if uri, err = c.ConnectionString(ctx); err != nil {
			env.decided, env.fatal = true, fmt.Sprintf("testcontainers-go: mongo:7 connection string: %v", err)
			return
		}
		// Talk to the container's published port on the loopback address.
		uri = strings.Replace(uri, "//localhost:", "//127.0.0.1:", 1)
	}
	env.decided = true
	srv, err := connect(uri)
	if err != nil {
		env.fatal = err.Error()
		return
	}
	env.srv = srv
	env.dbs = append(env.dbs, srv.db)
}

// connect opens the client the tests read documents with and asks the
// server who it is.
func connect(uri string) (*mongoServer, error) {
	client, err := mongo.Connect(options.Client().ApplyURI(uri).SetTimeout(opTimeout))
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %v", redact(uri), err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	var info struct {
		Version         string `bson:"version"`
		FerretDBVersion string `bson:"ferretdbVersion"`
	}
	if err := client.Database("admin").RunCommand(ctx, bson.D{{Key: "buildInfo", Value: 1}}).Decode(&info); err != nil {
		client.Disconnect(ctx)
		return nil, fmt.Errorf("buildInfo from %s: %v (is the server up?)", redact(uri), err)
	}
	s := &mongoServer{uri: uri, client: client, db: "oauthrl_integ_" + randomHex(6)}
	if info.FerretDBVersion != "" {
		s.ferret = true
		s.name = fmt.Sprintf("FerretDB %s (MongoDB-compatible %s)", info.FerretDBVersion, info.Version)
	} else {
		s.name = "MongoDB " + info.Version
	}
	if u, err := url.Parse(uri); err == nil && u.Scheme == "mongodb" && !strings.Contains(u.Host, ",") {
		s.addr = u.Host
	}
	return s, nil
}

// teardown removes the server binary, drops the run's databases, closes
// the client, stops the container, and returns the summary line.
func teardown() string {
	env.mu.Lock()
	defer env.mu.Unlock()
	if serverBin.cleanup != nil {
		serverBin.cleanup() // the server binary serverBinary built
	}
	var notes []string
	if env.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		defer cancel()
		for _, db := range env.dbs {
			if err := env.srv.client.Database(db).Drop(ctx); err != nil {
				notes = append(notes, fmt.Sprintf("could not drop database %s: %v", db, err))
			}
		}
		env.srv.client.Disconnect(ctx)
	}
	if env.container != nil {
		if err := testcontainers.TerminateContainer(env.container); err != nil {
			notes = append(notes, fmt.Sprintf("could not stop the mongo:7 container: %v", err))
		}
	}
	var line string
	switch {
	case !env.decided:
		line = "integration: no scenario ran (no test asked for a server)"
	case env.skip != "":
		line = "integration: skipped: " + env.skip
	case env.fatal != "":
		line = "integration: FAILED: " + env.fatal
	default:
		var ran, failed []string
		env.ran.Range(func(k, _ any) bool { ran = append(ran, k.(string)); return true })
		env.failed.Range(func(k, _ any) bool { failed = append(failed, k.(string)); return true })
		slices.Sort(failed)
		line = fmt.Sprintf("integration: %d scenarios ran against %s at %s (database %s, dropped)",
			len(ran), env.srv.name, hostOf(env.srv), env.srv.db)
		if len(failed) > 0 {
			line += fmt.Sprintf("; %d failed: %s", len(failed), strings.Join(failed, ", "))
		}
	}
	for _, n := range notes {
		line += "\nintegration: " + n
	}
	return line
}

func hostOf(s *mongoServer) string {
	if s.addr != "" {
		return s.addr
	}
	return redact(s.uri)
}

var userinfo = regexp.MustCompile(`//[^@/]*@`)

// redact hides the credentials of a connection string.
func redact(uri string) string { return userinfo.ReplaceAllString(uri, "//***@") }

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

var notAlnum = regexp.MustCompile(`[^A-Za-z0-9]+`)

// collName returns a new collection name for t in the run's database.
func collName(t testing.TB) string {
	name := strings.ToLower(notAlnum.ReplaceAllString(t.Name(), "_"))
	if len(name) > 40 {
		name = name[len(name)-40:]
	}
	return fmt.Sprintf("c%d_%s", env.colls.Add(1), strings.Trim(name, "_"))
}

// octx returns a context for one call to the server: it ends after
// opTimeout, or with t.
func octx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), opTimeout)
	t.Cleanup(cancel)
	return ctx
}

// proxiedURI returns the URI of srv rewritten to reach addr (a proxy)
// directly, with the given extra options (see storetest.ProxiedURI).
func proxiedURI(t testing.TB, srv *mongoServer, addr string, opts ...string) string {
	t.Helper()
	uri, err := storetest.ProxiedURI(srv.uri, addr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return uri
}

// needProxy skips t if srv's URI cannot be put behind a proxy.
func needProxy(t *testing.T, srv *mongoServer) {
	t.Helper()
	if srv.addr == "" {
		t.Skipf("the server's URI (%s) names several hosts or SRV: the fault-injecting proxy needs one host:port", redact(srv.uri))
	}
}

// newStore returns a mongostore.Store on collection coll of the run's database,
// through uri, closed when t ends.
func newStore(t testing.TB, srv *mongoServer, uri, coll string, timeout time.Duration) *mongostore.Store {
	t.Helper()
	s, err := mongostore.New(t.Context(), mongostore.Config{
		URI: uri, Database: srv.db, Collection: coll, Timeout: timeout,
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

// storedDoc is a document as the tests read it, with the driver directly.
type storedDoc struct {
	ID              string                      `bson:"_id"`
	Version         int64                       `bson:"version"`
	Expire          time.Time                   `bson:"expire"`
	RequestCounters map[string]map[string]int64 `bson:"requestCounters"`
	LastWrites      map[string]int64            `bson:"lastWrites"`
}

// sum returns the document's counts summed over every frame of every size
// (sizes that are positive numbers: requestCounters also holds the version
// written, under "0", which is no frame; mongostore's writtenMark).
func (d storedDoc) sum() int64 {
	var n int64
	for size, frames := range d.RequestCounters {
		if sec, err := strconv.ParseInt(size, 10, 64); err != nil || sec <= 0 {
			continue
		}
		for _, c := range frames {
			n += c
		}
	}
	return n
}

// readDoc reads k's document in coll of db; ok is false if there is none.
func readDoc(t testing.TB, srv *mongoServer, db, coll string, k cache.Key) (d storedDoc, ok bool) {
	t.Helper()
	err := srv.client.Database(db).Collection(coll).FindOne(octx(t), bson.D{{Key: "_id", Value: mongostore.DocumentID(k)}}).Decode(&d)
	if err == mongo.ErrNoDocuments {
		return d, false
	}
	if err != nil {
		t.Fatalf("read document of %q: %v", k, err)
	}
	return d, true
}

// waitFor polls cond every 20 ms until it holds or d has passed, and
// reports whether it held.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
