package bench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// Sizes are the numbers of keys held in the workloads.
var Sizes = []int{1, 10_000, 1_000_000}

// MemoryKeys is the number of keys MemoryPerKey is measured at.
const MemoryKeys = 1_000_000

// Dist is how a request picks its key among those held.
type Dist string

const (
	// Uniform picks every key with the same odds.
	Uniform Dist = "uniform"
	// Zipf picks the k-th most frequent key with odds ∝ 1/(1+k)^ZipfS, the
	// ranks assigned to keys at random so that hot keys are not neighbours
	// in memory.
	Zipf Dist = "zipf"
)

// ZipfS is the Zipf exponent: with it the hottest key takes about 15 % of
// the requests at 10k keys and 12 % at 1M keys (TestSequence).
const ZipfS = 1.1

// Workload is one measured situation: how many keys are held, how a request
// picks its key, and whether one goroutine or GOMAXPROCS decide.
type Workload struct {
	Keys     int
	Dist     Dist
	Parallel bool
}

// Name is the workload's benchmark name below the contender's.
func (w Workload) Name() string {
	mode := "serial"
	if w.Parallel {
		mode = "parallel"
	}
	return fmt.Sprintf("dist=%s/mode=%s", w.Dist, mode)
}

// String names the workload with its key count.
func (w Workload) String() string { return fmt.Sprintf("keys=%d/%s", w.Keys, w.Name()) }

// Workloads are the workloads over n keys: uniform and Zipf, serial and
// parallel; with one key only uniform, the same as Zipf there.
func Workloads(n int) []Workload {
	dists := []Dist{Uniform, Zipf}
	if n == 1 {
		dists = dists[:1]
	}
	var ws []Workload
	for _, d := range dists {
		for _, p := range []bool{false, true} {
			ws = append(ws, Workload{Keys: n, Dist: d, Parallel: p})
		}
	}
	return ws
}

// seqLen is the length of a key sequence, a power of two: 4 MiB of indices,
// read in order, so that the prefetcher hides them. At 1M keys a uniform
// sequence visits about 65 % of the keys, far more than any CPU cache holds.
const (
	seqLen  = 1 << 20
	seqMask = seqLen - 1
)

var (
	seqMu sync.Mutex
	seqs  = map[[2]any][]uint32{}
)

// Sequence is the fixed pseudo-random sequence of key indices the workloads
// over n keys with distribution d walk, built once (before any timed loop)
// from a fixed seed.
func Sequence(n int, d Dist) []uint32 {
	seqMu.Lock()
	defer seqMu.Unlock()
	if s, ok := seqs[[2]any{n, d}]; ok {
		return s
	}
	r := rand.New(rand.NewPCG(uint64(n), 12))
	s := make([]uint32, seqLen)
	switch d {
	case Uniform:
		for i := range s {
			s[i] = uint32(r.IntN(n))
		}
	case Zipf:
		perm := r.Perm(n)
		z := rand.NewZipf(r, ZipfS, 1, uint64(n-1))
		for i := range s {
			s[i] = uint32(perm[z.Uint64()])
		}
	default:
		panic("bench: unknown distribution " + string(d))
	}
	seqs[[2]any{n, d}] = s
	return s
}

// The key of index i is client "client-NNNNNNN" (i mod 1000, zero-padded to
// 7 digits) and user "user-NNNNNNN" (i); the peers' flat key joins them with
// ':'. 1000 clients with many users each, as the middleware's user keys.
const (
	keyTemplate = "client-0000000:user-0000000"
	clientLen   = len("client-0000000")
	userOff     = clientLen + 1
	clients     = 1000
)

// digits4 holds "0000" to "9999" (40 KB): put7 writes a key's digits from
// two table entries, so that the whole harness costs about 8 ns a request
// (BenchmarkHarness) where dividing digit by digit made it about 16.
var digits4 = func() []byte {
	d := make([]byte, 4*10000)
	for i := range 10000 {
		n := i
		for j := 3; j >= 0; j-- {
			d[4*i+j] = '0' + byte(n%10)
			n /= 10
		}
	}
	return d
}()

// put7 writes v < 10^7 as 7 zero-padded decimal digits into dst[:7], byte
// by byte: copy would call memmove, twice the time of the rest.
func put7(dst []byte, v uint32) {
	_ = dst[6]
	h, l := 4*(v/10000)+1, 4*(v%10000)
	dst[0], dst[1], dst[2] = digits4[h], digits4[h+1], digits4[h+2]
	dst[3], dst[4], dst[5], dst[6] = digits4[l], digits4[l+1], digits4[l+2], digits4[l+3]
}

// OwnedKey is the key of index i in strings of its own.
func OwnedKey(i uint32) Key {
	b := []byte(keyTemplate)
	put7(b[clientLen-7:clientLen], i%clients)
	put7(b[len(b)-7:], i)
	flat := string(b)
	return Key{Cache: cache.Key{ClientID: flat[:clientLen], User: flat[userOff:]}, Flat: flat}
}

// reqKey is a request's key written into one buffer that the next request
// overwrites, as the middleware's keys view its pooled request buffer: the
// key's bytes are in cache, as a request's are, and not a cold string of a
// million-entry table (a cache miss no request pays).
type reqKey struct {
	b [len(keyTemplate)]byte
	k Key
}

func newReqKey() *reqKey {
	r := new(reqKey)
	copy(r.b[:], keyTemplate)
	flat := unsafe.String(&r.b[0], len(r.b))
	r.k = Key{Cache: cache.Key{ClientID: flat[:clientLen], User: flat[userOff:]}, Flat: flat}
	return r
}

// set writes the key of index i into r's buffer.
func (r *reqKey) set(i uint32) *Key {
	put7(r.b[clientLen-7:clientLen], i%clients)
	put7(r.b[len(r.b)-7:], i)
	return &r.k
}

// Populate makes c hold keys 0..n-1, each decided once, with keys in
// strings of their own (a contender may keep them), so that the timed loops
// decide existing keys only.
func Populate(c Contender, n int) error {
	for i := range uint32(n) {
		k := OwnedKey(i)
		if !c.Decide(&k) {
			return fmt.Errorf("bench: key %d denied while populating; the limits are meant to admit all", i)
		}
	}
	return nil
}

// Run measures c deciding the workload w's requests; c holds w.Keys keys
// (Populate). Each goroutine walks the key sequence from its own offset,
// writing each key into its own request buffer. It fails b if c denies a
// request.
func Run(b *testing.B, c Contender, w Workload) {
	seq := Sequence(w.Keys, w.Dist)
	b.ReportAllocs()
	b.ResetTimer() // RunParallel does not: building seq is not a request
	var denied atomic.Int64
	cpu0 := cpuTime()
	if !w.Parallel {
		rk := newReqKey()
		i, d := 0, int64(0)
		for b.Loop() {
			if !c.Decide(rk.set(seq[i&seqMask])) {
				d++
			}
			i++
		}
		denied.Add(d)
	} else {
		var g atomic.Int64
		b.RunParallel(func(pb *testing.PB) {
			rk := newReqKey()
			i, d := int(g.Add(1))*(seqLen/8+7919), int64(0)
			for pb.Next() {
				if !c.Decide(rk.set(seq[i&seqMask])) {
					d++
				}
				i++
			}
			denied.Add(d)
		})
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	if d := denied.Load(); d > 0 {
		b.Fatalf("%d of %d requests denied; the limits are meant to admit all", d, b.N)
	}
}

// cpuTime is the CPU time the process has used, all its threads (the
// runtime's GC workers too), in nanoseconds. Per request it is the figure
// to compare on a shared machine: a wall-clock ns/op also counts the time
// other processes held the CPU. In parallel runs it is the sum over the
// goroutines, about GOMAXPROCS times the wall-clock ns/op.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// MemoryPerKey is the heap in use after GC per key held by a contender of
// s holding n keys (Populate), the keys' bytes it keeps included.
func MemoryPerKey(s Spec, n int) (float64, error) {
	before := SettleHeap()
	c := s.New()
	defer c.Close()
	if err := Populate(c, n); err != nil {
		return 0, err
	}
	after := SettleHeap()
	runtime.KeepAlive(c)
	return (float64(after) - float64(before)) / float64(n), nil
}

// SettleHeap collects garbage until the heap stops shrinking and returns
// the bytes in use. One GC is not enough after a contender is dropped: a
// ulule store's cleaner goroutine keeps the store reachable until a
// finalizer, run after the first GC, stops it.
func SettleHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	for range 10 {
		prev := m.HeapAlloc
		time.Sleep(10 * time.Millisecond) // let finalizers run
		runtime.GC()
		runtime.ReadMemStats(&m)
		if m.HeapAlloc+m.HeapAlloc/100 >= prev {
			break
		}
	}
	return m.HeapAlloc
}
