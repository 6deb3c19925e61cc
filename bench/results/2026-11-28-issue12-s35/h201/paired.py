#!/usr/bin/env python3
"""Paired per-round differences of server CPU per request between two variants of the same
round (A - B), and how many rounds A < B. Usage: paired.py FILE A B [tool]"""
import sys, re, statistics
f, A, B = sys.argv[1:4]
tool = sys.argv[4] if len(sys.argv) > 4 else None
runs = {}
for line in open(f):
    m = re.match(r"(\S+) load1=(\S+) \| run (.*)", line)
    if not m:
        continue
    kv = dict(x.split("=", 1) for x in m.group(3).split())
    if tool and kv.get("tool") != tool:
        continue
    runs[(kv["handler"], kv["variant"], int(kv["round"]))] = (float(kv["cpu_us_per_req"]), float(kv["rps"]))
for h in sorted({k[0] for k in runs}):
    rs = sorted(r for (hh, v, r) in runs if hh == h and v == A and (h, B, r) in runs)
    d = [runs[(h, A, r)][0] - runs[(h, B, r)][0] for r in rs]
    q = [runs[(h, A, r)][1] / runs[(h, B, r)][1] for r in rs]
    if not d:
        continue
    print(f"{h}: cpu {A} - {B}: median {statistics.median(d):+.2f} µs [{min(d):+.2f} – {max(d):+.2f}], "
          f"{A} below {B} in {sum(x < 0 for x in d)} of {len(d)} rounds; req/s {A} ÷ {B}: median {statistics.median(q):.3f} [{min(q):.3f}–{max(q):.3f}]")
