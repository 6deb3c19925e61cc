package syncer_test

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// An Add write of A's is lost on its way and lands late, and its document
// is deleted meanwhile (by hand, a TTL monitor, a restore): the copy on its
// way lands on any document of the key created again in the same reset
// epoch without an entry of A's, as B's ordinary flush creates it. So A
// must not write the delta under a new Seq while the document is gone: it
// sends the same write again, under the same Seq, as the compare-and-swap
// that creates the document (one of the two copies lands, the Seq guard
// refuses the other), and B's document read back with that Seq proves the
// first copy landed. Rebased under a new Seq (what the flush did: the
// write aborted at the read that found no document, or rebased on it),
// the first copy landed on B's document just before it and A's 2 were
// counted twice (helper-184's report, "The corner").
func TestLostAddLandsOnADocumentCreatedAgain(t *testing.T) {
	for _, tc := range []struct {
		name string
		// goneAt is the Write call before which the document is
		// deleted: 2, before the flush's read of the lost answer
		// (resolve: deleted at the read), or 3, after it, just before the
		// resend (refused by a document gone: the flush's read back).
		goneAt int
		// createdAt is the Write call before which B creates the
		// document again.
		createdAt int
		// landsAt is the Write call before which the first copy
		// lands: the one B creates the document before, or a later
		// one (then A's creation is refused, and the Add write, which
		// can still land, is sent again: the copy lands before it,
		// which is answered Written, adding nothing).
		landsAt int
		ops     []string
	}{
		{"deleted before the read", 1, 2, 2, []string{"load", "write", "load"}},
		{"deleted before the resend", 2, 3, 3, []string{"load", "write", "load", "write", "load"}},
		{"created again before the copy lands", 1, 2, 3, []string{"load", "write", "load", "write", "load"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			a, sa, store, b, sb := contendedA(t, inner)
			del := func() {
				if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
					t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
				}
			}
			var late []syncer.Write
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if n == 1 { // lost on the way; lands later
					late = append(late, ws...)
					if tc.goneAt == 1 {
						del()
					}
					return make([]syncer.Outcome, len(ws)), errInjected
				}
				if n == tc.goneAt {
					del()
				}
				if n == tc.createdAt {
					// B counts 1 and creates the document again
					// (epoch 0, no entry of A's).
					hit(t, b, keyK, 1, t0)
					if err := sb.FlushOnce(context.Background()); err != nil {
						t.Error(err)
					}
				}
				if n == tc.landsAt {
					if outs := apply(late); outs[0] != syncer.Written {
						t.Errorf("the first copy: %v, want it landed on B's document", outs[0])
					}
				}
				return apply(ws), nil
			}
			hit(t, a, keyK, 2, t0)
			_ = sa.FlushOnce(t.Context())
			if len(late) != 1 || !late[0].Add {
				t.Fatalf("first write %+v, want one Add write", late)
			}
			store.ops()
			if err := sa.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			calls := wantOps(t, store, tc.ops...)
			for _, c := range calls {
				if c.op == "write" && c.ws[0].Seq != late[0].Seq {
					t.Errorf("wrote %+v after the document went, want the first copy's seq %d", c.ws[0], late[0].Seq)
				}
			}
			_, n := stored(t, inner, keyK, time.Hour)
			if n != 1+2 {
				t.Errorf("store holds %d, want B's 1 and A's 2 once", n)
			}
			if e := estimate(a, keyK, hourTier, t0); e != 1+2 {
				t.Errorf("A estimates %d, want 3", e)
			}
			if sa.Unsettled() != 0 {
				t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
			}
		})
	}
}

// The document of a lost Add write is deleted and nobody creates it again:
// A creates it with the delta, under the write's Seq, and the first copy,
// landing after that, is refused by that Seq (counted once); and the delta
// is written, not held until another instance writes the key (no count of
// A's kept from the store).
func TestLostAddOnADocumentGoneCreatesIt(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	var late []syncer.Write
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 1 { // lost on the way; lands later
			late = append(late, ws...)
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
			return make([]syncer.Outcome, len(ws)), errInjected
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	// The creation is read back (a write of two forms: see
	// TestLostAddCreationAnsweredWrittenByItsOtherForm).
	calls := wantOps(t, store, "load", "write", "load")
	if len(calls) == 3 {
		if w := calls[1].ws[0]; w.Add || w.Version != 0 || w.Seq != late[0].Seq || calls[1].outs[0] != syncer.Written {
			t.Errorf("wrote %+v: %v; want the compare-and-swap that creates the document, under the first copy's seq %d, written", w, calls[1].outs[0], late[0].Seq)
		}
	}
	if outs, err := inner.Write(t.Context(), late); err != nil || outs[0] != syncer.Written {
		t.Errorf("the first copy, landing late: %v, %v; want written (without adding: its Seq is there)", outs, err)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 2 {
		t.Errorf("store holds %d, want A's 2 once", n)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 2 {
		t.Errorf("A estimates %d, want 2", e)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// A lost Add write's document is deleted; its creation (the same write
// under its Seq: resendable) is lost too, never to land; another instance
// creates the document again and it is hand-edited so that it cannot be
// read (Doc.Unreadable, of a version: it exists). Its copy on the way can
// land there (an increment of frames the bad field is not among), so the
// write is sent again as the Add write, under its Seq, not aborted as a
// compare-and-swap of another version (a creation is one on no document):
// aborted, its delta was written under a new Seq, after the copy landed,
// and counted twice ("copy lands first": store 5 where 3). Sent as the
// creation, it was refused by the document that exists, read back
// unreadable and kept unsettled for as long, the delta written nowhere
// ("copy never lands": store 1 where 3, one write unsettled).
func TestLostAddCreationOnAnUnreadableDocument(t *testing.T) {
	for _, tc := range []struct {
		name      string
		copyLands bool
	}{
		{"copy lands first", true},
		{"copy never lands", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			a, sa, store, b, sb := contendedA(t, inner)
			bad := &unreadableStore{Store: inner, bad: map[cache.Key]bool{}, lands: true}
			store.Store = bad
			var late []syncer.Write
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				switch n {
				case 1: // lost on the way; lands later; the document is deleted
					late = append(late, ws...)
					if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
						t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
					}
					return make([]syncer.Outcome, len(ws)), errInjected
				case 2: // the creation: lost, never lands
					if ws[0].Add || ws[0].Version != 0 {
						t.Errorf("wrote %+v, want the creation of the document", ws[0])
					}
					return make([]syncer.Outcome, len(ws)), errInjected
				case 3:
					if !ws[0].Add || ws[0].Seq != late[0].Seq {
						t.Errorf("wrote %+v, want the Add write under the first copy's seq %d", ws[0], late[0].Seq)
					}
					if tc.copyLands {
						if outs := apply(late); outs[0] != syncer.Written {
							t.Errorf("the first copy: %v, want it landed", outs[0])
						}
					}
					return apply(ws), nil
				}
				return apply(ws), nil
			}
			hit(t, a, keyK, 2, t0)
			_ = sa.FlushOnce(t.Context())
			_ = sa.FlushOnce(t.Context())
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(t.Context()); err != nil { // B creates it again
				t.Fatal(err)
			}
			bad.mark(keyK, true)
			store.ops()
			if err := sa.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			wantOps(t, store, "load", "write", "load")
			if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 {
				t.Errorf("store holds %d, want B's 1 and A's 2 once", n)
			}
			if sa.Unsettled() != 0 {
				t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
			}
			if !tc.copyLands { // it lands now: refused by its Seq
				if _, err := inner.Write(t.Context(), late); err != nil {
					t.Fatal(err)
				}
				if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 {
					t.Errorf("after the copy landed late, store holds %d, want 3", n)
				}
			}
		})
	}
}

// The creation that carries a lost Add write whose document is gone
// (resendable) is a write of its own time: sent ten minutes after the Add
// write, the document gets the expiry of a write then (the Add write's,
// set when it was sent, let the document go ten minutes before the
// frames it holds stop counting: Syncer's expiry), and a version of that
// clock (Write.NewVersion: a document created again never repeats a
// version an instance may hold from before).
func TestLostAddCreationIsAWriteOfItsTime(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	now := t0
	a := newCache(t, func() time.Time { return now })
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: func() time.Time { return now }})
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil { // refused, then added: contended
		t.Fatal(err)
	}
	on = false
	var late []syncer.Write
	store.nWrite = 0
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 1 { // lost; the document is deleted
			late = append(late, ws...)
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
			return make([]syncer.Outcome, len(ws)), errInjected
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if len(late) != 1 || !late[0].Add {
		t.Fatalf("first write %+v, want one Add write", late)
	}
	now = t0.Add(10 * time.Minute)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	docs, err := inner.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	if want := late[0].Expire.Add(10 * time.Minute); !d.Expire.Equal(want) {
		t.Errorf("document expires at %v, want %v (a write's at %v)", d.Expire, want, now)
	}
	if d.Snapshot.Version != now.UnixMilli() || d.LastWrites[sa.Writer()] != late[0].Seq {
		t.Errorf("document of version %d, entries %v; want version %d (the clock's), A's entry %d", d.Snapshot.Version, d.LastWrites, now.UnixMilli(), late[0].Seq)
	}
}

// The other way round: A's creation of the document is lost on its way
// and lands late, another instance creates the document meanwhile, and it
// is deleted just before A's next write: the copy lands on the document
// gone (before A's write). Rebased under a new Seq at A's read of B's
// document (the creation cannot land while it is there), A's delta was
// written on the document the copy had created with it, and counted twice
// (the simulation's deletes case found it: store 2 where 1). Sent again as
// the Add write under the creation's Seq, it is answered Written without
// adding: the copy's Seq is there.
func TestLostCreationLandsAfterTheDocumentWent(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	var late []syncer.Write
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way; lands later
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the document deleted, then the first copy lands
			if n := inner.DeleteDocs(int64(time.Hour/time.Second), keyK); n != 1 {
				t.Errorf("deleted a document holding %d, want B's 1", n)
			}
			if outs := apply(late); outs[0] != syncer.Written {
				t.Errorf("the first copy: %v, want it landed on the document gone", outs[0])
			}
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if len(late) != 1 || late[0].Add || late[0].Version != 0 {
		t.Fatalf("first write %+v, want one creation", late)
	}
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil { // B creates it
		t.Fatal(err)
	}
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load")
	for _, c := range calls {
		if c.op == "write" && c.ws[0].Seq != late[0].Seq {
			t.Errorf("wrote %+v, want the first copy's seq %d", c.ws[0], late[0].Seq)
		}
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 2 {
		t.Errorf("store holds %d, want A's 2 once (B's 1 deleted)", n)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 2 {
		t.Errorf("A estimates %d, want 2", e)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// A creation whose answer is lost is sent again when its document is gone
// at the next flush; meanwhile another instance created the document, and
// it was deleted. Sent again as first built, the creation carried the
// version of its first flush's clock, below the one the other instance
// holds from its own creation, and that instance's pulls refused the
// document as older: it went on seeing its own count where the store held
// A's (estimate 1 where 2). Sent with a version of now, it is installed.
func TestLostCreationSentAgainIsOfItsTime(t *testing.T) {
	inner := syncer.NewMemoryStore()
	nowA, nowB := t0, t0.Add(time.Second)
	b := newCache(t, func() time.Time { return nowB })
	sb := newSyncer(t, syncer.Config{Cache: b, Store: inner, Instance: "B", Now: func() time.Time { return nowB }})
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 1 { // lost on the way, never lands
			return make([]syncer.Outcome, len(ws)), errInjected
		}
		return apply(ws), nil
	}
	a := newCache(t, func() time.Time { return nowA })
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: func() time.Time { return nowA }})
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil { // B creates it, at its clock's version
		t.Fatal(err)
	}
	inner.DeleteDocs(0, keyK)
	nowA = t0.Add(2 * time.Second)
	if err := sa.FlushOnce(t.Context()); err != nil { // the creation, sent again
		t.Fatal(err)
	}
	if v, n := stored(t, inner, keyK, time.Hour); n != 2 || v < nowA.UnixMilli() {
		t.Errorf("store holds %d at version %d, want A's 2 at a version of A's clock, %d or more", n, v, nowA.UnixMilli())
	}
	if err := sb.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if e := estimate(b, keyK, hourTier, t0.Add(time.Second)); e != 2 {
		t.Errorf("B estimates %d, want the store's 2 (B's 1 deleted)", e)
	}
}

// A creation whose answer is lost, read back on a document another
// instance created, which cannot be read (a field of a bad type: a hand
// edit): its copy on the way lands once the document is deleted (an
// operator who deletes the document that cannot be read), as a readable
// one's does (TestLostCreationLandsAfterTheDocumentWent). Aborted as a
// compare-and-swap on a version the document has left, its delta was
// written again under a new Seq after the deletion, on the copy that had
// landed: A's 2 counted twice (store 4 where 2). Sent again as the Add
// write of its frames, it lands on the document it cannot read; the
// deletion takes it, and the copy brings it back once (README "When the
// store's data goes back or vanishes").
func TestLostCreationOnAnUnreadableDocument(t *testing.T) {
	inner := syncer.NewMemoryStore()
	bad := &unreadableStore{Store: inner, bad: map[cache.Key]bool{}, lands: true}
	b, sb := instance(t, bad, "B")
	var late []syncer.Write
	store := &scriptStore{Store: bad}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 1 { // lost on the way; lands later
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if len(late) != 1 || late[0].Add || late[0].Version != 0 {
		t.Fatalf("first write %+v, want one creation", late)
	}
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil { // B creates it
		t.Fatal(err)
	}
	bad.mark(keyK, true)
	// It reads the document it cannot read, and sends the creation
	// again as the Add write of its frames, which lands there.
	_ = sa.FlushOnce(t.Context())
	if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 || sa.Unsettled() != 0 {
		t.Errorf("store holds %d, %d unsettled; want B's 1 and A's 2, none", n, sa.Unsettled())
	}
	// The operator deletes the document, then the first copy lands.
	bad.mark(keyK, false)
	inner.DeleteDocs(int64(time.Hour/time.Second), keyK)
	if outs, err := inner.Write(t.Context(), late); err != nil || outs[0] != syncer.Written {
		t.Fatalf("the first copy: %v, %v; want it landed on the document gone", outs, err)
	}
	for range 2 {
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if _, n := stored(t, inner, keyK, time.Hour); n > 2 {
		t.Errorf("store holds %d, want A's 2 at most once (B's 1 deleted)", n)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// The creation that carries a lost Add write (resendable) is refused by
// the document another instance created, on which the Add write's first
// copy landed just before; a store that decides a refused write by the
// document read back answers it Written, since the document holds its
// Seq (mongostore's decide: MongoDB's duplicate key, FerretDB's bulk;
// storetest's AddAndCreationOfOneSeq). Confirmed as a compare-and-swap, by
// its own frames and version, A took the document for its 2 alone, at a
// version above the store's: it estimated 2 where the store held B's 1
// and its 2, and refused the store's document as older at its pulls. A
// write of two forms is read back, as an Add write is.
func TestLostAddCreationAnsweredWrittenByItsOtherForm(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, b, sb := contendedA(t, inner)
	var late []syncer.Write
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way; lands later; the document is deleted
			late = append(late, ws...)
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // B creates it again, the first copy lands, then A's creation
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
			if outs := apply(late); outs[0] != syncer.Written {
				t.Errorf("the first copy: %v, want it landed on B's document", outs[0])
			}
			if ws[0].Add || ws[0].Version != 0 || ws[0].Seq != late[0].Seq {
				t.Fatalf("wrote %+v, want the creation under the first copy's seq %d", ws[0], late[0].Seq)
			}
			outs := apply(ws)
			docs, err := inner.Load(context.Background(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			if outs[0] == syncer.Conflict && docs[0].LastWrites[ws[0].Instance] == ws[0].Seq {
				outs[0] = syncer.Written // as mongostore's decide answers
			}
			return outs, nil
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 {
		t.Errorf("store holds %d, want B's 1 and A's 2 once", n)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 1+2 {
		t.Errorf("A estimates %d, want the store's 3", e)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// TestLostAddCreationAnsweredWrittenOnAnUnreadableDocument is
// TestLostAddCreationAnsweredWrittenByItsOtherForm where A reads the
// document back unreadable (a hand edit of a field no write names), then
// it is set right. Confirmed by what the creation form alone makes, its
// frames at its NewVersion (landed), A held a version above the store's
// (B's creation plus A's increment), refused the document as older at
// its pull once it could be read, and estimated 2 where the store held
// 3. A write of two forms landed on a document that cannot be read is
// confirmed by its delta at version 1, which the next read replaces.
func TestLostAddCreationAnsweredWrittenOnAnUnreadableDocument(t *testing.T) {
	inner := syncer.NewMemoryStore()
	bad := &unreadableStore{Store: inner, bad: map[cache.Key]bool{}, lands: true}
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: bad, script: bFirst(t, b, sb, &on)}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	on = false
	store.ops()
	store.nWrite = 0
	var late []syncer.Write
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way; lands later; the document is deleted
			late = append(late, ws...)
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // B creates it again, the first copy lands, then A's creation
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
			if outs := apply(late); outs[0] != syncer.Written {
				t.Errorf("the first copy: %v, want it landed on B's document", outs[0])
			}
			if ws[0].Add || ws[0].Version != 0 || ws[0].Seq != late[0].Seq {
				t.Fatalf("wrote %+v, want the creation under the first copy's seq %d", ws[0], late[0].Seq)
			}
			outs := apply(ws)
			docs, err := inner.Load(context.Background(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			if outs[0] == syncer.Conflict && docs[0].LastWrites[ws[0].Instance] == ws[0].Seq {
				outs[0] = syncer.Written // as mongostore's decide answers
			}
			bad.mark(keyK, true) // a hand edit: A reads it back unreadable
			return outs, nil
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 {
		t.Errorf("store holds %d, want B's 1 and A's 2 once", n)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
	bad.mark(keyK, false) // set right
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 1+2 {
		t.Errorf("after the document is set right and a pull, A estimates %d, want the store's 3", e)
	}
}

// A plain Add write of A's (not sent again in another form) is lost on
// its way, its document is deleted, B creates it again, and the copy lands
// there; A reads it back unreadable (a hand edit), then it is set right.
// Landed on a document A cannot read, the write is confirmed as an Add on
// its base, the deleted document: its frames plus the delta at its version
// plus one, a version above the store's (B's creation at its clock, plus
// A's increment). It is the best A can tell (on a document never deleted,
// that is what the store holds at least), and the pull after the document
// reads again installs the store's document (cache.Apply: a version below
// the key's, read with nothing installed since the pull chose the key),
// where it was refused as older, and A estimated 5 (the deleted document's
// 3, and its own 2) where the store held 3 (B's 1, and A's 2), until a
// write moved the version past A's (helper-196's lead).
func TestLostPlainAddLandedOnADocumentCreatedAgainUnreadable(t *testing.T) {
	inner := syncer.NewMemoryStore()
	bad := &unreadableStore{Store: inner, bad: map[cache.Key]bool{}, lands: true}
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: bad, script: bFirst(t, b, sb, &on)}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	on = false
	store.ops()
	store.nWrite = 0
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 1 { // lost on the way; the document is deleted, B creates it again, the copy lands there
			if !ws[0].Add {
				t.Fatalf("wrote %+v, want an Add write", ws[0])
			}
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
			if outs := apply(ws); outs[0] != syncer.Written {
				t.Errorf("the copy: %v, want it landed on B's document", outs[0])
			}
			bad.mark(keyK, true) // a hand edit: A reads it back unreadable
			return make([]syncer.Outcome, len(ws)), errInjected
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 1+2 {
		t.Errorf("store holds %d, want B's 1 and A's 2 once", n)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
	bad.mark(keyK, false) // set right
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 1+2 {
		t.Errorf("after the document is set right and a pull, A estimates %d, want the store's 3", e)
	}
}
