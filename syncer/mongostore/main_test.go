package mongostore_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.uber.org/goleak"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

func TestMain(m *testing.M) {
	code := m.Run()
	dropMongoDatabase()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: %v\n", err)
			code = 1
		}
	}
	os.Exit(code)
}

// mongoOpTimeout bounds every call to the server in these tests. FerretDB
// on PostgreSQL takes about 2 s for a bulk of 1000 compare-and-swaps.
const mongoOpTimeout = time.Minute

// mongoEnv is the server of MONGODB_URI, shared by the tests of this
// package: one database per test binary, one collection per store.
var mongoEnv struct {
	once   sync.Once
	db     string
	mu     sync.Mutex // guards server and err
	server string
	err    error
	colls  atomic.Int64
}

// mongoURI returns MONGODB_URI or skips t.
func mongoURI(t testing.TB) string {
	t.Helper()
	uri := os.Getenv("MONGODB_URI")
	if uri == "" {
		t.Skip("MONGODB_URI is not set: no MongoDB server to test against (make test starts FerretDB and sets it)")
	}
	return uri
}

// newStore returns a Store on a new collection of this test
// binary's database, closed when t ends, and logs which server it is.
func newStore(t testing.TB, bulkSize int) *mongostore.Store {
	t.Helper()
	return newStoreAt(t, mongoURI(t), bulkSize)
}

// newStoreAt is newStore through uri: the server of MONGODB_URI
// behind a proxy.
func newStoreAt(t testing.TB, uri string, bulkSize int) *mongostore.Store {
	t.Helper()
	mongoEnv.once.Do(func() {
		mongoEnv.db = fmt.Sprintf("mongostore_test_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9)
	})
	s, err := mongostore.New(t.Context(), mongostore.Config{
		URI:        uri,
		Database:   mongoEnv.db,
		Collection: fmt.Sprintf("c%d", mongoEnv.colls.Add(1)),
		BulkSize:   bulkSize,
		Timeout:    mongoOpTimeout,
	})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), mongoOpTimeout)
		defer cancel()
		if err := s.Close(ctx); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	t.Logf("store on %s", mongoServer(t, s))
	return s
}

// mongoServer names the server of s (from buildInfo), asked once.
func mongoServer(t testing.TB, s *mongostore.Store) string {
	t.Helper()
	mongoEnv.mu.Lock()
	defer mongoEnv.mu.Unlock()
	if mongoEnv.server == "" && mongoEnv.err == nil {
		ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
		defer cancel()
		mongoEnv.server, mongoEnv.err = s.Server(ctx)
	}
	if mongoEnv.err != nil {
		t.Fatalf("buildInfo: %v", mongoEnv.err)
	}
	return mongoEnv.server
}

func isFerretDB(t testing.TB, s *mongostore.Store) bool {
	return strings.HasPrefix(mongoServer(t, s), "FerretDB")
}

// dropMongoDatabase drops this test binary's database, if any test made it.
func dropMongoDatabase() {
	if mongoEnv.db == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), mongoOpTimeout)
	defer cancel()
	client, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")))
	if err != nil {
		fmt.Fprintf(os.Stderr, "drop test database %s: %v\n", mongoEnv.db, err)
		return
	}
	defer client.Disconnect(ctx)
	if err := client.Database(mongoEnv.db).Drop(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "drop test database %s: %v\n", mongoEnv.db, err)
	}
}
