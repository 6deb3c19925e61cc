import sys, subprocess, shutil
# usage: run.py name old new testregex [race]
name, old, new, rx = sys.argv[1:5]
race = len(sys.argv) > 5
src = '/tmp/s31/h165/repo/cache/slots.go'
orig = open(src).read()
assert orig.count(old) == 1, (name, orig.count(old))
open(src, 'w').write(orig.replace(old, new))
try:
    cmd = ['go', 'test', '-count=1', '-run', rx, './cache']
    if race: cmd.insert(2, '-race')
    r = subprocess.run(cmd, cwd='/tmp/s31/h165/repo', capture_output=True, text=True, timeout=300)
    out = r.stdout + r.stderr
finally:
    open(src, 'w').write(orig)
open(f'/tmp/s31/h165/results/mutant-{name}.txt', 'w').write(' '.join(cmd) + '\n' + out)
lines = [l for l in out.splitlines() if 'FAIL' in l or 'panic' in l or 'slots_test' in l or 'DATA RACE' in l]
print(name, 'rc', r.returncode, '\n  ' + '\n  '.join(lines[:8]))
