package syncer

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// The writers of a document are this instance and the others whose last
// write is at most writersRecent intervals old: what a hot key is shared by.
func TestWriters(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Cache: c, Store: NewMemoryStore(), Instance: "me", Interval: time.Second, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	ms := func(ago time.Duration) int64 { return now.Add(-ago).UnixMilli() }
	tests := []struct {
		name       string
		lastWrites map[string]int64
		want       int
	}{
		{"no document", nil, 1},
		{"only this one", map[string]int64{"me": ms(0)}, 1},
		{"two others lately", map[string]int64{"me": ms(time.Hour), "a": ms(500 * time.Millisecond), "b": ms(3 * time.Second)}, 3},
		{"one other too long ago", map[string]int64{"a": ms(2 * time.Second), "b": ms(3*time.Second + time.Millisecond)}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := s.writers(&Doc{LastWrites: tt.lastWrites}, now.UnixMilli()); got != tt.want {
				t.Errorf("writers = %d, want %d", got, tt.want)
			}
		})
	}
}
