package mongostore

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestFramesOfReadsEveryNameFramePathWrites: Load skips the names
// framePath does not write (TestStrictAgreesWithMatchesOnForeignNames),
// and every name it does write, as every build has since the first
// (strconv.FormatInt of the size in seconds and of the start), is read
// back as its frame: a start of 0, before 1970 or past 2106, a size of a
// second or of weeks. One skipped would vanish from every instance's
// estimate.
func TestFramesOfReadsEveryNameFramePathWrites(t *testing.T) {
	var want []cache.Frame
	for _, size := range []time.Duration{time.Second, time.Minute, time.Hour, 24 * time.Hour, 7 * 24 * time.Hour} {
		sec := int64(size / time.Second)
		for _, start := range []int64{-70 * 365 * 86400, -2 * sec, -sec, 0, sec, 1795725000, math.MaxUint32 + 1, math.MaxInt64 / 2} {
			want = append(want, cache.Frame{Size: size, StartUnix: start - start%sec, N: 1})
		}
	}
	rc := map[string]map[string]int64{}
	for _, f := range want {
		names := strings.Split(framePath(f), ".")
		if len(names) != 3 || names[0] != "requestCounters" {
			t.Fatalf("framePath(%v) = %q, want requestCounters.<size>.<start>", f, framePath(f))
		}
		if rc[names[1]] == nil {
			rc[names[1]] = map[string]int64{}
		}
		rc[names[1]][names[2]] += f.N
	}
	rc[writtenMark] = map[string]int64{"v": 7}
	raw, err := bson.Marshal(bson.M{"_id": "c", "version": int64(7), "requestCounters": rc})
	if err != nil {
		t.Fatal(err)
	}
	var d syncer.Doc
	readDoc(raw, &d)
	if d.Unreadable != nil {
		t.Fatalf("readDoc: %v", d.Unreadable)
	}
	got := d.Snapshot.Frames
	slices.SortFunc(want, func(a, b cache.Frame) int {
		if a.Size != b.Size {
			return int(a.Size/time.Second - b.Size/time.Second)
		}
		return cmp.Compare(a.StartUnix, b.StartUnix)
	})
	if !slices.Equal(got, want) {
		t.Errorf("framesOf read %d frames of the %d framePath wrote:\n got %v\nwant %v", len(got), len(want), got, want)
	}
}
