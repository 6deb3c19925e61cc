package syncer_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// unreadableStore is a Store whose documents of the keys marked bad read
// as mongostore reads a document with a field no write puts there: an
// empty snapshot with Doc.Unreadable (its Version the document's, the bad
// field being a frame's count), and the lastWrites entries (here all of
// them). The other keys of the
// same Load read as usual. A write to a bad key is refused, as the server
// refuses a compare-and-swap whose filter names the bad frame (its count
// compared) and an increment of it, unless lands is set (a bad field the
// write neither compares nor increments: it lands).
type unreadableStore struct {
	syncer.Store
	mu    sync.Mutex
	bad   map[cache.Key]bool
	lands bool
}

func (s *unreadableStore) mark(k cache.Key, bad bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bad[k] = bad
}

func (s *unreadableStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	docs, err := s.Store.Load(ctx, keys)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range docs {
		if s.bad[docs[i].Key] && docs[i].Snapshot.Version != 0 {
			docs[i] = syncer.Doc{Key: docs[i].Key, LastWrites: docs[i].LastWrites, Unreadable: &syncer.UnreadableError{
				ID: docs[i].Key.ClientID, Field: "requestCounters.3600.1795723200", Held: `{"$numberDouble":"2.5"}`, Want: "a whole number",
				Version: docs[i].Snapshot.Version,
			}}
		}
	}
	return docs, err
}

func (s *unreadableStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	s.mu.Lock()
	refused := make([]bool, len(ws))
	var pass []syncer.Write
	for i := range ws {
		refused[i] = s.bad[ws[i].Key] && !s.lands
		if !refused[i] {
			pass = append(pass, ws[i])
		}
	}
	s.mu.Unlock()
	if len(pass) == len(ws) {
		return s.Store.Write(ctx, ws)
	}
	outs := make([]syncer.Outcome, len(ws))
	if len(pass) > 0 {
		o, err := s.Store.Write(ctx, pass)
		if len(o) != len(pass) {
			return o, err
		}
		for i, j := 0, 0; i < len(ws); i++ {
			if refused[i] {
				outs[i] = syncer.Conflict
				continue
			}
			outs[i], j = o[j], j+1
		}
		return outs, err
	}
	for i := range outs {
		outs[i] = syncer.Conflict
	}
	return outs, nil
}

// TestUnreadableDocumentCostsOnlyItsKey: one document that cannot be read
// (a count hand-edited to 2.5) is read in the same Load as a key another
// instance counts: that key's counts are installed all the same (the
// whole batch failed before, and every key of it was decided blind to the
// fleet). The bad key keeps each instance's own counts in its estimate,
// written by no flush while its document cannot be read (each write is
// refused, read back, and its delta kept); once the document reads again,
// they land, each once. The read is counted
// (oauth_ratelimit_sync_unreadable_documents_total) and logged with the
// document's _id, the field, what it held and what is accepted.
func TestUnreadableDocumentCostsOnlyItsKey(t *testing.T) {
	ctx := context.Background()
	store := &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}}
	good, bad := cache.Key{ClientID: "good"}, cache.Key{ClientID: "bad"}
	reg := prometheus.NewRegistry()
	logs := new(bytes.Buffer)
	now := t0
	clock := func() time.Time { return now }
	a, b := newCache(t, clock), newCache(t, clock)
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clock, Registerer: reg,
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "B", Now: clock})
	step := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	hit(t, a, good, 1, t0)
	hit(t, a, bad, 2, t0)
	step("A's flush", sa.FlushOnce(ctx))
	hit(t, b, good, 3, t0)
	hit(t, b, bad, 4, t0)
	step("B's flush", sb.FlushOnce(ctx))
	step("B's pull", sb.PullOnce(ctx))

	store.mark(bad, true)
	now = t0.Add(20 * time.Minute)
	hit(t, b, good, 1, now)
	hit(t, b, bad, 1, now)
	step("B's flush, the bad document refusing", sb.FlushOnce(ctx))
	if got := estimate(b, bad, hourTier, now); got != 7 {
		t.Errorf("B's estimate of the bad key %d, want 7 (6 read, 1 of its own not written)", got)
	}
	now = t0.Add(40 * time.Minute)
	hit(t, a, good, 1, now)
	hit(t, a, bad, 3, now)
	step("A's flush, the bad document refusing", sa.FlushOnce(ctx))
	step("A's pull of both keys in one batch", sa.PullOnce(ctx))
	if got := estimate(a, good, hourTier, now); got != 6 {
		t.Errorf("A's estimate of the key read with the bad one: %d, want 6 (B's 4 and its own 2)", got)
	}
	if got := estimate(a, bad, hourTier, now); got != 5 {
		t.Errorf("A's estimate of the bad key %d, want 5 (2 written, 3 of its own not written)", got)
	}
	if n := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_unreadable_documents_total")); n < 2 {
		t.Errorf("oauth_ratelimit_sync_unreadable_documents_total %v, want 2 or more (A's read back and its pull)", n)
	}
	for _, want := range []string{`msg="stored document unreadable`, "id=bad", "field=requestCounters.3600.1795723200", `held="{\"$numberDouble\":\"2.5\"}"`, `want="a whole number"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("A's log lacks %s:\n%s", want, logs)
		}
	}
	if n := strings.Count(logs.String(), "stored document unreadable"); n != 1 {
		t.Errorf("%d log lines of the unreadable document in one minute, want 1:\n%s", n, logs)
	}

	store.mark(bad, false)         // fixed by hand, its counts as they were
	now = t0.Add(70 * time.Minute) // the hour's frame rolled over meanwhile
	step("B's flush", sb.FlushOnce(ctx))
	step("A's flush", sa.FlushOnce(ctx))
	if _, n := stored(t, store, bad, hourTier.Size); n != 10 {
		t.Errorf("the bad key's document holds %d once it reads again, want 10 (6 before, B's 1 and A's 3, each once)", n)
	}
	if _, n := stored(t, store, good, hourTier.Size); n != 6 {
		t.Errorf("the good key's document holds %d, want 6", n)
	}
	if got := estimate(a, bad, dayTier, now); got != 10 {
		t.Errorf("A's estimate (a day's window) of the bad key %d after its document reads again, want 10", got)
	}
}

// TestUnreadableDocumentLandedWriteKeepsItsDelta: an increment that lands
// on a document that cannot be read (a bad field it does not increment,
// here a frame's count) is read back unreadable: it is confirmed on what
// the instance knew plus its delta, so the key's estimate keeps both, and
// the store holds the delta once. Confirmed on the document as read (an
// empty snapshot, version 0), the instance read that as the document gone
// and installed it: its estimate of the key fell from 5 to 0.
func TestUnreadableDocumentLandedWriteKeepsItsDelta(t *testing.T) {
	ctx := context.Background()
	store := &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}, lands: true}
	k := cache.Key{ClientID: "k"}
	a, b := newCache(t, fixedClock(t0)), newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0)})
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "B", Now: fixedClock(t0)})
	flush := func(s *syncer.Syncer) {
		t.Helper()
		if err := s.FlushOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	hit(t, a, k, 1, t0)
	flush(sa)
	hit(t, b, k, 1, t0)
	flush(sb)
	hit(t, a, k, 1, t0)
	flush(sa) // refused (B wrote), read back, added: k is contended on A
	if got := estimate(a, k, hourTier, t0); got != 3 {
		t.Fatalf("A's estimate %d before the document goes bad, want 3", got)
	}
	store.mark(k, true)
	hit(t, a, k, 2, t0)
	flush(sa) // an increment, which lands, read back unreadable
	if got := estimate(a, k, hourTier, t0); got != 5 {
		t.Errorf("A's estimate %d after its increment landed on the unreadable document, want 5 (3 read, 2 written)", got)
	}
	if n := len(a.AppendLocal(nil, t0)); n != 0 {
		t.Errorf("%d keys with counts not written on A, want none (the increment landed)", n)
	}
	store.mark(k, false)
	if _, n := stored(t, store, k, hourTier.Size); n != 5 {
		t.Errorf("the document holds %d, want 5", n)
	}
}

// TestUnreadableDocumentResetFails: a reset of a key whose document cannot
// be read fails, not done, naming the field: its epoch and counts are not
// known, so no reset write can be built. Built from the empty snapshot
// read, it was a creation (version 0), which the existing document
// refused at every attempt.
func TestUnreadableDocumentResetFails(t *testing.T) {
	ctx := context.Background()
	store := &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}}
	k := cache.Key{ClientID: "k"}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0)})
	hit(t, a, k, 3, t0)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	store.mark(k, true)
	_, err := sa.Reset(ctx, k)
	if !errors.Is(err, syncer.ErrResetNotDone) || !strings.Contains(err.Error(), "requestCounters.3600.1795723200") {
		t.Errorf("Reset of the unreadable document: %v, want ErrResetNotDone naming the field", err)
	}
	if got := estimate(a, k, hourTier, t0); got != 3 {
		t.Errorf("estimate %d after the reset that failed, want 3", got)
	}
}

// lostAnswerStore returns a MemoryStore whose documents can be made
// unreadable (un.bad), behind a scriptStore that, while *lose is set, loses
// the answer of the next write and does not apply it (then clears *lose).
func lostAnswerStore() (un *unreadableStore, store *scriptStore, lose *bool) {
	un = &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}}
	lose = new(bool)
	store = &scriptStore{Store: un, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if *lose {
			*lose = false
			return make([]syncer.Outcome, len(ws)), errors.New("injected: the answer lost, the write not landed")
		}
		return apply(ws), nil
	}}
	return un, store, lose
}

// TestUnreadableDocumentLostAnswerSettles: A's compare-and-swap whose
// answer was lost, and which did not land, is settled once its document
// cannot be read but its version can, and is not the one the write was
// made on (B wrote the key since): it cannot land any more. Its delta
// stays A's, counted, and lands once the document reads again. Sent again
// as it was at every flush, it stayed unsettled for as long as the
// document could not be read (a bad count in a frame no write names any
// more: until a hand corrected it), and A's flushes of the keys near their
// limit (HotOnce) wrote nothing for as long, for every key.
func TestUnreadableDocumentLostAnswerSettles(t *testing.T) {
	ctx := context.Background()
	un, store, lose := lostAnswerStore()
	k, hot := cache.Key{ClientID: "k"}, cache.Key{ClientID: "hot"}
	a, err := cache.New(cache.Config{Shards: 4, Now: fixedClock(t0), HotPercent: -1}) // every key near its limit
	if err != nil {
		t.Fatal(err)
	}
	b := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0)})
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "B", Now: fixedClock(t0)})
	hit(t, a, k, 1, t0)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	hit(t, a, k, 1, t0)
	*lose = true
	if err := sa.FlushOnce(ctx); err == nil || sa.Unsettled() != 1 {
		t.Fatalf("A's flush with its answer lost: %v, %d unsettled, want an error and 1", err, sa.Unsettled())
	}
	hit(t, b, k, 1, t0)
	if err := sb.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	un.mark(k, true)
	for i := range 3 {
		if err := sa.FlushOnce(ctx); err != nil {
			t.Fatalf("A's flush %d: %v", i, err)
		}
	}
	if n := sa.Unsettled(); n != 0 {
		t.Errorf("%d writes of A unsettled after 3 flushes, want 0: its compare-and-swap's version is gone from the document", n)
	}
	hit(t, a, hot, 1, t0)
	if err := sa.HotOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, un, hot, hourTier.Size); n != 1 {
		t.Errorf("the store holds %d of the hot key after A's HotOnce, want 1", n)
	}
	if got := estimate(a, k, hourTier, t0); got != 2 {
		t.Errorf("A's estimate of the bad key %d, want its own 2 (1 read, 1 not written)", got)
	}
	un.mark(k, false)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, un, k, hourTier.Size); n != 3 {
		t.Errorf("the document holds %d once it reads again, want 3 (A's 2 and B's 1, each once)", n)
	}
}

// TestUnreadableDocumentStopsNoHotFlush: a write whose answer was lost, on
// a document that then cannot be read, stays unsettled, resent at each
// flush: a compare-and-swap on the version the document still holds, whose
// filter names the bad field (refused until the document expires), or an
// increment (Add) of the bad frame (it could land once the field is
// corrected). Meanwhile the flush of the keys near their limit (HotOnce)
// writes every other key (here hot, twice), and leaves the bad key's write
// as it is: it neither resends nor rebases it, and takes none of its later
// counts. Once the document reads again, every count of both keys is in
// the store once. HotOnce wrote nothing at all while any write was
// unsettled: one bad document held every key near its limit on the
// instance to the regular flush, for as long as the document stayed bad.
func TestUnreadableDocumentStopsNoHotFlush(t *testing.T) {
	for _, kind := range []string{"compare-and-swap on the version held", "increment"} {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			un, store, lose := lostAnswerStore()
			bad, hot := cache.Key{ClientID: "bad"}, cache.Key{ClientID: "hot"}
			a, err := cache.New(cache.Config{Shards: 4, Now: fixedClock(t0), HotPercent: -1}) // every key near its limit
			if err != nil {
				t.Fatal(err)
			}
			b := newCache(t, fixedClock(t0))
			reg := prometheus.NewRegistry()
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0), Registerer: reg})
			sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "B", Now: fixedClock(t0)})
			unreadable := func() float64 {
				return testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_unreadable_documents_total"))
			}
			flush := func(what string, s *syncer.Syncer) {
				t.Helper()
				if err := s.FlushOnce(ctx); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
			want := 0 // the bad key's counts, A's and B's
			hit(t, a, bad, 1, t0)
			flush("A's first flush", sa)
			want++
			if kind == "increment" {
				hit(t, b, bad, 1, t0)
				flush("B's flush", sb)
				hit(t, a, bad, 1, t0)
				flush("A's flush, refused, then added", sa) // bad is contended on A
				want += 2
			}
			hit(t, a, bad, 1, t0)
			want++
			*lose = true
			if err := sa.FlushOnce(ctx); err == nil || sa.Unsettled() != 1 {
				t.Fatalf("A's flush with its answer lost: %v, %d unsettled, want an error and 1", err, sa.Unsettled())
			}
			lost := store.calls[len(store.calls)-1].ws[0]
			if lost.Add != (kind == "increment") {
				t.Fatalf("the lost write is an increment: %v, want %v", lost.Add, kind == "increment")
			}
			un.mark(bad, true)
			flush("A's flush, the document unreadable", sa)
			if n := sa.Unsettled(); n != 1 {
				t.Fatalf("%d writes of A unsettled after its flush, want 1: nothing tells whether the lost one can still land", n)
			}

			hit(t, a, bad, 2, t0) // counted while its write is unsettled
			want += 2
			for i := range 2 {
				hit(t, a, hot, 1, t0)
				from := len(store.calls)
				if err := sa.HotOnce(ctx); err != nil {
					t.Fatalf("A's HotOnce %d: %v", i, err)
				}
				if _, n := stored(t, un, hot, hourTier.Size); n != int64(i+1) {
					t.Errorf("the store holds %d of the hot key after A's HotOnce %d, want %d: a write unsettled on another key's document held it back", n, i, i+1)
				}
				for _, c := range store.calls[from:] {
					for _, w := range c.ws {
						if w.Key == bad {
							t.Errorf("A's HotOnce %d wrote the key whose write is unsettled: %+v", i, w)
						}
					}
				}
				if n := sa.Unsettled(); n != 1 {
					t.Errorf("%d writes of A unsettled after its HotOnce %d, want 1 (the bad key's, as it was)", n, i)
				}
			}
			if got := estimate(a, bad, hourTier, t0); got != int64(want) {
				t.Errorf("A's estimate of the bad key %d, want %d", got, want)
			}
			// The write waiting on it, each flush reads the document, and
			// counts the read (what the alert on unreadable documents
			// fires on), however idle the key.
			before := unreadable()
			flush("A's flush, the document still unreadable", sa)
			if after := unreadable(); after <= before {
				t.Errorf("oauth_ratelimit_sync_unreadable_documents_total %v after a flush with a write waiting on the document, want above %v", after, before)
			}

			un.mark(bad, false) // corrected by hand, its counts as they were
			for range 3 {
				flush("A's flush, the document read again", sa)
			}
			if n := sa.Unsettled(); n != 0 {
				t.Errorf("%d writes of A unsettled once the document reads again, want 0", n)
			}
			if n := len(a.AppendLocal(nil, t0)); n != 0 {
				t.Errorf("%d keys with counts not written on A, want none", n)
			}
			if _, n := stored(t, un, bad, hourTier.Size); n != int64(want) {
				t.Errorf("the bad key's document holds %d once it reads again, want %d (each count once)", n, want)
			}
			if _, n := stored(t, un, hot, hourTier.Size); n != 2 {
				t.Errorf("the hot key's document holds %d, want 2", n)
			}
		})
	}
}
