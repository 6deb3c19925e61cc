#!/usr/bin/env python3
"""Outside analysis of a TestModeDrill run directory (DRILL_OUT): the switches'
lags per process, tokens per phase, the replay, the store against the upstream."""
import json, sys, re, collections
d = sys.argv[1]
ev = [json.loads(l) for l in open(f"{d}/events.jsonl")]
ans = [json.loads(l) for l in open(f"{d}/responses.jsonl")]
up = [json.loads(l) for l in open(f"{d}/upstream.jsonl")]
stored = json.load(open(f"{d}/stored.json"))
t0 = next(e["t"] for e in ev if e["kind"] == "load" and e["what"] == "start")
s = lambda ns: (ns - t0) / 1e9
procs = ["p1", "p2", "p3"]
# changes: (t, procs affected, new mode or None, label)
ch = []
shared = None
for e in ev:
    w = e["what"]
    if e["kind"] == "admin" and "/admin/mode" in w:
        shared = None if w.startswith("DELETE") else ("enforce" if '{"mode":"enforce"}' in w else "dry-run")
        m = shared or "dry-run"  # DELETE: the files' dry-run
        ch.append((e["t"], procs, m, w.split(" ->")[0] + " on " + e["proc"]))
    elif e["kind"] in ("policy", "restarted"):
        fm = json.loads(w)["mode"]
        m = shared or fm
        ch.append((e["t"], [e["proc"]], m, f'{e["kind"]} {e["proc"]} file mode {fm}, shared {shared}: {m}'))
print(f"answers {len(ans)}, statuses {dict(collections.Counter(a['status'] for a in ans))}, tokens {len(up)}")
over = [a for a in ans if a["client"] in ("svc-over", "app")]
print("\nswitches (over-limit keys svc-over and app/u1, from +12 s): per process, the last answer of the old mode after the change and the first of the new, s after the harness noted the change")
for i, (t, ps, m, label) in enumerate(ch):
    nxt = ch[i + 1][0] if i + 1 < len(ch) else 1e30
    line = [f"+{s(t):6.2f} {label}:"]
    for p in ps:
        xs = [a for a in over if a["proc"] == p and t - 0.5e9 <= a["send"] < nxt and a["send"] >= t0 + 12e9]
        new = 429 if m == "enforce" else 200
        first = next((a for a in xs if a["status"] == new), None)
        old_after = [a for a in xs if a["status"] != new and a["send"] >= t]
        last_old = old_after[-1] if old_after else None
        line.append(f'{p}: first new {s(first["send"]) - s(t):+.3f}' if first else f"{p}: first new none")
        line.append(f'last old {s(last_old["send"]) - s(t):+.3f} ({len(old_after)} old after)' if last_old else "no old after")
    print("  " + " ".join(line))
print("\ntokens issued per key and phase (upstream's clock)")
phases = [(0, 12, "dry-run (files)"), (12, 24, "enforce (shared)"), (24, 28, "dry-run (shared, then none)"),
          (28, 38, "files rolled to enforce (p1 28, p2 restarted 31, p3 34)"), (38, 46.5, "files rolled back (p3 38, p2 40, p1 42)")]
keys = sorted({(u["client"], u.get("user", "")) for u in up})
for lo, hi, what in phases:
    c = collections.Counter((u["client"], u.get("user", "")) for u in up if lo <= s(u["t"]) < hi)
    r = collections.Counter((a["client"], a.get("user", "")) for a in ans if lo <= s(a["send"]) < hi and a["status"] == 429)
    print(f"  {lo:>4}-{hi:<4} {what}: " + ", ".join(f"{k[0]}/{k[1]} {c[k]} issued {r[k]} refused" for k in keys))
print("\nstore's hour frames against the upstream, per key")
cnt = collections.Counter(f'{u["client"]}/{u.get("user","")}' for u in up)
for k in sorted(set(cnt) | set(stored)):
    print(f"  {k}: upstream {cnt[k]}, store {stored.get(k)}, diff {stored.get(k, 0) - cnt[k]}")
print("\nper process and key: 200 / 429")
pk = collections.Counter((a["proc"], a["client"], a["status"]) for a in ans)
for p in procs:
    print("  " + p + ": " + ", ".join(f"{c} {pk[(p,c,200)]}/{pk[(p,c,429)]}" for c in ["svc-over", "app", "svc-under", "svc-rpd", "svc-rpe"]))
# restarted process's first answers of over keys
for e in ev:
    if e["kind"] != "restarted":
        continue
    rs = e["t"]
    xs = [a for a in over if a["proc"] == e["proc"] and a["send"] >= rs][:8]
    print("\n%s after its restart (+%.2f), the first answers of svc-over and app/u1:" % (e["proc"], s(rs)))
    for a in xs:
        print(f'  +{s(a["send"]):.3f} {a["client"]}/{a.get("user","")} {a["status"]} RateLimit {a["rl"]!r} Retry-After {a.get("retry","")!r}')
# window: the sliding 60 s from the upstream log, per over key, max
print("\nworst sliding 60 s of tokens (upstream), per key")
by = collections.defaultdict(list)
for u in up:
    by[f'{u["client"]}/{u.get("user","")}'].append(u["t"])
for k, ts in sorted(by.items()):
    ts.sort(); j = 0; w = 0
    for i in range(len(ts)):
        while ts[i] - ts[j] >= 60e9: j += 1
        w = max(w, i - j + 1)
    print(f"  {k}: {w}")
