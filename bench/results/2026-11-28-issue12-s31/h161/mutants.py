#!/usr/bin/env python3
# h161: mutants of the dead-place change; each applied alone to the working
# tree, the targeted tests run with -race, the tree restored.
import subprocess, sys
R='/tmp/s31/h161/repo'
RUN='TestDirtyListBounded|TestCommitDetaches|TestDeadPlaces|TestDetached|TestDrop|TestAppendUnreached|TestInFlightDeltaNotDropped|TestModelConserves|TestTableStress|TestSweep|TestConcurrentPolicyFlips|TestCountsConservedAcrossReloads|TestFastPathsConserve|TestHeldFramesEvicted'
muts = [
 ('M1 evictForCap: an evicted key with nothing to flush keeps queued', 'cache/evict.go',
  '\t\tc.killQueued(s, victim)\n\t\treturn\n\t}\n\t// Its unflushed', '\t\treturn\n\t}\n\t// Its unflushed'),
 ('M2 evictForCap: a key whose counts are dropped keeps queued', 'cache/evict.go',
  '\t\tc.killQueued(s, victim)\n\t\treturn\n\t}\n\tvictim.setCold', '\t\treturn\n\t}\n\tvictim.setCold'),
 ('M3 Sweep: a swept key keeps queued', 'cache/evict.go',
  '\t\t\t\tc.killQueued(s, e) // nothing', '\t\t\t\t// c.killQueued(s, e) // nothing'),
 ('M4 takeDirty: dead places not passed over', 'cache/sync.go',
  'if j >= recs && e.is(evicted) {', 'if false && j >= recs && e.is(evicted) {'),
 ('M5 evictForCap: a detached key not put on the records', 'cache/evict.go',
  '\t\ts.pushRec(victim)\n', '\t\t// s.pushRec(victim)\n'),
 ('M6 takeDirty: the records passed over too', 'cache/sync.go',
  'if j >= recs && e.is(evicted) {', 'if j >= 0 && e.is(evicted) {'),
 ('M7 killDirty: dead places never taken off', 'cache/lists.go',
  'if len(s.dead) < minDeadPlaces || 2*len(s.dead) < len(s.dirty) {', 'if true {'),
 ('M8 drainDirty: dead places kept past the drain', 'cache/lists.go',
  '\tclear(s.dead) // gone with the list\n\ts.dead = s.dead[:0]\n', ''),
]
only = sys.argv[1:]
for name, path, old, new in muts:
    if only and name.split()[0] not in only: continue
    p = f'{R}/{path}'
    src = open(p).read()
    assert src.count(old) == 1, name
    open(p, 'w').write(src.replace(old, new))
    try:
        r = subprocess.run(['go','test','-race','-count=1','-run',RUN,'./cache'], cwd=R, capture_output=True, text=True, timeout=900)
        out = r.stdout + r.stderr
        fails = [l for l in out.splitlines() if l.startswith('--- FAIL') or '_test.go:' in l]
        print(f'== {name}: {"FAILS" if r.returncode else "passes (not caught)"}')
        for l in fails[:14]: print('   ', l.strip()[:300])
        sys.stdout.flush()
    finally:
        open(p, 'w').write(src)
