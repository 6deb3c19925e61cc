#!/usr/bin/env python3
# h35: per latency frame (the whole minute under the toxic) and per recovery frame:
# i2's sync counters (deltas over the frame, from runs/<run>/i2sync.jsonl, 2 s scrapes)
# and the fleet's admitted cost / 1m limit on the hot keys (frames.json, loadgen).
import json, sys, math
run = sys.argv[1]
LIM = {"hot-share|": 60, "hot-pess|": 90, "hot-opt|": 45, "app|u-hot": 20, "app|u-near": 20}
ph = []
for l in open(f"{run}/phases.log"):
    t, rest = l.split(" ", 1)
    if rest.startswith("PHASE"):
        ph.append((float(t), rest.strip()[6:]))
scr = [json.loads(l) for l in open(f"{run}/i2sync.jsonl") if l.strip()]
frames = json.load(open(f"{run}/frames.json"))
def at(t):  # last scrape at or before t
    best = None
    for s in scr:
        if s["t"] <= t: best = s
    return best
KW='oauth_ratelimit_sync_store_requests_total{op="write"}'
KL='oauth_ratelimit_sync_store_requests_total{op="load"}'
KP='oauth_ratelimit_sync_pulls_total{result="ok"}'
def g(s, k): return s.get(k, 0.0)
print(f"{'frame':<22}{'flushes':>8}{'dur s':>7}{'mean':>6}{'max?':>5}{'confl':>6}{'writes':>7}{'loads':>6}{'pulls':>6}{'age max':>8}{'age avg':>8} | admitted/limit " + " ".join(LIM))
for t, name in ph:
    if name.startswith("latency"):
        f0 = math.ceil(t / 60) * 60
    elif name.startswith("baseline") or name.startswith("recover"):
        f0 = math.ceil(t / 60) * 60
        if name.startswith("recover"): f0 = math.floor(t / 60) * 60  # toxic removed just after :00: this frame
    else:
        continue
    a, b = at(f0), at(f0 + 60)
    if not a or not b: continue
    d = lambda k: g(b, k) - g(a, k)
    n = d("oauth_ratelimit_sync_flush_duration_seconds_count")
    ds = d("oauth_ratelimit_sync_flush_duration_seconds_sum")
    ages = [g(s, "oauth_ratelimit_sync_snapshot_age_seconds") for s in scr if f0 <= s["t"] < f0 + 60]
    adm = []
    fr = frames.get(str(f0), {})
    for k, lim in LIM.items():
        tot = sum(c["OKCost"] for c in fr.get(k, {}).values())
        adm.append(f"{tot}/{lim}={tot/lim:.2f}")
    print(f"{name[:21]:<22}{n:>8.0f}{ds:>7.1f}{(ds/n if n else 0):>6.2f}{'':>5}{d('oauth_ratelimit_sync_conflicts_total'):>6.0f}"
          f"{d(KW):>7.0f}{d(KL):>6.0f}"
          f"{d(KP):>6.0f}{max(ages or [0]):>8.1f}{(sum(ages)/len(ages) if ages else 0):>8.1f} | " + " ".join(adm))
