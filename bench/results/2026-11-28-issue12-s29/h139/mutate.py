#!/usr/bin/env python3
# Mutants of step 2 (fbeb75f): each changes one of sum/local without the other,
# or reads one where the other is meant. Runs `go test -count=1 -p 1 ./cache/`
# (or the command in argv[1:]) on each, restores the file, prints caught/survived.
import subprocess, sys, pathlib
R = pathlib.Path('/tmp/s29/h139/repo')
M = [
 ("count-local-only", "cache/counter.go", "\tc.local[i] += n\n\tc.sum[i] += n\n", "\tc.local[i] += n\n"),
 ("count-sum-only", "cache/counter.go", "\tc.local[i] += n\n\tc.sum[i] += n\n", "\tc.sum[i] += n\n"),
 ("setGlobal-forgets-local", "cache/counter.go", "c.sum[i] = n + c.local[i]", "c.sum[i] = n"),
 ("global-is-sum", "cache/counter.go", "return c.sum[i] - c.local[i]", "return c.sum[i]"),
 ("roll1-sum-not-shifted", "cache/counter.go", "\t\tc.sum = [2]int64{c.sum[1], 0}\n", ""),
 ("roll1-sum-keeps-local-prev", "cache/counter.go", "\t\tc.sum = [2]int64{c.sum[1], 0}\n", "\t\tc.sum = [2]int64{c.sum[1], c.local[1]}\n"),
 ("roll1-sum-is-global", "cache/counter.go", "\t\tc.sum = [2]int64{c.sum[1], 0}\n", "\t\tc.sum = [2]int64{c.sum[1] - c.local[1], 0}\n"),
 ("roll2-sum-kept", "cache/counter.go", "c.sum, c.local, c.sinceRead = [2]int64{}, [2]int64{}, 0", "c.local, c.sinceRead = [2]int64{}, 0"),
 ("roll2-sum-keeps-global", "cache/counter.go", "c.sum, c.local, c.sinceRead = [2]int64{}, [2]int64{}, 0", "c.sum, c.local, c.sinceRead = [2]int64{c.sum[0] - c.local[0], c.sum[1] - c.local[1]}, [2]int64{}, 0"),
 ("adopt-extra-as-local", "cache/frames.go", "\t\t\tc.sum[i] += f.N\n\t\t\treturn true\n", "\t\t\tc.count(i, f.N)\n\t\t\treturn true\n"),
 ("adopt-orphan-as-global", "cache/frames.go", "\t\t\tc.count(i, f.N)\n\t\t\treturn true\n", "\t\t\tc.sum[i] += f.N\n\t\t\treturn true\n"),
 ("adopt-orphan-local-only", "cache/frames.go", "\t\t\tc.count(i, f.N)\n\t\t\treturn true\n", "\t\t\tc.local[i] += f.N\n\t\t\treturn true\n"),
 ("view-extra-as-local", "cache/inspect.go", "\t\t\tc.sum[i] += f.N\n", "\t\t\tc.count(i, f.N)\n"),
 ("view-orphan-as-global", "cache/inspect.go", "\t\t\tc.count(i, f.N)\n", "\t\t\tc.sum[i] += f.N\n"),
 ("view-orphan-local-only", "cache/inspect.go", "\t\t\tc.count(i, f.N)\n", "\t\t\tc.local[i] += f.N\n"),
 ("clearLocal-sum-kept", "cache/frames.go", "\t\tc.sum[0] -= c.local[0]\n\t\tc.sum[1] -= c.local[1]\n", ""),
 ("clearLocal-prev-kept", "cache/frames.go", "\t\tc.sum[0] -= c.local[0]\n", ""),
 ("clearLocal-curr-kept", "cache/frames.go", "\t\tc.sum[1] -= c.local[1]\n", ""),
 ("installFrames-clear-forgets-local", "cache/frames.go", "\t\tc.sum = c.local\n", "\t\tc.sum = [2]int64{}\n"),
 ("installFrames-no-clear", "cache/frames.go", "\t\tc.sum = c.local\n", "\t\t_ = c\n"),
 ("retire-extra-from-sum", "cache/frames.go", "\t\tif n := c.global(i); n != 0 {\n\t\t\to.extra", "\t\tif n := c.sum[i]; n != 0 {\n\t\t\to.extra"),
 ("retire-orphan-from-sum", "cache/frames.go", "\t\tif d := c.local[i]; d != 0 {\n\t\t\to.orphan = addFrame(o.orphan, c.frame(i, d))\n\t\t}\n\t}\n\treturn len", "\t\tif d := c.sum[i]; d != 0 {\n\t\t\to.orphan = addFrame(o.orphan, c.frame(i, d))\n\t\t}\n\t}\n\treturn len"),
 ("differs-slot-reads-sum", "cache/frames.go", "\t\t\tif c.global(i) != f.N {", "\t\t\tif c.sum[i] != f.N {"),
 ("differs-held-reads-sum", "cache/frames.go", "\t\t\tif c.global(slot) != 0 {", "\t\t\tif c.sum[slot] != 0 {"),
 ("addLocal-clamp-by-sum", "cache/frames.go", "n = max(n, -c.local[i])", "n = max(n, -c.sum[i])"),
 ("addLocal-local-only", "cache/frames.go", "\t\t\tc.count(i, n)\n\t\t\treturn\n", "\t\t\tc.local[i] += n\n\t\t\treturn\n"),
 ("addLocal-sum-only", "cache/frames.go", "\t\t\tc.count(i, n)\n\t\t\treturn\n", "\t\t\tc.sum[i] += n\n\t\t\treturn\n"),
 ("holdBehind-orphans-from-sum", "cache/frames.go", "\tfor i, d := range c.local {", "\tfor i, d := range c.sum {"),
 ("pending-base-from-sum", "cache/sync.go", "if n := ct.global(slot); n != 0 {", "if n := ct.sum[slot]; n != 0 {"),
 ("shareRoom-global-is-sum", "cache/share.go", "\tg := ct.globals()\n", "\tg := ct.counts()\n"),
 ("shareRoomAt-global-is-sum", "cache/share.go", "t.UsedAfter(ct.globals(), elapsed)", "t.UsedAfter(ct.counts(), elapsed)"),
 ("inspect-tier-global-is-sum", "cache/inspect.go", "\t\t\tGlobal:   ct.globals(),\n", "\t\t\tGlobal:   ct.counts(),\n"),
 ("inspect-size-global-is-sum", "cache/inspect.go", "\t\t\tGlobal: ct.globals(),\n", "\t\t\tGlobal: ct.counts(),\n"),
 ("empty-sum-only", "cache/entry.go", "c.local != [2]int64{} || c.sum != [2]int64{}", "c.sum != [2]int64{}"),
 ("empty-local-only", "cache/entry.go", "c.local != [2]int64{} || c.sum != [2]int64{}", "c.local != [2]int64{}"),
 ("commit-fast1-local-only", "cache/decide.go", "\t\t\t\t\tc0.count(i, r.cost)\n\t\t\t\t\te.mu.Unlock()", "\t\t\t\t\tc0.local[i] += r.cost\n\t\t\t\t\te.mu.Unlock()"),
 ("commit-fast2-c1-local-only", "cache/decide.go", "\t\t\t\t\t\t\tc1.count(j, r.cost)\n", "\t\t\t\t\t\t\tc1.local[j] += r.cost\n"),
 ("commit-fast2-c0-sum-only", "cache/decide.go", "\t\t\t\t\t\t\tc0.count(i, r.cost)\n", "\t\t\t\t\t\t\tc0.sum[i] += r.cost\n"),
 ("commitLocked-local-only", "cache/decide.go", "\t\t\t\t\tct.count(i, r.cost)\n\t\t\t\t\tcontinue", "\t\t\t\t\tct.local[i] += r.cost\n\t\t\t\t\tcontinue"),
]
only = set(sys.argv[1].split(',')) if len(sys.argv) > 1 and sys.argv[1] else None
cmd = sys.argv[2:] or ['go', 'test', '-count=1', '-p', '1', './cache/']
for name, f, old, new in M:
    if only and name not in only: continue
    p = R / f
    src = p.read_text()
    n = src.count(old)
    if n != 1:
        print(f"{name}: pattern found {n} times, skipped", flush=True); continue
    p.write_text(src.replace(old, new))
    try:
        r = subprocess.run(cmd, cwd=R, capture_output=True, text=True, timeout=900)
        out = r.stdout + r.stderr
        fails = [l.strip() for l in out.splitlines() if l.startswith('--- FAIL') or l.startswith('    --- FAIL')]
        top = [l for l in fails if l.startswith('--- FAIL')]
        status = 'CAUGHT' if r.returncode != 0 else 'SURVIVED'
        if r.returncode != 0 and not fails:
            status = 'BUILD/OTHER ' + out[-300:].replace('\n', ' | ')
        print(f"{name}: {status}; {len(top)} top-level tests failed: {' '.join(l.split()[2] for l in top[:12])}", flush=True)
        (R.parent / 'results' / 'mutants' ).mkdir(exist_ok=True)
        (R.parent / 'results' / 'mutants' / (name + '.txt')).write_text(out)
    finally:
        p.write_text(src)
