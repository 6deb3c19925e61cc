#!/usr/bin/env python3
# analyze.py PHASE: per stream, statuses from the log, the would-deny predicted
# from the policy (request k of a key in a fresh frame: k*cost > limit, all
# admitted in dry-run; in enforce only the admitted count), and the metrics'
# decisions (after - before, summed over the 3 instances).
import json, sys, re, collections
ph = sys.argv[1]
LIM = {"batch": (60, 1), "demo": (100, 1), "gw": (100, 1), "alice": (60, 2), "bob": (60, 2), "erin": (60, 2), "carol": (60, 2)}
if len(sys.argv) > 2:
    for kv in sys.argv[2:]:
        k, v = kv.split("=")
        LIM[k] = (int(v), LIM[k][1])
recs = [json.loads(l) for l in open(f"{ph}/requests.jsonl")]
by = collections.defaultdict(list)
for r in recs:
    by[r["stream"]].append(r)
def metrics(which):
    tot = collections.Counter()
    for n in range(3):
        for l in open(f"{ph}/metrics-{which}-{n}.txt"):
            m = re.match(r'oauth_ratelimit_decisions_total\{client="([^"]*)",decision="([^"]*)",grant_type="([^"]*)"\} (\S+)', l)
            if m:
                tot[(m[1], m[2])] += float(m[4])
    return tot
d = metrics("after"); d.subtract(metrics("before"))
print(f"{'stream':7} {'client':17} {'n':>4} {'200':>4} {'429':>4} {'oth':>4} {'pred_deny':>9} {'rem0':>5} {'warn':>5}")
for s, rs in by.items():
    rs.sort(key=lambda r: r["seq"])
    lim, cost = LIM[s]
    st = collections.Counter(r["status"] for r in rs)
    adm = 0; pred = 0
    for r in rs:
        if (adm + 1) * cost > lim:
            pred += 1
        else:
            adm += 1
    rem0 = sum(1 for r in rs if r.get("h", {}).get("X-RateLimit-Remaining") == "0")
    warn = sum(1 for r in rs if "RateLimit-Warning" in r.get("h", {}))
    oth = sum(v for k, v in st.items() if k not in (200, 429))
    print(f"{s:7} {rs[0]['client']:17} {len(rs):4} {st[200]:4} {st[429]:4} {oth:4} {pred:9} {rem0:5} {warn:5}")
print("metrics decisions (after-before, sum of 3 instances):")
for (c, dec), v in sorted(d.items()):
    if v:
        print(f"  {c:17} {dec:20} {v:g}")
