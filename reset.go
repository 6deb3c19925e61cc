package oauthratelimit

import (
	"context"
	"fmt"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Errors of Reset, for errors.Is.
var (
	// ErrUnknownKey: the store has no document of the key and this
	// instance does not hold it; nothing was reset.
	ErrUnknownKey = syncer.ErrUnknownKey
	// ErrResetNotDone: the store did not answer (or the key kept changing
	// under the reset); nothing was reset.
	ErrResetNotDone = syncer.ErrResetNotDone
	// ErrResetUnknown: the reset's write was sent but its answer was lost,
	// and no read could tell whether it landed. Resetting again is
	// harmless.
	ErrResetUnknown = syncer.ErrResetUnknown
)

// ResetResult is what a Reset did.
type ResetResult struct {
	// ClientID and User name the key reset.
	ClientID, User string
	// Epoch is the key's new reset epoch (Unix milliseconds of the reset,
	// or one more than the epoch before) and Version the version of its
	// document read back after the reset (at least the reset's: another
	// instance may have written the key since).
	Epoch, Version int64
	// Cleared is how many requests (in cost units) the store's document
	// counted when the reset read it: a lower bound of what the reset took
	// from every instance's view of the key, which also clears what other
	// instances added between that read and the reset's write.
	Cleared int64
	// DroppedHere is how many requests this instance had counted and not
	// yet written to the store, dropped by the reset.
	DroppedHere int64
	// Held reports whether this instance held the key.
	Held bool
}

// Reset clears the counts of the key (clientID, user) for every instance
// (user "" is the client's own key, which counts the client-only grants
// and the client's aggregate): it writes the key's document in the store
// with no counts and a new reset epoch, and drops this instance's own
// counts of the key at once, so that this instance decides on the reset
// counts immediately. Every other instance drops the counts of the key it
// has not written to the store yet when it next reads the document (its
// next pull, within a sync interval) or writes it (its write conflicts),
// and never writes them back: those from before the reset, and those it
// counted between the reset and that moment (it cannot tell them apart;
// its cache's Stats.ResetDropped counts them). Counts it commits after that
// are kept. A request
// admitted before the reset whose token is issued after it counts after
// the reset. An instance that had not read the key's document yet when the
// reset came (a key new to it) keeps what it counted: at most what it
// counted in the moment before it first reads a new key (Config's
// NewKeyInterval of the syncer, a tenth of the sync interval by default).
//
// It blocks for the store's round trips (a read, a write and a read back;
// a read and a write more if another reset or the key's expiry moved its
// document meanwhile; other instances' writes do not), bounded by ctx, and
// waits for a flush in progress. It returns an error matching
// ErrUnknownKey when neither the store nor this instance knows the key,
// ErrResetNotDone when the store did not answer, and ErrResetUnknown when
// the write's answer was lost.
func (l *Limiter) Reset(ctx context.Context, clientID, user string) (ResetResult, error) {
	r, err := l.syncer.Reset(ctx, cache.Key{ClientID: clientID, User: user})
	if err != nil {
		return ResetResult{}, fmt.Errorf("oauthratelimit: reset client %q user %q: %w", clientID, user, err)
	}
	return ResetResult{
		ClientID:    clientID,
		User:        user,
		Epoch:       r.Epoch,
		Version:     r.Version,
		Cleared:     r.Cleared,
		DroppedHere: r.DroppedHere,
		Held:        r.Held,
	}, nil
}
