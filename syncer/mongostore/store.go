// Package mongostore is the MongoDB implementation of syncer.Store: the
// counts of every instance in one collection, written by compare-and-swap.
// It works against MongoDB and against servers that speak its wire protocol
// (FerretDB v1, with the differences docs/ferretdb.md lists).
//
// It is the only package of the library that imports the MongoDB driver, so
// that a program using syncer.MemoryStore links none of it.
package mongostore

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Config configures a Store. The zero value is not valid: URI is
// required; every other field has a documented default.
type Config struct {
	// URI is the MongoDB connection string, e.g. mongodb://host:27017/.
	// It may hold a password: it is never logged nor put in an error.
	URI string
	// Database is the database name: at most 63 bytes, none of
	// / \ . space " $ * < > : | ? and NUL. Default "oauth_ratelimit".
	Database string
	// Collection is the collection name: no $ nor NUL, not starting with
	// "system."; the store also uses Collection+"_instances", "_tiers",
	// "_overrides" and "_subjects", and Database, a dot and the longest
	// of those may take 255 bytes. Default "counters".
	Collection string
	// BulkSize is the most writes in one bulk command and the most IDs in
	// one find. Default 500: a few hundred kilobytes per command, well
	// under MongoDB's limits, and each command stays short on FerretDB.
	BulkSize int
	// Timeout bounds each round trip (a bulk chunk, a find, a delete, an
	// index creation); it is derived from the caller's context, and the
	// driver passes what is left of it to the server as maxTimeMS, so the
	// server abandons work the caller no longer waits for. Default 10s.
	Timeout time.Duration
	// Logger receives the store's few messages. Default: discard.
	Logger *slog.Logger
}

// Validate reports a field of c that cannot be used.
func (c *Config) Validate() error {
	var errs []error
	if c.URI == "" {
		errs = append(errs, errors.New("mongostore: Config.URI is empty: want a MongoDB connection string, e.g. mongodb://127.0.0.1:27017/"))
	}
	if c.BulkSize < 0 {
		errs = append(errs, fmt.Errorf("mongostore: Config.BulkSize %d: want 0 (default 500) or more", c.BulkSize))
	}
	if c.Timeout < 0 {
		errs = append(errs, fmt.Errorf("mongostore: Config.Timeout %v: want 0 (default 10s) or more", c.Timeout))
	}
	// Names the server refuses were taken, and every call then failed
	// with InvalidNamespace while the limiter ran on without the store (an
	// outside audit, h59: "h59/bad", "h59.bad", "h59 bad", 70 bytes).
	if db := c.Database; db != "" && (len(db) > maxDatabaseLen || strings.ContainsAny(db, badDatabaseChars)) {
		errs = append(errs, fmt.Errorf("mongostore: Config.Database %q: want 1 to %d bytes without any of / \\ . space \" $ * < > : | ? or NUL (MongoDB's rule)", db, maxDatabaseLen))
	}
	if coll := c.Collection; coll != "" && (strings.ContainsAny(coll, "$\x00") || strings.HasPrefix(coll, "system.")) {
		errs = append(errs, fmt.Errorf("mongostore: Config.Collection %q: want a name without $ or NUL that does not start with \"system.\"", coll))
	}
	if ns := len(cmp.Or(c.Database, defaultDatabase)) + len(".") + len(cmp.Or(c.Collection, defaultCollection)) + len(longestSuffix); ns > maxNamespaceLen {
		errs = append(errs, fmt.Errorf("mongostore: Config.Database and Config.Collection: %d bytes with the dot and the suffix %q of the longest collection; want at most %d (MongoDB's namespace limit)", ns, longestSuffix, maxNamespaceLen))
	}
	return errors.Join(errs...)
}

// The names' bounds: MongoDB's, the characters of a database name those
// it refuses on any platform (Windows refuses more than Unix).
const (
	defaultDatabase   = "oauth_ratelimit"
	defaultCollection = "counters"
	maxDatabaseLen    = 63
	badDatabaseChars  = "/\\. \"$*<>:|?\x00"
	maxNamespaceLen   = 255
	longestSuffix     = "_instances" // of the collections beside Collection
)

func (c Config) withDefaults() Config {
	if c.Database == "" {
		c.Database = defaultDatabase
	}
	if c.Collection == "" {
		c.Collection = defaultCollection
	}
	if c.BulkSize == 0 {
		c.BulkSize = 500
	}
	if c.Timeout == 0 {
		c.Timeout = 10 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c
}

// Store is a syncer.Store in a MongoDB collection (or a server speaking its
// wire protocol, such as FerretDB). Each key is one document:
//
//	{ _id: DocumentID(key), clientId, username,  // the escaped parts of _id, for people
//	  version: <int64>, expire: <date>,
//	  resetEpoch: <int64>,                      // 0 or absent: never reset
//	  requestCounters: { "0": { "v": <version> },  // not a frame: see writtenMark
//	                     "<size seconds>": { "<frame start Unix>": <int64>, ... }, ... },
//	  lastWrites: { "<instance>": <seq int64>, ... } }
//
// DESIGN.md has one lastWrite "<instance>:<seq>" field; with several
// writers one field cannot tell whether our write landed once another
// instance has written after it, so each instance keeps its own entry.
// Instance IDs are restricted (see syncer.Config.Instance) so that they are safe as
// field names.
//
// It is safe for concurrent use.
type Store struct {
	cfg    Config
	client *mongo.Client
	coll   *mongo.Collection
	subj   *mongo.Collection // refresh-token subjects: Collection + "_subjects"

	// indexMu serializes EnsureIndexes; indexed and ttl are read without
	// it.
	indexMu sync.Mutex
	indexed atomic.Bool // EnsureIndexes succeeded
	ttl     atomic.Bool // the server has the TTL index on expire
}

// New returns a Store configured by cfg, which it copies. It
// does not wait for the server: the limiter must start, and decide from
// memory, while MongoDB is down. Indexes are created by EnsureIndexes, which
// Sweep calls until it has succeeded once (the Syncer sweeps at start a
// store that does not report TTL), or which the caller may call itself to
// fail fast.
//
// ctx bounds the one thing New may wait on: with a mongodb+srv URI, the
// DNS lookups of its host's TXT and SRV records (the seed list), which
// the driver makes while it parses the URI, with no context of its own,
// for as long as the resolver's timeouts take while DNS does not answer.
// When ctx ends first, New returns its error at once (the lookup finishes
// on its own, its answer dropped). A mongodb:// URI is not looked up here:
// nothing waits, and ctx is not used.
func New(ctx context.Context, cfg Config) (*Store, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	opts, err := clientOptions(ctx, cfg.URI)
	if err != nil {
		return nil, err
	}
	client, err := mongo.Connect(opts)
	if err != nil {
		return nil, connectError(err)
	}
	s := &Store{cfg: cfg, client: client}
	// Majority read and write concerns: a Load decides whether a write
	// whose answer was lost landed (lastWrites), and so does the read-back
	// of a bulk command with write errors. A write read back before a
	// majority holds it can be confirmed and then rolled back by a
	// failover: its counts would be gone from the store and from the cache.
	// Reading only majority-committed data makes a write confirmed only
	// once it is durable; writing with majority makes Written mean the
	// same, and makes our own acknowledged writes visible to the majority
	// reads that follow. A write read back as not landed while a majority
	// does not hold it yet is resent identically or left unsettled, never
	// counted twice (see Syncer.FlushOnce). The pulls read the same way:
	// they see the others' counts once durable, a few milliseconds later on
	// a healthy replica set. FerretDB v1 accepts both and has a single
	// server: they change nothing there.
	collOpts := options.Collection().
		SetReadConcern(readconcern.Majority()).
		SetWriteConcern(writeconcern.Majority())
	s.coll = client.Database(cfg.Database).Collection(cfg.Collection, collOpts)
	s.subj = client.Database(cfg.Database).Collection(cfg.Collection+"_subjects", collOpts)
	return s, nil
}

// clientOptions returns the driver's options for uri, parsed, and with a
// mongodb+srv URI resolved (see New), as a goroutine of its own so that
// ctx can end the wait: mongo.Connect itself makes no network call (the
// driver's v2 dropped its context for that reason), but its ApplyURI
// resolves an SRV URI's seed list, unbounded.
func clientOptions(ctx context.Context, uri string) (*options.ClientOptions, error) {
	if !strings.HasPrefix(uri, "mongodb+srv://") { // the driver's test of the scheme
		return parseURI(uri)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("mongostore: Config.URI: mongodb+srv host not looked up: %w", context.Cause(ctx))
	}
	type parsed struct {
		opts *options.ClientOptions
		err  error
	}
	done := make(chan parsed, 1) // buffered: a lookup left behind does not block on it
	go func() {
		opts, err := parseURI(uri)
		done <- parsed{opts, err}
	}()
	select {
	case p := <-done:
		return p.opts, p.err
	case <-ctx.Done():
		return nil, fmt.Errorf("mongostore: Config.URI: looking up the mongodb+srv host's DNS records: %w", context.Cause(ctx))
	}
}

// opError returns err, which a call made with octx (ctx bounded by
// Timeout) returned, as the error of what, and, if that bound ended the
// call, ctx having not ended, says so with the bound: the driver's
// "context deadline exceeded" (or the server's MaxTimeMSExpired) does not
// tell the store's deadline from the caller's or the driver's own (such
// as serverSelectionTimeoutMS), nor how long it was.
func (s *Store) opError(ctx, octx context.Context, what string, err error) error {
	if ctx.Err() == nil && errors.Is(octx.Err(), context.DeadlineExceeded) && mongo.IsTimeout(err) {
		return fmt.Errorf("mongostore: %s: no answer within Config.Timeout (%v): %w", what, s.cfg.Timeout, err)
	}
	return fmt.Errorf("mongostore: %s: %w", what, err)
}

// Close disconnects from the server. A second Close does nothing and
// returns nil (the driver's "client is disconnected" error was returned
// to the embedder's deferred Close after an explicit one: an outside
// audit, h59). Calls after Close fail.
func (s *Store) Close(ctx context.Context) error {
	if err := s.client.Disconnect(ctx); !errors.Is(err, mongo.ErrClientDisconnected) {
		return err
	}
	return nil
}

// codeNotImplemented is FerretDB's answer to a TTL index.
const codeNotImplemented = 238

// EnsureIndexes creates the TTL index on expire, so that the server deletes
// documents past their expiry, and the indexes of the refresh-token
// subjects' collection (see PutSubjects). A server that refuses TTL indexes
// (NotImplemented, code 238: FerretDB v1) gets a plain index on expire
// instead, for Sweep's deletes, and TTL reports false. It is idempotent.
func (s *Store) EnsureIndexes(ctx context.Context) error {
	s.indexMu.Lock()
	defer s.indexMu.Unlock()
	if s.indexed.Load() {
		return nil
	}
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	// expireAfterSeconds 0: the server deletes a document once its own
	// clock passes expire. The margin for the instances whose clocks are
	// behind the writer's, which still count its frames, is in expire
	// itself (the syncer adds MaxSkew on a store with TTL: see its
	// expiry), not here: this package does not know MaxSkew, and the
	// index of a deployed store would have to be changed (collMod).
	_, err := s.coll.Indexes().CreateOne(octx, mongo.IndexModel{
		Keys:    bson.D{{Key: "expire", Value: 1}},
		Options: options.Index().SetName("expire_ttl").SetExpireAfterSeconds(0),
	})
	var se mongo.ServerError
	switch {
	case err == nil:
		s.ttl.Store(true)
	case errors.As(err, &se) && se.HasErrorCode(codeNotImplemented):
		s.cfg.Logger.Warn("ttl indexes not supported by the server; sweeping expired documents periodically instead",
			"database", s.cfg.Database, "collection", s.cfg.Collection)
		_, err = s.coll.Indexes().CreateOne(octx, mongo.IndexModel{
			Keys:    bson.D{{Key: "expire", Value: 1}},
			Options: options.Index().SetName("expire"),
		})
		if err != nil {
			return s.opError(ctx, octx, "create index on expire", err)
		}
	default:
		return s.opError(ctx, octx, "create ttl index on expire", err)
	}
	if err := s.ensureSubjectIndexes(octx, s.ttl.Load()); err != nil {
		return err
	}
	s.indexed.Store(true)
	return nil
}

// CheckIndexes implements syncer.IndexKeeper: once EnsureIndexes has
// succeeded, it lists the indexes of the counters and of the refresh-token
// subjects (two round trips) and creates again, with a warning, those gone
// (the collection dropped, or the index): the index on expire of the
// counters (by EnsureIndexes again), and the subjects' on written and on
// expire. Before EnsureIndexes has succeeded it does nothing: Sweep, or
// the caller, creates them first. The Syncer calls it every
// SweepInterval: MongoDB deleted no expired document after an operator
// dropped the collection, since the syncer does not sweep a store with
// TTL, until every process had restarted; FerretDB's sweeps scanned the
// whole collection. The subjects were checked from 2026-11-27 on (h110's
// drill): after their collection was dropped, it had only _id_ again, so
// that on MongoDB no binding expired any more, and every instance's read
// of the bindings written since its last one scanned and sorted the
// collection.
func (s *Store) CheckIndexes(ctx context.Context) error {
	if !s.indexed.Load() {
		return nil
	}
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	want := "expire"
	if s.ttl.Load() {
		want = "expire_ttl"
	}
	names, err := indexNames(octx, s.coll)
	if err != nil {
		return s.opError(ctx, octx, "list indexes", err)
	}
	if !slices.Contains(names, want) {
		s.cfg.Logger.Warn("index on expire missing (collection or index dropped): creating it again",
			"database", s.cfg.Database, "collection", s.cfg.Collection, "index", want)
		s.indexMu.Lock()
		s.indexed.Store(false)
		s.indexMu.Unlock()
		return s.EnsureIndexes(ctx) // the subjects' too
	}
	names, err = indexNames(octx, s.subjects())
	if err != nil {
		return s.opError(ctx, octx, "list indexes of the refresh-token subjects", err)
	}
	if slices.Contains(names, want) && slices.Contains(names, "written") {
		return nil
	}
	s.cfg.Logger.Warn("indexes of the refresh-token subjects missing (collection or index dropped): creating them again",
		"database", s.cfg.Database, "collection", s.cfg.Collection+"_subjects", "indexes", names)
	return s.ensureSubjectIndexes(octx, s.ttl.Load())
}

// indexNames lists the names of coll's indexes.
func indexNames(ctx context.Context, coll *mongo.Collection) ([]string, error) {
	cur, err := coll.Indexes().List(ctx)
	if err != nil {
		return nil, err
	}
	var ix []struct {
		Name string `bson:"name"`
	}
	if err := cur.All(ctx, &ix); err != nil {
		return nil, err
	}
	names := make([]string, len(ix))
	for i, x := range ix {
		names[i] = x.Name
	}
	return names, nil
}

// TTL reports whether the server deletes expired documents by itself: true
// once EnsureIndexes has created the TTL index.
func (s *Store) TTL() bool { return s.ttl.Load() }

// Server names the server, from buildInfo, for test and start-up logs:
// "MongoDB 7.0.14" or "FerretDB v1.24.0 (MongoDB-compatible 7.0.42)". It
// fails if the server does not serve this store's calls, as a ping of it
// should: on FerretDB, a ping follows buildInfo (below).
func (s *Store) Server(ctx context.Context) (string, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	var info struct {
		Version         string `bson:"version"`
		FerretDBVersion string `bson:"ferretdbVersion"`
	}
	err := s.client.Database("admin").RunCommand(octx, bson.D{{Key: "buildInfo", Value: 1}}).Decode(&info)
	if err != nil {
		return "", s.opError(ctx, octx, "buildInfo", err)
	}
	if info.FerretDBVersion == "" {
		return "MongoDB " + info.Version, nil
	}
	// FerretDB v1 answers buildInfo without its backend, and so without
	// the credentials (PLAIN: it logs in to PostgreSQL as the URI's user
	// at the first call that reads or writes): with a wrong password
	// buildInfo succeeded while every other call failed ("password
	// authentication failed for user ..."), and the server's pings said
	// the store answered. Its ping asks the backend. MongoDB
	// authenticates each connection before any command: no ping there.
	if err := s.client.Database("admin").RunCommand(octx, bson.D{{Key: "ping", Value: 1}}).Err(); err != nil {
		return "", s.opError(ctx, octx, "ping", err)
	}
	return fmt.Sprintf("FerretDB %s (MongoDB-compatible %s)", info.FerretDBVersion, info.Version), nil
}

// Write implements syncer.Store. Each chunk of at most BulkSize writes is one
// unordered bulk command of UpdateManyModels with the filter
// {_id, version: w.Version} (and, for a Strict write, the epoch, counts and
// entries it overwrites: casFilter), $set of everything the write carries (each
// frame by its path: requestCounters.<size>.<start>) and $unset of the
// frames it drops and the entries it prunes; a
// write of Version 0 (no document yet) is an upsert, whose insert collides
// on _id with a document that exists: a duplicate-key write error, a
// Conflict. A write whose version does not match simply matches nothing:
// most conflicts are not errors, which matters on FerretDB (below).
//
// UpdateMany rather than UpdateOne: a filter on _id matches at most one
// document, so the two are the same on MongoDB, but FerretDB v1 holds a
// database connection per matching UpdateOne until the whole command ends
// and deadlocks at about 50 of them (docs/ferretdb.md point 1).
//
// When the command reports any write error, or its counts do not add up to
// one result per write, the chunk is read back and each write decided by
// its document: Written if its lastWrites holds the write's Seq, Conflict if
// its version is not the expected one (or a Strict write's conditions do
// not hold: syncer.Write.Matches). The per-index results and counts of a
// command with write errors are not trusted: FerretDB's unordered bulk stops
// at the first write error and reports it at a wrong index
// (docs/ferretdb.md point 2), and its counts are wrong too (measured on v1.24: a collision at
// the last of four upserts reports 0 upserted, the error at index 0). A
// write that neither landed nor conflicts was not executed (FerretDB stopped
// before it): it is sent again in a new command, as long as each command
// settles at least one write. On MongoDB this costs one find per chunk with
// an insert that collided or a version that did not match.
//
// A command that fails without write results (network, timeout, write
// concern) leaves the writes it carried Unknown.
func (s *Store) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if err := syncer.ValidateWrites(ws); err != nil {
		return nil, err
	}
	out := make([]syncer.Outcome, len(ws))
	var errs []error
	for lo := 0; lo < len(ws); lo += s.cfg.BulkSize {
		hi := min(lo+s.cfg.BulkSize, len(ws))
		if err := s.writeChunk(ctx, ws[lo:hi], out[lo:hi]); err != nil {
			errs = append(errs, err)
			if ctx.Err() != nil {
				break // the rest stays Unknown
			}
		}
	}
	return out, errors.Join(errs...)
}

func (s *Store) writeChunk(ctx context.Context, ws []syncer.Write, out []syncer.Outcome) error {
	todo := make([]int, len(ws)) // indexes of the writes still to send
	for i := range todo {
		todo[i] = i
	}
	models := make([]mongo.WriteModel, 0, len(ws))
	keys := make([]cache.Key, 0, len(ws))
	var errs []error
	for len(todo) > 0 {
		models = models[:0]
		for _, i := range todo {
			models = append(models, updateModel(&ws[i]))
		}
		octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
		res, err := s.coll.BulkWrite(octx, models, options.BulkWrite().SetOrdered(false))
		v := classifyBulk(len(todo), res, err)
		if v.err != nil {
			v.err = s.opError(ctx, octx, "bulk write of "+strconv.Itoa(len(todo)), v.err)
		}
		cancel()
		switch v.kind {
		case bulkWritten:
			for _, i := range todo {
				out[i] = syncer.Written
			}
			return errors.Join(errs...)
		case bulkUnknown:
			for _, i := range todo {
				out[i] = syncer.Unknown
			}
			return errors.Join(append(errs, v.err)...)
		}
		if v.err != nil {
			errs = append(errs, v.err)
		}
		keys = keys[:0]
		for _, i := range todo {
			keys = append(keys, ws[i].Key)
		}
		docs, err := s.load(ctx, keys)
		if err != nil {
			for _, i := range todo {
				out[i] = syncer.Unknown
			}
			return errors.Join(append(errs, fmt.Errorf("mongostore: read back a bulk write with errors: %w", err))...)
		}
		next := todo[:0]
		for j, i := range todo {
			switch decide(&ws[i], &docs[j]) {
			case syncer.Written:
				out[i] = syncer.Written
			case syncer.Conflict:
				out[i] = syncer.Conflict
			default:
				next = append(next, i)
			}
		}
		if len(next) == len(todo) {
			// Nothing settled: the server refuses these writes for a
			// reason that sending them again does not change.
			for _, i := range next {
				out[i] = syncer.Conflict
			}
			return errors.Join(append(errs, fmt.Errorf("mongostore: the server executed none of %d writes", len(next)))...)
		}
		todo = next
	}
	return errors.Join(errs...)
}

// decide tells from d, read after a bulk command that carried w has ended,
// what became of w: Written if it landed; Conflict if it cannot apply (the
// version is not the expected one, or a Strict write's document does not
// hold what it was counted against: syncer.Write.Matches), or did not land
// on a document that cannot be read (syncer.Doc.Unreadable); Unknown if it
// was not executed and would apply if sent again.
//
// An Add write cannot apply if the document is gone or of another reset
// epoch, or holds a later write of the instance; a Reset write likewise,
// with the epoch it applies to (FromEpoch).
func decide(w *syncer.Write, d *syncer.Doc) syncer.Outcome {
	lw, ok := d.LastWrites[w.Instance]
	switch {
	case lw == w.Seq && ok:
		return syncer.Written
	case d.Unreadable != nil:
		// Read back after the command ended, without w's Seq: it did not
		// land, and no copy of it is left to (a copy whose answer a
		// Write before this one lost is the Syncer's to settle). Not sent
		// again: whether it would apply, the document does not tell.
		return syncer.Conflict
	case w.Add && (d.Snapshot.Version == 0 || d.Snapshot.Epoch != w.Epoch || lw > w.Seq):
		return syncer.Conflict
	case w.Reset && (d.Snapshot.Version == 0 || d.Snapshot.Epoch != w.FromEpoch || lw > w.Seq):
		return syncer.Conflict
	case !w.Add && !w.Reset && !w.Matches(d):
		return syncer.Conflict
	}
	return syncer.Unknown
}

type bulkKind uint8

const (
	bulkWritten bulkKind = iota // every write landed
	bulkReread                  // some did not, or the results are not to be trusted: read back
	bulkUnknown                 // no write results: nothing is known
)

type bulkVerdict struct {
	kind bulkKind
	// err is what to report: the command's error for bulkUnknown, the
	// write errors other than duplicate keys (the expected conflicts of
	// inserts) for bulkReread.
	err error
}

// classifyBulk decides what a bulk command of n writes told, from the
// driver's typed results only.
func classifyBulk(n int, res *mongo.BulkWriteResult, err error) bulkVerdict {
	var bwe mongo.BulkWriteException
	switch {
	case err == nil:
		if res != nil && res.MatchedCount+res.UpsertedCount == int64(n) {
			return bulkVerdict{kind: bulkWritten}
		}
		return bulkVerdict{kind: bulkReread}
	case !errors.As(err, &bwe) || bwe.WriteConcernError != nil || len(bwe.WriteErrors) == 0:
		// A write concern error means the writes may yet roll back: only
		// a later read can tell, as for a lost answer.
		return bulkVerdict{kind: bulkUnknown, err: err}
	}
	var errs []error
	for i := range bwe.WriteErrors {
		we := bwe.WriteErrors[i].WriteError
		if !mongo.IsDuplicateKeyError(we) {
			errs = append(errs, fmt.Errorf("write error code %d: %w", we.Code, we))
		}
	}
	return bulkVerdict{kind: bulkReread, err: errors.Join(errs...)}
}

// writtenMark is requestCounters' entry "0": {"v": the version written}:
// no frame (framesOf skips sizes that are not positive), but a value that
// differs from the stored document's at every write. FerretDB v1 skips a
// $set whose value it finds identical to the field's, and it compares
// embedded documents by their values alone, in order, not their names:
// when a compare-and-swap replaced the whole of requestCounters, a window
// that moved on with the same counts, {"60": {"1795725000": 2}} written
// over with {"60": {"1795725180": 2}}, was acknowledged and not applied,
// and the new frame's counts were lost (an outside audit: 15 tokens of a
// quiet user; docs/ferretdb.md point 8). Writes now set frames by path,
// where the skipped identical $set is harmless; the mark stays, and the
// Reset write still replaces requestCounters with it alone.
// TestFramesMovedOnWithTheSameCounts checks it.
const writtenMark = "0"

func updateModel(w *syncer.Write) *mongo.UpdateManyModel {
	if w.Add {
		return addModel(w)
	}
	if w.Reset {
		return resetModel(w)
	}
	// Each frame by its path, as an Add write's $inc: the frames the write
	// does not name stay (syncer.Write.Frames). The written mark by its
	// path too: it is no longer needed for the frames (a $set of one path
	// that FerretDB finds identical leaves that path as it is, which is
	// what was asked), but it keeps requestCounters an embedded document
	// in a document created without frames, and the version differs at
	// every write anyway.
	//
	// Each frame's path is built once, for the $set and the filter
	// (casFilter), and so is each pruned entry's: a path is an allocation,
	// and a flush builds one model a dirty key (BenchmarkUpdateModel). The
	// paths' slices are on the stack (the frames of up to four window
	// sizes).
	var pathBuf [12]string
	var prunePathBuf [syncer.MaxPrune]string
	paths, prunePaths := pathBuf[:0], prunePathBuf[:0]
	set := make(bson.D, 0, 6+len(w.Frames))
	set = append(set,
		bson.E{Key: "version", Value: w.NewVersion},
		bson.E{Key: "clientId", Value: escapeComponent(w.Key.ClientID)},
		bson.E{Key: "username", Value: escapeComponent(w.Key.User)},
		bson.E{Key: "requestCounters." + writtenMark + ".v", Value: w.NewVersion})
	for _, f := range w.Frames {
		path := framePath(f)
		paths = append(paths, path)
		set = append(set, bson.E{Key: path, Value: f.N})
	}
	set = append(set,
		bson.E{Key: "resetEpoch", Value: w.Epoch},
		bson.E{Key: "lastWrites." + w.Instance, Value: w.Seq})
	// The expiry by $max, as the other writes: a writer whose clock is
	// behind names an earlier one (syncer.Write.Expire).
	update := make(bson.D, 0, 3)
	update = append(update, bson.E{Key: "$set", Value: set}, bson.E{Key: "$max", Value: bson.D{{Key: "expire", Value: w.Expire}}})
	// $unset with dotted paths, not an aggregation-pipeline update:
	// FerretDB v1 has no pipeline updates. syncer.ValidateWrites made sure
	// no path is named twice, nor both set and unset.
	if n := len(w.Drop) + len(w.Prune); n > 0 {
		unset := make(bson.D, 0, n)
		for _, f := range w.Drop {
			unset = append(unset, bson.E{Key: framePath(f), Value: ""})
		}
		for _, name := range w.Prune {
			path := "lastWrites." + name
			prunePaths = append(prunePaths, path)
			unset = append(unset, bson.E{Key: path, Value: ""})
		}
		update = append(update, bson.E{Key: "$unset", Value: unset})
	}
	return mongo.NewUpdateManyModel().
		SetFilter(casFilter(w, paths, prunePaths)).
		SetUpdate(update).
		SetUpsert(w.Version == 0)
}

// casFilter is the filter of a compare-and-swap w: {_id, version}, and for
// a Strict write on a document (Version above 0) what it overwrites
// (syncer.Write.Strict): resetEpoch w.Epoch, each frame it sets at the
// count its base held there, and each entry it prunes below
// w.PruneBelow. A count or epoch of 0 is {$in: [0, null]}, which also
// matches a document without the field (no such frame; written before
// resets existed), as guardFilter's epoch; an entry to prune is
// {$not: {$gte: w.PruneBelow}}, missing or below, as guardFilter's own
// entry. An upsert (Version 0) has no document to compare: its filter
// stays {_id, version}, whose equalities the inserted document would take.
// paths[i] is the path of w.Frames[i] (framePath), and prunePaths[i]
// w.Prune[i]'s (lastWrites.<name>), built by the caller for its update
// too.
func casFilter(w *syncer.Write, paths, prunePaths []string) bson.D {
	if !w.Strict || w.Version == 0 {
		return bson.D{{Key: "_id", Value: DocumentID(w.Key)}, {Key: "version", Value: w.Version}}
	}
	filter := make(bson.D, 0, 3+len(w.Frames)+len(w.Prune))
	filter = append(filter,
		bson.E{Key: "_id", Value: DocumentID(w.Key)},
		bson.E{Key: "version", Value: w.Version},
		bson.E{Key: "resetEpoch", Value: zeroOrAbsent(w.Epoch)})
	for i, f := range w.Frames {
		filter = append(filter, bson.E{Key: paths[i], Value: zeroOrAbsent(w.BaseCount(f))})
	}
	if len(w.Prune) > 0 {
		below := any(bson.D{{Key: "$not", Value: bson.D{{Key: "$gte", Value: w.PruneBelow}}}}) // one for every entry
		for _, path := range prunePaths {
			filter = append(filter, bson.E{Key: path, Value: below})
		}
	}
	return filter
}

// zeroOrAbsent is the filter value of an int64 field that must be n: for
// 0, {$in: [0, null]}, which also matches a document without the field.
func zeroOrAbsent(n int64) any {
	if n == 0 {
		return inZeroOrNull
	}
	return n
}

// inZeroOrNull is {$in: [0, null]}, built and boxed once: the driver only
// reads a filter's values, and a Strict write carries one for its epoch
// (0 until a reset) and each frame its base has no count in, 4 allocations
// each when built at each use.
var inZeroOrNull any = bson.D{{Key: "$in", Value: bson.A{int64(0), nil}}}

// addModel is the update of an Add write: {_id, resetEpoch: w.Epoch (or
// absent, for 0), lastWrites.<instance>: {$not: {$gte: w.Seq}}} (missing or
// below), $inc of each frame and of the version, $unset of the frames to
// drop, $max of the expiry and $set of the instance's Seq. No upsert: an Add
// write needs the document it was rebased on. $inc changes every value it
// names, so FerretDB's skipped identical $set (writtenMark) does not apply.
func addModel(w *syncer.Write) *mongo.UpdateManyModel {
	inc := bson.D{{Key: "version", Value: int64(1)}}
	for _, f := range w.Frames {
		inc = append(inc, bson.E{Key: framePath(f), Value: f.N})
	}
	update := bson.D{
		{Key: "$inc", Value: inc},
		{Key: "$max", Value: bson.D{{Key: "expire", Value: w.Expire}}},
		{Key: "$set", Value: bson.D{{Key: "lastWrites." + w.Instance, Value: w.Seq}}},
	}
	if len(w.Drop) > 0 {
		unset := make(bson.D, len(w.Drop))
		for i, f := range w.Drop {
			unset[i] = bson.E{Key: framePath(f), Value: ""}
		}
		update = append(update, bson.E{Key: "$unset", Value: unset})
	}
	return mongo.NewUpdateManyModel().SetFilter(guardFilter(w, w.Epoch)).SetUpdate(update)
}

// guardFilter is the filter of an Add or Reset write w that applies to a
// document of reset epoch e: {_id, resetEpoch: e (for 0, also absent:
// documents written before resets existed, {$in: [0, null]}),
// lastWrites.<instance>: {$not: {$gte: w.Seq}}} (missing or below).
func guardFilter(w *syncer.Write, e int64) bson.D {
	return bson.D{
		{Key: "_id", Value: DocumentID(w.Key)},
		{Key: "resetEpoch", Value: zeroOrAbsent(e)},
		{Key: "lastWrites." + w.Instance, Value: bson.D{{Key: "$not", Value: bson.D{{Key: "$gte", Value: w.Seq}}}}},
	}
}

// resetModel is the update of a Reset write: the filter of an Add write, on
// the epoch it applies to (guardFilter of w.FromEpoch), $set of
// requestCounters to the written mark alone (every frame gone), of the
// new resetEpoch and of the instance's Seq, $inc of the version and $max
// of the expiry. No upsert: a key without a document is reset by a
// compare-and-swap on version 0. The version is raised by $inc, not set to
// a value the write carries: increments may have raised it since the
// read, and a compare-and-swap on any version before the reset must fail
// (MongoDB refuses $inc and $max of one path; FerretDB v1 has no pipeline
// updates). The written mark takes NewVersion, above the version any
// earlier write put there, so that FerretDB never finds the $set equal to
// what the document holds and skips it (docs/ferretdb.md point 8).
func resetModel(w *syncer.Write) *mongo.UpdateManyModel {
	update := bson.D{
		{Key: "$inc", Value: bson.D{{Key: "version", Value: int64(1)}}},
		{Key: "$max", Value: bson.D{{Key: "expire", Value: w.Expire}}},
		{Key: "$set", Value: bson.D{
			{Key: "requestCounters", Value: bson.D{{Key: writtenMark, Value: bson.D{{Key: "v", Value: w.NewVersion}}}}},
			{Key: "resetEpoch", Value: w.Epoch},
			{Key: "lastWrites." + w.Instance, Value: w.Seq},
		}},
	}
	return mongo.NewUpdateManyModel().SetFilter(guardFilter(w, w.FromEpoch)).SetUpdate(update)
}

// framePath is the field of frame f in a document: requestCounters.<size in
// seconds>.<start in Unix seconds>.
func framePath(f cache.Frame) string {
	// In a buffer on the stack, then one string: one allocation where the
	// concatenation of the two FormatInts took three.
	var buf [len("requestCounters.") + 2*20 + 1]byte
	b := append(buf[:0], "requestCounters."...)
	b = strconv.AppendInt(b, int64(f.Size/time.Second), 10)
	b = append(b, '.')
	b = strconv.AppendInt(b, f.StartUnix, 10)
	return string(b)
}

// Load implements syncer.Store: one find {_id: {$in: ...}} per BulkSize keys.
func (s *Store) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	return s.load(ctx, keys)
}

func (s *Store) load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	out := make([]syncer.Doc, len(keys))
	index := make(map[string]int, len(keys))
	var dups [][2]int // [position, position of the same key's first occurrence]
	for i, k := range keys {
		out[i].Key = k
		id := DocumentID(k)
		if j, ok := index[id]; ok {
			dups = append(dups, [2]int{i, j})
			continue
		}
		index[id] = i
	}
	ids := make([]string, 0, min(len(keys), s.cfg.BulkSize))
	for lo := 0; lo < len(keys); lo += s.cfg.BulkSize {
		ids = ids[:0]
		for _, k := range keys[lo:min(lo+s.cfg.BulkSize, len(keys))] {
			ids = append(ids, DocumentID(k))
		}
		if err := s.find(ctx, ids, index, out); err != nil {
			return nil, err
		}
	}
	for _, d := range dups {
		out[d[0]] = out[d[1]]
	}
	return out, nil
}

func (s *Store) find(ctx context.Context, ids []string, index map[string]int, out []syncer.Doc) error {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	cur, err := s.coll.Find(octx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}},
		options.Find().SetProjection(bson.D{
			{Key: "version", Value: 1}, {Key: "expire", Value: 1},
			{Key: "requestCounters", Value: 1}, {Key: "lastWrites", Value: 1},
			{Key: "resetEpoch", Value: 1},
		}).SetBatchSize(int32(len(ids))).SetLimit(int64(len(ids))))
	// All in the first batch, and with the limit reached MongoDB closes the
	// cursor with it: one round trip. With only the batch size, a find that
	// matched every ID it named left the cursor open, and the driver asked
	// again (getMore) for nothing. FerretDB v1 still leaves it open
	// (docs/ferretdb.md point 7). Not a single batch (a negative limit): a
	// batch past 16 MiB would be cut short, and the keys left out read as
	// having no document.
	if err != nil {
		return s.opError(ctx, octx, "find "+strconv.Itoa(len(ids))+" documents", err)
	}
	defer cur.Close(octx)
	for cur.Next(octx) {
		id, ok := cur.Current.Lookup("_id").StringValueOK()
		if !ok {
			continue
		}
		i, ok := index[id]
		if !ok {
			continue
		}
		// A document it cannot read costs only its key (readDoc).
		readDoc(cur.Current, &out[i])
	}
	if err := cur.Err(); err != nil {
		return s.opError(ctx, octx, "find "+strconv.Itoa(len(ids))+" documents", err)
	}
	return nil
}

// Sweep implements syncer.Store: deleteMany {expire: {$lt: now}}, in the
// counters' collection and the refresh-token subjects'. Until
// EnsureIndexes has succeeded it calls it first.
func (s *Store) Sweep(ctx context.Context, now time.Time) (int64, error) {
	if !s.indexed.Load() {
		if err := s.EnsureIndexes(ctx); err != nil {
			return 0, err
		}
	}
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	res, err := s.coll.DeleteMany(octx, bson.D{{Key: "expire", Value: bson.D{{Key: "$lt", Value: now}}}})
	if err != nil {
		return 0, s.opError(ctx, octx, "delete expired documents", err)
	}
	n, err := s.sweepSubjects(ctx, now)
	return res.DeletedCount + n, err
}
