import subprocess, sys
R='/tmp/s32/h175/repo'
muts = [
 ('F1 revert: hold a back candidate at the offset it left (n = held)', 'clock.go', 'n = min(held, max(n, c.last))', 'n = held', '.', 'TestCoarseClock'),
 ('F1a no cap by held (max(n, c.last))', 'clock.go', 'n = min(held, max(n, c.last))', 'n = max(n, c.last)', '.', 'TestCoarseClock'),
 ('F1b follow a back candidate at once (min(held, n))', 'clock.go', 'n = min(held, max(n, c.last))', 'n = min(held, n)', '.', 'TestCoarseClock'),
 ('F1c last not updated by the tick', 'clock.go', '\tc.last = n\n\treturn', '\treturn', '.', 'TestCoarseClock'),
 ('F2 revert: evicted keys by the HEAD rule', 'cache/frames.go', 'if e.steps != nil {\n\t\te.dropBehindSteps(u)', 'if e.steps != nil && !e.is(evicted) {\n\t\te.dropBehindSteps(u)', './cache', 'TestSteps'),
 ('F2a evictForCap opens without steps', 'cache/evict.go', 'o := rec.open()\n\to.steps = c.cfg.Steps', 'o := rec.open()', './cache', 'TestSteps'),
 ('S1 Steps ignores excess while awake (0, low)', 'clock.go', 'return c.excess.Load(), c.low.Load()', 'return 0, c.low.Load()', '.', 'TestCoarseClock'),
 ('S2 lowOf without its -1', 'cache/steps.go', 'return min(u-excess, low) - 1', 'return min(u-excess, low)', './cache', 'TestSteps'),
 ('S3 rollOutSteps ul without its -1', 'cache/steps.go', 'ul := min(u-excess, low) - 1', 'ul := min(u-excess, low)', './cache', 'TestSteps'),
 ('S4 TakeDirty open without steps (sync.go:87)', 'cache/sync.go', '\t\t\to := e.open()\n\t\t\to.steps = c.cfg.Steps\n\t\t\tp := o.pending(now)', '\t\t\to := e.open()\n\t\t\tp := o.pending(now)', './cache', 'TestSteps'),
]
for name, f, old, new, pkg, run in muts:
    p = R + '/' + f
    s = open(p).read()
    if s.count(old) != 1:
        print(name, ': PATTERN COUNT', s.count(old)); continue
    open(p, 'w').write(s.replace(old, new))
    try:
        r = subprocess.run(['go', 'test', '-count=1', '-run', run, pkg], cwd=R, capture_output=True, text=True, timeout=600)
        out = r.stdout + r.stderr
        lines = [l for l in out.splitlines() if l.startswith('--- FAIL') or '_test.go:' in l]
        print('==', name, '->', 'CAUGHT' if r.returncode else 'NOT CAUGHT')
        for l in lines[:6]: print('   ', l.strip()[:230])
        sys.stdout.flush()
    finally:
        open(p, 'w').write(s)
