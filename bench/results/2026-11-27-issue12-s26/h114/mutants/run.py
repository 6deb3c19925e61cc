#!/usr/bin/env python3
# run.py FILE PKG 'OLD' 'NEW' NAME [go test args...]: apply one mutant, run the package's tests, restore.
import sys, subprocess, pathlib
f, pkg, old, new, name = sys.argv[1:6]
extra = sys.argv[6:]
p = pathlib.Path('/tmp/s26/h114/repo') / f
src = p.read_text()
n = src.count(old)
if n != 1:
    print(f"{name}: pattern found {n} times"); sys.exit(1)
p.write_text(src.replace(old, new))
try:
    r = subprocess.run(['go', 'test', '-count=1', *extra, pkg], cwd='/tmp/s26/h114/repo', capture_output=True, text=True, timeout=900)
    out = r.stdout + r.stderr
    fails = [l.strip() for l in out.splitlines() if l.strip().startswith('--- FAIL')]
    verdict = 'KILLED' if r.returncode != 0 else 'SURVIVED'
    pathlib.Path(f'/tmp/s26/h114/results/mutants/{name}.txt').write_text(out)
    print(f"{name}: {verdict} {fails[:6]}" + ("" if fails or r.returncode == 0 else " " + out.strip().splitlines()[-1][:200]))
finally:
    p.write_text(src)
