import collections, sys
d=collections.defaultdict(dict)
bins=[]
for l in open(sys.argv[1]):
    p=l.split()
    if len(p)<3: continue
    b,f,v=p[0],' '.join(p[1:-1]),float(p[-1])
    if b not in bins: bins.append(b)
    d[f][b]=v
rows=[(f,v) for f,v in d.items() if max(abs(v.get(b,0)-v.get(bins[0],0)) for b in bins)>=0.5]
rows.sort(key=lambda r:-max(abs(r[1].get(b,0)-r[1].get(bins[0],0)) for b in bins))
print(' '.join('%9s'%b for b in bins))
for f,v in rows[:25]:
    print(' '.join('%9.2f'%v.get(b,0) for b in bins), f[-90:])
