#!/usr/bin/env python3
"""h88: around each restart, per key: admitted per 5 s, the sliding 60 s count
(ending at each second) against the limit, and the same figure's worst in the
steady minutes before the first restart (the baseline)."""
import csv, sys, bisect, re, collections
D = sys.argv[1]
meta = open(f"{D}/meta.txt").read().split("\n")
T0 = int([l for l in meta if l.startswith("start ")][0].split()[1])
ev = [(float(l.split()[0]) - T0, l.split()[1]) for l in meta if re.match(r"^\d+\.\d+ (restart-all|restart-half)", l)]
ex = collections.defaultdict(list); up = collections.defaultdict(list)
cur = None
for l in meta:
    p = l.split()
    if len(p) >= 2 and p[1] in ("restart-all", "restart-half"): cur = p[1]
    if cur and len(p) >= 3 and p[1] == "exited": ex[cur].append(float(p[0]) - T0)
    if cur and len(p) >= 3 and p[1] == "up": up[cur].append(float(p[0]) - T0)
rows = list(csv.DictReader(open(f"{D}/answers.csv")))
LIM = {("hotrr", ""): 300, ("hotskew", ""): 200, ("burst", ""): 120, ("app", "u0"): 30, ("app", "u1"): 30, ("app", "u2"): 30, ("app", "u3"): 30}
ok = collections.defaultdict(list)
for r in rows:
    if r["status"] == "200": ok[(r["client"], r["user"])].append(int(r["start_ns"]) / 1e9 - T0)
for v in ok.values(): v.sort()
def slide(ts, e): return bisect.bisect_left(ts, e) - bisect.bisect_left(ts, e - 60)
first = ev[0][0] if ev else 1e9
for k, lim in LIM.items():
    ts = ok[k]
    base = max(slide(ts, e) for e in range(120, int(first)))
    print(f"{k}: baseline worst sliding 60 s ending in [+120, +{first:.0f}]: {base} = {base/lim:.3f}")
for t, e in ev:
    print(f"\n{e} at +{t:.1f}s: processes exited by +{max(ex[e]):.1f}s (first +{min(ex[e]):.1f}), all up by +{max(up[e]):.1f}s")
    errs = [r for r in rows if r["status"] == "0" and t - 2 <= int(r["start_ns"]) / 1e9 - T0 < t + 30]
    print(f"  connection errors: {len(errs)}, from +{min(int(r['start_ns'])/1e9-T0 for r in errs):.1f} to +{max(int(r['start_ns'])/1e9-T0 for r in errs):.1f}s" if errs else "  no connection errors")
    for k, lim in LIM.items():
        ts = ok[k]
        bins = [bisect.bisect_left(ts, t + a + 5) - bisect.bisect_left(ts, t + a) for a in range(-10, 60, 5)]
        over = [(x, slide(ts, t + x)) for x in range(0, 121)]
        worst = max(over, key=lambda z: z[1])
        last_over = max([x for x, c in over if c > lim], default=None)
        print(f"  {k[0]+('/'+k[1] if k[1] else ''):8s} per 5 s from -10 s: {bins}; worst sliding 60 s ending in the 120 s after: {worst[1]} = {worst[1]/lim:.3f} (ending +{worst[0]} s); last ending over the limit: {'+%d s' % last_over if last_over is not None else 'none'}")
