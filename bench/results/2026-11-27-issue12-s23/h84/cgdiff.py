# cgdiff.py DIR handler A B [rows]: per function (cachegrind's file:function, self cost), the instructions
# a request of variant B less those of A: (count at 5000 - count at 1000) / 4000 for each
import re, subprocess, sys
d, h, A, B = sys.argv[1:5]
rows_n = int(sys.argv[5]) if len(sys.argv) > 5 else 50
def load(v, n):
    out = subprocess.run(['cg_annotate', '--auto=no', '--threshold=0', '%s/%s-%s-%d.out' % (d, h, v, n)], capture_output=True, text=True).stdout
    m = {}
    on = False
    for line in out.splitlines():
        if 'file:function' in line: on = True; continue
        if not on: continue
        mm = re.match(r'\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$', line)
        if not mm: continue
        f = re.sub(r'/tmp/s23/h84/repo/', '', mm.group(2))
        m[f] = m.get(f, 0) + int(mm.group(1).replace(',', ''))
    return m
a1, a5, b1, b5 = load(A, 1000), load(A, 5000), load(B, 1000), load(B, 5000)
rows = []
for k in set(a1) | set(a5) | set(b1) | set(b5):
    pa = (a5.get(k, 0) - a1.get(k, 0)) / 4000
    pb = (b5.get(k, 0) - b1.get(k, 0)) / 4000
    rows.append((pb - pa, pa, pb, k))
rows.sort(reverse=True)
print("# %s: %s -> %s, instructions a request per function (self), (N=5000 - N=1000)/4000" % (h, A, B))
print("total diff %.0f, %s total %.0f, %s total %.0f" % (sum(r[0] for r in rows), A, sum(r[1] for r in rows), B, sum(r[2] for r in rows)))
print("    diff        A        B function")
for r in rows[:rows_n]: print("%8.1f %8.1f %8.1f %s" % (r[0], r[1], r[2], r[3][:150]))
print('...')
for r in rows[-15:]: print("%8.1f %8.1f %8.1f %s" % (r[0], r[1], r[2], r[3][:150]))
