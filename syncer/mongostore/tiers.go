package mongostore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var _ syncer.TiersStore = (*Store)(nil)

// tiersDoc is an instance's published tiers in the collection
// Collection + "_tiers" (default counters_tiers), one document per
// instance, written when its policy changes and read by the others when
// its heartbeat names a digest they have not read:
//
//	{ _id: <instance>, digest: <string>, data: <binary>, written: <date>,
//	  started: <date> }  // the writer's start: see syncer.Tiers.Started
//
// Apart from the heartbeats, so that a heartbeat stays small whatever the
// policy (the tiers of thousands of clients), and is read by every
// instance at every beat without them.
type tiersDoc struct {
	ID      string    `bson:"_id"`
	Digest  string    `bson:"digest"`
	Data    []byte    `bson:"data"`
	Written time.Time `bson:"written"`
	Started time.Time `bson:"started"` // absent (written before it existed): the zero time
}

// tiers returns the collection of published tiers, with the heartbeats'
// concerns.
func (s *Store) tiers() *mongo.Collection {
	return s.client.Database(s.cfg.Database).Collection(s.cfg.Collection+"_tiers",
		options.Collection().SetReadConcern(readconcern.Majority()).SetWriteConcern(writeconcern.Majority()))
}

// PutTiers implements syncer.TiersStore: one replaceOne upsert by _id.
func (s *Store) PutTiers(ctx context.Context, instance string, pt syncer.Tiers) error {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	d := tiersDoc{ID: instance, Digest: pt.Digest, Data: pt.Data, Written: pt.Written, Started: pt.Started}
	if d.Data == nil {
		d.Data = []byte{}
	}
	if _, err := s.tiers().ReplaceOne(octx, bson.D{{Key: "_id", Value: instance}}, d, options.Replace().SetUpsert(true)); err != nil {
		return s.opError(ctx, octx, "write tiers", err)
	}
	return nil
}

// GetTiers implements syncer.TiersStore: one find by _id.
func (s *Store) GetTiers(ctx context.Context, instance string) (syncer.Tiers, bool, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	var d tiersDoc
	err := s.tiers().FindOne(octx, bson.D{{Key: "_id", Value: instance}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return syncer.Tiers{}, false, nil
	}
	if err != nil {
		return syncer.Tiers{}, false, s.opError(ctx, octx, "read tiers", err)
	}
	return syncer.Tiers{Digest: d.Digest, Data: d.Data, Written: d.Written, Started: d.Started}, true, nil
}

// TiersHead implements syncer.TiersStore: one find by _id without the
// data (540 KB for a policy of 10,000 clients).
func (s *Store) TiersHead(ctx context.Context, instance string) (syncer.Tiers, bool, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	var d tiersDoc
	err := s.tiers().FindOne(octx, bson.D{{Key: "_id", Value: instance}},
		options.FindOne().SetProjection(bson.D{{Key: "data", Value: 0}})).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return syncer.Tiers{}, false, nil
	}
	if err != nil {
		return syncer.Tiers{}, false, s.opError(ctx, octx, "check tiers", err)
	}
	return syncer.Tiers{Digest: d.Digest, Written: d.Written, Started: d.Started}, true, nil
}

// sweepTiers deletes the tiers of instances without a heartbeat that were
// written before now: the heartbeats' IDs, then a deleteMany {_id: {$nin:
// ids}, written: {$lt: now}} (dozens of IDs).
func (s *Store) sweepTiers(ctx context.Context, now time.Time) error {
	hs, err := s.Instances(ctx)
	if err != nil {
		return err
	}
	ids := make([]string, len(hs))
	for i, h := range hs {
		ids[i] = h.Instance
	}
	filter := bson.D{{Key: "_id", Value: bson.D{{Key: "$nin", Value: ids}}}, {Key: "written", Value: bson.D{{Key: "$lt", Value: now}}}}
	if _, err := s.tiers().DeleteMany(ctx, filter); err != nil {
		return fmt.Errorf("mongostore: delete the tiers of instances gone: %w", err)
	}
	return nil
}
