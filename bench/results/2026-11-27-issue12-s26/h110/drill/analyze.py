#!/usr/bin/env python3
# analyze.py RUN: from RUN/load.csv and RUN/ops.log: tokens per 30 s for hot1
# (limit 300/min, 120/min under the override), the app users' password and
# refresh grants by status, and totals.
import sys, collections, re
run = sys.argv[1]
rows = [l.strip().split(',') for l in open(f'{run}/load.csv')]
t0 = None
for l in open(f'{run}/ops.log'):
    m = re.match(r'(\d\d):(\d\d):(\d\d)\.(\d+) t=(\d+) ', l)
    if m and t0 is None:
        pass
sends = sorted(int(r[1]) for r in rows)
start = sends[0]
b = collections.defaultdict(collections.Counter)
for seq, sent, done, inst, key, grant, status in rows:
    t = (int(sent) - start) // 1000
    b[t // 30][(key.split('|')[0], grant, status)] += 1
print('bucket(s from first request)  hot1 200/429   app password 200/429   app refresh 200/429/other')
for k in sorted(b):
    c = b[k]
    print(f'{k*30:4d}-{k*30+30:4d}  {c[("hot1","client_credentials","200")]:4d}/{c[("hot1","client_credentials","429")]:<4d}   {c[("app","password","200")]:4d}/{c[("app","password","429")]:<4d}   {c[("app","refresh_token","200")]:4d}/{c[("app","refresh_token","429")]:<4d}/{sum(v for (kk,g,s),v in c.items() if g=="refresh_token" and s not in ("200","429"))}')
tot = collections.Counter((r[4].split('|')[0], r[5], r[6]) for r in rows)
print('totals', dict(tot))
print('first request at', start, 'ms')
