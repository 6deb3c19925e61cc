# Dense sweep: bytes a key, project (model2/model3 + 340000/n fixed) against
# go-limiter (h190's model + 2.2, its smallest measured offset).
import math, random, sys
from model2 import alloc, appendcap
from model3 import *
from model_golimiter import model as gm
def sizes_table(sizer, stride, cmax=12000):
    out=[0]*(cmax+1); s=8; used=0
    for c in range(1,cmax+1):
        if (used+1)*8 > s*7: s=sizer(used+1,stride)
        used+=1; out[c]=s
    return out
def pmodel(n, st, stride, lists='bits', shards=256, seeds=3):
    tot=0; loads=0
    for seed in range(seeds):
        rnd=random.Random(seed*7919+n); left=n
        for i in range(shards):
            if i==shards-1: c=left
            else:
                p=1/(shards-i); mu=left*p; sd=math.sqrt(left*p*(1-p))
                c=max(1,min(left,int(round(rnd.gauss(mu,sd)))))
            left-=c; s=st[c]
            b=alloc(64*(s+1))+alloc(stride*s,ptr=True)
            b+= alloc(8*((s+63)//64)) if lists=='bits' else appendcap(c)*4
            tot+=b; loads+=c/s
    return tot/(n*seeds)+340000/n, loads/(shards*seeds)
def glm(n): return sum(gm(n,seed=s)[0] for s in range(4))/4+2.2
if __name__=='__main__':
    rules=dict(head=head_size, near=near_size, trim75=mk_trim(75), nearhot64k=mk_near_hot(65536), nearhot128k=mk_near_hot(131072), nearhot256k=mk_near_hot(262144))
    names=sys.argv[1:] or list(rules)
    ns=[int(100000*(20**(i/79))) for i in range(80)]
    G={n:glm(n) for n in ns}
    for name in names:
        r=rules[name]
        for stride in (32,48):
            st=sizes_table(r,stride)
            worst=-1e9; wn=0; above=0; ls=[]
            for n in ns:
                b,l=pmodel(n,st,stride); ls.append(l)
                d=b-G[n]
                if d>worst: worst,wn=d,n
                if d>0: above+=1
            b1,l1=pmodel(1000000,st,stride)
            print('%-12s %d worst %+.1f at %d, above at %d of %d, mean load %.3f, 1M %.1f load %.3f'%(name,stride,worst,wn,above,len(ns),sum(ls)/len(ls),b1,l1))
