package mongostore

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var _ syncer.InstanceStore = (*Store)(nil)

// instanceDoc is an instance's heartbeat in the collection Collection +
// "_instances" (default counters_instances), one document per instance:
//
//	{ _id: <instance>, seen: <date>, started: <date>, everyMs: <int64>,
//	  beats: <int64>, version: <string>, expire: <date>, tiers: <string> }
//
// The collection has no index but _id's: it holds one document per
// instance, dozens, which a scan reads as fast as an index would, and a TTL
// index would save only the Syncer's deleteMany on expire once a
// SweepInterval (FerretDB v1 refuses TTL indexes anyway,
// docs/ferretdb.md point 4; creating none also keeps clear of point 6).
type instanceDoc struct {
	ID      string    `bson:"_id"`
	Seen    time.Time `bson:"seen"`
	Started time.Time `bson:"started"`
	EveryMs int64     `bson:"everyMs"`
	Beats   int64     `bson:"beats"`
	Version string    `bson:"version"`
	Expire  time.Time `bson:"expire"`
	Tiers   string    `bson:"tiers,omitempty"` // the digest of the published tiers (tiers.go)
}

// instances returns the collection of heartbeats, read and written with
// the counters' concerns (majority: a heartbeat read is a fact a majority
// holds). The handle is made per call: a heartbeat is a call per Interval,
// and Store keeps no state for it.
func (s *Store) instances() *mongo.Collection {
	return s.client.Database(s.cfg.Database).Collection(s.cfg.Collection+"_instances",
		options.Collection().SetReadConcern(readconcern.Majority()).SetWriteConcern(writeconcern.Majority()))
}

// PutInstance implements syncer.InstanceStore: one replaceOne upsert by
// _id.
func (s *Store) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	d := instanceDoc{ID: h.Instance, Seen: h.Seen, Started: h.Started, EveryMs: h.Interval.Milliseconds(),
		Beats: h.Beats, Version: h.Version, Expire: h.Expire, Tiers: h.Tiers}
	if _, err := s.instances().ReplaceOne(octx, bson.D{{Key: "_id", Value: h.Instance}}, d, options.Replace().SetUpsert(true)); err != nil {
		return s.opError(ctx, octx, "write heartbeat", err)
	}
	return nil
}

// Instances implements syncer.InstanceStore: a find of the whole
// collection, sorted by _id.
func (s *Store) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	docs, err := findAll[instanceDoc](ctx, s, s.instances(), "heartbeats")
	if err != nil {
		return nil, err
	}
	out := make([]syncer.Heartbeat, len(docs))
	for i, d := range docs {
		out[i] = syncer.Heartbeat{Instance: d.ID, Seen: d.Seen, Started: d.Started,
			Interval: time.Duration(d.EveryMs) * time.Millisecond, Beats: d.Beats, Version: d.Version, Expire: d.Expire, Tiers: d.Tiers}
	}
	return out, nil
}

// DeleteInstance implements syncer.InstanceStore: deleteOne {_id, started}
// of the heartbeat, then of the published tiers. A BSON date holds
// milliseconds, and the driver encodes started as the stored value was: to
// the millisecond. Tiers written before they carried their writer's start
// have none, and stay until SweepInstances deletes them (their instance
// has no heartbeat).
func (s *Store) DeleteInstance(ctx context.Context, instance string, started time.Time) error {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	filter := bson.D{{Key: "_id", Value: instance}, {Key: "started", Value: started}}
	if _, err := s.instances().DeleteOne(octx, filter); err != nil {
		return s.opError(ctx, octx, "delete heartbeat", err)
	}
	if _, err := s.tiers().DeleteOne(octx, filter); err != nil {
		return s.opError(ctx, octx, "delete tiers", err)
	}
	return nil
}

// SweepInstances implements syncer.InstanceStore: deleteMany {expire:
// {$lt: now}}, then the tiers of instances without a heartbeat (sweepTiers).
func (s *Store) SweepInstances(ctx context.Context, now time.Time) (int64, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	res, err := s.instances().DeleteMany(octx, bson.D{{Key: "expire", Value: bson.D{{Key: "$lt", Value: now}}}})
	if err != nil {
		return 0, s.opError(ctx, octx, "delete expired heartbeats", err)
	}
	if err := s.sweepTiers(octx, now); err != nil {
		return 0, err
	}
	return res.DeletedCount, nil
}

var _ syncer.InstanceCounter = (*Store)(nil)

// CountInstances implements syncer.InstanceCounter: a countDocuments of
// {seen: {$gte: since}} (an aggregate that sends back one number; the
// collection's few documents are scanned on the server).
func (s *Store) CountInstances(ctx context.Context, since time.Time) (int, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	n, err := s.instances().CountDocuments(octx, bson.D{{Key: "seen", Value: bson.D{{Key: "$gte", Value: since}}}})
	if err != nil {
		return 0, s.opError(ctx, octx, "count heartbeats", err)
	}
	return int(n), nil
}
