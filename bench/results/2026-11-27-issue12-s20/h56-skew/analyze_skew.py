#!/usr/bin/env python3
"""Reconcile a TestSkew run: requests.jsonl vs docs.jsonl."""
import json, sys, collections, datetime

d = sys.argv[1]
reqs = [json.loads(l) for l in open(d + "/requests.jsonl")]
snaps = [json.loads(l) for l in open(d + "/docs.jsonl")]
evs = [json.loads(l) for l in open(d + "/events.jsonl")]
t0 = min(r["real_ns"] for r in reqs)
def ts(ns): return datetime.datetime.utcfromtimestamp(ns / 1e9).strftime("%H:%M:%S")
for e in evs: print("event", ts(e["t_ns"]), e["what"])
ids = {"hot": "hot|", "cold": "cold|", "app/u1": "app|u1", "min": "min|"}
limits = {"hot": 60, "app/u1": 20, "min": 30}

def docs_of(s):
    out = {}
    for doc in s.get("docs", []):
        out[doc["_id"]] = doc
    return out

def framesum(doc, size):
    rc = doc.get("requestCounters", {}).get(str(size), {})
    return sum(int(v if not isinstance(v, dict) else list(v.values())[0]) for v in rc.values())

final = docs_of(snaps[-1])
for k, _id in ids.items():
    rs = [r for r in reqs if r["key"] == k]
    ok = [r for r in rs if r["status"] == 200]
    byinst = collections.Counter(r["inst"] for r in ok)
    den = collections.Counter(r["inst"] for r in rs if r["status"] == 429)
    doc = final.get(_id, {})
    sizes = sorted(int(s) for s in doc.get("requestCounters", {}) if s != "0")
    print(f"\n== {k}: sent {len(rs)}, 200 {len(ok)} by inst {dict(byinst)}, 429 by inst {dict(den)}, other {collections.Counter(r['status'] for r in rs if r['status'] not in (200,429))}")
    print("  final doc frames:", {s: doc['requestCounters'][str(s)] for s in sizes}, "lastWrites", doc.get("lastWrites"))
    for s in sizes:
        print(f"  size {s}: stored sum {framesum(doc, s)} vs admitted {len(ok)} (diff {framesum(doc, s) - len(ok)})")
    # per frame max seen across snapshots and when a frame shrank or vanished
    seen = {}
    gone = set()
    for sn in snaps:
        dd = docs_of(sn).get(_id)
        if not dd: continue
        for s, fr in dd.get("requestCounters", {}).items():
            if s == "0": continue
            for st, v in fr.items():
                key = (int(s), int(st))
                prev = seen.get(key)
                if prev is not None and v < prev[0]:
                    print(f"  frame {s}@{ts(int(st)*1e9)} shrank {prev[0]} -> {v} at {ts(sn['t_ns'])}")
                seen[key] = (max(v, prev[0] if prev else 0), sn["t_ns"])
        # frames that vanished while still inside a real-time window
        for (s, st), (v, _) in list(seen.items()):
            if str(st) not in dd.get("requestCounters", {}).get(str(s), {}) and sn["t_ns"] / 1e9 < st + 2 * s and v > 0 and (s, st) not in gone:
                print(f"  frame {s}@{ts(st*1e9)} (max {v}) gone at {ts(sn['t_ns'])} though inside its window by real time; offsets {sn.get('offsets')}")
                gone.add((s, st))
    # admitted per real frame of 60s, by request real time, and by stored
    if k in limits:
        per = collections.Counter((r["real_ns"] // 10**9) // 60 * 60 for r in ok)
        print("  admitted per real minute:", {ts(m * 1e9): c for m, c in sorted(per.items())}, "limit", limits[k])
        st60 = {st: v for (s, st), (v, _) in seen.items() if s == 60}
        print("  stored max per 1m frame:", {ts(m * 1e9): c for m, c in sorted(st60.items())})
        times = sorted(r["real_ns"] for r in ok)
        best, j = 0, 0
        for i, x in enumerate(times):
            while times[j] < x - 60 * 10**9: j += 1
            best = max(best, i - j + 1)
        print("  worst sliding 60s (real time):", best)
        ras = collections.defaultdict(list)
        for r in rs:
            if r["status"] == 429:
                ras[r["inst"]].append(int(r["retry"] if "retry" in r else r.get("retry_after") or -1))
        for i, v in sorted(ras.items()):
            print(f"  Retry-After inst {i}: n={len(v)} min {min(v)} max {max(v)} dist {sorted(collections.Counter(v).items())[:12]}")
        # whether a client obeying Retry-After would then be admitted: next 200 on same inst after the 429
        # per 10s slot admitted by instance
        slots = collections.defaultdict(collections.Counter)
        for r in ok:
            slots[(r["real_ns"] - t0) // (10 * 10**9)][r["inst"]] += 1
        print("  admitted per 10s slot by inst:", " ".join(f"{s*10}s:{dict(c)}" for s, c in sorted(slots.items())))
lives = [(ts(s["t_ns"]), s.get("live")) for s in snaps[::5]]
print("\nlive instances (i0,i1,i2) every ~10s:", lives)
