from model2 import *
def cap_hot(s):  # most slots whose hot array (s+1 lines) fits the allocation of s's
    return alloc(64*(s+1))//64 - 1
def cap_cold(s, stride):
    a = alloc(stride*s, ptr=True)
    return (a - (8 if a <= 32768 and stride*s > 512 else 0))//stride
def fill(s, stride):
    # the most slots of the same allocations as s's
    while True:
        t = min(cap_hot(s), cap_cold(s, stride))
        if t <= s: return s
        s = t
def fill_size(want, stride):
    return fill(max(8, want*100//70), stride)
def mk_trim(maxload_pct, dofill=True):
    def sz(want, stride):
        s0 = max(8, want*100//70)
        a0 = alloc(64*(s0+1)) + alloc(stride*s0, ptr=True)
        best = fill(s0, stride) if dofill else s0
        # the largest s below s0 whose allocation is smaller, if its load at want is at most maxload
        lo = -(-want*100//maxload_pct)
        s = s0-1
        while s >= max(8,lo):
            a = alloc(64*(s+1)) + alloc(stride*s, ptr=True)
            if a < a0:
                return fill(s, stride) if dofill else s
            s -= 1
        return best
    return sz
def down_fit(s0, stride):
    a0 = alloc(64*(s0+1)) + alloc(stride*s0, ptr=True)
    s = s0-1
    while s >= 8:
        if alloc(64*(s+1)) + alloc(stride*s, ptr=True) < a0:
            return fill(s, stride)
        s -= 1
    return s0
def near_size(want, stride):
    s0 = max(8, want*100//70)
    up = fill(s0, stride); dn = down_fit(s0, stride)
    return up if up - s0 <= s0 - dn else dn
def mk_near_hot(limit):
    # nearest fit only for tables whose hot array is at most limit bytes
    def sz(want, stride):
        s0 = max(8, want*100//70)
        if 64*(s0+1) > limit: return s0
        return near_size(want, stride)
    return sz
