package clocksteps

import (
	"testing"
	"time"
)

const t0 = int64(1_700_000_000) * int64(time.Second)

type obs struct {
	wall int64 // ns after t0
	mono time.Duration
}

// TestObserve feeds a Detector pairs of wall and monotonic readings and
// checks which steps it reports: a step ahead or back once two
// observations in a row agree on it, dated by the first; nothing for one
// observation off alone (time.Now preempted between its two reads), for
// time that passed however long, or for a step within the slack; a resume
// from suspend (the monotonic clock stopped) as a step ahead.
// (helper-162's TestClockStepsObserve, b44b125.)
func TestObserve(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		obs  []obs
		want []Step // AtWall relative to t0
	}{
		{name: "steady ticks", obs: []obs{{0, 0}, {1e6, ms}, {2e6, 2 * ms}, {3e6, 3 * ms}}},
		{name: "an hour idle", obs: []obs{{0, 0}, {int64(time.Hour), time.Hour}, {int64(time.Hour) + 1e6, time.Hour + ms}}},
		{name: "one pair 5 ms apart, once", obs: []obs{{0, 0}, {1e6, ms}, {2e6 + 5e6, 2 * ms}, {3e6, 3 * ms}, {4e6, 4 * ms}}},
		{name: "one pair 50 ms apart, once", obs: []obs{{0, 0}, {1e6, ms}, {2e6, 2*ms + 50*ms}, {3e6, 3 * ms}, {4e6, 4 * ms}}},
		{name: "a step of 5 ms", obs: []obs{{0, 0}, {1e6 + 5e6, ms}, {2e6 + 5e6, 2 * ms}, {3e6 + 5e6, 3 * ms}}},
		{name: "an hour ahead, then back", obs: []obs{
			{0, 0}, {1e6, ms}, {2e6 + int64(time.Hour), 2 * ms}, {3e6 + int64(time.Hour), 3 * ms},
			{4e6 + int64(time.Hour), 4 * ms}, {5e6, 5 * ms}, {6e6, 6 * ms}},
			want: []Step{
				{By: time.Hour, AfterMono: ms, AtMono: 2 * ms, AtWall: 2e6 + int64(time.Hour)},
				{By: -time.Hour, AfterMono: 4 * ms, AtMono: 5 * ms, AtWall: 5e6},
			}},
		{name: "31 s ahead while idle", obs: []obs{{0, 0}, {1e6, ms}, {int64(10*time.Minute) + 31e9, 10 * time.Minute}, {int64(10*time.Minute) + 31e9 + 1e6, 10*time.Minute + ms}},
			want: []Step{{By: 31 * time.Second, AfterMono: ms, AtMono: 10 * time.Minute, AtWall: int64(10*time.Minute) + 31e9}}},
		{name: "resumed after a minute suspended", obs: []obs{{0, 0}, {1e6, ms}, {61e9 + 2e6, 2 * ms}, {61e9 + 3e6, 3 * ms}},
			want: []Step{{By: time.Minute + time.Second, AfterMono: ms, AtMono: 2 * ms, AtWall: 61e9 + 2e6}}},
		{name: "stepped twice before confirmed", obs: []obs{
			{0, 0}, {1e6, ms}, {2e6 + int64(time.Hour), 2 * ms}, {3e6 + 2*int64(time.Hour), 3 * ms}, {4e6 + 2*int64(time.Hour), 4 * ms}},
			want: []Step{{By: 2 * time.Hour, AfterMono: 2 * ms, AtMono: 3 * ms, AtWall: 3e6 + 2*int64(time.Hour)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := New(24*time.Hour, t0+tc.obs[0].wall, tc.obs[0].mono)
			var got []Step
			for _, o := range tc.obs[1:] {
				if s, ok := d.Observe(t0+o.wall, o.mono); ok {
					s.AtWall -= t0
					got = append(got, s)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("steps %+v, want %+v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("step %d: %+v, want %+v", i, got[i], tc.want[i])
				}
			}
			kept, total := d.Seen()
			if int(total) != len(tc.want) || len(kept) != len(tc.want) {
				t.Errorf("seen: %d kept, %d in all; want %d", len(kept), total, len(tc.want))
			}
		})
	}
}

// TestAt checks what a cache is told after each observation, and for a
// reading taken then: excess, how far ahead of its least offset the clock
// reads (whole seconds, rounded up), and low, the Unix second at that
// offset. Steps ahead, back, stacked, a step made while no one observed,
// a step back not yet confirmed, and offsets forgotten once left longer
// ago than the horizon.
func TestAt(t *testing.T) {
	const hour = int64(time.Hour)
	s := func(n int64) int64 { return (t0 + n) / int64(time.Second) }
	type step struct {
		obs
		excess int64 // want, from At(the observation)
		low    int64 // want, ns after t0
		least  int64 // want Least()
	}
	for _, tc := range []struct {
		name    string
		horizon time.Duration
		steps   []step
	}{
		{name: "no step: low is the reading's second", steps: []step{
			{obs{1.5e9, 1500 * time.Millisecond}, 0, 1.5e9, 0},
			{obs{7200e9, 7200 * time.Second}, 0, 7200e9, 0},
		}},
		{name: "an hour ahead, then set right", steps: []step{
			{obs{1e9 + hour, time.Second}, 3600, 1e9, 0},                 // candidate: its own offset counts, least 0 anyway
			{obs{2e9 + hour, 2 * time.Second}, 3600, 2e9, 0},             // confirmed
			{obs{100e9 + hour + 3e8, 100 * time.Second}, 3601, 100e9, 0}, // 0.3 s further ahead: a candidate, its own offset
			{obs{101e9, 101 * time.Second}, 0, 101e9, 0},                 // set right, a candidate
			{obs{102e9, 102 * time.Second}, 0, 102e9, 0},                 // confirmed
		}},
		{name: "stacked: two hours ahead, back halfway, right", steps: []step{
			{obs{1e9 + hour, time.Second}, 3600, 1e9, 0},
			{obs{2e9 + hour, 2 * time.Second}, 3600, 2e9, 0},
			{obs{3e9 + 2*hour, 3 * time.Second}, 7200, 3e9, 0},
			{obs{4e9 + 2*hour, 4 * time.Second}, 7200, 4e9, 0},
			{obs{5e9 + hour, 5 * time.Second}, 3600, 5e9, 0},
			{obs{6e9 + hour, 6 * time.Second}, 3600, 6e9, 0},
			{obs{7e9, 7 * time.Second}, 0, 7e9, 0},
			{obs{8e9, 8 * time.Second}, 0, 8e9, 0},
		}},
		{name: "set back a minute: the reading's own offset is the least at once", steps: []step{
			{obs{10e9 - 60e9, 10 * time.Second}, 0, -50e9, 0},     // a candidate: Least still 0, At takes the reading's
			{obs{11e9 - 60e9, 11 * time.Second}, 0, -49e9, -60e9}, // confirmed: the least now
			{obs{12e9, 12 * time.Second}, 60, -48e9, -60e9},       // set right again: a minute ahead of the least
			{obs{13e9, 13 * time.Second}, 60, -47e9, -60e9},
		}},
		{name: "31 s ahead while no one observed", steps: []step{
			{obs{600e9 + 31e9, 600 * time.Second}, 31, 600e9, 0},
			{obs{601e9 + 31e9, 601 * time.Second}, 31, 601e9, 0},
		}},
		{name: "an offset left is forgotten after the horizon", horizon: time.Hour, steps: []step{
			{obs{1e9 + 60e9, time.Second}, 60, 1e9, 0},
			{obs{2e9 + 60e9, 2 * time.Second}, 60, 2e9, 0},                   // offset 0 left at 2 s
			{obs{3602e9 + 60e9, 3602 * time.Second}, 60, 3602e9, 0},          // 2 s + the horizon: still held
			{obs{3603e9 + 60e9, 3603 * time.Second}, 0, 3603e9 + 60e9, 60e9}, // past it: forgotten
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.horizon
			if h == 0 {
				h = 24 * time.Hour
			}
			d := New(h, t0, 0)
			for i, st := range tc.steps {
				d.Observe(t0+st.wall, st.mono)
				ex, low := d.At(t0+st.wall, st.mono)
				if ex != st.excess || low != s(st.low) {
					t.Errorf("observation %d (%+v): At = (%d, %d), want (%d, %d)", i, st.obs, ex, low-s(0), st.excess, s(st.low)-s(0))
				}
				if got := d.Least(); got != st.least {
					t.Errorf("observation %d: Least %v, want %v", i, time.Duration(got), time.Duration(st.least))
				}
			}
		})
	}
}

// TestAtAReadingBeforeAStep: a cache may hold a reading taken before a step
// back and ask after it; At of the reading taken then is what it gets from
// the clock (At of the clock's latest reading, which is at the new least
// offset), and min(u - excess, low) is the least-offset clock at most.
func TestAtAReadingBeforeAStep(t *testing.T) {
	d := New(24*time.Hour, t0, 0)
	// An hour ahead, confirmed, then a reading u while ahead.
	d.Observe(t0+1e9+int64(time.Hour), time.Second)
	d.Observe(t0+2e9+int64(time.Hour), 2*time.Second)
	u := (t0 + 3e9 + int64(time.Hour)) / 1e9
	// Set back two hours (an hour behind the first offset), confirmed.
	d.Observe(t0+4e9-int64(time.Hour), 4*time.Second)
	d.Observe(t0+5e9-int64(time.Hour), 5*time.Second)
	ex, low := d.At(t0+5e9-int64(time.Hour), 5*time.Second)
	if ex != 0 {
		t.Errorf("excess %d at the least offset, want 0", ex)
	}
	if got, want := min(u-ex, low), (t0+5e9-int64(time.Hour))/1e9; got != want {
		t.Errorf("min(u - excess, low) = t0%+d s, want the clock at its least offset, t0%+d s", got-t0/1e9, want-t0/1e9)
	}
}

// TestLeftBounded steps the clock ahead a second at a time, 1,000 times,
// each confirmed (every offset greater than the one before, none
// forgotten): the offsets remembered stay at most maxLeft, and the least
// is still the first.
func TestLeftBounded(t *testing.T) {
	d := New(24*time.Hour, t0, 0)
	var mono time.Duration
	for i := int64(1); i <= 1000; i++ {
		for range 2 {
			mono += time.Millisecond
			d.Observe(t0+int64(mono)+i*1e9, mono)
		}
	}
	if _, total := d.Seen(); total != 1000 {
		t.Fatalf("%d steps seen, want 1000", total)
	}
	if len(d.left) > maxLeft {
		t.Errorf("%d offsets remembered, want at most %d", len(d.left), maxLeft)
	}
	if d.Least() != 0 {
		t.Errorf("Least %v, want 0 (the first offset, left within the horizon)", time.Duration(d.Least()))
	}
	if ex, _ := d.At(t0+int64(mono)+1000e9, mono); ex != 1000 {
		t.Errorf("excess %d, want 1000", ex)
	}
}

// BenchmarkObserve is what a tick adds (no step): a subtraction, compares,
// an atomic store.
func BenchmarkObserve(b *testing.B) {
	d := New(24*time.Hour, t0, 0)
	w := t0
	var m time.Duration
	for b.Loop() {
		w += 1e6
		m += time.Millisecond
		d.Observe(w, m)
	}
}
