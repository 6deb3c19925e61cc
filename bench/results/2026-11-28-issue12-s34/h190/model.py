# Model of the project's slot tables: bytes a key at n keys in 256 shards.
import random, sys, math
def sizes_after(c, rebuild_pct=70, num=7, den=8, minslots=8, grow=None):
    # size of a table after c inserts (no removals), starting from newSlotTable(0) then widen rebuild at key 1
    size = minslots
    used = 0
    for k in range(c):
        # insert: if full -> rebuild for used+1
        if (used+1)*den > size*num:
            want = used+1
            size = grow(want, size) if grow else max(minslots, want*100//rebuild_pct)
        used += 1
    return size
def pageround(b):
    if b <= 32768:
        # go size classes approx: round to 8,16,...; use coarse: multiples of 512 above 1024
        for step in (8,16,32,64,128,256,512,1024,2048,4096):
            if b <= step*8: return -(-b//step)*step
        return -(-b//8192)*8192
    return -(-b//8192)*8192
def model(n, stride, shards=256, seed=1, **kw):
    rnd = random.Random(seed)
    counts=[0]*shards
    # multinomial via normal approx is fine; use exact sampling for n up to 2M is slow; approximate
    p=1/shards; mu=n*p; sd=math.sqrt(n*p*(1-p))
    tot=0; loads=[]
    cache={}
    for s in range(shards):
        c=max(1,int(round(rnd.gauss(mu,sd))))
        if c not in cache: cache[c]=sizes_after(c, **kw)
        size=cache[c]
        tot += pageround((size+1)*64) + pageround(size*stride)
        loads.append(c/size)
    return tot/n, sum(loads)/len(loads), min(loads), max(loads)
if __name__=='__main__':
    pct=int(sys.argv[1]) if len(sys.argv)>1 else 70
    for n in [100000,250000,500000,600000,700000,800000,900000,1000000,1200000,1500000,2000000]:
        a=model(n,32,rebuild_pct=pct); b=model(n,48,rebuild_pct=pct)
        print(n, "one %.1f two %.1f load %.3f [%.3f-%.3f]"%(a[0],b[0],a[1],a[2],a[3]))
