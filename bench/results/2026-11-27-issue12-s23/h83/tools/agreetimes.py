#!/usr/bin/env python3
"""h83: after each restore event, when every live instance's store snapshot of each key is
within `tol` tokens of what the log says was issued (lag = issued(t) - G: see agree.py)."""
import sys, re, datetime
sys.argv = sys.argv[:1]
exec(open('/tmp/s23/h83/tools/agree.py').read().split("which = ")[0])
tol = {'opt': 6, 'pess': 6, 'share': 6, 'alice': 6, 'calm': 3}
evs = []
for l in open(f'{res}/events.log'):
    if re.search(r'restored|restore retried|ferretdb back|delay off|delay 1500|flapping over|inst3 started', l) and not l.startswith('13:36'):
        hh = l.split()[0]
        t = datetime.datetime.strptime('2026-11-27 ' + hh, '%Y-%m-%d %H:%M:%S.%f').replace(tzinfo=datetime.UTC).timestamp() * 1000
        evs.append((t, l.strip()))
for t0, e in evs:
    print(e)
    for s in ['opt', 'pess', 'share', 'alice', 'calm']:
        ts = sorted(t for (ss, t) in polls if ss == s and t >= t0)
        before = max((t for (ss, t) in polls if ss == s and t < t0), default=None)
        bl = ''
        if before:
            v = polls[(s, before)]; bl = 'lag before: ' + '/'.join(str(issued(s, before) - v[i][0]) for i in sorted(v))
        got = None
        for t in ts:
            v = polls[(s, t)]
            if len(v) >= 2 and all(abs(issued(s, t) - v[i][0]) <= tol[s] for i in v):
                got = t; break
        print(f'   {s:6} agree (|lag|<={tol[s]}) after {((got - t0)/1000 if got else float("nan")):6.1f} s   {bl}')
