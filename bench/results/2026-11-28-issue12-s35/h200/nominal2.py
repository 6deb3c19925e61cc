# As nominal.py, with the rule as coded: a table whose hot array is over
# 32 KiB and at most LIMIT is trimmed to the whole pages under it (no joint
# fit with the cold array), if the load at want stays at most ML %.
from model2 import alloc
def head(want): return max(8, want*100//70)
def trim(nom, want, limit, ml):
    b = 64*(nom+1)
    if b <= 32768 or b > limit or b % 8192 == 0: return nom
    s = (b//8192)*8192//64 - 1
    if want*100 <= ml*s: return s
    return nom
def sizes_table(stride, limit, ml, cmax=12000):
    out=[0]*(cmax+1); nom=8; act=8; used=0
    for c in range(1, cmax+1):
        if (used+1)*8 > act*7:
            want = max(used+1, nom*7//8 + 1)
            nom = head(want); act = trim(nom, want, limit, ml)
        used += 1; out[c] = act
    return out
