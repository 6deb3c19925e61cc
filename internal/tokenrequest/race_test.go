//go:build race

package tokenrequest

// raceEnabled: the race detector allocates on its own, so allocation
// counts are only checked without it.
const raceEnabled = true
