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

var _ syncer.SizesStore = (*Store)(nil)

// sizesDoc is an instance's published window sizes in the collection
// Collection + "_sizes" (default counters_sizes), one document per
// instance, written when its policy changes and read by the others when
// its heartbeat names a digest they have not read:
//
//	{ _id: <instance>, digest: <string>, data: <binary>, written: <date> }
//
// Apart from the heartbeats, so that a heartbeat stays small whatever the
// policy (the sizes of thousands of clients), and is read by every
// instance at every beat without them.
type sizesDoc struct {
	ID      string    `bson:"_id"`
	Digest  string    `bson:"digest"`
	Data    []byte    `bson:"data"`
	Written time.Time `bson:"written"`
}

// sizes returns the collection of published sizes, with the heartbeats'
// concerns.
func (s *Store) sizes() *mongo.Collection {
	return s.client.Database(s.cfg.Database).Collection(s.cfg.Collection+"_sizes",
		options.Collection().SetReadConcern(readconcern.Majority()).SetWriteConcern(writeconcern.Majority()))
}

// PutSizes implements syncer.SizesStore: one replaceOne upsert by _id.
func (s *Store) PutSizes(ctx context.Context, instance string, sz syncer.Sizes) error {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	d := sizesDoc{ID: instance, Digest: sz.Digest, Data: sz.Data, Written: sz.Written}
	if d.Data == nil {
		d.Data = []byte{}
	}
	if _, err := s.sizes().ReplaceOne(octx, bson.D{{Key: "_id", Value: instance}}, d, options.Replace().SetUpsert(true)); err != nil {
		return fmt.Errorf("mongostore: write sizes: %w", err)
	}
	return nil
}

// GetSizes implements syncer.SizesStore: one find by _id.
func (s *Store) GetSizes(ctx context.Context, instance string) (syncer.Sizes, bool, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	var d sizesDoc
	err := s.sizes().FindOne(octx, bson.D{{Key: "_id", Value: instance}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return syncer.Sizes{}, false, nil
	}
	if err != nil {
		return syncer.Sizes{}, false, fmt.Errorf("mongostore: read sizes: %w", err)
	}
	return syncer.Sizes{Digest: d.Digest, Data: d.Data, Written: d.Written}, true, nil
}

// sweepSizes deletes the sizes of instances without a heartbeat that were
// written before now: the heartbeats' IDs, then a deleteMany {_id: {$nin:
// ids}, written: {$lt: now}} (dozens of IDs).
func (s *Store) sweepSizes(ctx context.Context, now time.Time) error {
	hs, err := s.Instances(ctx)
	if err != nil {
		return err
	}
	ids := make([]string, len(hs))
	for i, h := range hs {
		ids[i] = h.Instance
	}
	filter := bson.D{{Key: "_id", Value: bson.D{{Key: "$nin", Value: ids}}}, {Key: "written", Value: bson.D{{Key: "$lt", Value: now}}}}
	if _, err := s.sizes().DeleteMany(ctx, filter); err != nil {
		return fmt.Errorf("mongostore: delete the sizes of instances gone: %w", err)
	}
	return nil
}
