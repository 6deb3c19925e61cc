#!/usr/bin/env python3
"""Admitted per sliding 60 s of real time, worst over the whole run and over
windows that start at least SKIP seconds after the first request."""
import json, sys, bisect
d = sys.argv[1]; skip = float(sys.argv[2]) if len(sys.argv) > 2 else 60
reqs = [json.loads(l) for l in open(d + "/requests.jsonl")]
t0 = min(r["real_ns"] for r in reqs) / 1e9
for key, lim in (("hot", 60), ("app/u1", 20), ("min", 30)):
    ts = sorted(r["real_ns"] / 1e9 for r in reqs if r["key"] == key and r["status"] == 200)
    end = max(r["real_ns"] for r in reqs) / 1e9
    worst = worst_steady = 0; at = None
    s = t0
    while s + 60 <= end:
        n = bisect.bisect_left(ts, s + 60) - bisect.bisect_left(ts, s)
        worst = max(worst, n)
        if s >= t0 + skip and n > worst_steady:
            worst_steady, at = n, s - t0
        s += 0.5
    by_inst = {}
    for r in reqs:
        if r["key"] == key and r["status"] == 200:
            by_inst[r["inst"]] = by_inst.get(r["inst"], 0) + 1
    print(f"{key}: limit {lim}, admitted {len(ts)} {dict(sorted(by_inst.items()))}, worst sliding 60 s {worst}, worst from +{skip:.0f}s {worst_steady} (at +{at}s)")
