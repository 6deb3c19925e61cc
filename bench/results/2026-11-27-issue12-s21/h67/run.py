#!/usr/bin/env python3
"""Apply one mutation at a time to the clone, run the package's tests, restore.
usage: run.py MUTFILE [ids...]   MUTFILE: python file defining MUTS = [(id, file, line, old, new, note)]"""
import subprocess, sys, re, json, time, os
REPO = "/tmp/s21/h67/repo"
ns = {}
exec(open(sys.argv[1]).read(), ns)
muts = ns["MUTS"]
only = set(sys.argv[2:])
out = open(os.environ.get("OUT", "/tmp/s21/h67/results/mutations.jsonl"), "a")
def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, **kw)
for mid, f, line, old, new, note in muts:
    if only and mid not in only:
        continue
    st = sh(["git", "status", "--porcelain", "--", f])
    if st.stdout.strip():
        print(f"{mid}: {f} not clean, abort"); sys.exit(1)
    src = open(os.path.join(REPO, f)).read().split("\n")
    l = src[line-1]
    if l.count(old) != 1:
        print(f"{mid}: {f}:{line} has {l.count(old)} of {old!r}: {l!r}"); sys.exit(1)
    src[line-1] = l.replace(old, new)
    open(os.path.join(REPO, f), "w").write("\n".join(src))
    pkg = "./" + os.path.dirname(f) + "/"
    t0 = time.time()
    r = sh(["timeout", "300", "go", "test", "-count=1", pkg])
    dt = time.time() - t0
    sh(["git", "checkout", "--", f])
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
            top = ["timeout"]
        res, by = "caught", ",".join(top) or outp[-200:]
    rec = dict(id=mid, file=f, line=line, old=old, new=new, note=note, result=res, by=by, secs=round(dt,1))
    out.write(json.dumps(rec) + "\n"); out.flush()
    print(f"{mid:5} {f}:{line} {res:9} {by[:120]}", flush=True)
