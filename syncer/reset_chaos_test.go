package syncer_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestResetUnderChaos resets a key in the middle of a run with every fault
// of faultStore on (conflicts by foreign writes, answers lost for writes
// that landed and that did not, writes that land later, outages, bulks
// that stop at the first conflict, failed loads): before the reset the
// instances count, flush and pull, so that counts of the key wait in every
// place they can (unflushed, in unsettled writes, in writes still on their
// way). The reset is made with the faults off; then the run goes on with
// the faults on, the late writes from before the reset among them, and the
// instances learn of the reset as they would: by a pull of the key, or by
// a write of it that conflicts. In the end, with the faults off and
// everything flushed, the store and every instance count, for the reset
// key, exactly what was committed after the reset by instances that had
// read its document (an instance cannot tell what it counted before it
// learned of the reset from what it counted before the reset: it drops
// both), and for the others everything; the instances' Stats.ResetDropped
// add up to what they had not flushed of the key when it was reset plus
// what they counted before they learned of it, and the reset's Cleared is
// what the document held.
//
// The clock stands still (frames do not roll) and every instance has read
// every key's document before the reset (a key new to an instance keeps the
// counts it made before its first read: see TestResetNewKeyKeepsCounts).
// SYNCER_RESET_SEEDS=n runs n seeds (default 4); SYNCER_RESET_SEED=s runs
// seed s alone.
func TestResetUnderChaos(t *testing.T) {
	runSeeds(t, "SYNCER_RESET", 4, runResetChaos)
}

func runResetChaos(t *testing.T, seed uint64) {
	const (
		instances = 3
		steps     = 400 // before the reset, and again after it
	)
	keys := []cache.Key{{ClientID: "c", User: "reset"}, {ClientID: "c", User: "kept"}, {ClientID: "c"}}
	kR := keys[0]
	rng := rand.New(rand.NewPCG(seed, 2))
	inner := syncer.NewMemoryStore()
	store := newFaultStore(t, inner, rng.Uint64(), chaos)
	ctx := context.Background()
	ins := chaosInstances(t, store, rng, instances)
	committed := make(map[cache.Key]int64)
	// resetVersion is the version of the reset's document, once made;
	// unlearned counts the reset key's counts committed after it on an
	// instance that had not read that document (or a later one) yet:
	// the instance drops them when it does, as it drops those from
	// before the reset (it cannot tell them apart).
	var resetVersion, unlearned int64
	learned := func(in chaosInstance) bool {
		var ks cache.KeyState
		if !in.c.Inspect(kR, tiers, t0, &ks) {
			t.Fatalf("%s does not hold the reset key", in.s.Instance())
		}
		return ks.Version >= resetVersion
	}
	// step takes one random action; faults make errors, the end state is
	// what counts.
	step := func() {
		in := ins[rng.IntN(len(ins))]
		switch w := rng.IntN(10); {
		case w < 5:
			k := keys[rng.IntN(len(keys))]
			n := 1 + rng.IntN(3)
			if k == kR && resetVersion != 0 && !learned(in) {
				unlearned += int64(n)
			} else {
				committed[k] += int64(n)
			}
			hit(t, in.c, k, n, t0)
		case w < 8:
			_ = in.s.FlushOnce(ctx)
		default:
			_ = in.s.PullOnce(ctx)
		}
	}
	// read makes in read every key's document: a pull reads only the keys
	// used since their last read (or near their limit), so each is used
	// first, by a request of cost 0 (which counts nothing).
	read := func(in chaosInstance) {
		for _, k := range keys {
			estimate(in.c, k, hourTier, t0)
		}
		if err := in.s.PullOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// settle flushes and pulls with the faults off until every write is
	// settled and every count flushed.
	settle := func() {
		store.setOn(false)
		for range 10 {
			for _, in := range ins {
				if err := in.s.FlushOnce(ctx); err != nil {
					t.Fatalf("flush with the faults off: %v", err)
				}
			}
		}
		for _, in := range ins {
			read(in)
			if n := in.s.Unsettled(); n != 0 {
				t.Fatalf("%s: %d writes unsettled with the faults off", in.s.Instance(), n)
			}
		}
	}

	// Every instance counts every key once and reads its document.
	for _, in := range ins {
		for _, k := range keys {
			hit(t, in.c, k, 1, t0)
			committed[k]++
		}
	}
	settle()
	store.setOn(true)
	for range steps {
		step()
	}

	// The reset, with the faults off (writes still on their way stay so).
	store.setOn(false)
	var unflushed int64 // of kR, on every instance
	for _, in := range ins {
		for _, p := range in.c.AppendLocal(nil, t0) {
			if p.Key == kR {
				for _, f := range p.Delta {
					if f.Size == hourTier.Size {
						unflushed += f.N
					}
				}
			}
		}
	}
	_, held := stored(t, inner, kR, hourTier.Size)
	r, err := ins[rng.IntN(len(ins))].s.Reset(ctx, kR)
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	if r.Cleared != held {
		t.Errorf("reset cleared %d, the document held %d", r.Cleared, held)
	}
	resetVersion = r.Version
	committed[kR] = 0

	// The others learn of it as they go: by a pull that reads the key
	// (one that uses it since its last read), or by a write that
	// conflicts.
	store.setOn(true)
	for range steps {
		step()
	}
	store.flushLate(ctx)
	settle()
	var dropped int64
	for _, in := range ins {
		dropped += in.c.Stats().ResetDropped
	}
	if dropped != unflushed+unlearned {
		t.Errorf("Stats.ResetDropped add up to %d; the instances had %d of the key unflushed at the reset and counted %d more before they read it", dropped, unflushed, unlearned)
	}
	t.Logf("faults: %v; the reset key: %d in the store and %d unflushed at the reset, %d counted before an instance read it, %d after",
		store.stats, held, unflushed, unlearned, committed[kR])
	for _, k := range keys {
		want := committed[k]
		for _, tier := range tiers {
			if _, n := stored(t, inner, k, tier.Size); n != want {
				t.Errorf("key %q, %v frames: store holds %d, committed %d (since the reset for %q)", k, tier.Size, n, want, kR)
			}
			for _, in := range ins {
				if got := estimate(in.c, k, tier, t0); got != want {
					t.Errorf("key %q, %v window: %s estimates %d, want %d", k, tier.Size, in.s.Instance(), got, want)
				}
			}
		}
	}
}
