#!/usr/bin/env python3
"""h79 run3: app's user-grant tokens per fixed minute, by instance, against the old policy's
aggregate of 30/1m (B and C) while A runs the new one; and the store's minute frames."""
import sys, json, re, collections
R = sys.argv[1]
T0 = int(re.search(r"T0=(\d+)", open(f"{R}/steps.log").read()).group(1))
rows = [l.rstrip("\n").split("|") for l in open(f"{R}/requests.psv")][1:]
per = collections.defaultdict(collections.Counter)
st = collections.Counter()
for c in rows:
    t = int(c[0]) / 1e9
    st[c[6]] += 1
    if c[6] == "200":
        m = int((t - T0) // 60) * 60
        per[m]["ABC"[int(c[3])]] += 1
        per[m]["all"] += 1
print(f"T0 {T0}; statuses {dict(st)}")
for m in sorted(per):
    print(f"minute +{m}: {per[m]['all']} tokens (A {per[m]['A']}, B {per[m]['B']}, C {per[m]['C']}); old policy's aggregate 30")
for line in open(f"{R}/store-after-stop.jsonl"):
    d = json.loads(line)
    if d["_id"] == "app|":
        print("store app| minutes:", {int(k) - T0: v for k, v in d["requestCounters"].get("60", {}).items()}, "hour:", d["requestCounters"].get("3600"))
try:
    p = json.load(open(f"{R}/admin/policy-0.json"))
    print("A's GET /admin/policy fleet_tiers at +30 s:", json.dumps(p.get("fleet_tiers")))
except Exception as e:
    print("no policy", e)
