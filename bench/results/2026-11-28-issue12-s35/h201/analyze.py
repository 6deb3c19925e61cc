#!/usr/bin/env python3
"""Reads a stamped bench.sh output (stamp.sh: 'HH:MM:SS load1=X | run ...') and prints, per
handler and variant: the median throughput ratio to none of the same round with min-max,
the quartiles and the order-statistic ~95% interval of the median; the same for the ratio of
server CPU per request (none's / the variant's: the throughput ratio a CPU-bound server would
show); CPU added per request; the server's busy fraction (rps x cpu/req); the 1-minute load
beside each. Usage: analyze.py FILE [base]"""
import sys, re, statistics, math
from collections import defaultdict

f = sys.argv[1]
base = sys.argv[2] if len(sys.argv) > 2 else "none"
runs = {}
order = []
for line in open(f):
    m = re.match(r"(\S+) load1=(\S+) \| run (.*)", line)
    if not m:
        continue
    t, load, rest = m.group(1), float(m.group(2)), m.group(3)
    kv = dict(x.split("=", 1) for x in rest.split())
    k = (kv["handler"], kv["variant"], int(kv["round"]))
    runs[k] = dict(t=t, load=load, rps=float(kv["rps"]), cpu=float(kv["cpu_us_per_req"]), non2xx=int(kv["non2xx"]))
    if (kv["handler"], kv["variant"]) not in order:
        order.append((kv["handler"], kv["variant"]))

def q(xs, p):
    xs = sorted(xs)
    i = (len(xs) - 1) * p
    lo, hi = math.floor(i), math.ceil(i)
    return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)

def medci(xs):
    # distribution-free interval of the median: order statistics (k, n+1-k), coverage >= 95 %
    xs = sorted(xs); n = len(xs)
    best = None
    for k in range(1, n // 2 + 1):
        cov = sum(math.comb(n, i) for i in range(k, n - k + 1)) / 2 ** n
        if cov >= 0.95:
            best = (k, cov)
    if best is None:
        return (xs[0], xs[-1], 1.0)
    k, cov = best
    return (xs[k - 1], xs[n - k], cov)

def fmt(xs, d=3):
    lo, hi, cov = medci(xs)
    return (f"{statistics.median(xs):.{d}f} [{min(xs):.{d}f}–{max(xs):.{d}f}] "
            f"IQR {q(xs,.25):.{d}f}–{q(xs,.75):.{d}f} CI{cov*100:.0f} {lo:.{d}f}–{hi:.{d}f}")

print(f"# {f}; base {base}; per round: variant / {base} of the same round")
for h, v in order:
    rs = sorted(r for (hh, vv, r) in runs if hh == h and vv == v and (h, base, r) in runs)
    if not rs:
        continue
    a = [runs[(h, v, r)] for r in rs]
    b = [runs[(h, base, r)] for r in rs]
    rps = [x["rps"] for x in a]
    cpu = [x["cpu"] for x in a]
    busy = [x["rps"] * x["cpu"] / 1e6 for x in a]
    loads = [x["load"] for x in a]
    print(f"\n{h} {v}: n={len(rs)} rounds, req/s median {statistics.median(rps):.0f} [{min(rps):.0f}–{max(rps):.0f}], "
          f"cpu µs/req median {statistics.median(cpu):.2f} [{min(cpu):.2f}–{max(cpu):.2f}], "
          f"server busy {statistics.median(busy):.2f} [{min(busy):.2f}–{max(busy):.2f}] of CPU 0, "
          f"load1 median {statistics.median(loads):.2f} [{min(loads):.2f}–{max(loads):.2f}], non2xx {sum(x['non2xx'] for x in a)}")
    if v == base:
        continue
    ratio = [x["rps"] / y["rps"] for x, y in zip(a, b)]
    cratio = [y["cpu"] / x["cpu"] for x, y in zip(a, b)]
    dcpu = [x["cpu"] - y["cpu"] for x, y in zip(a, b)]
    print(f"  req/s ÷ {base}:        {fmt(ratio)}")
    print(f"  cpu {base} ÷ cpu:      {fmt(cratio)}")
    print(f"  +cpu µs/req:          {fmt(dcpu, 2)}")
    print("  per round (round load1 ratio cpu-ratio +cpu): " + "; ".join(
        f"{r} {x['load']:.1f} {x['rps']/y['rps']:.3f} {y['cpu']/x['cpu']:.3f} {x['cpu']-y['cpu']:+.2f}" for r, x, y in zip(rs, a, b)))
