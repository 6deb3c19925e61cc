package mongostore

import (
	"context"
	"errors"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

func dupKey(index int) mongo.BulkWriteError {
	return mongo.BulkWriteError{WriteError: mongo.WriteError{Index: index, Code: 11000, Message: "E11000 duplicate key"}}
}

// TestClassifyBulk shows which bulk results are trusted as they are: only a
// clean result with one match or upsert per write. Everything with a write
// error is read back, because FerretDB reports wrong indexes and counts
// (docs/ferretdb.md point 2). The cases are answers to a chunk of 4 writes.
func TestClassifyBulk(t *testing.T) {
	netErr := errors.New("connection reset")
	cases := []struct {
		name    string
		res     *mongo.BulkWriteResult
		err     error
		want    bulkKind
		wantErr bool
	}{
		{"AllMatched", &mongo.BulkWriteResult{MatchedCount: 3, UpsertedCount: 1}, nil, bulkWritten, false},
		{"VersionMismatchMatchesNothing", &mongo.BulkWriteResult{MatchedCount: 3}, nil, bulkReread, false},
		{"NoResult", nil, nil, bulkReread, false},
		// MongoDB: the second insert collided, the rest ran; index right.
		{"MongoDBDuplicateKey", &mongo.BulkWriteResult{MatchedCount: 2, UpsertedCount: 1},
			mongo.BulkWriteException{WriteErrors: []mongo.BulkWriteError{dupKey(1)}}, bulkReread, false},
		// Counts that add up with an error at index 0 while the last
		// write collided: trusting the index would confirm a write that
		// never landed.
		{"CountsAddUpWrongIndex", &mongo.BulkWriteResult{MatchedCount: 3},
			mongo.BulkWriteException{WriteErrors: []mongo.BulkWriteError{dupKey(0)}}, bulkReread, false},
		// FerretDB v1.24 (measured): the last of four upserts collided;
		// it reports nothing upserted and the error at index 0.
		{"FerretDBLastUpsertCollided", &mongo.BulkWriteResult{},
			mongo.BulkWriteException{WriteErrors: []mongo.BulkWriteError{dupKey(0)}}, bulkReread, false},
		{"OtherWriteError", &mongo.BulkWriteResult{MatchedCount: 3},
			mongo.BulkWriteException{WriteErrors: []mongo.BulkWriteError{{WriteError: mongo.WriteError{Index: 2, Code: 17419, Message: "too large"}}}}, bulkReread, true},
		{"WriteConcernError", &mongo.BulkWriteResult{MatchedCount: 4},
			mongo.BulkWriteException{WriteConcernError: &mongo.WriteConcernError{Code: 64, Message: "waiting for replication timed out"}}, bulkUnknown, true},
		{"Network", nil, netErr, bulkUnknown, true},
		{"Timeout", nil, context.DeadlineExceeded, bulkUnknown, true},
		{"CommandError", nil, mongo.CommandError{Code: 13, Message: "unauthorized"}, bulkUnknown, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := classifyBulk(4, c.res, c.err)
			if v.kind != c.want || (v.err != nil) != c.wantErr {
				t.Fatalf("classifyBulk = kind %d, err %v; want kind %d, error %v", v.kind, v.err, c.want, c.wantErr)
			}
		})
	}
}

func TestDecide(t *testing.T) {
	w := syncer.Write{Key: cache.Key{ClientID: "c"}, Version: 5, NewVersion: 6, Instance: "me", Seq: 42}
	cases := []struct {
		name string
		doc  syncer.Doc
		want syncer.Outcome
	}{
		{"Landed", syncer.Doc{Snapshot: cache.Snapshot{Version: 6}, LastWrites: map[string]int64{"me": 42}}, syncer.Written},
		{"LandedThenOverwritten", syncer.Doc{Snapshot: cache.Snapshot{Version: 9}, LastWrites: map[string]int64{"me": 42, "other": 7}}, syncer.Written},
		{"OtherWroteFirst", syncer.Doc{Snapshot: cache.Snapshot{Version: 6}, LastWrites: map[string]int64{"me": 41, "other": 7}}, syncer.Conflict},
		{"Gone", syncer.Doc{}, syncer.Conflict},
		{"NotExecuted", syncer.Doc{Snapshot: cache.Snapshot{Version: 5}, LastWrites: map[string]int64{"me": 41}}, syncer.Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := decide(&w, &c.doc); got != c.want {
				t.Fatalf("decide = %v, want %v", got, c.want)
			}
		})
	}
	insert := syncer.Write{Key: cache.Key{ClientID: "c"}, Version: 0, NewVersion: 6, Instance: "me", Seq: 42}
	if got := decide(&insert, &syncer.Doc{}); got != syncer.Unknown {
		t.Errorf("insert of a key still missing: %v, want unknown (not executed)", got)
	}
}
