import re,sys,statistics as st
from collections import defaultdict
d=defaultdict(lambda: defaultdict(list))
v=None
for line in open(sys.argv[1]):
    m=re.match(r'=== round (\d+) (old|new)',line)
    if m: v=m.group(2); continue
    if line.startswith('Benchmark'):
        f=line.split()
        name=f[0]
        vals={}
        for i in range(2,len(f)-1):
            try: x=float(f[i])
            except: continue
            vals[f[i+1]]=x
        if 'ns/key' not in vals and name.startswith('BenchmarkPullOnce/'):
            n=int(re.search(r'keys=(\d+)',name).group(1)); vals['ns/key']=vals['ns/op']/n
        d[name][v].append(vals)
print(f"{'benchmark':50s} {'ns/key old (median, min-max)':>30s} {'ns/key new':>30s} {'allocs/op old':>14s} {'new':>8s} {'B/op old':>10s} {'new':>10s}")
for name in d:
    o,n=d[name]['old'],d[name]['new']
    def s(L,k):
        xs=[x[k] for x in L]; return f"{st.median(xs):.1f} ({min(xs):.0f}-{max(xs):.0f})"
    def m(L,k): return f"{st.median([x[k] for x in L]):.0f}"
    print(f"{name:50s} {s(o,'ns/key'):>30s} {s(n,'ns/key'):>30s} {m(o,'allocs/op'):>14s} {m(n,'allocs/op'):>8s} {m(o,'B/op'):>10s} {m(n,'B/op'):>10s}  n={len(o)},{len(n)}")
