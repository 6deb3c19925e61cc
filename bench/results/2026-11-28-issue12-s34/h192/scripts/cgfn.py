#!/usr/bin/env python3
# cgfn.py OUT ROOT FUNCSUBSTR [N]: per-line instruction counts (per op, N ops) of a function in a cachegrind out file,
# with the source line's text (ROOT replaces the file paths' tree prefix).
import sys, collections, re
out, root, fsub = sys.argv[1], sys.argv[2], sys.argv[3]
N = float(sys.argv[4]) if len(sys.argv) > 4 else 1e6
fl = fn = None
cnt = collections.Counter()
names = {}
for line in open(out):
    line = line.rstrip('\n')
    if line.startswith('fl='):
        fl = line[3:]
    elif line.startswith('fn='):
        fn = line[3:]
    elif line and line[0].isdigit() and fn and fsub in fn:
        a = line.split()
        cnt[(fl, int(a[0]))] += int(a[1])
src = {}
tot = 0
for (f, ln), c in sorted(cnt.items()):
    tot += c
    try:
        if f not in src:
            src[f] = open(f).read().split('\n')
        s = src[f][ln - 1].strip()
    except Exception:
        s = '?'
    if c / N >= 0.5:
        print(f"{c/N:7.1f}  {f.split('/')[-1]}:{ln}  {s[:100]}")
print(f"total {tot/N:.1f}")
