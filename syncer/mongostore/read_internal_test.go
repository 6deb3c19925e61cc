package mongostore

import (
	"maps"
	"math"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestReadDocNamesTheBadField: readDoc reads what the writes put there, and
// what the compare-and-swap's filter compares as the same number (int32,
// a double without a fraction, null as 0); a value of any other type or
// range makes the document unreadable, named by its field, what it held
// and what is accepted, with the lastWrites entries that could be read
// kept (an entry proves a write landed), and the version if it is not the
// bad field. The driver's decoder took a
// boolean as 0 or 1 (which the filter does not compare equal to a number),
// and a negative or absurd count as it was.
func TestReadDocNamesTheBadField(t *testing.T) {
	const start = 1795725000
	frame := func(v any) bson.D {
		return bson.D{{Key: "60", Value: bson.D{{Key: "1795725000", Value: v}}}}
	}
	doc := func(fields ...bson.E) bson.Raw {
		d := bson.D{{Key: "_id", Value: "c|u"}, {Key: "version", Value: int64(5)}, {Key: "expire", Value: time.Unix(start, 0)}}
		for _, f := range fields {
			if i := slices.IndexFunc(d, func(e bson.E) bool { return e.Key == f.Key }); i >= 0 {
				d[i] = f
				continue
			}
			d = append(d, f)
		}
		raw, err := bson.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	m := cache.Frame{Size: time.Minute, StartUnix: start}
	for _, tc := range []struct {
		name       string
		raw        bson.Raw
		field      string // "" if readable
		held       string
		frames     []cache.Frame
		epoch      int64
		lastWrites map[string]int64
	}{
		{name: "int64", raw: doc(bson.E{Key: "requestCounters", Value: frame(int64(3))}), frames: []cache.Frame{{Size: m.Size, StartUnix: start, N: 3}}},
		{name: "int32", raw: doc(bson.E{Key: "requestCounters", Value: frame(int32(3))}), frames: []cache.Frame{{Size: m.Size, StartUnix: start, N: 3}}},
		{name: "whole double", raw: doc(bson.E{Key: "requestCounters", Value: frame(3.0)}), frames: []cache.Frame{{Size: m.Size, StartUnix: start, N: 3}}},
		{name: "null count", raw: doc(bson.E{Key: "requestCounters", Value: frame(nil)}), frames: []cache.Frame{{Size: m.Size, StartUnix: start, N: 0}}},
		{name: "2^53", raw: doc(bson.E{Key: "requestCounters", Value: frame(int64(1 << 53))}), frames: []cache.Frame{{Size: m.Size, StartUnix: start, N: 1 << 53}}},
		{name: "foreign name with a string", raw: doc(bson.E{Key: "requestCounters", Value: bson.D{{Key: "060", Value: bson.D{{Key: "1795725000", Value: "x"}}}, {Key: "0", Value: bson.D{{Key: "v", Value: int64(5)}}}}})},
		{name: "epoch and entries", raw: doc(bson.E{Key: "resetEpoch", Value: int32(9)}, bson.E{Key: "lastWrites", Value: bson.D{{Key: "a", Value: 7.0}, {Key: "b", Value: int64(8)}}}), epoch: 9, lastWrites: map[string]int64{"a": 7, "b": 8}},
		{name: "null epoch", raw: doc(bson.E{Key: "resetEpoch", Value: nil})},

		{name: "fraction", raw: doc(bson.E{Key: "requestCounters", Value: frame(2.5)}), field: "requestCounters.60.1795725000", held: `{"$numberDouble":"2.5"}`},
		{name: "string count", raw: doc(bson.E{Key: "requestCounters", Value: frame("3")}), field: "requestCounters.60.1795725000", held: `"3"`},
		{name: "negative", raw: doc(bson.E{Key: "requestCounters", Value: frame(int64(-1))}), field: "requestCounters.60.1795725000", held: `{"$numberLong":"-1"}`},
		{name: "absurd", raw: doc(bson.E{Key: "requestCounters", Value: frame(int64(1<<53 + 1))}), field: "requestCounters.60.1795725000", held: `{"$numberLong":"9007199254740993"}`},
		{name: "absurd double", raw: doc(bson.E{Key: "requestCounters", Value: frame(1e300)}), field: "requestCounters.60.1795725000", held: `{"$numberDouble":"1E+300.0"}`},
		{name: "infinity", raw: doc(bson.E{Key: "requestCounters", Value: frame(math.Inf(1))}), field: "requestCounters.60.1795725000", held: `{"$numberDouble":"Infinity"}`},
		{name: "NaN", raw: doc(bson.E{Key: "requestCounters", Value: frame(math.NaN())}), field: "requestCounters.60.1795725000", held: `{"$numberDouble":"NaN"}`},
		{name: "boolean", raw: doc(bson.E{Key: "requestCounters", Value: frame(true)}), field: "requestCounters.60.1795725000", held: "true"},
		{name: "frames not a document", raw: doc(bson.E{Key: "requestCounters", Value: bson.D{{Key: "60", Value: int64(3)}}}), field: "requestCounters.60", held: `{"$numberLong":"3"}`},
		{name: "counters not a document", raw: doc(bson.E{Key: "requestCounters", Value: "none"}), field: "requestCounters", held: `"none"`},
		{name: "version string", raw: doc(bson.E{Key: "version", Value: "5"}), field: "version", held: `"5"`},
		{name: "version 0", raw: doc(bson.E{Key: "version", Value: int64(0)}), field: "version", held: `{"$numberLong":"0"}`},
		{name: "version null", raw: doc(bson.E{Key: "version", Value: nil}), field: "version", held: "null"},
		{name: "epoch negative", raw: doc(bson.E{Key: "resetEpoch", Value: int64(-2)}), field: "resetEpoch", held: `{"$numberLong":"-2"}`},
		{name: "expire string", raw: doc(bson.E{Key: "expire", Value: "tomorrow"}), field: "expire", held: `"tomorrow"`},
		{name: "entry string", raw: doc(bson.E{Key: "lastWrites", Value: bson.D{{Key: "a", Value: "x"}, {Key: "me", Value: int64(8)}}}), field: "lastWrites.a", held: `"x"`, lastWrites: map[string]int64{"me": 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d syncer.Doc
			readDoc(tc.raw, &d)
			if tc.field == "" {
				if d.Unreadable != nil {
					t.Fatalf("unreadable: %v", d.Unreadable)
				}
				want := cache.Snapshot{Version: 5, Frames: tc.frames, Epoch: tc.epoch}
				if d.Snapshot.Version != want.Version || d.Snapshot.Epoch != want.Epoch || !slices.Equal(d.Snapshot.Frames, want.Frames) || !d.Expire.Equal(time.Unix(start, 0)) {
					t.Errorf("read %+v expiring %v, want %+v expiring %v", d.Snapshot, d.Expire, want, time.Unix(start, 0))
				}
			} else {
				u := d.Unreadable
				if u == nil {
					t.Fatalf("read as %+v, want unreadable at %s", d.Snapshot, tc.field)
				}
				if u.ID != "c|u" || u.Field != tc.field || u.Held != tc.held || u.Want == "" {
					t.Errorf("unreadable %+v, want _id c|u, field %s, held %s", *u, tc.field, tc.held)
				}
				if d.Snapshot.Version != 0 || len(d.Snapshot.Frames) != 0 {
					t.Errorf("snapshot %+v kept of an unreadable document, want none", d.Snapshot)
				}
				// The version, if it is not the bad field: a
				// compare-and-swap on another cannot land (resolve).
				if want := map[bool]int64{true: 0, false: 5}[tc.field == "version"]; u.Version != want {
					t.Errorf("unreadable's version %d, want %d", u.Version, want)
				}
			}
			if tc.lastWrites != nil && !maps.Equal(d.LastWrites, tc.lastWrites) {
				t.Errorf("lastWrites %v, want %v", d.LastWrites, tc.lastWrites)
			}
		})
	}
}
