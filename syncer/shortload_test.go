package syncer_test

import (
	"context"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// shortStore answers every Load of more than one key with one document
// fewer than keys: a store that breaks the Load contract.
type shortStore struct{ syncer.Store }

func (s shortStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	docs, err := s.Store.Load(ctx, keys)
	if len(docs) > 1 {
		docs = docs[:len(docs)-1]
	}
	return docs, err
}

// A Load that returns fewer documents than keys is an error of the pull
// and of the flush that read back refused writes, not documents matched to
// the wrong keys (or an index out of range).
func TestLoadOfTooFewDocumentsIsAnError(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	keys := []cache.Key{{ClientID: "c", User: "1"}, {ClientID: "c", User: "2"}}
	for _, k := range keys {
		hit(t, b, k, 1, t0)
	}
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	a, sa := instance(t, shortStore{inner}, "A")
	for _, k := range keys {
		hit(t, a, k, 2, t0)
	}
	if err := sa.FlushOnce(t.Context()); err == nil { // both refused: read back together
		t.Error("FlushOnce = nil, want an error: the read back returned too few documents")
	}
	if err := sa.PullOnce(t.Context()); err == nil {
		t.Error("PullOnce = nil, want an error: the store returned too few documents")
	}
	for _, k := range keys {
		if _, n := stored(t, inner, k, hourTier.Size); n != 1 {
			t.Errorf("%q: store holds %d, want B's 1 (A's deltas not written on documents read wrong)", k, n)
		}
	}
}
