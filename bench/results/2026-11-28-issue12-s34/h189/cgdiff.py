# cgdiff.py A1 A2 B1 B2 DN [N]: per function (fl:fn), (count in A2 - A1)/DN and the same for B; rows sorted by B - A.
import sys, collections
def load(p):
    d = collections.Counter(); fl = fn = None
    for line in open(p):
        if line.startswith('fl='): fl = line[3:].strip()
        elif line.startswith('fn='): fn = line[3:].strip()
        elif line[:1].isdigit() and fn is not None:
            parts = line.split()
            if len(parts) >= 2: d[fl + ':' + fn] += int(parts[1])
    return d
a1, a2, b1, b2 = (load(p) for p in sys.argv[1:5])
dn = float(sys.argv[5]); n = int(sys.argv[6]) if len(sys.argv) > 6 else 60
rows = []
for k in set(a1) | set(a2) | set(b1) | set(b2):
    pa = (a2[k] - a1[k]) / dn; pb = (b2[k] - b1[k]) / dn
    rows.append((pb - pa, pa, pb, k))
rows.sort(reverse=True)
print("total diff %.0f, A total %.0f, B total %.0f" % (sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows)))
print("%8s %8s %8s %s" % ("B-A", "A", "B", "file:function"))
for r in rows[:n]: print("%8.1f %8.1f %8.1f %s" % (r[0], r[1], r[2], r[3][:170]))
print('...')
for r in rows[-8:]: print("%8.1f %8.1f %8.1f %s" % (r[0], r[1], r[2], r[3][:170]))
