#!/usr/bin/env python3
# check.py ADMIN UPCTL: per key, the limiter's committed count (global+local current frame, 24h
# windows) and reserved, against the upstream's 2xx answers for that key; the metrics' balance.
import json, sys, urllib.request, re, collections
admin, up = sys.argv[1], sys.argv[2]
def get(u):
    with urllib.request.urlopen(u) as r: return r.read().decode()
ups = json.loads(get(up + "/"))
print("upstream handlers in flight:", ups["inflight"])
two = collections.Counter(); other = collections.Counter()
for k, c in ups["keys"].items():
    client, user, fault = k.split("|")
    two[(client, user)] += c["status_2xx"]; other[(client, user)] += sum(c["other"].values())
bad = 0
def keystate(client, user):
    p = f"{admin}/admin/keys/{client}" + (f"/{user}" if user else "")
    try: d = json.loads(get(p))
    except Exception as e: return None
    return d
# per-client keys: sum of the 2xx of every user (aggregate/client key counts every token of the client)
clients = collections.Counter()
for (c, u), n in two.items(): clients[c] += n
rows = []
for (c, u), n in sorted(two.items()):
    if u:
        d = keystate(c, u)
        if d is None and c == "web": pass
        rows.append((c, u, n, d))
for c, n in sorted(clients.items()):
    rows.append((c, "", n, keystate(c, "")))
for c, u, n, d in rows:
    if d is None:
        print(f"{c:10} {u or '(client)':10} upstream_2xx={n:5} limiter: no key"); continue
    for t in d["tiers"]:
        com = t["global"]["current"] + t["local"]["current"]
        ok = "ok" if com == n and t["reserved"] == 0 and d["reserved"] == 0 else "MISMATCH"
        if ok != "ok": bad += 1
        print(f"{c:10} {u or '(client)':10} {t['scope']:9} upstream_2xx={n:5} committed={com:5} reserved={t['reserved']} key_reserved={d['reserved']} {ok}")
m = get(admin + "/metrics")
dec = collections.Counter(); iss = collections.Counter(); rel = collections.Counter()
for line in m.splitlines():
    mm = re.match(r'oauth_ratelimit_(decisions_total|tokens_issued_total|reservations_released_total)\{(.*)\} (\S+)', line)
    if not mm: continue
    labels = dict(re.findall(r'(\w+)="([^"]*)"', mm.group(2))); v = float(mm.group(3))
    k = (labels["client"], labels["grant_type"])
    if mm.group(1) == "decisions_total": dec[k + (labels["decision"],)] += v
    elif mm.group(1) == "tokens_issued_total": iss[k] += v
    else: rel[k] += v
for k in sorted(set(list(iss) + list(rel))):
    allowed = dec[k + ("allowed",)] + dec[k + ("dry_run_denied",)] + dec[k + ("trusted_over_limit",)]
    print(f"metrics {k}: allowed={allowed:.0f} issued={iss[k]:.0f} released={rel[k]:.0f} denied={dec[k+('denied',)]:.0f} unattributed={dec[k+('unattributed',)]:.0f}",
          "balanced" if allowed == iss[k] + rel[k] else "UNBALANCED")
for line in m.splitlines():
    if line.startswith(("oauth_ratelimit_attributions_total", "go_goroutines ", "process_resident_memory_bytes ")): print(line)
print("mismatches:", bad)
