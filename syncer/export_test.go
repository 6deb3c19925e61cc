package syncer

import (
	"slices"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// FinalUnwritten returns what reg's final-flush counters say the final
// flushes that gave up left out of the store: the counts never written, those
// of unknown outcome, and the keys
// (oauth_ratelimit_sync_final_flush_unwritten_counts_total by outcome,
// oauth_ratelimit_sync_final_flush_unwritten_keys_total). Each series must
// be there, 0 or not, from the start.
func FinalUnwritten(t testing.TB, reg prometheus.Gatherer) (never, unknown, keys float64) {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			v := m.GetCounter().GetValue()
			switch mf.GetName() {
			case "oauth_ratelimit_sync_final_flush_unwritten_counts_total":
				for _, l := range m.GetLabel() {
					switch {
					case l.GetName() != "outcome":
					case l.GetValue() == "never_written":
						never, found = v, found+1
					case l.GetValue() == "unknown":
						unknown, found = v, found+1
					}
				}
			case "oauth_ratelimit_sync_final_flush_unwritten_keys_total":
				keys, found = v, found+1
			}
		}
	}
	if found != 3 {
		t.Fatalf("%d of the 3 series of the final flush's unwritten counts and keys gathered", found)
	}
	return never, unknown, keys
}

// DocCopy is a copy of a MemoryStore document, as an operator's dump holds
// it: the tests put it back over a newer one (a restore, a rolled-back
// write).
type DocCopy struct {
	Key cache.Key
	d   memDoc
}

// CopyDocs returns a copy of every document of s.
func (s *MemoryStore) CopyDocs() []DocCopy {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []DocCopy
	for k, d := range s.docs {
		c := *d
		c.frames = slices.Clone(d.frames)
		c.lastWrites = slices.Clone(d.lastWrites)
		out = append(out, DocCopy{Key: k, d: c})
	}
	return out
}

// PutBack replaces the documents of cs's keys with cs's copies (creating
// those gone), as a failover's rollback or a restore of a dump over the
// collection leaves them, and returns the sum of the frames of size size
// that this took away (negative if it added).
func (s *MemoryStore) PutBack(size int64, cs []DocCopy) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, c := range cs {
		if d, ok := s.docs[c.Key]; ok {
			n += sumOf(d.frames, size)
		}
		n -= sumOf(c.d.frames, size)
		d := c.d
		d.frames = slices.Clone(c.d.frames)
		d.lastWrites = slices.Clone(c.d.lastWrites)
		s.docs[c.Key] = &d
	}
	return n
}

func sumOf(fs []cache.Frame, size int64) int64 {
	var n int64
	for _, f := range fs {
		if int64(f.Size.Seconds()) == size {
			n += f.N
		}
	}
	return n
}

// DeleteDocs deletes the documents of keys, or every document if keys is
// empty (a dropped collection), and returns the sum of the frames of size
// size they held.
func (s *MemoryStore) DeleteDocs(size int64, keys ...cache.Key) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for k, d := range s.docs {
		if len(keys) > 0 && !slices.Contains(keys, k) {
			continue
		}
		n += sumOf(d.frames, size)
		delete(s.docs, k)
	}
	return n
}

// DropTiers deletes every instance's published tiers, as an operator who
// drops the collection does.
func (s *MemoryStore) DropTiers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.tiers)
}

// SetAheadOfPeers sets what the heartbeats last showed: a live instance's
// clock MaxSkew or more behind this one's (see aheadOfPeers). The
// simulation, which keeps no heartbeats, judges its clocks at once.
func (s *Syncer) SetAheadOfPeers(ahead bool) { s.hb.ahead.Store(ahead) }
