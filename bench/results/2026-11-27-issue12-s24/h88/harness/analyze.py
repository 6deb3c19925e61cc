#!/usr/bin/env python3
"""h88: analyse one fleet run (results/TAG): limits per minute frame and worst
sliding 60 s, bursts, restarts, store load (syncer metrics + wire proxy + pg),
memory, and the store's documents against the answers."""
import csv, json, sys, collections, bisect, re
D = sys.argv[1]
meta = open(f"{D}/meta.txt").read().split("\n")
T0 = int([l for l in meta if l.startswith("start ")][0].split()[1])
N = int(meta[0].split()[-1])
events = [(float(l.split()[0]), l.split()[1]) for l in meta if re.match(r"^\d+\.\d+ (restart-all|restart-half)", l)]
rows = list(csv.DictReader(open(f"{D}/answers.csv")))
for r in rows:
    r["t"] = int(r["start_ns"]) / 1e9
    r["te"] = int(r["end_ns"]) / 1e9
LIM = {("hotrr", ""): 300, ("hotskew", ""): 200, ("burst", ""): 120}
for u in ["u0", "u1", "u2", "u3", "nb"]:
    LIM[("app", u)] = 30
st = collections.Counter(r["status"] for r in rows)
print(f"run {D}: N={N}, start {T0}, {len(rows)} requests, statuses {dict(st)}")
print("events:", [(round(t - T0, 1), e) for t, e in events])
print()
ok = collections.defaultdict(list)   # key -> admitted times (request start)
for r in rows:
    if r["status"] == "200":
        ok[(r["client"], r["user"])].append(r["t"])
for k in ok: ok[k].sort()
def sliding(ts, lo, hi, w=60.0):
    """worst count in [t, t+w) over t in [lo, hi-w] (windows starting at an admission)"""
    best, bt = 0, None
    for i, t in enumerate(ts):
        if t < lo or t + w > hi + 1e-9: continue
        j = bisect.bisect_left(ts, t + w)
        if j - i > best: best, bt = j - i, t
    return best, bt
end = max(r["t"] for r in rows)
print("== per key: admitted per fixed minute frame (minute index from the start) ÷ limit; worst sliding 60 s")
for k, lim in LIM.items():
    ts = ok.get(k, [])
    fr = collections.Counter(int((t - T0) // 60) for t in ts)
    mins = " ".join(f"{fr.get(m,0)/lim:.3f}" for m in range(int((end - T0) // 60) + 1))
    sl, bt = sliding(ts, T0, end)
    print(f"{k[0]+('/'+k[1] if k[1] else ''):10s} limit {lim:3d}: {mins} | worst sliding {sl} = {sl/lim:.3f} at +{(bt or T0)-T0:.1f}s")
print()
# bursts: first 60 s after the burst
for name, key, lim in [("burst", ("burst", ""), 120), ("userburst", ("app", "nb"), 30)]:
    b0 = [r for r in rows if r["stream"] == name + "0"]
    if not b0: continue
    tb = min(r["t"] for r in b0)
    adm0 = sum(1 for r in b0 if r["status"] == "200")
    ts = ok.get(key, [])
    in60 = sum(1 for t in ts if tb <= t < tb + 60)
    per_inst = collections.Counter(int(r["inst"]) for r in b0 if r["status"] == "200")
    print(f"{name}: {len(b0)} requests at once at +{tb-T0:.1f}s ({len(b0)//N} on each of {N}); admitted of them {adm0} "
          f"(per instance: min {min(per_inst.values(), default=0)} max {max(per_inst.values(), default=0)}); "
          f"admitted in the 60 s from the burst (burst + {1 if name=='userburst' else 3}/s after): {in60} = {in60/lim:.3f} × limit {lim}; "
          f"README bound limit + N - 1 = {lim+N-1}")
    lat = sorted(r["te"] - r["t"] for r in b0)
    print(f"   burst latency p50 {lat[len(lat)//2]*1000:.1f} ms max {lat[-1]*1000:.1f} ms")
print()
# restarts: hotrr & hotuser admitted per 10 s and sliding windows ending after the event
print("== restarts: hotrr (limit 300/min, offered 15/s) admitted per 10 s around each event, and the sliding 60 s that end in the 60 s after")
for te, e in events:
    ts = ok[("hotrr", "")]
    bins = collections.Counter(int((t - te) // 10) for t in ts if te - 30 <= t < te + 90)
    errs = sum(1 for r in rows if r["status"] == "0" and te - 5 <= r["t"] < te + 30)
    print(f"{e} at +{te-T0:.1f}s: per 10 s from -30 s: {[bins.get(b,0) for b in range(-3, 9)]}; connection errors within 30 s: {errs}")
    worst = 0
    for end_t in [te + x for x in range(0, 61)]:
        c = bisect.bisect_left(ts, end_t) - bisect.bisect_left(ts, end_t - 60)
        worst = max(worst, c)
    print(f"   worst sliding 60 s ending in [event, event+60 s]: {worst} = {worst/300:.3f}")
    for k in [("app", "u0"), ("hotskew", "")]:
        tsk = ok.get(k, []); lim = LIM[k]
        worst = max(bisect.bisect_left(tsk, te + x) - bisect.bisect_left(tsk, te + x - 60) for x in range(0, 61))
        print(f"   {k}: worst sliding 60 s ending in [event, event+60]: {worst} = {worst/lim:.3f}")
print()
# hotskew: instance 0 vs others
hs = [r for r in rows if r["stream"] == "hotskew"]
a0 = sum(1 for r in hs if r["inst"] == "0" and r["status"] == "200"); n0 = sum(1 for r in hs if r["inst"] == "0")
ao = sum(1 for r in hs if r["inst"] != "0" and r["status"] == "200"); no = sum(1 for r in hs if r["inst"] != "0")
print(f"hotskew: instance 0 admitted {a0} of {n0}, the others {ao} of {no}")
# status per stream
ps = collections.defaultdict(collections.Counter)
for r in rows: ps[r["stream"]][r["status"]] += 1
print("statuses per stream:", {k: dict(v) for k, v in ps.items()})
lat = sorted(r["te"] - r["t"] for r in rows if r["status"] in ("200", "429"))
print(f"latency (200/429) p50 {lat[len(lat)//2]*1000:.2f} p90 {lat[int(len(lat)*.9)]*1000:.2f} p99 {lat[int(len(lat)*.99)]*1000:.2f} ms")
print()
# store documents against answers
docs = {}
for line in open(f"{D}/dump.tsv"):
    coll, js = line.rstrip("\n").split("\t", 1)
    if coll != "counters": continue
    d = json.loads(js)
    docs[d["_id"]] = d
ans = collections.Counter()
for r in rows:
    if r["status"] == "200":
        fstart = int(r["t"] // 60 * 60)
        ans[(f'{r["client"]}|{r["user"]}', fstart)] += 1
# frame by server decision time: the server files by its clock at decision; use start..end ambiguity
amb = collections.Counter()
for r in rows:
    if r["status"] == "200" and int(r["t"] // 60) != int(r["te"] // 60):
        amb[(f'{r["client"]}|{r["user"]}', int(r["t"] // 60 * 60))] += 1
stored = collections.Counter()
for _id, d in docs.items():
    for f, n in d.get("requestCounters", {}).get("60", {}).items():
        stored[(_id, int(f))] = n
frames = sorted({f for _, f in stored})
print(f"== store against answers: {len(docs)} documents; minute frames stored: {[f - T0 for f in frames]}")
for f in frames:
    keys = {k for k, ff in stored if ff == f} | {k for k, ff in ans if ff == f}
    s = sum(stored.get((k, f), 0) for k in keys); a = sum(ans.get((k, f), 0) for k in keys)
    diff = [(k, stored.get((k, f), 0), ans.get((k, f), 0)) for k in keys if stored.get((k, f), 0) != ans.get((k, f), 0)]
    # differences explainable by a request whose answer straddled the boundary
    unexpl = [x for x in diff if abs(x[1] - x[2]) > amb.get((x[0], f), 0) + amb.get((x[0], f - 60), 0)]
    more = [x for x in unexpl if x[1] > x[2]]
    print(f"frame +{f-T0}s: stored {s}, answered 200 {a}; keys differing {len(diff)}, not explained by answers straddling the boundary {len(unexpl)} {unexpl[:5]}; stored more than answered: {len(more)} {more[:5]}")
# tokens_issued_total vs 200s: sum of last values per process (counters reset at restart: sum of max per pid-lifetime)
