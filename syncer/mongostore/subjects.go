package mongostore

import (
	"context"
	"encoding/hex"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var _ syncer.SubjectStore = (*Store)(nil)

// subjectDoc is a refresh-token binding in the collection Collection +
// "_subjects": the hash of the token (hex, as _id: FerretDB and MongoDB
// index a string _id alike), never the token.
type subjectDoc struct {
	ID       string    `bson:"_id"`
	ClientID string    `bson:"clientId"`
	User     string    `bson:"username"`
	Written  time.Time `bson:"written"`
	Expire   time.Time `bson:"expire"`
}

// subjects returns the collection of refresh-token bindings, read and
// written with the counters' concerns.
func (s *Store) subjects() *mongo.Collection { return s.subj }

// ensureSubjectIndexes creates the indexes of the bindings' collection: on
// written, for SubjectsSince, and on expire, a TTL index if ttl (the
// counters' TTL index was accepted), else a plain one for Sweep.
func (s *Store) ensureSubjectIndexes(ctx context.Context, ttl bool) error {
	expire := options.Index().SetName("expire")
	if ttl {
		expire = options.Index().SetName("expire_ttl").SetExpireAfterSeconds(0)
	}
	// One index per command: FerretDB v1.24 panics (slice bounds out of
	// range, the connection dropped) on a createIndexes of two indexes
	// that another instance has just created; one at a time it answers
	// as MongoDB does.
	for _, m := range []mongo.IndexModel{
		{Keys: bson.D{{Key: "written", Value: 1}}, Options: options.Index().SetName("written")},
		{Keys: bson.D{{Key: "expire", Value: 1}}, Options: expire},
	} {
		if _, err := s.subjects().Indexes().CreateOne(ctx, m); err != nil {
			return fmt.Errorf("mongostore: create index %v of the refresh-token subjects: %w", m.Keys, err)
		}
	}
	return nil
}

// PutSubjects implements syncer.SubjectStore: unordered bulks of at most
// BulkSize UpdateMany upserts filtered on _id (UpdateMany for the reason
// Write gives: docs/ferretdb.md point 1). A replayed binding rewrites the
// same document, so a call whose answer was lost can simply be repeated.
func (s *Store) PutSubjects(ctx context.Context, ss []syncer.Subject) error {
	coll := s.subjects()
	for lo := 0; lo < len(ss); lo += s.cfg.BulkSize {
		hi := min(lo+s.cfg.BulkSize, len(ss))
		models := make([]mongo.WriteModel, 0, hi-lo)
		for _, sub := range ss[lo:hi] {
			models = append(models, mongo.NewUpdateManyModel().
				SetFilter(bson.D{{Key: "_id", Value: hex.EncodeToString(sub.Hash[:])}}).
				SetUpdate(bson.D{{Key: "$set", Value: bson.D{
					{Key: "clientId", Value: sub.ClientID},
					{Key: "username", Value: sub.User},
					{Key: "written", Value: sub.Written},
					{Key: "expire", Value: sub.Expire},
				}}}).
				SetUpsert(true))
		}
		octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
		_, err := coll.BulkWrite(octx, models, options.BulkWrite().SetOrdered(false))
		cancel()
		if err != nil {
			return s.opError(ctx, octx, "write refresh-token subjects", err)
		}
	}
	return nil
}

// SubjectsSince implements syncer.SubjectStore: find {written: {$gte:
// since}} sorted by written, _id, limited. Documents whose _id is not a
// hash written by this package are skipped.
func (s *Store) SubjectsSince(ctx context.Context, since time.Time, limit int) ([]syncer.Subject, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	cur, err := s.subjects().Find(octx,
		bson.D{{Key: "written", Value: bson.D{{Key: "$gte", Value: since}}}},
		options.Find().SetSort(bson.D{{Key: "written", Value: 1}, {Key: "_id", Value: 1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, s.opError(ctx, octx, "read refresh-token subjects", err)
	}
	var docs []subjectDoc
	if err := cur.All(octx, &docs); err != nil {
		return nil, s.opError(ctx, octx, "read refresh-token subjects", err)
	}
	out := make([]syncer.Subject, 0, len(docs))
	for _, d := range docs {
		var sub syncer.Subject
		if n, err := hex.Decode(sub.Hash[:], []byte(d.ID)); err != nil || n != len(sub.Hash) || len(d.ID) != 2*len(sub.Hash) {
			continue
		}
		sub.ClientID, sub.User, sub.Written, sub.Expire = d.ClientID, d.User, d.Written, d.Expire
		out = append(out, sub)
	}
	return out, nil
}

// sweepSubjects deletes the bindings expired before now.
func (s *Store) sweepSubjects(ctx context.Context, now time.Time) (int64, error) {
	octx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	res, err := s.subjects().DeleteMany(octx, bson.D{{Key: "expire", Value: bson.D{{Key: "$lt", Value: now}}}})
	if err != nil {
		return 0, s.opError(ctx, octx, "delete expired refresh-token subjects", err)
	}
	return res.DeletedCount, nil
}
