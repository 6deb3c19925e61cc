#!/usr/bin/env python3
"""Check new tests against chosen mutants, in the worktree /tmp/s22/h73/chk.
usage: check.py MUTFILE REGEX PKG FILES... -- IDS...
Copies FILES (test files, paths relative to the repo) from /tmp/s22/h73/repo into chk,
runs the tests without a mutant (must pass), then with each mutant (should fail)."""
import subprocess, sys, os, shutil, json
REPO, CHK = "/tmp/s22/h73/repo", "/tmp/s22/h73/chk"
a = sys.argv[1:]
i = a.index("--")
mutfile, regex, pkg, files, ids = a[0], a[1], a[2], a[3:i], a[i+1:]
ns = {}; exec(open(mutfile).read(), ns)
muts = {m[0]: m for m in ns["MUTS"]}
for f in files:
    shutil.copy(os.path.join(REPO, f), os.path.join(CHK, f))
def run():
    r = subprocess.run(["timeout", "300", "go", "test", "-count=1", "-run", regex, pkg], cwd=CHK, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr
rc, out = run()
print("no mutant:", "pass" if rc == 0 else "FAIL\n" + out[-1500:], flush=True)
log = open("/tmp/s22/h73/results/mut/check.jsonl", "a")
for mid in ids:
    _, f, old, new, note = muts[mid]
    p = os.path.join(CHK, f); src = open(p).read()
    assert src.count(old) == 1, mid
    open(p, "w").write(src.replace(old, new))
    try:
        rc, out = run()
    finally:
        open(p, "w").write(src)
    fails = sorted({l.split()[2] for l in out.splitlines() if l.strip().startswith("--- FAIL")})
    res = "killed" if rc != 0 and "build failed" not in out else ("build-error" if rc else "survived")
    print(f"{mid:5} {res:9} {' '.join(fails)[:200]}", flush=True)
    log.write(json.dumps(dict(id=mid, regex=regex, result=res, fails=fails)) + "\n")
