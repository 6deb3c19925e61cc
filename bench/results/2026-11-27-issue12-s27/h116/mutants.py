# id: (file, old, new) -- each old must occur once in its file
MUTANTS = {
 "F06": ("cache/frames.go", "\t\t*c = counter{size: c.size, start: ns}\n\t\te.adopt(c)\n\t\treturn", "\t\t*c = counter{size: c.size, start: ns}\n\t\treturn"),
 "M1-nohold": ("cache/frames.go", "\t\te.holdBehind(c, u)\n", "\t\t_ = 0\n"),
 "M2-nofilter": ("cache/sync.go", "\t\t\tif !behind(f, u) {\n\t\t\t\tp.Delta = append(p.Delta, f)\n\t\t\t}", "\t\t\tp.Delta = append(p.Delta, f)"),
 "M3-norequeue": ("cache/sync.go", "\t\t\t\tc.queue(s, e)\n\t\t\tdefault:", "\t\t\t\tc.undetach(e)\n\t\t\tdefault:"),
 "M4-keepolder": ("cache/frames.go", "\t\treturn f.Size == size && f.StartUnix < c.start-int64(c.size)\n", "\t\treturn false && f.Size == size\n"),
 "M5-holdzero": ("cache/frames.go", "max(u+2*int64(c.size), 0)", "max(u+0*int64(c.size), 0)"),
 "M6-nofree": ("cache/frames.go", "\t\te.more = nil\n", "\t\t_ = 0\n"),
 "T1-clearrest": ("cache/stale.go", "\t\trest := copy(s.fresh, s.fresh[n:])\n\t\tclear(s.fresh[rest:])\n\t\ts.fresh = s.fresh[:rest]\n", "\t\t_ = n\n\t\tclear(s.fresh)\n\t\ts.fresh = s.fresh[:0]\n"),
 "D1-tielast": ("cache/decide.go", "\t\tif d.Allowed || ra > d.RetryAfter {", "\t\tif d.Allowed || ra >= d.RetryAfter {"),
 "D2-fasttielast": ("cache/decide.go", "\t\t\tif left1 < left0 {", "\t\t\tif left1 <= left0 {"),
 "D3-gentielast": ("cache/decide.go", "\t\t\tif d.Allowed && room < d.Remaining {", "\t\t\tif d.Allowed && room <= d.Remaining {"),
}
MUTANTS.update({
 "M7-evictedholds": ("cache/frames.go", "u < int64(o.heldUntil) && !e.is(evicted) {", "u < int64(o.heldUntil) {"),
 "M8-evictnodrop": ("cache/evict.go", "\tvictim.dropBehind(u)\n", ""),
 "M9-holdonevicted": ("cache/frames.go", "c.local != [2]int64{} && !e.is(evicted) {", "c.local != [2]int64{} {"),
})
