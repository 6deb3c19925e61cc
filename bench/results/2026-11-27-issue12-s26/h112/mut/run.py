# run.py [ID...]: apply each mutant to MUTREPO/cache, build the test binary, run it
# (-test.count=1 -test.failfast, 120 s bound; race mutants built and run with -race),
# record the first failing tests, restore the file.
import sys, subprocess, time, os, re
sys.path.insert(0, '/tmp/s26/h112/mut')
from mutants import M
repo = os.environ.get('MUTREPO', '/tmp/s26/h112/mutrepo')
res_dir = '/tmp/s26/h112/results'
suf = os.environ.get('MUTSUF', '')
only = set(sys.argv[1:])
out = open(os.environ.get('MUTOUT', res_dir + '/mutants.tsv'), 'a')
done = set()
if os.environ.get('RESUME'):
    done = {l.split('\t')[0] for l in open(os.environ.get('MUTOUT', res_dir + '/mutants.tsv'))}
binp = '/tmp/s26/h112/mut.test'
for m in M:
    mid, f, old, new = m[:4]
    race = len(m) > 4 and m[4] == 'race'
    if only and mid not in only: continue
    if mid in done: continue
    while os.path.exists('/tmp/s26/h112/mut/PAUSE'):
        time.sleep(2)
    p = os.path.join(repo, 'cache', f)
    src = open(p).read()
    n = src.count(old)
    if n != 1:
        out.write(f"{mid}\t{f}\tBADPATTERN({n})\t\t\n"); out.flush(); continue
    line = src[:src.index(old)].count('\n') + 1
    open(p, 'w').write(src.replace(old, new))
    try:
        t0 = time.time()
        args = ['go', 'test', '-c', '-o', binp] + (['-race'] if race else []) + ['.']
        b = subprocess.run(args, cwd=os.path.join(repo, 'cache'), capture_output=True, text=True)
        if b.returncode != 0:
            res, by = 'COMPILE', (b.stderr.strip().splitlines() or [''])[-1][:150]
        else:
            try:
                r = subprocess.run([binp, '-test.count=1', '-test.failfast', '-test.timeout=110s'],
                                   cwd=os.path.join(repo, 'cache'), capture_output=True, text=True, timeout=130)
                o = r.stdout + r.stderr
                fails = re.findall(r'--- FAIL: (\S+)', o)
                if r.returncode == 0:
                    res, by = 'SURVIVED', ''
                elif 'panic: test timed out' in o:
                    res, by = 'KILLED', 'timeout(hang)'
                elif 'WARNING: DATA RACE' in o:
                    res, by = 'KILLED', 'race:' + ','.join(dict.fromkeys(fails))
                else:
                    by = ','.join(dict.fromkeys(fails))
                    if not by:
                        pm = re.search(r'^(panic: .*|fatal error: .*)$', o, re.M)
                        by = pm.group(1)[:120] if pm else o.strip().splitlines()[-1][:150]
                    res = 'KILLED'
                open(f'{res_dir}/out-{mid}{suf}.txt', 'w').write(o[-20000:])
            except subprocess.TimeoutExpired:
                res, by = 'KILLED', 'timeout(hang,130s)'
        out.write(f"{mid}\t{f}:{line}\t{'race ' if race else ''}{res}\t{by}\t{time.time()-t0:.0f}s\n"); out.flush()
        print(mid, res, by, flush=True)
    finally:
        open(p, 'w').write(src)
