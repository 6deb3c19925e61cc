# Variant: a table's slot count rounded up so its hot array fills the pages
# the allocator gives it anyway (a large object: whole 8 KiB pages).
from model import model
def fillgrow(pct):
    def g(want, size):
        s = max(8, want*100//pct)
        if (s+1)*64 > 32768:
            s = -(-(s+1)//128)*128 - 1
        return s
    return g
ns=[100000,250000,500000,600000,700000,800000,900000,1000000,1200000,1500000,2000000]
grid=[int(100000*(20**(i/59))) for i in range(60)]
def summary(**kw):
    one=[model(n,32,**kw)[0]+4.7 for n in grid]; two=[model(n,48,**kw)[0]+4.7 for n in grid]
    ld=[model(n,48,**kw)[1] for n in grid]
    return "one %.1f-%.1f two %.1f-%.1f mean load %.3f"%(min(one),max(one),min(two),max(two),sum(ld)/len(ld))
print("head (70, no fill):", summary(rebuild_pct=70))
for p in (70,72,74,75,76,78,80):
    print(f"fill, rebuild {p}:", summary(grow=fillgrow(p)))
for p in (72,74,75,76,78,80):
    print(f"no fill, rebuild {p}:", summary(rebuild_pct=p))
