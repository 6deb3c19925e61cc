//go:build !race

package oauthratelimit

const raceEnabled = false
