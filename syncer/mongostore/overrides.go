package mongostore

import (
	"context"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var _ syncer.OverrideStore = (*Store)(nil)

// overrideDoc is a runtime override in the collection Collection +
// "_overrides" (beside the counters, as the subjects are, so that two
// deployments sharing a database with different collections stay apart):
// _id is the client ID, "" for the global entry. The spec is kept as the
// JSON string the limiter wrote, so that the store never needs to know its
// fields, and an operator reading the collection sees what was sent.
type overrideDoc struct {
	Client  string    `bson:"_id"`
	Spec    string    `bson:"spec"`
	Version int64     `bson:"version"`
	Updated time.Time `bson:"updated"`
	By      string    `bson:"by"`
}

// overrides returns the collection of runtime overrides, read and written
// with the counters' majority concerns: an override acknowledged to the
// operator must survive a failover.
func (s *Store) overrides() *mongo.Collection {
	return s.client.Database(s.cfg.Database).Collection(s.cfg.Collection+"_overrides",
		options.Collection().SetReadConcern(readconcern.Majority()).SetWriteConcern(writeconcern.Majority()))
}

// LoadOverrides implements syncer.OverrideStore: one find of the whole
// collection (it holds at most a few thousand small documents), sorted by
// _id.
func (s *Store) LoadOverrides(ctx context.Context) ([]syncer.Override, error) {
	docs, err := findAll[overrideDoc](ctx, s, s.overrides(), "overrides")
	if err != nil {
		return nil, err
	}
	out := make([]syncer.Override, len(docs))
	for i, d := range docs {
		out[i] = syncer.Override{Client: d.Client, Spec: []byte(d.Spec), Version: d.Version, Updated: d.Updated, By: d.By}
	}
	return out, nil
}

// PutOverride implements syncer.OverrideStore: a replace by _id with
// upsert, last writer wins. A replayed write rewrites the same document.
func (s *Store) PutOverride(ctx context.Context, o syncer.Override) error {
	if err := syncer.ValidateOverride(o); err != nil {
		return err
	}
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	doc := overrideDoc{Client: o.Client, Spec: string(o.Spec), Version: o.Version, Updated: o.Updated, By: o.By}
	_, err := s.overrides().ReplaceOne(octx, bson.D{{Key: "_id", Value: o.Client}}, doc, options.Replace().SetUpsert(true))
	if err != nil {
		return s.opError(ctx, octx, "write override", err)
	}
	return nil
}

// DeleteOverride implements syncer.OverrideStore.
func (s *Store) DeleteOverride(ctx context.Context, client string) (bool, error) {
	if len(client) > syncer.MaxOverrideClientLen || strings.IndexByte(client, 0) >= 0 {
		return false, nil // never written: PutOverride refuses it (and FerretDB a NUL)
	}
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	res, err := s.overrides().DeleteOne(octx, bson.D{{Key: "_id", Value: client}})
	if err != nil {
		return false, s.opError(ctx, octx, "delete override", err)
	}
	return res.DeletedCount > 0, nil
}

// findAll reads every document of coll, sorted by _id, within the store's
// Timeout: the small collections (overrides, heartbeats) are read whole.
// what names them in the error.
func findAll[T any](ctx context.Context, s *Store, coll *mongo.Collection, what string) ([]T, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	cur, err := coll.Find(octx, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, s.opError(ctx, octx, "read "+what, err)
	}
	var docs []T
	if err := cur.All(octx, &docs); err != nil {
		return nil, s.opError(ctx, octx, "read "+what, err)
	}
	return docs, nil
}
