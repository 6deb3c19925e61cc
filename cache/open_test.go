package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// In the package's tests every read-only open (openRead) is checked when
// its caller ends it (doneReading): a write through one, which no close
// stores, panics there rather than be lost without a sign.
func init() { readCheck = checkNothingWritten }

// checkNothingWritten panics if o, opened by openRead, holds counters or
// a cost in flight that are not its entry's any more: written through o,
// and lost, as nothing stores o back.
func checkNothingWritten(o *open) {
	f := o.entry.open(o.codes)
	if f.first != o.first || f.second != o.second || f.reserved != o.reserved {
		panic(fmt.Sprintf("cache: a write through a read-only open (openRead), which nothing stores: first %+v, second %+v, reserved %d; the entry holds %+v, %+v, %d",
			o.first, o.second, o.reserved, f.first, f.second, f.reserved))
	}
}

// TestWriteThroughReadOnlyOpenPanics: a write to a read-only open's
// first or second counter, or to its cost in flight, panics at
// doneReading in the package's tests (a write it would lose); a read-only
// open that only read ends quietly, and the key keeps its counts.
func TestWriteThroughReadOnlyOpenPanics(t *testing.T) {
	two := []window.Tier{{Limit: 1000, Size: time.Minute}, {Limit: 1000, Size: time.Hour}}
	for _, w := range []struct {
		name  string
		write func(o *open)
	}{
		{"nothing", nil},
		{"the first counter's local count", func(o *open) { o.first.local[1]++ }},
		{"the first counter's sum", func(o *open) { o.first.sum[0]-- }},
		{"the second counter's frame", func(o *open) { o.second.start += 3600 }},
		{"the first counter's sinceRead", func(o *open) { o.first.sinceRead = 0 }},
		{"the second counter's sinceRead", func(o *open) { o.second.sinceRead = 9 }},
		{"the cost in flight", func(o *open) { o.reserved = 0 }},
	} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "client"}
		c.Commit(new(c.Reserve(k, two, 4, Enforce, t0).Reservation))
		c.Reserve(k, two, 2, Enforce, t0) // in flight
		_, e := c.get(k, two, t0.Unix())
		e.mu.Lock()
		o := e.open(&c.codes)
		o.first.sinceRead = 7 // as a confirmed flush leaves it
		o.close()
		e.mu.Unlock()
		before := stateOf(c, k)
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			e.mu.Lock()
			defer e.mu.Unlock()
			o := e.openRead(&c.codes)
			if w.write != nil {
				w.write(&o)
			}
			o.doneReading()
			return "<nil>"
		}()
		if w.write == nil {
			if msg != "<nil>" {
				t.Errorf("a read-only open that wrote nothing: panicked with %q", msg)
			}
		} else if !strings.Contains(msg, "a write through a read-only open") {
			t.Errorf("a write to %s through a read-only open: panicked with %q, want the lost write named", w.name, msg)
		}
		if st := stateOf(c, k); st != before || st.reserved != 2 {
			t.Errorf("after a write to %s through a read-only open: %+v, want the key's state as it was, %+v", w.name, st, before)
		}
	}
}
