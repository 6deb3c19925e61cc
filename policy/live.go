package policy

import "sync/atomic"

// Live holds the current policy. A reload or a mode switch stores a new
// *Policy; decisions Load it once and use that snapshot throughout, so a swap
// never blocks a request and never mixes two policies in one decision. The
// zero value is ready to use and holds the built-in Default policy.
type Live struct {
	// An atomic pointer rather than a lock: Load is on every request and
	// must not contend with a reload.
	p atomic.Pointer[Policy]
}

// NewLive returns a Live holding p (Default if p is nil).
func NewLive(p *Policy) *Live {
	l := new(Live)
	l.Store(p)
	return l
}

// Load returns the current policy. It never returns nil and does not allocate.
func (l *Live) Load() *Policy {
	if p := l.p.Load(); p != nil {
		return p
	}
	return builtin
}

// Store makes p the current policy for every later Load; nil restores the
// built-in Default policy.
func (l *Live) Store(p *Policy) {
	l.p.Store(p)
}
