#!/usr/bin/env python3
"""(h78: copied from h73's run.py; REPO and OUT are required, MODE=run adds -run $RUN with -race.)
Apply one mutation at a time to the worktree, run the package's tests, restore.
usage: MODE=quick|full run.py MUTFILE [ids...]
MUTFILE defines MUTS = [(id, file, old, new, note)]; old must occur exactly once in file.
quick: go test -count=1 -short -failfast PKG (timeout 240s)
long:  go test -count=1 PKG (no -short: the cache's table model runs all its seeds)
full:  SYNCER_PROPERTY_SEEDS=8 SYNCER_SIM_SEEDS=4 SYNCER_RESET_SEEDS=12 SYNCER_BOUND_SEEDS=12 go test -count=1 -run 'the four randomized tests' PKG (timeout 600s)
PKGS env overrides the package list (default: the mutated file's package)."""
import subprocess, sys, re, json, time, os
REPO = os.environ["REPO"]
MODE = os.environ.get("MODE", "quick")
ns = {}
exec(open(sys.argv[1]).read(), ns)
muts = ns["MUTS"]
only = set(sys.argv[2:])
out = open(os.environ["OUT"], "a")
def sh(cmd, env=None, **kw):
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=env, **kw)
for mid, f, old, new, note in muts:
    if only and mid not in only:
        continue
    if sh(["git", "status", "--porcelain", "--", f]).stdout.strip():
        print(f"{mid}: {f} not clean, abort"); sys.exit(1)
    p = os.path.join(REPO, f)
    src = open(p).read()
    if src.count(old) != 1:
        print(f"{mid}: {f} has {src.count(old)} of {old!r}", flush=True); continue
    j = src.index(old) + (len(old) - len(old.lstrip()))
    line = src[:j].count("\n") + 1
    open(p, "w").write(src.replace(old, new))
    pkgs = os.environ.get("PKGS", "./" + os.path.dirname(f) + "/").split()
    env = dict(os.environ)
    if MODE == "quick":
        cmd = ["timeout", "240", "go", "test", "-count=1", "-short", "-failfast"] + pkgs
    elif MODE == "run":  # one test pattern only, with -race (RUN env)
        cmd = ["timeout", "300", "go", "test", "-count=1", "-race", "-run", os.environ["RUN"]] + pkgs
    elif MODE == "long":
        cmd = ["timeout", "300", "go", "test", "-count=1"] + pkgs
    else:
        env.update(SYNCER_PROPERTY_SEEDS="8", SYNCER_SIM_SEEDS="4", SYNCER_RESET_SEEDS="12", SYNCER_BOUND_SEEDS="12")
        cmd = ["timeout", "600", "go", "test", "-count=1", "-run", "TestNoCountLostNoneTwice|TestSimulation|TestResetUnderChaos|TestEstimateNeverAboveTheCount"] + pkgs
    t0 = time.time()
    try:
        r = sh(cmd, env=env)
    finally:
        open(p, "w").write(src)
    dt = time.time() - t0
    assert not sh(["git", "status", "--porcelain", "--", f]).stdout.strip()
    outp = r.stdout + r.stderr
    if r.returncode == 0:
        res, by = "survived", ""
    elif "[build failed]" in outp or "[setup failed]" in outp:
        res, by = "build-error", outp[:300]
    else:
        fails = re.findall(r"--- FAIL: (\S+)", outp)
        top = sorted({x.split("/")[0] for x in fails})
        if "panic:" in outp and not top:
            top = ["panic"]
        if r.returncode == 124:
            top = ["timeout"] + top
        res, by = "killed", ",".join(top) or outp[-200:]
    rec = dict(id=mid, file=f, line=line, old=old, new=new, note=note, mode=MODE, pkgs=pkgs, result=res, by=by, secs=round(dt, 1))
    out.write(json.dumps(rec) + "\n"); out.flush()
    print(f"{mid:5} {f}:{line} {res:9} {by[:140]} ({dt:.0f}s)", flush=True)
