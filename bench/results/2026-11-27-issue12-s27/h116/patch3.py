p='cache/frames.go'
s=open(p).read()
old='''// dropBehind drops e's orphans behind their window at Unix second u once u
// is past what holdBehind held them for (at once those no jump held: of a
// size a reload retired, left behind since).
func (e *entry) dropBehind(u int64) {
	if o := e.more; o != nil && len(o.orphan) > 0 && u >= int64(o.heldUntil) {
		o.orphan = slices.DeleteFunc(o.orphan, func(f Frame) bool { return behind(f, u) })
	}
}
'''
new='''// dropBehind drops e's orphans behind their window at Unix second u once u
// is past what holdBehind held them for (at once those no jump held: of a
// size a reload retired, left behind since). An overflow left holding
// nothing is given back: holdBehind makes one for a key whose clock moved
// two frames at once while it had counts not flushed, which every key used
// again after such a pause while the store is down has.
func (e *entry) dropBehind(u int64) {
	o := e.more
	if o == nil || len(o.orphan) == 0 || u < int64(o.heldUntil) {
		return
	}
	o.orphan = slices.DeleteFunc(o.orphan, func(f Frame) bool { return behind(f, u) })
	if len(o.orphan) == 0 && len(o.extra) == 0 && o.epoch == 0 && o.epochDropped == 0 && !o.takenDropped &&
		(e.n <= 1 || e.n == 2 && e.is(room2)) {
		e.more = nil
	}
}
'''
assert old in s, "drop"
s=s.replace(old,new)
open(p,'w').write(s)
