#!/usr/bin/env python3
# mutants.py: each mutant takes one piece of h198's change out (or bends it) in
# the worktree /tmp/s35/h202/mut and runs the cache tests that should catch it.
import subprocess, sys, pathlib
W = pathlib.Path("/tmp/s35/h202/mut")
RUN = "Steps|Held|Evict|Taken|Dropped|AppendLocal|Conserve|Model"
M = {
 "M1-evict-flushable": ("cache/evict.go", "\t\tif o.steps != nil {\n\t\t\tc.dropped.Add(Requests(o.localFrames()))", "\t\tif false {\n\t\t\tc.dropped.Add(Requests(o.localFrames()))"),
 "M2-appendheld-nothing": ("cache/sync.go", "if held && o.steps != nil && o.more != nil {", "if false && held && o.steps != nil && o.more != nil {"),
 "M3-appendheld-nosteps-guard": ("cache/sync.go", "if held && o.steps != nil && o.more != nil {", "if held && o.more != nil {"),
 "M4-cap-never-while-taken": ("cache/steps.go", "\tif most < 0 {\n\t\treturn\n\t}", "\tif most < 0 || e.isCold(taken) {\n\t\treturn\n\t}"),
 "M5-cap-allfree": ("cache/steps.go", "free = func(f orphanFrame) bool { return f.StartUnix >= o.tookUpTo }", "free = func(f orphanFrame) bool { return true }"),
 "M6-cap-free-gt": ("cache/steps.go", "return f.StartUnix >= o.tookUpTo }", "return f.StartUnix > o.tookUpTo }"),
 "M7-cap-free-one-early": ("cache/steps.go", "return f.StartUnix >= o.tookUpTo }", "return f.StartUnix >= o.tookUpTo-1 }"),
 "M8-cap-nobreak": ("cache/steps.go", "\t\tif oldest < 0 {\n\t\t\tbreak // the rest may be the flush's\n\t\t}\n", ""),
 "M9-cap-delete-ul-unguarded": ("cache/steps.go", "behind(f.Frame, ul) && free(f) })", "behind(f.Frame, ul) })"),
 "M10-cap-oldest-unguarded": ("cache/steps.go", "if isHeld(f) && free(f) && (oldest", "if isHeld(f) && (oldest"),
 "M11-take-no-tookFrames": ("cache/sync.go", "\t\t\t\t\to.tookFrames(p.Delta)\n", ""),
 "M12-tookFrames-no-plus1": ("cache/steps.go", "e.more.tookUpTo = newest + 1", "e.more.tookUpTo = newest"),
 "M13-tookFrames-first-frame": ("cache/steps.go", "if i == 0 || f.StartUnix > newest {", "if i == 0 {"),
 "M14-overflow-no-tookUpTo": ("cache/steps.go", "if e.more != nil || e.steps == nil || !e.isCold(taken) {", "if true {"),
 "M15-overflow-no-plus1": ("cache/steps.go", "o.tookUpTo = s + 1", "o.tookUpTo = s"),
 "M16-overflow-first-counter": ("cache/steps.go", "for i := range int(e.n) {\n\t\tif s := e.at(i).start", "for i := range 1 {\n\t\tif s := e.at(i).start"),
 "M17-overflow-oldest-counter": ("cache/steps.go", "if s := e.at(i).start; i == 0 || s >= o.tookUpTo {", "if s := e.at(i).start; i == 0 || s < o.tookUpTo {"),
}
names = sys.argv[1:] or list(M)
for name in names:
    f, old, new = M[name]
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=W, check=True)
    p = W / f
    s = p.read_text()
    if s.count(old) != 1:
        print(f"{name}: pattern found {s.count(old)} times", flush=True); continue
    p.write_text(s.replace(old, new))
    r = subprocess.run(["go", "test", "-count=1", "-vet=off", "-run", RUN, "./cache"], cwd=W, capture_output=True, text=True)
    out = r.stdout + r.stderr
    fails = [l.strip() for l in out.splitlines() if l.strip().startswith("--- FAIL")]
    (pathlib.Path("/tmp/s35/h202/results") / f"mutant-{name}.txt").write_text(out)
    print(f"{name}: {'CAUGHT' if r.returncode else 'NOT CAUGHT'} {fails}", flush=True)
subprocess.run(["git", "checkout", "-q", "--", "."], cwd=W, check=True)
