#!/usr/bin/env python3
"""Reconcile a TestPause run."""
import json, sys, collections, datetime, re

d = sys.argv[1]
reqs = [json.loads(l) for l in open(d + "/requests.jsonl")]
snaps = [json.loads(l) for l in open(d + "/docs.jsonl")]
evs = [json.loads(l) for l in open(d + "/events.jsonl")]
scr = [json.loads(l) for l in open(d + "/scrape.jsonl")]
def ts(ns): return datetime.datetime.utcfromtimestamp(ns / 1e9).strftime("%H:%M:%S.%f")[:-3]
pauses = []
st = None
for e in evs:
    print("event", ts(e["t_ns"]), e["what"])
    if e["what"].startswith("SIGSTOP"): st = e["t_ns"]
    if e["what"].startswith("SIGCONT"): pauses.append((st, e["t_ns"]))
ids = {"hot-a": "hot-a|", "hot-b": "hot-b|", "cold-c": "cold-c|", "app/u1": "app|u1", "app/u2": "app|u2", "spa/s1": "spa|s1",
       "app/c1": "app|c1", "app/c2": "app|c2", "app/c3": "app|c3", "app/c4": "app|c4"}
cost = {k: (2 if "/" in k else 1) for k in ids}
limits = {"hot-a": 240, "hot-b": 60, "app/u1": 40, "app/u2": 40, "spa/s1": 30, "cold-c": 100000}
for k in ["app/c1", "app/c2", "app/c3", "app/c4"]: limits[k] = 40

def docs_of(s): return {doc["_id"]: doc for doc in (s.get("docs") or [])}
final = docs_of(snaps[-1])

def decision_ns(r):
    # when the server could decide: for a request sent to p0 during a pause, at SIGCONT
    if r["inst"] == 0:
        for a, b in pauses:
            if a <= r["send_ns"] < b: return b
    return r["send_ns"]

# tokens_issued_total per client from the final metrics
issued = collections.Counter()
for i in range(3):
    try:
        for l in open(f"{d}/metrics-final-p{i}.txt"):
            m = re.match(r'oauth_ratelimit_tokens_issued_total\{client="([^"]*)",grant_type="([^"]*)"\} (\S+)', l)
            if m: issued[(i, m.group(1))] += float(m.group(3))
    except FileNotFoundError: pass

for k, _id in ids.items():
    rs = [r for r in reqs if r["key"] == k]
    ok = [r for r in rs if r["status"] == 200]
    sts = collections.Counter(r["status"] for r in rs)
    errs = collections.Counter(r["err"][:60] for r in rs if r.get("err"))
    doc = final.get(_id, {})
    rc = doc.get("requestCounters", {})
    h = sum(rc.get("3600", {}).values())
    print(f"\n== {k}: sent {len(rs)} statuses {dict(sts)} errs {dict(errs)}; 200 by inst {dict(collections.Counter(r['inst'] for r in ok))}")
    print(f"  1h frames stored {rc.get('3600')} = {h} vs admitted*cost {len(ok)*cost[k]} (diff {h - len(ok)*cost[k]})")
    # per 1m frame: max stored vs expected by decision time
    seen = {}
    for sn in snaps:
        dd = docs_of(sn).get(_id)
        if not dd: continue
        for stt, v in dd.get("requestCounters", {}).get("60", {}).items():
            stt = int(stt)
            if stt in seen and v < seen[stt]:
                print(f"  1m frame {ts(stt*1e9)} shrank {seen[stt]} -> {v} at {ts(sn['t_ns'])}")
            seen[stt] = max(v, seen.get(stt, 0))
    exp = collections.Counter((decision_ns(r) // 10**9) // 60 * 60 for r in ok)
    rows = []
    for m in sorted(set(exp) | set(seen)):
        e, s = exp.get(m, 0) * cost[k], seen.get(m, 0)
        rows.append(f"{ts(m*1e9)[:5]} adm {e} stored {s}{' <<' if e != s else ''}")
    print("  1m frames (admitted*cost by decision time | max stored):", "; ".join(rows))
    if limits.get(k, 0) < 10000:
        lim = limits[k]
        times = sorted(decision_ns(r) for r in ok)
        best, j, at = 0, 0, 0
        for i, x in enumerate(times):
            while times[j] < x - 60 * 10**9: j += 1
            if i - j + 1 > best: best, at = i - j + 1, x
        print(f"  worst sliding 60s: {best*cost[k]} (limit {lim}) ending {ts(at)}")
        for a, b in pauses:
            win = [r for r in ok if a - 10 * 10**9 <= decision_ns(r) < b + 30 * 10**9]
            print(f"  pause {ts(a)}..{ts(b)}: admitted in [-10s, CONT+30s] by inst {dict(collections.Counter(r['inst'] for r in win))}")

# tokens issued per client (metric) vs 200s
print("\ntokens_issued_total per client (sum over p0..p2) vs 200 answers:")
byclient = collections.Counter()
for r in reqs:
    if r["status"] == 200: byclient[r["key"].split("/")[0]] += 1
for c in sorted(byclient):
    tot = sum(v for (i, cc), v in issued.items() if cc == c)
    per = {i: v for (i, cc), v in issued.items() if cc == c}
    print(f"  {c}: 200s {byclient[c]}, issued {tot} {per}")

# Answers of p0 to the requests queued during each pause and right after.
for a, b in pauses:
    q = [r for r in reqs if r["inst"] == 0 and a <= r["send_ns"] < b]
    print(f"\npause {ts(a)}..{ts(b)} ({(b-a)/1e9:.1f}s): {len(q)} requests queued on p0; answered from {ts(min(r['done_ns'] for r in q)) if q else '-'} to {ts(max(r['done_ns'] for r in q)) if q else '-'}")
    by = collections.defaultdict(collections.Counter)
    for r in q: by[r["key"]][(r["status"], r.get("retry_after", ""))] += 1
    for key, c in sorted(by.items()): print(f"   {key}: {dict(c)}")
    after = [r for r in reqs if r["inst"] == 0 and b <= r["send_ns"] < b + 5 * 10**9]
    by = collections.defaultdict(collections.Counter)
    for r in after: by[r["key"]][(r["status"], r.get("retry_after", ""))] += 1
    print("   sent to p0 in the 5 s after CONT:", {k: dict(v) for k, v in sorted(by.items())})

# metrics over time
def val(lines, name):
    out = {}
    for l in lines:
        if l.startswith(name):
            parts = l.rsplit(" ", 1)
            out[parts[0]] = float(parts[1])
    return out
print("\nlive_instances / store_outage / snapshot age by instance, every 2 s around pauses:")
for a, b in pauses:
    print(f" pause {ts(a)}..{ts(b)}")
    for s in scr:
        if a - 3e9 <= s["t_ns"] <= b + 8e9 and s["t_ns"] // 10**9 % 2 == 0:
            if "err" in s:
                print(f"   {ts(s['t_ns'])} p{s['inst']} scrape error"); continue
            li = val(s["lines"], "oauth_ratelimit_live_instances")
            so = val(s["lines"], "oauth_ratelimit_store_outage")
            age = val(s["lines"], "oauth_ratelimit_sync_snapshot_age_seconds")
            print(f"   {ts(s['t_ns'])} p{s['inst']} live {list(li.values())} outage {list(so.values())} age {[round(v,1) for v in age.values()][:3]}")
