package syncer_test

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// An instance that only reads a key (R) follows its document when an
// operator deletes it: its next pull installs the document created again,
// of a version below the one R holds (W's two writes raised the deleted
// document's to v0+1, C creates it again at its clock, v0), and a document
// gone as none. A pull refused them as older (it installs only newer
// documents), and R kept the deleted document's counts until it wrote the
// key or they left its windows: more than the store held, or fewer, where
// the counts since the deletion exceeded the deleted document's (R then
// admitted past the limit). A pull's read that is older than what R holds
// only because a write installed a newer document after the pull chose the
// key stays refused (TestPullStaleReadAfterAWrite).
func TestReaderFollowsADocumentDeleted(t *testing.T) {
	for _, tc := range []struct {
		name string
		// again is what C counts and writes after the deletion: 0,
		// nothing (the document stays gone).
		again int
	}{
		{"created again with fewer counts", 2},
		{"created again with more counts", 7},
		{"gone", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			w, sw := instance(t, inner, "W")
			r, sr := instance(t, inner, "R")
			c, sc := instance(t, inner, "C")
			for _, n := range []int{3, 2} {
				hit(t, w, keyK, n, t0)
				if err := sw.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			read := func() {
				t.Helper()
				r.Release(new(r.Reserve(keyK, tiers, 0, cache.Enforce, t0).Reservation))
				if err := sr.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			read()
			if v, n := stored(t, inner, keyK, time.Hour); v != v0+1 || n != 5 {
				t.Fatalf("store holds %d at v0%+d, want 5 at v0+1", n, v-v0)
			}
			if e := estimate(r, keyK, hourTier, t0); e != 5 {
				t.Fatalf("R estimates %d, want the store's 5", e)
			}
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Fatalf("Sweep = %d, %v; want the document deleted", n, err)
			}
			if tc.again > 0 {
				hit(t, c, keyK, tc.again, t0)
				if err := sc.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if v, n := stored(t, inner, keyK, time.Hour); v != v0 || n != int64(tc.again) {
					t.Fatalf("store holds %d at v0%+d, want %d at v0", n, v-v0, tc.again)
				}
			}
			read()
			if e := estimate(r, keyK, hourTier, t0); e != int64(tc.again) {
				t.Errorf("after a pull, R estimates %d, want the store's %d", e, tc.again)
			}
		})
	}
}

// hookStore calls onLoad, if set, once, between the inner store's Load and
// its return: the read is then older than what happened in onLoad.
type hookStore struct {
	syncer.Store
	onLoad func()
}

func (h *hookStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	docs, err := h.Store.Load(ctx, keys)
	if f := h.onLoad; f != nil {
		h.onLoad = nil
		f()
	}
	return docs, err
}

// A pull's read of a key older than what the instance installed after the
// pull chose the key (its own write, confirmed while the read was on its
// way) is not the store gone back: it is refused, and A keeps its write in
// its view. Installed as the store gone back, A estimated 3 where the store
// held 5 until its next read.
func TestPullStaleReadAfterAWrite(t *testing.T) {
	inner := syncer.NewMemoryStore()
	w, sw := instance(t, inner, "W")
	store := &hookStore{Store: inner}
	a, sa := instance(t, store, "A")
	hit(t, w, keyK, 3, t0)
	if err := sw.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	a.Release(new(a.Reserve(keyK, tiers, 0, cache.Enforce, t0).Reservation))
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	a.Release(new(a.Reserve(keyK, tiers, 0, cache.Enforce, t0).Reservation))
	store.onLoad = func() { // the pull read v0; A writes v0+1
		hit(t, a, keyK, 2, t0)
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Error(err)
		}
	}
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if store.onLoad != nil {
		t.Fatal("the pull read nothing")
	}
	if v, n := stored(t, inner, keyK, time.Hour); v != v0+1 || n != 5 {
		t.Fatalf("store holds %d at v0%+d, want 5 at v0+1", n, v-v0)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 5 {
		t.Errorf("after a pull whose read was older than A's write, A estimates %d, want the store's 5", e)
	}
}

// The read of the keys near their limit between pulls (HotOnce) may have
// begun before a pull chose the key: a pull installed a newer document
// meanwhile, and the pull after it chose the key again and installed
// nothing (the same version). Its read, older, is refused, not taken for
// the store gone back: installed, A estimated 6 where the store held 7
// until its next read.
func TestHotReadStaleAfterPulls(t *testing.T) {
	inner := syncer.NewMemoryStore()
	hot := []window.Tier{{Limit: 10, Size: time.Hour}}
	w, sw := instance(t, inner, "W")
	store := &hookStore{Store: inner}
	a, sa := instance(t, store, "A")
	wHits := func(n int) {
		t.Helper()
		for range n {
			d := w.Reserve(keyK, hot, 1, cache.Enforce, t0)
			w.Commit(&d.Reservation)
		}
		if err := sw.FlushOnce(t.Context()); err != nil {
			t.Error(err)
		}
	}
	use := func() {
		a.Release(new(a.Reserve(keyK, hot, 0, cache.Enforce, t0).Reservation))
	}
	pull := func() {
		t.Helper()
		if err := sa.PullOnce(t.Context()); err != nil {
			t.Error(err)
		}
	}
	wHits(6)
	use()
	pull()
	use() // 6 of 10: near its limit
	pull()
	store.onLoad = func() { // HotOnce read v0 (6); W writes v0+1 (7); two pulls
		wHits(1)
		use()
		pull()
		use()
		pull()
	}
	if err := sa.HotOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if store.onLoad != nil {
		t.Fatal("HotOnce read nothing")
	}
	if v, n := stored(t, inner, keyK, time.Hour); v != v0+1 || n != 7 {
		t.Fatalf("store holds %d at v0%+d, want 7 at v0+1", n, v-v0)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 7 {
		t.Errorf("after HotOnce's read older than two pulls, A estimates %d, want the store's 7", e)
	}
}

// A key used again after a pause is read with the new keys (LoadNewOnce,
// cache.TakeFresh), not by the next pull: a key that only reads a document
// and is used less often than every other pull is read that way every
// time. That read chose the key as a pull's does, and follows a document
// deleted the same way: R's first read installed v0+1 (5), the document
// was deleted and C created it again at v0 (2). Refused as older (the key
// had installed a document since a pull last chose it, and TakeFresh did
// not count as a choice), R estimated 5 where the store held 2 after the
// read, and after the next pull too, the key not used again meanwhile
// (TakeFresh counted it as read): a key used once every few pulls kept the
// deleted document's counts for good.
func TestReaderFollowsADocumentDeletedReadWithTheNewKeys(t *testing.T) {
	for _, tc := range []struct {
		name  string
		again int // what C writes after the deletion: 0, nothing
	}{
		{"created again", 2},
		{"gone", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			w, sw := instance(t, inner, "W")
			r, sr := instance(t, inner, "R")
			c, sc := instance(t, inner, "C")
			for _, n := range []int{3, 2} {
				hit(t, w, keyK, n, t0)
				if err := sw.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			use := func() { r.Release(new(r.Reserve(keyK, tiers, 0, cache.Enforce, t0).Reservation)) }
			loadNew := func() {
				t.Helper()
				if err := sr.LoadNewOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			held := func() int64 { // R's estimate, the key not used (estimate uses it)
				t.Helper()
				var st cache.KeyState
				if !r.Inspect(keyK, []window.Tier{hourTier}, t0, &st) {
					t.Fatal("R holds no key")
				}
				return st.Tiers[0].Used
			}
			use()
			loadNew() // new to R
			if e := held(); e != 5 {
				t.Fatalf("R estimates %d, want the store's 5", e)
			}
			for range 2 { // a pause: two pulls, the key not used
				if err := sr.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Fatalf("Sweep = %d, %v; want the document deleted", n, err)
			}
			if tc.again > 0 {
				hit(t, c, keyK, tc.again, t0)
				if err := sc.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if v, n := stored(t, inner, keyK, time.Hour); v != v0 || n != int64(tc.again) {
					t.Fatalf("store holds %d at v0%+d, want %d at v0", n, v-v0, tc.again)
				}
			}
			use() // used again after the pause: read with the new keys
			loadNew()
			if e := held(); e != int64(tc.again) {
				t.Errorf("after the read with the new keys, R estimates %d, want the store's %d", e, tc.again)
			}
			if err := sr.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			if e := held(); e != int64(tc.again) {
				t.Errorf("after the next pull, R estimates %d, want the store's %d", e, tc.again)
			}
		})
	}
}

// The read of a key new to A (LoadNewOnce) chooses it too: A wrote the key
// (v0, v0+1: 5) before that read, the document was deleted and C created
// it again at v0 (2). Refused as older (A's writes installed documents
// before the choice), A estimated 5 where the store held 2 until its next
// pull.
func TestNewKeyReadFollowsADocumentDeleted(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa := instance(t, inner, "A")
	c, sc := instance(t, inner, "C")
	for _, n := range []int{3, 2} {
		hit(t, a, keyK, n, t0)
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
		t.Fatalf("Sweep = %d, %v; want the document deleted", n, err)
	}
	hit(t, c, keyK, 2, t0)
	if err := sc.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if v, n := stored(t, inner, keyK, time.Hour); v != v0 || n != 2 {
		t.Fatalf("store holds %d at v0%+d, want 2 at v0", n, v-v0)
	}
	if err := sa.LoadNewOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	var st cache.KeyState
	if !a.Inspect(keyK, []window.Tier{hourTier}, t0, &st) {
		t.Fatal("A holds no key")
	}
	if e := st.Tiers[0].Used; e != 2 {
		t.Errorf("after the read of the key new to A, A estimates %d, want the store's 2", e)
	}
}
