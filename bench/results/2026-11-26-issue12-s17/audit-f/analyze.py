#!/usr/bin/env python3
# analyze.py RUNDIR: reconcile answers vs limits, store docs, metrics.
import sys, csv, json, collections, re, bisect
D = sys.argv[1]
meta = dict(l.split(None,1) for l in open(f"{D}/meta.txt"))
start = int(meta["start"]); lgend = int(meta["lgend"])
N = len(open(f"{D}/urls.txt").read().split())
LIM = {"hotrr": 300, "hotskew": 200}
def limit(c, u):
    if u: return 30
    return LIM.get(c, 100000 if c == "app" else 600)
rows = list(csv.DictReader(open(f"{D}/answers.csv")))
codes = collections.Counter((r["stream"], r["status"]) for r in rows)
print(f"== {D}: N={N}, requests {len(rows)} over {lgend-start}s ({len(rows)/(lgend-start):.1f}/s)")
for s in ["hotrr","hotskew","hotuser","coldcc","colduser"]:
    print(f"  {s:9s}", {k[1]: v for k, v in codes.items() if k[0] == s})
lat = sorted((int(r["end_ns"])-int(r["start_ns"]))/1e6 for r in rows)
print(f"  latency ms p50 {lat[len(lat)//2]:.1f} p99 {lat[int(len(lat)*.99)]:.1f} max {lat[-1]:.1f}")
# admitted per key
adm = collections.defaultdict(list)
per_inst = collections.defaultdict(collections.Counter)
for r in rows:
    if r["status"] == "200":
        t = int(r["start_ns"])/1e9
        adm[(r["client"], r["user"])].append(t)
        per_inst[(r["client"], r["user"])][int(r["inst"])] += 1
def report(key):
    ts = sorted(adm[key]); L = limit(*key)
    frames = collections.Counter(int(t//60)*60 for t in ts)
    fr = [(f - start)//60 for f in sorted(frames)]
    worst, lo = 0, 0
    for hi, t in enumerate(ts):
        while ts[lo] <= t-60: lo += 1
        worst = max(worst, hi-lo+1)
    # weighted estimate after each admission (by all admitted)
    west = 0
    for t in ts:
        f = int(t//60)*60
        el = (t - f)/60
        est = frames_count(ts, f-60, f)*(1-el) + frames_count(ts, f, t+1e-9)
        west = max(west, est)
    mins = " ".join(f"{frames[f]}({frames[f]/L:.3f})" for f in sorted(frames))
    return L, mins, worst, west
def frames_count(ts, a, b):
    return bisect.bisect_left(ts, b) - bisect.bisect_left(ts, a)
print("  key: limit | admitted per minute frame (×limit) | worst sliding 60s | max weighted estimate")
for key in [("hotrr",""),("hotskew","")] + [("app",f"u{i}") for i in range(4)]:
    L, mins, worst, west = report(key)
    print(f"  {key[0]}/{key[1] or '-'}: {L} | {mins} | {worst} ({worst/L:.3f}) | {west:.1f} ({west/L:.3f})")
# store docs
docs = {}
for l in open(f"{D}/dump.tsv"):
    coll, j = l.rstrip("\n").split("\t", 1)
    if coll == "counters":
        d = json.loads(j); docs[(d["clientId"], d["username"])] = d
total_adm = sum(len(v) for v in adm.values())
# per-key: store sum of all frames vs admitted (only frames still stored: last 2 frames of 60s)
mism = []; tot_store = 0; tot_adm_cmp = 0
for key, ts in adm.items():
    d = docs.get(key)
    rc = (d or {}).get("requestCounters", {}).get("60", {})
    # answers by frame
    fa = collections.Counter(int(t//60)*60 for t in ts)
    for f, n in fa.items():
        sv = rc.get(str(f))
        if sv is None: continue  # pruned frame
        tot_store += sv; tot_adm_cmp += n
        if sv != n: mism.append((key, f, n, sv))
# per-user keys also count into (app,"") key; skip that key in comparison (app,"") not requested directly
print(f"  store vs answers, frames still stored: admitted {tot_adm_cmp}, store {tot_store}, mismatching (key,frame) {len(mism)}: {mism[:8]}")
# metrics
M = collections.defaultdict(dict)  # (ts, inst) -> {series: val}
for l in open(f"{D}/metrics.txt"):
    ts, inst, ser, val = l.split(" ", 3)
    M[(int(ts), inst)][ser] = float(val)
tss = sorted({k[0] for k in M})
t0 = tss[0]; t1 = max(t for t in tss if t <= lgend+10)
def s(ts, inst, ser): return M[(ts, inst)].get(ser, 0.0)
insts = [f"i{i}" for i in range(N)]
el = t1 - t0
def delta(ser):
    return [s(t1,i,ser)-s(t0,i,ser) for i in insts]
w = delta('oauth_ratelimit_sync_store_requests_total{op="write"}')
ld = delta('oauth_ratelimit_sync_store_requests_total{op="load"}')
cf = delta('oauth_ratelimit_sync_conflicts_total')
kw = delta('oauth_ratelimit_sync_keys_written_total')
fl = delta('oauth_ratelimit_sync_flushes_total{result="ok"}')
fe = delta('oauth_ratelimit_sync_flushes_total{result="error"}')
fd = delta('oauth_ratelimit_sync_flush_duration_seconds_sum'); fc = delta('oauth_ratelimit_sync_flush_duration_seconds_count')
se = [sum(s(t1,i,f'oauth_ratelimit_sync_store_errors_total{{op="{o}"}}') for o in ("load","write","sweep")) for i in insts]
pe = delta('oauth_ratelimit_sync_pulls_total{result="error"}')
sr = collections.Counter()
for i in insts:
    for ser, v in M[(t1,i)].items():
        if ser.startswith('oauth_ratelimit_share_refusals_total'): sr[ser[len('oauth_ratelimit_share_refusals_total'):]] += v - M[(t0,i)].get(ser,0)
print("  share refusals:", dict(sr))
print(f"  over {el}s: store calls/process/s write {sum(w)/N/el:.2f} load {sum(ld)/N/el:.2f} total {(sum(w)+sum(ld))/N/el:.2f}; fleet {(sum(w)+sum(ld))/el:.1f}/s")
print(f"  conflicts/fleet {sum(cf):.0f} ({sum(cf)/el:.1f}/s), keys written {sum(kw):.0f}, conflict ratio {sum(cf)/max(1,sum(kw)+sum(cf)):.3f}; flushes ok {sum(fl):.0f} err {sum(fe):.0f}; store errors {sum(se):.0f}; pull errors {sum(pe):.0f}")
print(f"  flush mean {sum(fd)/max(1,sum(fc))*1000:.1f} ms; per-process conflicts min/max {min(cf):.0f}/{max(cf):.0f}")
# buckets for flush duration at the end (fleet)
bk = collections.Counter()
for i in insts:
    for ser, v in M[(t1,i)].items():
        m = re.match(r'oauth_ratelimit_sync_flush_duration_seconds_bucket\{le="([^"]+)"\}', ser)
        if m: bk[m.group(1)] += v - M[(t0,i)].get(ser,0)
tot = bk["+Inf"]
print("  flush duration cumulative share:", " ".join(f"≤{k}:{bk[k]/tot:.2f}" for k in ["0.015625","0.0390625","0.09765625","0.244140625","0.6103515625","1.52587890625"]) if tot else "")
age = [s(t,i,'oauth_ratelimit_sync_snapshot_age_seconds') for t in tss[1:] if t<=t1 for i in insts]
print(f"  snapshot age sampled: mean {sum(age)/len(age):.2f}s max {max(age):.2f}s")
live = collections.Counter(int(s(t,i,'oauth_ratelimit_live_instances')) for t in tss[1:] if t<=t1 for i in insts)
print(f"  live_instances samples: {dict(sorted(live.items()))}")
iss = collections.Counter()
for i in insts:
    for ser, v in M[(tss[-1], i)].items():
        m = re.match(r'oauth_ratelimit_tokens_issued_total\{client="([^"]+)"', ser)
        if m: iss[m.group(1)] += v
ans = collections.Counter(r["client"] if r["client"] in ("hotrr","hotskew","app") else "other" for r in rows if r["status"]=="200")
print(f"  tokens_issued_total (fleet) {dict(iss)} vs 200s {dict(ans)}")
rss = [s(tss[-1] if tss[-1]<=lgend+10 else t1,i,'process_resident_memory_bytes')/2**20 for i in insts]
cpu = delta('process_cpu_seconds_total')
print(f"  RSS MiB per process min/mean/max {min(rss):.1f}/{sum(rss)/N:.1f}/{max(rss):.1f}; CPU per process {sum(cpu)/N/el*100:.1f}% (fleet {sum(cpu)/el*100:.0f}%)")
# other processes CPU from ps
def cpus(fn):
    P = collections.defaultdict(dict)
    for l in open(fn):
        p = l.split()
        if p[1] == "other":
            c = p[4]; h=0
            parts = c.split(":")
            if "-" in parts[0]: d, parts[0] = parts[0].split("-"); h = int(d)*86400
            sec = h + sum(int(x)*60**k for k, x in enumerate(reversed(parts)))
            P[(p[2], p[5])][int(p[0])] = sec
    return P
P = cpus(f"{D}/ps.txt")
for (pid, comm), v in P.items():
    a = [x for x in v if x>=t0]; 
    if len(a) < 2: continue
    lo, hi = min(a), max(x for x in a if x<=t1+14)
    if hi>lo: print(f"  ps {comm} {pid}: {(v[hi]-v[lo])/(hi-lo)*100:.0f}% CPU")
loads = [l.split()[2] for l in open(f"{D}/ps.txt") if l.split()[1]=="load"]
print(f"  loadavg(1m) samples: {' '.join(loads[::3])}")
wp = [l.split(None,1) for l in open(f"{D}/wp.log") if l[0].isdigit()]
wp = [(int(a), json.loads(b)) for a, b in wp]
a = min(wp, key=lambda x: abs(x[0]-t0)); b = min(wp, key=lambda x: abs(x[0]-t1))
if b[0] > a[0]:
    print("  wire proxy commands/s:", {k: round((b[1].get(k,0)-a[1].get(k,0))/(b[0]-a[0]),1) for k in b[1] if b[1].get(k,0)-a[1].get(k,0) > 0})
