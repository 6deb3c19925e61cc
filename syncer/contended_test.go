package syncer

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// With maxContendedKeys contended keys remembered, a key left out does
// not walk the map again within an Interval of the last walk: every flush
// of a fleet with more such keys (users spread over the instances) walked
// all of them for each key left out, 0.5 s for 5,000 keys. After the
// Interval, a walk drops the keys whose time is up and makes room.
func TestMarkContendedWalksAFullMapOnceAnInterval(t *testing.T) {
	s := &Syncer{contended: make(map[cache.Key]time.Time)}
	s.cfg.ActiveFor, s.cfg.Interval = time.Minute, time.Second
	now := time.Unix(1e9, 0)
	for i := range maxContendedKeys {
		s.markContended(cache.Key{ClientID: fmt.Sprint("a", i)}, true, now)
	}
	s.markContended(cache.Key{ClientID: "b0"}, true, now.Add(59*time.Second+500*time.Millisecond)) // walks: no key's time is up
	s.markContended(cache.Key{ClientID: "b1"}, true, now.Add(time.Minute))                         // every key's is, but no walk
	if len(s.contended) != maxContendedKeys {
		t.Fatalf("%d keys after a walk within the Interval, want %d (no walk)", len(s.contended), maxContendedKeys)
	}
	s.markContended(cache.Key{ClientID: "b2"}, true, now.Add(time.Minute+500*time.Millisecond))
	if _, ok := s.contended[cache.Key{ClientID: "b2"}]; !ok || len(s.contended) != 1 {
		t.Errorf("%d keys after a walk past the Interval, want only b2", len(s.contended))
	}
}
