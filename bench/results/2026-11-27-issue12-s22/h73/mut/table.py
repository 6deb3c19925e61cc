#!/usr/bin/env python3
"""Build mutation_table.md from the runs and the verdicts below."""
import json, os, glob
D = "/tmp/s22/h73/results/mut"
def load(f):
    p = os.path.join(D, f)
    return [json.loads(l) for l in open(p)] if os.path.exists(p) else []
first = {}
for r in load("cache_quick.jsonl") + load("syncer_quick.jsonl") + load("extra_quick.jsonl"):
    first[r["id"]] = r
full = {r["id"]: r for r in load("syncer_full.jsonl") + load("cache_long.jsonl")}
kills = {}
for r in load("check.jsonl"):
    if r["result"] == "killed" and r["id"] != "R3":
        tops = sorted({f.split("/")[0] for f in r["fails"]}) or ["(timeout/hang)"]
        kills.setdefault(r["id"], set()).update(tops)
V = json.load(open(os.path.join(D, "verdicts.json")))
rows = []
order = [m[0] for m in (lambda ns: (exec(open(D+"/cache_muts.py").read(), ns), ns["MUTS"])[1])({})] + \
        [m[0] for m in (lambda ns: (exec(open(D+"/syncer_muts.py").read(), ns), ns["MUTS"])[1])({})]
out = ["| id | file:line | mutation | original suite (quick run) | more seeds | verdict | killed now by |", "|---|---|---|---|---|---|---|"]
counts = {}
for mid in order:
    r = first.get(mid)
    if not r:
        continue
    res = r["result"]
    orig = "killed by " + r["by"][:80] if res == "killed" else res
    fr = full.get(mid)
    more = fr["result"] + ((" by " + fr["by"][:60]) if fr and fr["result"] == "killed" else "") if fr else ""
    v = V.get(mid, "")
    if res == "killed":
        verdict = "killed"
    elif res == "build-error":
        verdict = "did not compile" + (" (see " + V[mid] + ")" if mid in V else "")
    else:
        verdict = v or "SURVIVED (no verdict)"
    k = ", ".join(sorted(kills.get(mid, []))) if res != "killed" else ""
    counts.setdefault(r["file"].split("/")[0] + " " + (res if res != "killed" else "killed"), 0)
    counts[r["file"].split("/")[0] + " " + res] = counts.get(r["file"].split("/")[0] + " " + res, 0) + (1 if res != "killed" else 0)
    out.append(f"| {mid} | {r['file']}:{r['line']} | {r['note']} | {orig} | {more} | {verdict} | {k} |")
open(os.path.join(D, "mutation_table.md"), "w").write("\n".join(out) + "\n")
from collections import Counter
c = Counter((first[m]["file"], first[m]["result"]) for m in order if m in first)
for k, n in sorted(c.items()):
    print(k, n)
print("total", sum(1 for m in order if m in first))
