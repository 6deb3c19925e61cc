package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// testSubjects checks a syncer.SubjectStore: replacing by hash, paging by
// Written, the limit, awkward strings, and Sweep deleting expired bindings
// (and only those). A store that shares no subjects skips it.
func testSubjects(t *testing.T, s syncer.Store) {
	ss, ok := s.(syncer.SubjectStore)
	if !ok {
		t.Skipf("%T is not a syncer.SubjectStore", s)
	}
	mk := func(i int, written time.Duration, expire time.Duration) syncer.Subject {
		return syncer.Subject{
			Hash:     syncer.HashRefreshToken(fmt.Sprint("refresh-token-", i)),
			ClientID: AwkwardKeys[i%len(AwkwardKeys)].ClientID,
			User:     fmt.Sprint("user-", i, "-", AwkwardKeys[i%len(AwkwardKeys)].User),
			Written:  now.Add(written).Truncate(time.Millisecond), // mongostore keeps milliseconds
			Expire:   now.Add(expire).Truncate(time.Millisecond),
		}
	}
	var all []syncer.Subject
	for i := range 6 {
		all = append(all, mk(i, time.Duration(i)*time.Second, time.Duration(i-2)*time.Hour))
	}
	if err := ss.PutSubjects(ctx(t), all); err != nil {
		t.Fatalf("PutSubjects: %v", err)
	}
	// Replaced by hash: subject 5 again, with another user.
	again := all[5]
	again.User = "someone-else"
	if err := ss.PutSubjects(ctx(t), []syncer.Subject{again}); err != nil {
		t.Fatalf("PutSubjects (replace): %v", err)
	}
	all[5] = again

	cases := []struct {
		name  string
		since time.Duration
		limit int
		want  []int
	}{
		{"all", -time.Hour, 100, []int{0, 1, 2, 3, 4, 5}},
		{"since inclusive", 3 * time.Second, 100, []int{3, 4, 5}},
		{"limit keeps the oldest", time.Second, 2, []int{1, 2}},
		{"none", time.Minute, 100, nil},
	}
	for _, c := range cases {
		got, err := ss.SubjectsSince(ctx(t), now.Add(c.since), c.limit)
		if err != nil {
			t.Fatalf("%s: SubjectsSince: %v", c.name, err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: got %d subjects, want %d", c.name, len(got), len(c.want))
			continue
		}
		for j, i := range c.want {
			g, w := got[j], all[i]
			if g.Hash != w.Hash || g.ClientID != w.ClientID || g.User != w.User || !g.Written.Equal(w.Written) || !g.Expire.Equal(w.Expire) {
				t.Errorf("%s: subject %d = %+v, want %+v", c.name, j, g, w)
			}
		}
	}

	// Sweep: subjects 0 and 1 expired before now (-2h, -1h); 2 expires now.
	n, err := s.Sweep(ctx(t), now)
	if err != nil {
		t.Fatalf("Sweep: %v", err)
	}
	if n != 2 {
		t.Errorf("Sweep deleted %d, want 2 (the subjects expired before now)", n)
	}
	got, err := ss.SubjectsSince(ctx(t), now.Add(-time.Hour), 100)
	if err != nil {
		t.Fatalf("SubjectsSince after Sweep: %v", err)
	}
	if len(got) != 4 || got[0].Hash != all[2].Hash {
		t.Errorf("after Sweep: %d subjects, the first %x; want 4 from subject 2", len(got), got[0].Hash[:4])
	}
}
