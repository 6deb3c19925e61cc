package cache

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTiersKeepACopy: Tiers compiled from a caller's slice decide the
// tiers they were compiled from, with their codes, after the caller
// changes its slice (a policy's tiers rebuilt in place, a slice reused).
// Kept as the caller's, Tiers of a 1m tier changed to a 1h tier still
// carried 1m's code: the fast path decided the 1h tier's limit on the
// key's 1m counter (a count crossed into another window size), and List
// said 1h. The key decides as the general path decides the 1m tier, and
// holds the same.
func TestTiersKeepACopy(t *testing.T) {
	cfg := Config{Shards: 1, NoShare: true}
	fast, general := newCache(t, cfg), newCache(t, cfg)
	general.testGeneral = true
	minute := []window.Tier{{Limit: 3, Size: time.Minute}}
	tiers := slices.Clone(minute)
	ts := fast.Tiers(tiers)
	k := Key{ClientID: "client-a"}
	now := t0.Add(time.Second)
	for i := range 6 {
		if i == 1 {
			tiers[0] = window.Tier{Limit: 1000, Size: time.Hour} // the caller's slice, changed after one decision
		}
		var df, dg Decision
		fast.ReserveTiers(&df, k, &ts, 1, Enforce, now)
		general.ReserveTo(&dg, k, minute, 1, Enforce, now)
		fast.Commit(new(df.Reservation))
		general.Commit(new(dg.Reservation))
		unref(&df, &dg)
		if df != dg {
			t.Fatalf("decision %d, Tiers compiled from %v, the slice now %v: decisions differ:\n fast    %+v\n general %+v", i, minute, tiers, df, dg)
		}
		if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
			t.Fatalf("decision %d: states differ:\n fast    %+v\n general %+v", i, sf, sg)
		}
	}
	if got := ts.List(); !slices.Equal(got, minute) {
		t.Errorf("List after the caller changed its slice: %v, want the tiers compiled, %v", got, minute)
	}
	// Nor does a change to what List returned reach them.
	ts.List()[0] = window.Tier{Limit: 1000, Size: time.Hour}
	if got := ts.List(); !slices.Equal(got, minute) {
		t.Errorf("List after its result was changed: %v, want %v", got, minute)
	}
}

// TestZeroTiersPanic: the zero Tiers, never compiled (a caller's bug: a
// policy's tiers left uncompiled), panic in ReserveTiers with a message
// that says so and what is accepted, leaving the key unlocked and nothing
// counted, and a key not held not inserted (it was, held empty until a
// sweep); they admitted every request unlimited, as no tiers do. No tiers
// are no limit, however given: ReserveTo's nil, and Tiers compiled from nil
// or empty tiers by the cache, by another, or by a nil one.
func TestZeroTiersPanic(t *testing.T) {
	c, other := newCache(t, Config{}), newCache(t, Config{})
	k := Key{ClientID: "client-a"}
	now := t0.Add(time.Second)
	for i := range 3 { // a new key, then one held
		func() {
			defer func() {
				msg := fmt.Sprint(recover())
				if !strings.Contains(msg, "zero Tiers") || !strings.Contains(msg, "Cache.Tiers") {
					t.Fatalf("ReserveTiers of the zero Tiers, call %d: panicked with %q, want the zero Tiers and Cache.Tiers named", i, msg)
				}
			}()
			var d Decision
			c.ReserveTiers(&d, k, &Tiers{}, 1, Enforce, now)
			t.Errorf("ReserveTiers of the zero Tiers, call %d: %+v, want a panic", i, d)
		}()
		if n := c.Stats().Keys; i == 0 && n != 0 {
			t.Errorf("ReserveTiers of the zero Tiers on a new key panicked with %d keys held, want 0: the key inserted, held empty until a sweep", n)
		}
		_, e := c.get(k, nil, now.Unix()) // held from here
		if !e.mu.TryLock() {
			t.Fatal("the key stayed locked after ReserveTiers of the zero Tiers panicked: every later request for it would block")
		}
		e.mu.Unlock()
	}
	var st KeyState
	if !c.Inspect(k, []window.Tier{{Limit: 10, Size: time.Minute}}, now, &st) || st.Reserved != 0 || st.Tiers[0].Used != 0 || len(st.Counted) != 0 {
		t.Errorf("after the panics: %+v, want the key held with nothing counted", st)
	}

	none := map[string]func(d *Decision){
		"ReserveTo(nil)":              func(d *Decision) { c.ReserveTo(d, k, nil, 1, Enforce, now) },
		"Tiers(nil)":                  func(d *Decision) { ts := c.Tiers(nil); c.ReserveTiers(d, k, &ts, 1, Enforce, now) },
		"Tiers of no tiers":           func(d *Decision) { ts := c.Tiers([]window.Tier{}); c.ReserveTiers(d, k, &ts, 1, Enforce, now) },
		"Tiers(nil) of another cache": func(d *Decision) { ts := other.Tiers(nil); c.ReserveTiers(d, k, &ts, 1, Enforce, now) },
		"Tiers(nil) of a nil cache":   func(d *Decision) { ts := (*Cache)(nil).Tiers(nil); c.ReserveTiers(d, k, &ts, 1, Enforce, now) },
	}
	for _, name := range slices.Sorted(maps.Keys(none)) {
		f := none[name]
		for range 5 {
			var d Decision
			f(&d)
			if !d.Allowed || !d.Counted || d.Remaining != 0 || d.Tier != (window.Tier{}) {
				t.Fatalf("%s: %+v, want admitted and counted, no Tier, Remaining 0 (no limit)", name, d)
			}
			c.Commit(&d.Reservation)
		}
	}
	// Tiers compiled by a nil Cache are compiled: they decide their tiers.
	ts := (*Cache)(nil).Tiers([]window.Tier{{Limit: 2, Size: time.Hour}})
	k2 := Key{ClientID: "client-b"}
	for i := range 3 {
		var d Decision
		c.ReserveTiers(&d, k2, &ts, 1, Enforce, now)
		if d.Allowed != (i < 2) {
			t.Fatalf("Tiers of a nil Cache, 2 an hour, request %d: %+v, want admitted only the first 2", i, d)
		}
		c.Commit(&d.Reservation)
	}
}

// TestNilTiersPanicsBeforeAnything: a nil *Tiers panics in ReserveTiers
// (a nil dereference: ReserveTiers reads ts before it looks the key up),
// on a new key and on a held one, inserting nothing and leaving the key
// unlocked with nothing counted. A check of its own, with a message of its
// own, would cost every decision a compare and a branch for a caller's bug
// that already stops at once and loses nothing.
func TestNilTiersPanicsBeforeAnything(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "client-a"}
	now := t0.Add(time.Second)
	for i := range 2 { // a new key, then one held
		func() {
			defer func() {
				if recover() == nil {
					t.Fatalf("ReserveTiers of a nil *Tiers, call %d: no panic", i)
				}
			}()
			var d Decision
			c.ReserveTiers(&d, k, nil, 1, Enforce, now)
		}()
		if n := c.Stats().Keys; n != int64(i) {
			t.Errorf("ReserveTiers of a nil *Tiers, call %d: %d keys held after the panic, want %d", i, n, i)
		}
		_, e := c.get(k, nil, now.Unix()) // held from here
		if !e.mu.TryLock() {
			t.Fatal("the key stayed locked after ReserveTiers of a nil *Tiers panicked")
		}
		e.mu.Unlock()
	}
	var st KeyState
	if !c.Inspect(k, []window.Tier{{Limit: 10, Size: time.Minute}}, now, &st) || st.Reserved != 0 || st.Tiers[0].Used != 0 || len(st.Counted) != 0 {
		t.Errorf("after the panics: %+v, want the key held with nothing counted", st)
	}
}
