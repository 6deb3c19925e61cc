package syncer

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// landThenCut is a MemoryStore whose reset writes land and whose answer
// then waits for the call's context: a reset cut by cmd's stopServers
// (the admin listener's drain deadline) after its write reached the store.
// With answered, the write's answer comes back and the read back that
// follows waits for the cut instead.
type landThenCut struct {
	*MemoryStore
	answered bool
	landed   chan struct{}
	readBack bool
}

func (s *landThenCut) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	out, err := s.MemoryStore.Write(ctx, ws)
	if len(ws) == 1 && ws[0].Reset {
		close(s.landed)
		if s.answered {
			s.readBack = true
			return out, err
		}
		<-ctx.Done()
		return []Outcome{Unknown}, ctx.Err() // sent, its answer lost
	}
	return out, err
}

func (s *landThenCut) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	if s.readBack {
		s.readBack = false
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return s.MemoryStore.Load(ctx, keys)
}

// TestResetCutAfterItLanded: a reset whose write landed and whose context
// was then cut (the admin listener's drain deadline, cmd's stopServers)
// answers ErrResetUnknown with this instance's counts of the key not
// dropped (Cache.Reset not called). The final flush that follows must not
// write those counts, made before the reset, into the reset's document:
// they are what the reset cleared, as another instance's reset clears
// them. And no count of another key is lost. Cut in its read back instead
// (its write answered), the reset is done with the document it knows it
// made (readReset), and the final flush writes on it.
func TestResetCutAfterItLanded(t *testing.T) {
	for _, answered := range []bool{false, true} {
		t.Run(map[bool]string{false: "answer lost", true: "read back cut"}[answered], func(t *testing.T) {
			resetCutAfterItLanded(t, answered)
		})
	}
}

func resetCutAfterItLanded(t *testing.T, answered bool) {
	st := &landThenCut{MemoryStore: NewMemoryStore(), landed: make(chan struct{}), answered: answered}
	c, s := newCacheSyncer(t, Config{Store: st, Instance: "a", Interval: time.Hour, FinalFlushTimeout: 5 * time.Second})
	tiers := []window.Tier{{Size: time.Hour, Limit: 1000}}
	k, other := cache.Key{ClientID: "k"}, cache.Key{ClientID: "other"}
	hit := func(key cache.Key, n int) {
		for range n {
			d := c.Reserve(key, tiers, 1, cache.Enforce, time.Now())
			c.Commit(&d.Reservation)
		}
	}
	hit(k, 3)
	hit(other, 1)
	if err := s.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(k, 2) // before the reset, not flushed
	hit(other, 1)
	rctx, cut := context.WithCancel(t.Context())
	resetDone := make(chan error, 1)
	go func() { _, err := s.Reset(rctx, k); resetDone <- err }()
	<-st.landed
	cut()
	rerr := <-resetDone
	if answered && rerr != nil || !answered && !errors.Is(rerr, ErrResetUnknown) {
		t.Errorf("the reset cut after it landed (answered %v): %v, want nil if answered, else ErrResetUnknown", answered, rerr)
	}
	if err := s.shutdown(t.Context()); err != nil {
		t.Errorf("final flush: %v", err)
	}
	docs, err := st.MemoryStore.Load(context.Background(), []cache.Key{k, other})
	if err != nil {
		t.Fatal(err)
	}
	sum := func(d Doc) (n int64) {
		for _, f := range d.Snapshot.Frames {
			n += f.N
		}
		return n
	}
	t.Logf("reset: %v; k: epoch %d, %d counted; other: %d", rerr, docs[0].Snapshot.Epoch, sum(docs[0]), sum(docs[1]))
	if docs[0].Snapshot.Epoch == 0 || sum(docs[0]) != 0 {
		t.Errorf("k after the reset landed and the final flush: epoch %d, %d counted; want a new epoch and 0 (the 2 made before the reset are what it cleared)", docs[0].Snapshot.Epoch, sum(docs[0]))
	}
	if n := sum(docs[1]); n != 2 {
		t.Errorf("other: %d in the store, want its 2", n)
	}
}
