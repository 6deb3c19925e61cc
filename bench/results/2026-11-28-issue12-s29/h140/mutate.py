import subprocess, sys
R='/tmp/s29/h140/mut'
muts = [
 ("carry dropped on the fast commit of one size (commitOne skips loc's 16-bit check)", 'cache/narrow.go',
  "int64(c.sum[i])+cost > math.MaxInt32 || int64(c.loc[i])+cost > math.MaxUint16 {",
  "int64(c.sum[i])+cost > math.MaxInt32 {"),
 ("carry dropped on the fast commit of two sizes' second counter (fits skips loc's check)", 'cache/narrow.go',
  "return int64(c.sum[i])+cost <= math.MaxInt32 && int64(c.loc[i])+cost <= math.MaxUint16",
  "return int64(c.sum[i])+cost <= math.MaxInt32"),
 ("sum past int32 on the fast commit (commitOne skips the sum's check)", 'cache/narrow.go',
  "int64(c.sum[i])+cost > math.MaxInt32 || int64(c.loc[i])+cost > math.MaxUint16 {",
  "int64(c.loc[i])+cost > math.MaxUint16 {"),
 ("a wide key decided on the fast path (fastPathOK ignores narrowWide)", 'cache/decide.go',
  "return e.hot.flags&narrowWide == 0 && !c.testGeneral", "return !c.testGeneral"),
 ("the fast reserve skips its 16-bit width check", 'cache/decide.go',
  "smallReserved(r0, t) && cost <= math.MaxUint16-r0 {", "smallReserved(r0, t) {"),
 ("two sizes' fast path without room2 (a second counter from the narrow that is not there)", 'cache/decide.go',
  "if len(tiers) == 2 && e.code == code && e.is(room2) && c.fastPathOK(e) {", "if len(tiers) == 2 && e.code == code && c.fastPathOK(e) {"),
 ("Confirm's store forgotten", 'cache/sync.go',
  "\to := le.open()\n\tdefer o.close()\n\te := &o\n\tif written.Version", "\to := le.open()\n\te := &o\n\tif written.Version"),
 ("Release's general-path store forgotten", 'cache/decide.go',
  "\t\to.reserved -= r.cost\n\t\to.close()\n", "\t\to.reserved -= r.cost\n"),
 ("Commit's general-path store forgotten", 'cache/decide.go',
  "\to := le.open()\n\tdefer o.close()\n\te := &o\n\te.reserved -= r.cost", "\to := le.open()\n\te := &o\n\te.reserved -= r.cost"),
 ("decide's store forgotten", 'cache/decide.go',
  "\to := e.open()\n\tdefer o.close()\n\tc.decide(", "\to := e.open()\n\tc.decide("),
 ("takeDirty's store forgotten", 'cache/sync.go',
  "\t\t\to.close()\n\t\t\te.mu.Unlock()", "\t\t\te.mu.Unlock()"),
 ("Reset's store forgotten", 'cache/sync.go',
  "\to := le.open()\n\tdefer o.close()\n\te := &o\n\tif e.is(epochKnown)", "\to := le.open()\n\te := &o\n\tif e.is(epochKnown)"),
 ("Apply's store forgotten", 'cache/sync.go',
  "\to := le.open()\n\tdefer o.close()\n\te := &o\n\tif s.Version == e.version", "\to := le.open()\n\te := &o\n\tif s.Version == e.version"),
 ("evictForCap's store forgotten", 'cache/evict.go',
  "\to := victim.open()\n\tdefer o.close()\n", "\to := victim.open()\n"),
 ("load ignores the carry (open reads loc only)", 'cache/narrow.go',
  "\t\t\t\tc.local[j] += m.carry[i][j]\n", ""),
]
sel = sys.argv[1:] and [int(a) for a in sys.argv[1:]] or range(len(muts))
for k in sel:
    name, f, old, new = muts[k]
    p = R+'/'+f
    src = open(p).read()
    assert src.count(old) == 1, (name, src.count(old))
    open(p,'w').write(src.replace(old, new))
    try:
        r = subprocess.run(['go','test','-count=1','-p','1','./cache/'], cwd=R, capture_output=True, text=True, timeout=900)
        out = r.stdout + r.stderr
        fails = [l for l in out.splitlines() if l.startswith('--- FAIL') ]
        first = [l for l in out.splitlines() if ('_test.go:' in l) ][:2]
        print(f"## {k} {name}: {'CAUGHT' if r.returncode else 'SURVIVED'}; {len(fails)} failing: {' '.join(x.split()[2] for x in fails[:12])}")
        for l in first: print('   ', l.strip()[:400])
        sys.stdout.flush()
    finally:
        open(p,'w').write(src)
