#!/usr/bin/env python3
# startwin.py DB KEY: per restart (a start after the quiet), the key's requests and tokens
# in the 10 s after the start: on the new process, on the others, and the fleet's
# tokens in the 60 s from the start (against the limit), and in the 60 s before.
import sys
db, key = sys.argv[1], sys.argv[2]
client = key.split('|')[0]; user = key.split('|')[1] if '|' in key else ''
reqs = []
for l in open(f"{db}.log"):
    p = l.split()
    if len(p) < 8 or p[4] != client or (user and p[5] != user): continue
    reqs.append((int(p[1]) / 1e9, p[3], p[6]))
quiet = None
for l in open(f"{db}.events"):
    p = l.split()
    if p[2] == 'quiet': quiet = float(p[1])
    if p[2] == 'start' and quiet and float(p[1]) > quiet:
        t0 = float(p[1]); idx = p[3][1]
        tgt = f"127.0.0.1:2201{idx}"
        new = [r for r in reqs if t0 <= r[0] < t0 + 10 and r[1] == tgt]
        oth = [r for r in reqs if t0 <= r[0] < t0 + 10 and r[1] != tgt]
        f60 = sum(1 for r in reqs if t0 <= r[0] < t0 + 60 and r[2] == '200')
        b60 = sum(1 for r in reqs if t0 - 60 <= r[0] < t0 and r[2] == '200')
        st = lambda rs: f"{len(rs)} req {sum(1 for r in rs if r[2]=='200')} ok {sum(1 for r in rs if r[2]=='429')} 429 {sum(1 for r in rs if r[2]=='0')} err"
        print(f"start {p[3]} at {t0:.1f}: 10 s after on the new process: {st(new)}; on the others: {st(oth)}; fleet tokens 60 s before {b60}, 60 s from the start {f60}")
