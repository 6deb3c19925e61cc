#!/usr/bin/env python3
"""h83: after S6b's restore (13:56:39.8), when the two live instances' store snapshots of each key
equal each other and the log's issued count less what the stopped processes said they lost."""
import sys
sys.argv = sys.argv[:1]
exec(open('/tmp/s23/h83/tools/agree.py').read().split("which = ")[0])
import datetime
t0 = datetime.datetime(2026, 11, 27, 13, 56, 39, 839000, tzinfo=datetime.UTC).timestamp() * 1000
loss = {'pess': 69, 'opt': 118 - 1, 'share': 69, 'calm': 19, 'alice': 22}  # opt: the store holds 1 smoke-test token
for s in ['opt', 'pess', 'share', 'alice', 'calm']:
    for t in sorted(t for (ss, t) in polls if ss == s and t >= t0):
        v = polls[(s, t)]
        if 0 in v and 2 in v:
            exp = issued(s, t) - loss[s]
            d0, d2 = v[0][0] - exp, v[2][0] - exp
            if abs(d0) <= 6 and abs(d2) <= 6:
                print(f'{s:6} after {(t - t0)/1000:5.1f} s: i0 {v[0][0]} i2 {v[2][0]}, log less reported loss {exp} (G - that: {d0}/{d2})')
                break
