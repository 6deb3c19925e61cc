p='cache/sync.go'
s=open(p).read()
old='''			p := e.pending(now)
			if len(p.Delta) == 0 {
				c.undetach(e)
			} else {
				e.set(taken, true)
			}
'''
new='''			p := e.pending(now)
			switch {
			case len(p.Delta) > 0:
				e.set(taken, true)
			case e.hasLocal():
				// Orphans behind the window, held for a clock that may
				// come back to them (see holdBehind): looked at again by
				// each take until written or dropped (dropBehind).
				c.queue(s, e)
			default:
				c.undetach(e)
			}
'''
assert old in s, "take"
s=s.replace(old,new)
old='''// pending returns e's snapshot and local counts as of now, for a flush.
func (e *entry) pending(now time.Time) Pending {
	e.rollAll(now)
	p := Pending{Key: e.key(), Base: Snapshot{Version: e.version, Epoch: e.epoch()}, e: e}
	if e.more != nil {
		p.Base.Frames = append(p.Base.Frames, e.more.extra...)
		p.Delta = append(p.Delta, e.more.orphan...)
	}
'''
new='''// pending returns e's snapshot and local counts as of now, for a flush.
// Orphans behind their window at now are left out of the delta, as
// cache.Merge leaves them out of the write: held (see holdBehind), they
// stay local until a clock back in their window takes them; past the
// time they were held for, they are dropped here (dropBehind).
func (e *entry) pending(now time.Time) Pending {
	u := now.Unix()
	e.rollEach(u)
	e.dropBehind(u)
	p := Pending{Key: e.key(), Base: Snapshot{Version: e.version, Epoch: e.epoch()}, e: e}
	if e.more != nil {
		p.Base.Frames = append(p.Base.Frames, e.more.extra...)
		for _, f := range e.more.orphan {
			if !behind(f, u) {
				p.Delta = append(p.Delta, f)
			}
		}
	}
'''
assert old in s, "pending"
s=s.replace(old,new)
open(p,'w').write(s)
