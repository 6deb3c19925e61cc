# Model of go-limiter's memory: map[string]*bucket in Go 1.26's swiss map.
# A map is a directory of tables of up to 1024 slots (groups of 8 slots +
# an 8-byte control word: 8 + 8*(16+8) = 200 B a group, 25 B a slot); a
# table that would pass 7/8 of 1024 (896 entries) splits in two by the next
# hash bit. Per key: the bucket (56 B -> size class 64) and the key's
# string (26 B -> 32).
import random, math, sys
def slots_for(m, rnd):
    if m <= 896:
        cap = 8
        while m > cap*7//8: cap *= 2
        return cap
    a = int(round(rnd.gauss(m/2, math.sqrt(m)/2)))
    return slots_for(a, rnd) + slots_for(m-a, rnd)
def model(n, seed=1):
    rnd = random.Random(seed)
    s = slots_for(n, rnd)
    return 96 + 25*s/n, n/s
if __name__ == '__main__':
    for n in [100000,250000,500000,600000,700000,800000,900000,1000000,1200000,1500000,2000000]:
        b, l = model(n)
        print(n, "%.1f B/key, map load %.3f" % (b, l))
