import subprocess, sys, os
R='/tmp/s33/h176/repo'
muts = {
 'M1-close-no-fallback-sizes': ('cache/open.go', '''		for i := range min(int(e.n), 2) {
			if e.hot.code>>(4*i)&0x0f == 0 {
				e.overflow().roomSizes()[i] = o.at(i).size
			}
		}''', ''),
 'M2-since2-wrong-byte': ('cache/open.go', 'func (e entry) since2() *int32 { return &e.meta0.size }', 'func (e entry) since2() *int32 { return &e.meta0.sinceRead }'),
 'M3-rebuild-drops-since2': ('cache/slots.go', '''			*dst.coldLine = *src.coldLine
			if src.room2 { // nt is wide as t is
				*dst.second() = *src.second()''', '''			*dst.coldLine = *src.coldLine
			if src.room2 { // nt is wide as t is
				*dst.since2() = 0
				*dst.second() = *src.second()'''),
 'M4-roomSize-low-nibble': ('cache/open.go', 'if code := e.hot.code >> (4 * i) & 0x0f; code != 0 {', 'if code := e.hot.code & 0x0f; code != 0 {'),
 'M6-open-no-since2': ('cache/open.go', '		o.second.sinceRead = *e.since2()\n', ''),
 'M7-fast-size1-is-first': ('cache/decide.go', 'uint64(u-start1) < uint64(sec[1]) && smallReserved', 'uint64(u-start1) < uint64(sec[0]) && smallReserved'),
 'M8-record-drops-since2': ('cache/evict.go', '''	if v.room2 {
		*rec.second() = *v.second()''', '''	if v.room2 {
		*rec.since2() = 0
		*rec.second() = *v.second()'''),
 'M9-commit-second-low-nibble': ('cache/decide.go', 'c.codes.sizeOf(h.code>>4) == r.sizes[1]', 'c.codes.sizeOf(h.code) == r.sizes[1]'),
}
names = sys.argv[1:] or list(muts)
for name in names:
    f, a, b = muts[name]
    p = os.path.join(R, f)
    s = open(p).read()
    assert s.count(a) == 1, name
    open(p, 'w').write(s.replace(a, b))
    try:
        out = subprocess.run(['go', 'test', '-count=1', '-p', '1'] + (['-run', os.environ['RUN']] if os.environ.get('RUN') else []) + ['./cache'], cwd=R, capture_output=True, text=True, timeout=900)
        txt = out.stdout + out.stderr
        open(f'/tmp/s33/h176/results/mutants/{name}{os.environ.get("SUFFIX","")}.txt', 'w').write(txt)
        fails = [l for l in txt.splitlines() if l.startswith('--- FAIL') or l.startswith('FAIL') or l.startswith('ok') or 'panic:' in l]
        print(name, '\n  ' + '\n  '.join(fails[:15]), flush=True)
    finally:
        subprocess.run(['git', 'checkout', '--', f], cwd=R)
