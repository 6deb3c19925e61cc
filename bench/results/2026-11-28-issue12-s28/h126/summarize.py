import re,collections,statistics
d=collections.defaultdict(lambda: collections.defaultdict(list))
al={}
for line in open('bench_rounds.txt'):
    m=re.match(r'(old|new) BenchmarkUpdateModel/(\S+)-2\s+\d+\s+([\d.]+) ns/op\s+(\d+) B/op\s+(\d+) allocs/op',line)
    if m:
        v,name,ns,b,a=m.groups()
        d[name][v].append(float(ns)); al[(name,v)]=(int(b),int(a))
print("%-24s %-32s %-32s %s"%("benchmark","old ns/op median [min-max]","new ns/op median [min-max]","allocs old->new, B/op old->new"))
for name in d:
    o,n=d[name]['old'],d[name]['new']
    f=lambda x:"%.0f [%.0f-%.0f]"%(statistics.median(x),min(x),max(x))
    print("%-24s %-32s %-32s %d->%d, %d->%d"%(name,f(o),f(n),al[(name,'old')][1],al[(name,'new')][1],al[(name,'old')][0],al[(name,'new')][0]))
