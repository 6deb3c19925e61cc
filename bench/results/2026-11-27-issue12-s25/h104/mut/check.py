# check.py RUNREGEX MID... : apply each mutant to repo2, run the tests named, report FAIL/ok
import sys, subprocess, os
sys.path.insert(0, '/tmp/s25/h104/mut')
from mutants import M
repo = '/tmp/s25/h104/repo2'
run = sys.argv[1]
d = {m[0]: m for m in M}
for mid in sys.argv[2:]:
    _, f, old, new = d[mid]
    p = os.path.join(repo, f); src = open(p).read()
    assert src.count(old) == 1, mid
    open(p, 'w').write(src.replace(old, new))
    try:
        r = subprocess.run(['go', 'test', '-count=1', '-timeout=60s', '-run', run, '.'], cwd=repo, capture_output=True, text=True)
        o = r.stdout + r.stderr
        lines = [l for l in o.splitlines() if '--- FAIL' in l or 'want' in l][:4]
        print(mid, 'KILLED' if r.returncode else 'SURVIVED', *lines, sep='\n  ', flush=True)
    finally:
        open(p, 'w').write(src)
