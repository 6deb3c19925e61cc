import subprocess, sys, json, os, time
REPO='/tmp/s21/h69/repo'
muts=json.load(open(sys.argv[1]))
out=open(sys.argv[2],'a')
for m in muts:
    mid,f,old,new,pkg=m['id'],m['file'],m['old'],m['new'],m['pkg']
    p=os.path.join(REPO,f)
    src=open(p).read()
    n=src.count(old)
    if n!=1:
        out.write(f"{mid}\tSKIP (old occurs {n} times)\t{f}\n"); out.flush(); continue
    open(p,'w').write(src.replace(old,new,1))
    try:
        t=time.time()
        r=subprocess.run(['bash','-c',f'source /work/main/.tmp/services.env; cd {REPO} && go test -count=1 -timeout 240s {pkg} 2>&1'],capture_output=True,text=True,timeout=400)
        res='caught' if r.returncode!=0 else 'SURVIVED'
        tail=[l for l in r.stdout.splitlines() if l.startswith('--- FAIL') or 'panic:' in l or 'build failed' in l or '[setup failed]' in l][:3]
        open(os.path.join('/tmp/s21/h69/mut',mid+'.log'),'w').write(r.stdout)
        out.write(f"{mid}\t{res}\t{time.time()-t:.0f}s\t{f}\t{'; '.join(tail)}\n"); out.flush()
    except subprocess.TimeoutExpired:
        out.write(f"{mid}\tcaught? (runner timeout)\t{f}\n"); out.flush()
    finally:
        open(p,'w').write(src)
