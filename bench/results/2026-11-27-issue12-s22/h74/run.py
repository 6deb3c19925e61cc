import subprocess, sys, os, shutil
sys.path.insert(0, '/tmp/s22/h74/mut')
from mutants import M
repo = '/tmp/s22/h74/mutrepo'
only = [int(a) for a in sys.argv[1:]]
for i, (f, old, new) in enumerate(M):
    if only and i not in only: continue
    p = os.path.join(repo, 'syncer', f)
    src = open(p).read()
    c = src.count(old)
    if c != 1:
        print(i, f, 'MATCH', c, flush=True); continue
    open(p, 'w').write(src.replace(old, new))
    pkg = './syncer/mongostore/' if f.startswith('mongostore') else './syncer/'
    try:
        r = subprocess.run(['go','test','-count=1','-skip','TestNoCountLost',pkg], cwd=repo, capture_output=True, text=True, timeout=300)
        out = r.stdout + r.stderr
        fails = [l for l in out.splitlines() if l.startswith('--- FAIL') or 'build failed' in l or l.startswith('#')]
        status = 'KILLED' if r.returncode != 0 else 'SURVIVED'
    except subprocess.TimeoutExpired:
        status, fails = 'KILLED(timeout)', []
    open(p, 'w').write(src)
    print(i, f, status, repr(new[:60]), ' '.join(x.split()[2] if x.startswith('--- FAIL') else x for x in fails[:4]), flush=True)
