from model import model
import math
ns=[int(100000*(20**(i/39))) for i in range(40)]
for pct in (70,75,77,78,80,82):
    one=[model(n,32,rebuild_pct=pct)[0]+4.7 for n in ns]
    two=[model(n,48,rebuild_pct=pct)[0]+4.7 for n in ns]
    ld=[model(n,48,rebuild_pct=pct)[1] for n in ns]
    print(pct, "one max %.1f min %.1f | two max %.1f min %.1f | load mean %.3f"%(max(one),min(one),max(two),min(two),sum(ld)/len(ld)))
