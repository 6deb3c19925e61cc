# check.py RUNREGEX MID... : apply each mutant to the clone with the new tests, run the named tests, report
import sys, subprocess, os
sys.path.insert(0, '/tmp/s26/h112/mut')
from mutants import M
repo = '/tmp/s26/h112/repo'
run = sys.argv[1]
d = {m[0]: m for m in M}
for mid in sys.argv[2:]:
    m = d[mid]; _, f, old, new = m[:4]
    race = len(m) > 4 and m[4] == 'race'
    p = os.path.join(repo, 'cache', f); src = open(p).read()
    assert src.count(old) == 1, mid
    open(p, 'w').write(src.replace(old, new))
    try:
        args = ['go', 'test', '-count=1', '-timeout=120s'] + (['-race'] if race else []) + ['-run', run, './cache/']
        r = subprocess.run(args, cwd=repo, capture_output=True, text=True)
        o = r.stdout + r.stderr
        open(f'/tmp/s26/h112/results/check-{mid}.txt', 'w').write(o[-20000:])
        lines = [l for l in o.splitlines() if '--- FAIL' in l or 'want' in l or 'DATA RACE' in l][:4]
        print(mid, 'KILLED' if r.returncode else 'SURVIVED', *lines, sep='\n  ', flush=True)
    finally:
        open(p, 'w').write(src)
