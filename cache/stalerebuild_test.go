package cache

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestStaleListAcrossRebuild: keys used again after a pause are queued for
// TakeFresh (markUse: the shard's stale list, slot indices since step 6b);
// a rebuild of their shard before TakeFresh takes them must leave
// TakeFresh handing out those keys, each once, not the keys their old
// indices name in the new table (the rebuild rewrites the list with the
// dirty list, under its lock).
func TestStaleListAcrossRebuild(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	t0 := modelStart
	var keys []Key
	for i := range 50 { // at most maxFreshPerShard: all are queued
		keys = append(keys, Key{ClientID: fmt.Sprint("client-stale-", i)})
	}
	for _, k := range keys {
		d := c.Reserve(k, forwardTiers, 1, Enforce, t0)
		c.Release(&d.Reservation)
	}
	c.TakeFresh(nil, 0)
	c.AppendPull(nil, t0, 0, 1) // round 1 reads every key
	for round := range uint64(2) {
		c.AppendPull(nil, t0.Add(time.Hour), round+1, 1) // unused since: none read
	}
	for _, k := range keys { // used again after two rounds: stale
		d := c.Reserve(k, forwardTiers, 1, Enforce, t0.Add(time.Minute))
		c.Release(&d.Reservation)
	}
	index := func() map[Key]uint32 {
		t := c.shards[0].pub.tab.Load()
		m := map[Key]uint32{}
		for _, k := range keys {
			m[k] = t.indexOf(c.find(k).hotLine)
		}
		return m
	}
	before := index()
	c.testRebuild(0)
	moved := 0
	for k, i := range index() {
		if i != before[k] {
			moved++
		}
	}
	if moved == 0 {
		t.Fatalf("test bug: the rebuild left every key at its index")
	}
	got := c.TakeFresh(nil, 0)
	slices.SortFunc(got, func(a, b Key) int { return cmpKeys(a, b) })
	want := slices.Clone(keys)
	slices.SortFunc(want, func(a, b Key) int { return cmpKeys(a, b) })
	if !slices.Equal(got, want) {
		t.Errorf("TakeFresh after a rebuild that moved %d of the %d keys = %v, want each of %v once", moved, len(keys), got, want)
	}
}

func cmpKeys(a, b Key) int {
	switch {
	case keyLess(a, b):
		return -1
	case keyLess(b, a):
		return 1
	}
	return 0
}
