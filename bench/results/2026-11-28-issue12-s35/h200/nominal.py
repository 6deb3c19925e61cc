# The nominal ladder: every table has HEAD's size (nominal) and, if small,
# an actual size trimmed under its allocation's edge; a growth rebuild sizes
# the next table for the want HEAD's would have grown at, so the ladder above
# the limit is HEAD's exactly.
from model2 import alloc
def head(want): return max(8, want*100//70)
def A(s, stride): return alloc(64*(s+1)) + alloc(stride*s, ptr=True)
def fill(s, stride):
    while True:
        t = min(alloc(64*(s+1))//64 - 1, (lambda a: (a - (8 if a <= 32768 and stride*s > 512 else 0))//stride)(alloc(stride*s, ptr=True)))
        if t <= s: return s
        s = t
def trim(nom, want, stride, limit, maxload):
    if 64*(nom+1) > limit: return nom
    a0 = A(nom, stride); s = nom-1
    while s >= 8 and want*100 <= maxload*s:
        if A(s, stride) < a0: return fill(s, stride)
        s -= 1
    return nom
def sizes_table(stride, limit, maxload, cmax=12000):
    out=[0]*(cmax+1); nom=8; act=8; used=0
    for c in range(1, cmax+1):
        if (used+1)*8 > act*7:
            gw = nom*7//8 + 1          # HEAD's want at its growth
            want = max(used+1, gw)
            nom = head(want); act = trim(nom, want, stride, limit, maxload)
        used += 1; out[c] = act
    return out
if __name__ == '__main__':
    import sys
    limit=int(sys.argv[1]); ml=int(sys.argv[2])
    st=sizes_table(32, limit, ml)
    prev=0
    for c in range(1,12001):
        if st[c]!=prev: print(c, st[c], A(st[c],32)); prev=st[c]
