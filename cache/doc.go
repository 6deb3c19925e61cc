// Package cache holds the limiter's in-memory state per key: the global
// counts as last read from or written to the store (the snapshot), plus the
// counts recorded by this instance since its last confirmed flush (local).
// Decisions are made from memory alone: count = snapshot + local, for the
// current and the previous frame of every window size a key is limited by.
//
// The syncer moves local counts into the store. It takes a key's local
// counts (a delta) without removing them, writes snapshot + delta, and on
// success installs the written snapshot and subtracts the delta in one step
// under the key's lock. Until then the delta stays counted locally, so no
// estimate dips while a flush is under way, and a failed flush loses nothing.
// Between a pull that already includes our write and the confirmation of that
// write the delta is briefly counted twice; that errs on the side of denying.
//
// Requests hold counts as reservations: Reserve admits and counts the cost,
// Release takes it back (a token that was not issued leaves no trace), and
// Commit keeps it.
//
// The keys are sharded; each shard's table is read without a lock (see
// slots.go) and changed under the shard's lock, and every key has its own small
// mutex for its counts. No allocation happens on the path of an existing key.
//
// # Reading guide
//
// Start with Example (example_test.go) and the exported API in cache.go,
// decide.go and sync.go; TestReserveSteps and TestFlushProtocol
// (cache_test.go) walk one key step by step. The life of a key:
//
//   - New: Reserve's lookup (lookup.go) misses, and insert makes an entry
//     (newEntry, entry.go) with the key's bytes copied in (keybytes.go),
//     evicting one at MaxKeys (evictForCap, evict.go). For a sync interval
//     or two it assumes the live instances count it too (writers.go), and
//     TakeFresh (stale.go) has the syncer read its document at once.
//   - Decided: ReserveTo (decide.go) takes a fast path for a key of one or
//     two tiers in order, which it tells by the codes of their window sizes
//     (sizecode.go; ReserveTiers, with tiers compiled once, compares one
//     byte); decide does the rest. Counters roll to now's
//     frame and follow the policy's window sizes (frames.go: rollTo, track);
//     a key other instances count is held to its share (share.go). An
//     admitted request's cost is reserved: the narrow's reserved (entry.hot;
//     open.reserved at full width, narrow.go, open.go).
//   - Committed: Commit adds the cost to the local counts of the frames it
//     was reserved in and queues the key on its shard's dirty list;
//     Release drops it without a trace.
//   - Flushed: the syncer takes the local counts as a Pending (TakeDirty,
//     sync.go), writes base + delta, and settles it: Confirm installs the
//     written snapshot and subtracts the delta in one step, Abort leaves
//     the counts for the next flush, Replace rebases a refused write.
//     Pulls install the other instances' counts (Apply, AppendPull).
//   - Swept: Sweep (evict.go) evicts a key idle for IdleWindows of its
//     longest window once nothing is unflushed; a key evicted with
//     unflushed counts is detached, held until a flush settles them (at
//     most MaxKeys such keys; past that their counts are dropped and
//     counted in Stats.Dropped).
//
// Other files: counter.go (one window size's two frames), slots.go (a
// shard's table of slots, read without a lock; table.go has its load
// bounds), keyhash.go (the key's hash), inspect.go (a key's state for the
// admin API, read-only), unaligned*.go (whether key bytes may be read as
// unaligned words). The test files are named for their subject; cache_test.go and helpers_test.go hold the shared
// helpers, flushmodel_test.go the model store and flusher.
package cache
