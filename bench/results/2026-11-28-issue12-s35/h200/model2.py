# Model of the project's bytes a key in bench (no flush): 256 shards, the
# exact integer growth (full at 7/8, rebuilt to want*100/70), Go 1.26's size
# classes (objects with pointers > 512 B carry an 8-byte malloc header: the
# cold arrays), large objects in 8 KiB pages, and the dirty list: HEAD's
# []uint32 (append's growth) or a bitmap of the table's slots.
import random, math, sys
CLASSES=[0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768]
def alloc(b, ptr=False):
    if ptr and b > 512: b += 8
    if b <= 32768:
        for c in CLASSES:
            if c >= b: return c
    return -(-b//8192)*8192
def appendcap(n):
    # growslice for 4-byte elements, appending one at a time
    cap=0
    while cap < n:
        old=cap; need=old+1
        if old < 256: nc = max(need, 2*old)
        else:
            nc=old
            while nc < need: nc += (nc + 3*256)>>2
        cap = alloc(nc*4)//4
    return cap
def head_size(want, stride):
    return max(8, want*100//70)
def seq(c, sizer, stride):
    size=8; used=0
    for k in range(c):
        if (used+1)*8 > size*7:
            size = sizer(used+1, stride)
        used+=1
    return size
def shard_bytes(c, sizer, stride, lists):
    s = seq(c, sizer, stride)
    b = alloc(64*(s+1)) + alloc(stride*s, ptr=True)
    if lists == 'list': b += appendcap(c)*4
    elif lists == 'bits': b += alloc(8*((s+63)//64))
    return b, c/s
_memo={}
def model(n, sizer=head_size, stride=32, lists='list', shards=256, seeds=4):
    tot=0; loads=0
    for seed in range(seeds):
        rnd=random.Random(seed*7919+n)
        left=n
        for i in range(shards):
            if i==shards-1: c=left
            else:
                p=1/(shards-i); mu=left*p; sd=math.sqrt(left*p*(1-p))
                c=max(1,min(left,int(round(rnd.gauss(mu,sd)))))
            left-=c
            key=(c,sizer,stride,lists)
            if key not in _memo: _memo[key]=shard_bytes(c,sizer,stride,lists)
            b,l=_memo[key]; tot+=b; loads+=l
    return tot/(n*seeds), loads/(shards*seeds)
GL={100000:131.0,250000:151.9,500000:151.8,800000:131.0,1000000:151.8,1500000:133.3,2000000:151.8}
