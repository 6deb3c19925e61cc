import sys, subprocess, time, os, re
sys.path.insert(0, '/tmp/s25/h104/mut')
from mutants import M
repo = os.environ.get('MUTREPO', '/tmp/s25/h104/repo')
only = set(sys.argv[1:])
out = open(os.environ.get('MUTOUT', '/tmp/s25/h104/results/mutants.tsv'), 'a')
for mid, f, old, new in M:
    if only and mid not in only: continue
    p = os.path.join(repo, f)
    src = open(p).read()
    n = src.count(old)
    if n != 1:
        out.write(f"{mid}\t{f}\tBADPATTERN({n})\t\t\n"); out.flush(); continue
    line = src[:src.index(old)].count('\n') + 1
    open(p, 'w').write(src.replace(old, new))
    try:
        t0 = time.time()
        b = subprocess.run(['go', 'test', '-c', '-o', '/tmp/s25/h104/mut.test', '.'], cwd=repo, capture_output=True, text=True)
        if b.returncode != 0:
            res, by = 'COMPILE', b.stderr.strip().splitlines()[-1][:150]
        else:
            try:
                r = subprocess.run(['/tmp/s25/h104/mut.test', '-test.count=1', '-test.failfast', '-test.timeout=90s'], cwd=repo, capture_output=True, text=True, timeout=120)
                o = r.stdout + r.stderr
                fails = re.findall(r'--- FAIL: (\S+)', o)
                if r.returncode == 0:
                    res, by = 'SURVIVED', ''
                elif 'panic: test timed out' in o:
                    res, by = 'KILLED', 'timeout(hang)'
                else:
                    res, by = 'KILLED', ','.join(dict.fromkeys(fails)) or o.strip().splitlines()[-1][:150]
                open(f'/tmp/s25/h104/results/out-{mid}{os.environ.get("MUTSUF","")}.txt','w').write(o[-20000:])
            except subprocess.TimeoutExpired:
                res, by = 'KILLED', 'timeout(hang,120s)'
        out.write(f"{mid}\t{f}:{line}\t{res}\t{by}\t{time.time()-t0:.0f}s\n"); out.flush()
        print(mid, res, by, flush=True)
    finally:
        open(p, 'w').write(src)
