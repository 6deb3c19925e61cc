#!/usr/bin/env python3
# staleness.py RUNDIR: each instance's view of hotrr and app/u0 vs the fleet's truth (answers).
import sys, csv, json, bisect, collections
D = sys.argv[1]
rows = list(csv.DictReader(open(f"{D}/answers.csv")))
adm = collections.defaultdict(list)
for r in rows:
    if r["status"] == "200":
        adm[(r["client"], r["user"])].append(int(r["end_ns"])/1e9)
for v in adm.values(): v.sort()
keymap = {"hotrr": ("hotrr", ""), "u0": ("app", "u0")}
lag = collections.defaultdict(list)
for l in open(f"{D}/keys.txt"):
    p = l.split(" ", 3)
    if len(p) < 4 or not p[3].strip().startswith("{"): continue
    ts, inst, k = int(p[0]), p[1], p[2]
    try: j = json.loads(p[3])
    except Exception: continue
    if "tiers" not in j: continue
    tier = j["tiers"][0]
    from datetime import datetime
    fs = datetime.fromisoformat(tier["frame_start"].replace("Z","+00:00")).timestamp()
    seen = tier["global"]["current"] + tier["local"]["current"]
    ts_ = adm[keymap[k]]
    # truth: admitted in frame [fs, ts] (sample taken at ts..ts+1: use ts)
    truth = bisect.bisect_right(ts_, ts) - bisect.bisect_left(ts_, fs)
    lag[k].append((truth - seen, j["snapshot"]["age_seconds"], j["snapshot"].get("writers")))
for k, v in lag.items():
    d = sorted(x[0] for x in v); a = sorted(x[1] for x in v)
    w = collections.Counter(x[2] for x in v)
    print(f"  {k}: samples {len(v)}; unseen counts (truth - global - local, current frame) median {d[len(d)//2]} p90 {d[int(len(d)*.9)]} max {d[-1]} min {d[0]}; snapshot age median {a[len(a)//2]:.2f}s max {a[-1]:.2f}s; writers {dict(w)}")
