//go:build race

package accuracy

// raceEnabled reports whether the race detector is on: the table's runs
// take minutes under it, and measure nothing the race detector adds to.
const raceEnabled = true
