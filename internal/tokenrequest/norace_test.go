//go:build !race

package tokenrequest

const raceEnabled = false
