#!/usr/bin/env python3
"""h99 soak: tokens issued (the load's log) against the limits, per aligned frame.

usage: requests.py requests.csv [since_ms]
Each CSV line: t0_ms,t1_ms,instance,client,user,grant,status.
A request's frame is taken from t0 (sent) and t1 (answered); a frame's count
is given as a range [issued whose t0 and t1 both fall in it, issued whose t0
or t1 does], so a request whose decision time is unknown within its round
trip is not pinned to one frame.
"""
import collections, sys

rows = []
for ln in open(sys.argv[1]):
    p = ln.rstrip('\n').split(',')
    if len(p) != 7:
        continue
    if len(sys.argv) > 2 and int(p[0]) < int(sys.argv[2]):
        continue
    rows.append((int(p[0]), int(p[1]), int(p[2]), p[3], p[4], p[5], int(p[6])))
print(f"requests: {len(rows)}; from {rows[0][0]} to {rows[-1][1]} ms, {(rows[-1][1]-rows[0][0])/60000:.1f} min")

def cls(c, u):
    if c == 'mobile':
        if u.startswith('u-'): return 'mobile/u-* (refresh users)'
        if u.startswith('p-'): return 'mobile/p-* (password users)'
        if u.startswith('steady-u'): return 'mobile/steady-u*'
        return 'mobile/other'
    if c.startswith('eph-'): return 'eph-* (ephemeral clients)'
    if c.startswith('gen-'): return 'gen-* (policy generation clients)'
    return c

by = collections.Counter()
for r in rows:
    by[(cls(r[3], r[4]), r[5], r[6])] += 1
print("\nclass, grant, status: count")
for k in sorted(by):
    print(f"  {k[0]:38s} {k[1]:18s} {k[2]:4d}: {by[k]}")

# limits (policy template in _soak/load): user 6/10s and 15/1m (mobile and
# the defaults); client defaults 300/10s, 1200/1m; steady-1 250 or 270 /1m
# (alternating with generations), gen-K 100/1m.
def limits(c, u):
    if u:
        return {10: 6, 60: 15}
    if c == 'steady-1':
        return {60: 250}  # the lower of 250/270: an excess over it is checked against 270 too
    if c.startswith('gen-'):
        return {60: 100}
    return {10: 300, 60: 1200}

counts = {}  # (c,u,size,start) -> [sure, maybe]
for t0, t1, i, c, u, g, st in rows:
    if st != 200:
        continue
    for size in limits(c, u):
        s0, s1 = (t0 // 1000) // size * size, (t1 // 1000) // size * size
        for s in {s0, s1}:
            e = counts.setdefault((c, u, size, s), [0, 0])
            e[1] += 1
            if s0 == s1:
                e[0] += 1
over = collections.defaultdict(list)
for (c, u, size, s), (sure, maybe) in counts.items():
    lim = limits(c, u)[size]
    if c == 'steady-1':
        lim = 270
    if sure > lim:
        over[(cls(c, u), size)].append((sure - lim, c, u, s, sure, maybe))
print("\nframes (aligned to the epoch) whose issued tokens surely exceed the limit:")
nframes = collections.Counter((cls(c, u), size) for (c, u, size, s) in counts)
for k in sorted(nframes):
    o = over.get(k, [])
    worst = max(o) if o else None
    print(f"  {k[0]:38s} {k[1]:3d}s: {len(o)} of {nframes[k]} frames over" + (f"; worst +{worst[0]} ({worst[1]} {worst[2]} at {worst[3]}: {worst[4]} sure, {worst[5]} at most)" if worst else ""))
    if o:
        hist = collections.Counter(x[0] for x in o)
        print("      excess histogram:", dict(sorted(hist.items())))

per_inst = collections.Counter((r[2], r[6]) for r in rows)
print("\nper instance index, status:", dict(sorted(per_inst.items())))
