import sys,re
def load(path):
    rows=[l.rstrip('\n').split('\t') for l in open(path)]
    h=rows[0]; return h,[dict(zip(h,r)) for r in rows[1:]]
def slope(xs,ys):
    n=len(xs); mx=sum(xs)/n; my=sum(ys)/n
    return sum((x-mx)*(y-my) for x,y in zip(xs,ys))/sum((x-mx)**2 for x in xs)
import os
for path,lo,hi in [(a.split(':')[0],int(a.split(':')[1]),int(a.split(':')[2])) for a in sys.argv[1:]]:
    h,rs=load(path)
    rs=[r for r in rs if lo<=int(r['min'])<=hi]
    # refresh bindings from the saved metrics
    d=os.path.dirname(path)
    for r in rs:
        for l in open(f"{d}/metrics/m-{r['min']}.txt"):
            if l.startswith('oauth_ratelimit_refresh_subjects '): r['bind']=float(l.split()[1])
    xs=[int(r['min']) for r in rs]
    print(f"{path} minutes {lo}-{hi} (n={len(rs)}): per 10 min")
    for k,scale,unit in [('rss_kb',1/1024,'MB'),('heap_sys',1/2**20,'MB'),('heap_released',1/2**20,'MB'),('heap_inuse',1/2**20,'MB'),('next_gc',1/2**20,'MB'),('goroutines',1,''),('bind',1,'')]:
        ys=[float(r[k])*scale for r in rs]
        print(f"  {k:14s} first {ys[0]:9.1f} last {ys[-1]:9.1f} min {min(ys):9.1f} max {max(ys):9.1f}  slope {10*slope(xs,ys):+8.2f} {unit}/10min")
