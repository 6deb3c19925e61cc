# usage: check.py REPO ID TESTREGEX PKG... ; applies mutant ID to REPO, runs go test -run TESTREGEX, restores
import sys, subprocess
sys.path.insert(0, '/tmp/s27/h116/results/mut')
from mutants import MUTANTS
repo, mid, run, pkgs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
f, old, new = MUTANTS[mid]
p = repo + '/' + f
src = open(p).read()
assert src.count(old) == 1, (mid, src.count(old))
open(p, 'w').write(src.replace(old, new))
try:
    r = subprocess.run(['go', 'test', '-count=1', '-p', '1', '-run', run] + pkgs, cwd=repo, capture_output=True, text=True, timeout=600)
    out = r.stdout + r.stderr
finally:
    open(p, 'w').write(src)
open('/tmp/s27/h116/results/check-%s.txt' % mid, 'w').write(out)
print(mid, 'exit', r.returncode)
print(out[-3000:])
