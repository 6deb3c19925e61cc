// Throwaway (h109): does a Go map with a steady number of live entries, under
// FIFO churn (insert a new key, delete the oldest), grow without bound?
package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"runtime"
	"strconv"
)

type entry struct {
	a, b string
	exp  int64
}

func main() {
	live, _ := strconv.Atoi(os.Args[1])   // live entries per map
	maps, _ := strconv.Atoi(os.Args[2])   // maps (shards)
	rounds, _ := strconv.Atoi(os.Args[3]) // rounds of churn, each `live` inserts+deletes per map
	ms := make([]map[[16]byte]entry, maps)
	for i := range ms {
		ms[i] = make(map[[16]byte]entry)
	}
	key := func(n uint64) (k [16]byte) {
		binary.LittleEndian.PutUint64(k[:], n*0x9E3779B97F4A7C15)
		binary.LittleEndian.PutUint64(k[8:], n)
		return
	}
	var next, oldest uint64
	report := func(r int) {
		runtime.GC()
		var st runtime.MemStats
		runtime.ReadMemStats(&st)
		fmt.Printf("round %3d live/map %d heap_alloc %.2f MB\n", r, len(ms[0]), float64(st.HeapAlloc)/1e6)
	}
	for i := 0; i < live; i++ {
		for _, m := range ms {
			m[key(next)] = entry{exp: 1}
		}
		next++
	}
	report(0)
	for r := 1; r <= rounds; r++ {
		for i := 0; i < live; i++ {
			for _, m := range ms {
				m[key(next)] = entry{exp: 1}
				delete(m, key(oldest))
			}
			next++
			oldest++
		}
		if r%(rounds/10) == 0 {
			report(r)
		}
	}
}
