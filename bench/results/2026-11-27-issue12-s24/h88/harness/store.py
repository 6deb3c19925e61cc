#!/usr/bin/env python3
"""h88: store load of one run: syncer metrics (per instance per second, by op),
the wire proxy's commands by collection, PostgreSQL's table stats, RSS/CPU.
Window: [lo, hi] seconds from the start (default: the whole run)."""
import sys, re, json, collections
D = sys.argv[1]; lo = float(sys.argv[2]) if len(sys.argv) > 2 else -1e9; hi = float(sys.argv[3]) if len(sys.argv) > 3 else 1e9
meta = open(f"{D}/meta.txt").read().split("\n")
T0 = int([l for l in meta if l.startswith("start ")][0].split()[1]); N = int(meta[0].split()[-1])
# metrics: ts inst name{labels} value
series = collections.defaultdict(list)
for line in open(f"{D}/metrics.txt"):
    p = line.split()
    if len(p) < 4: continue
    ts, inst, name, val = int(p[0]), p[1], p[2], p[3]
    if not (T0 + lo <= ts <= T0 + hi): continue
    try: series[(inst, name)].append((ts, float(val)))
    except ValueError: pass
def increase(pts):
    tot = 0.0
    for (t1, v1), (t2, v2) in zip(pts, pts[1:]):
        tot += v2 - v1 if v2 >= v1 else v2   # reset: the new process counted v2
    return tot
ts_all = sorted({t for pts in series.values() for t, _ in pts})
span = ts_all[-1] - ts_all[0]
print(f"window +{ts_all[0]-T0}..+{ts_all[-1]-T0} s ({span} s), N={N}")
agg = collections.defaultdict(float)
for (inst, name), pts in series.items():
    if name.endswith("_total") or "_total{" in name:
        agg[name] += increase(pts)
for name in sorted(agg):
    if any(s in name for s in ["store_requests", "keys_written", "pulls_total", "flushes_total", "conflicts", "deferred", "increment_writes", "store_errors", "tokens_issued", "share_refusals", "unknown_outcomes"]):
        print(f"{name:80s} fleet {agg[name]/span:9.2f}/s  per instance {agg[name]/span/N:7.3f}/s")
# flush duration mean
s = c = 0.0
for (inst, name), pts in series.items():
    if name.startswith("oauth_ratelimit_sync_flush_duration_seconds_sum"): s += increase(pts)
    if name.startswith("oauth_ratelimit_sync_flush_duration_seconds_count"): c += increase(pts)
if c: print(f"flush duration mean {s/c*1000:.1f} ms over {c:.0f} flushes")
ages = [v for (inst, name), pts in series.items() if name.startswith("oauth_ratelimit_sync_snapshot_age_seconds") for _, v in pts]
if ages: ages.sort(); print(f"snapshot age samples: median {ages[len(ages)//2]:.2f} max {ages[-1]:.2f} s")
live = collections.Counter(int(v) for (inst, name), pts in series.items() if name.startswith("oauth_ratelimit_live_instances") for _, v in pts)
print("live_instances samples:", dict(sorted(live.items())))
# wire proxy
wp = []
for line in open(f"{D}/wp.log"):
    m = re.match(r"^(\d+) (\{.*\})$", line.strip())
    if m and T0 + lo <= int(m.group(1)) <= T0 + hi: wp.append((int(m.group(1)), json.loads(m.group(2))))
if len(wp) >= 2:
    (t1, a), (t2, b) = wp[0], wp[-1]; dt = t2 - t1
    print(f"\nwire proxy, +{t1-T0}..+{t2-T0} s ({dt} s): commands a second, fleet and per instance")
    tot = 0
    for k in sorted(b):
        d = b[k] - a.get(k, 0)
        if not k.startswith("find.docs"): tot += d
        print(f"  {k:40s} {d/dt:9.2f}/s  {d/dt/N:7.3f}/s/inst")
    print(f"  {'all commands':40s} {tot/dt:9.2f}/s  {tot/dt/N:7.3f}/s/inst")
# pg
pg = collections.defaultdict(list)
for line in open(f"{D}/pg.txt"):
    p = line.split()
    if len(p) < 11: continue
    ts = int(p[0])
    if T0 + lo <= ts <= T0 + hi: pg[p[2]].append((ts, [int(x) for x in p[3:11]]))
if pg:
    print("\nPostgreSQL pg_stat_user_tables, per second: seq_scan seq_tup_read idx_scan idx_tup_fetch ins upd del (live tuples at end)")
    for tbl, pts in sorted(pg.items()):
        (t1, a), (t2, b) = pts[0], pts[-1]; dt = max(t2 - t1, 1)
        print(f"  {tbl:40s} " + " ".join(f"{(y-x)/dt:9.1f}" for x, y in zip(a[:7], b[:7])) + f"  live {b[7]}")
# RSS / CPU
rss = collections.defaultdict(list); cpu = {}
loads = []
for line in open(f"{D}/ps.txt"):
    p = line.split()
    ts = int(p[0])
    if not (T0 + lo <= ts <= T0 + hi): continue
    if p[1] == "srv":
        rss[p[2]].append(int(p[3]) / 1024)
        cpu[p[2]] = (ts, int(p[4]))
    if p[1] == "load": loads.append(float(p[2]))
allr = sorted(x for v in rss.values() for x in v)
if allr: print(f"\nRSS per server process: min {allr[0]:.1f} median {allr[len(allr)//2]:.1f} max {allr[-1]:.1f} MiB ({len(rss)} processes)")
if loads: print(f"load average (1 min) during: min {min(loads)} max {max(loads)}")
