#!/usr/bin/env python3
"""Analysis of a policy drill (integration/TestPolicyDrill's DRILL_OUT).

Reads responses.jsonl, upstream.jsonl, events.jsonl, stored.json, p*.metrics
and prints: exactness (upstream vs answers vs store vs metrics), the counts
per key per fixed frame and the worst weighted estimate and sliding window
per phase against the limits in force, and the headers against each
process's policy.
"""
import json, sys, re, collections, bisect

d = sys.argv[1]
import gzip, os
def opener(path):
    return gzip.open(path + ".gz", "rt") if not os.path.exists(path) and os.path.exists(path + ".gz") else open(path)
NS = 1_000_000_000
resps = [json.loads(l) for l in opener(f"{d}/responses.jsonl")]
ups = [json.loads(l) for l in opener(f"{d}/upstream.jsonl")]
events = [json.loads(l) for l in open(f"{d}/events.jsonl")]
stored = json.load(open(f"{d}/stored.json"))
PROCS = ["p1", "p2", "p3"]

t0 = [e["t"] for e in events if e["kind"] == "load" and e["what"] == "start"][0]
def rel(t): return (t - t0) / NS

def key(r): return r["client"] + "/" + (r.get("user") or "")
KEYS = sorted({key(r) for r in resps})

# ---------- exactness ----------
print("== exactness")
byid = {r["id"]: r for r in resps}
upids = collections.Counter(u["id"] for u in ups)
dup = [i for i, n in upids.items() if n > 1]
ok_ids = {r["id"] for r in resps if r["status"] == 200}
non200_up = [i for i in upids if i in byid and byid[i]["status"] != 200]
missing_up = [i for i in ok_ids if i not in upids]
crossed = [u for u in ups if u["id"] in byid and (key(byid[u["id"]]) != key(u) or byid[u["id"]]["proc"] != u["proc"])]
errs = collections.Counter((r["status"], r.get("err", "")[:60]) for r in resps if r["status"] not in (200, 429))
print(f"answers {len(resps)}, 200 {len(ok_ids)}, upstream tokens {len(ups)}; ids twice at upstream {len(dup)}, "
      f"upstream ids answered non-200 {len(non200_up)}, 200s upstream never saw {len(missing_up)}, crossed {len(crossed)}; other answers {dict(errs)}")
upk = collections.Counter(key(u) for u in ups)
upkp = collections.Counter((key(u), u["proc"]) for u in ups)
print(f"{'key':14} {'upstream':>8} {'store(1h)':>9} {'diff':>5}   per process (upstream / metrics allowed)")
# metrics
met = {}
for p in PROCS:
    m = collections.Counter()
    try:
        for line in open(f"{d}/{p}.metrics"):
            mm = re.match(r'oauth_ratelimit_decisions_total\{(.*)\} (\S+)', line)
            if not mm: continue
            labels = dict(re.findall(r'(\w+)="([^"]*)"', mm.group(1)))
            m[(labels["client"], labels["decision"])] += float(mm.group(2))
    except FileNotFoundError:
        pass
    met[p] = m
clients = sorted({k.split("/")[0] for k in KEYS})
for k in KEYS:
    s = stored.get(k, None)
    print(f"{k:14} {upk[k]:8} {s if s is not None else '-':>9} {(s - upk[k]) if s is not None else '-':>5}   "
          + "  ".join(f"{p} {upkp[(k, p)]}" for p in PROCS))
print("per client and process: upstream tokens vs metrics (allowed + trusted_over_limit + dry_run_denied):")
for c in clients:
    row = []
    for p in PROCS:
        u = sum(n for (k, pp), n in upkp.items() if k.split("/")[0] == c and pp == p)
        labs = [c] + (["other"] if c == "svc-drop" else [])
        mv = sum(met[p][(l, dd)] for l in labs for dd in ("allowed", "trusted_over_limit", "dry_run_denied"))
        row.append(f"{p} {u}/{int(mv)}{'' if u == mv else ' MISMATCH'}")
    print(f"  {c:10} " + "  ".join(row))
others = {p: {k: v for k, v in met[p].items() if k[0] == "other"} for p in PROCS}
print("  'other' label per process:", {p: {f"{k[1]}": int(v) for k, v in o.items()} for p, o in others.items()})

# ---------- the policy in force ----------
# state per process over time, from events
pol_events = collections.defaultdict(list)  # proc -> [(t, state)]
init = {"limLimit": 300, "winTier": "300/1m", "dropped": False, "userLimit": 30}
for p in PROCS:
    pol_events[p].append((0, init))
for e in events:
    if e["kind"] == "policy":
        s = json.loads(e["what"])
        pol_events[e["proc"]].append((e["t"], s))
ovr = []  # (t, on): when the harness's PUT or DELETE returned
for e in events:
    if e["kind"] == "admin" and "svc-ovr" in e["what"]:
        ovr.append((e["t"], e["what"].startswith("PUT")))
# when each process installed the override (its log): the others read it at their next pull
import datetime
ovr_p = collections.defaultdict(list)
for p in PROCS:
    try:
        for line in open(f"{d}/{p}.log"):
            r = json.loads(line)
            if r.get("msg") == "policy installed" and r.get("why") == "overrides read":
                for c in r.get("override_changes", []):
                    if c.startswith("svc-ovr "):
                        t = int(datetime.datetime.fromisoformat(r["time"].replace("Z", "+00:00")).timestamp() * NS)
                        ovr_p[p].append((t, " set " in c))
    except FileNotFoundError:
        pass

def state(p, t):
    s = init
    for (te, st) in pol_events[p]:
        if te <= t: s = st
    return s

def ovr_on(t, p=None):
    on = False
    for te, o in (ovr_p[p] if p and ovr_p[p] else ovr):
        if te <= t: on = o
    return on

def tiers(client, s, ovr):
    """(window s, limit) of the client's own policy on a process in state s"""
    H = (3600, 1000000)
    if client == "svc-ctl": return {(60, 300), H}
    if client == "svc-ovr": return {(60, 60), H} if ovr else {(60, 300), H}
    if client == "svc-lim": return {(60, s["limLimit"]), H}
    if client == "svc-win": return {(60, 300), H} if s["winTier"] == "300/1m" else {(10, 50), H}
    if client == "svc-drop": return {(60, 300), H} if s["dropped"] else {(60, 60), H}
    if client == "app": return {(60, s["userLimit"]), H}

# ---------- counts against limits ----------
print()
print("== counts against the limits (tokens issued, from the upstream's log)")
def phase_bounds(client, t):
    """per window size: the highest and lowest limit any process has at t
    (the rollout's bound is the highest)."""
    out = {}
    for p in PROCS:
      for tt in (t, t - int(1.5 * NS)):  # a change takes up to ~1 s to be in force (debounce, pull)
        for (w, q) in tiers(client, state(p, tt), ovr_on(tt, p)):
            if w == 3600: continue
            lo, hi = out.get(w, (q, q))
            out[w] = (min(lo, q), max(hi, q))
    return out

for k in KEYS:
    client = k.split("/")[0]
    ts = sorted(u["t"] for u in ups if key(u) == k)
    print(f"-- {k}: {len(ts)} tokens")
    for W in (10, 60):
        frames = collections.Counter((t // NS) // W * W for t in ts)
        # weighted estimate at each issuance, this token included
        worst = {}  # phase label -> (excess, est, bound, t)
        for i, t in enumerate(ts):
            sec = t / NS
            fs = int(sec // W * W)
            cur = i + 1 - bisect.bisect_left(ts, fs * NS)  # tokens in the current frame up to this one
            prev = frames[fs - W]
            est = prev * (1 - (sec - fs) / W) + cur
            b = phase_bounds(client, t)
            if W not in b:
                continue  # no process enforces this size now
            lo, hi = b[W]
            label = f"{lo}" if lo == hi else f"{lo}..{hi}"
            ex = est - hi
            if label not in worst or ex > worst[label][0]:
                worst[label] = (ex, est, hi, rel(t))
        # exact sliding window of W seconds
        j = 0; slide = 0; slide_at = 0
        for i, t in enumerate(ts):
            while ts[j] <= t - W * NS: j += 1
            if i - j + 1 > slide: slide, slide_at = i - j + 1, rel(t)
        fr = " ".join(f"{rel(f * NS):.0f}:{n}" for f, n in sorted(frames.items())) if W == 60 else ""
        print(f"   {W}s: worst weighted estimate by limits in force: " +
              "; ".join(f"limit {lab}: {v[1]:.2f} at +{v[3]:.1f}s (bound {v[2]}, excess {v[0]:+.2f})" for lab, v in sorted(worst.items())) +
              f"; worst exact sliding {W}s {slide} (at +{slide_at:.1f}s)" + (f"\n      fixed minutes (start offset: tokens) {fr}" if fr else ""))
    if client in ("svc-win",):
        f10 = collections.Counter((t // NS) // 10 * 10 for t in ts)
        print("      fixed 10 s frames: " + " ".join(f"{rel(f*NS):.0f}:{n}" for f, n in sorted(f10.items())))

# ---------- headers ----------
print()
print("== headers against each process's policy")
tier_re = re.compile(r'"([a-z]+)-(\w+)";q=(\d+);w=(\d+)')
def parse_policy(h):
    return {(int(w), int(q)) for (_, _, q, w) in tier_re.findall(h or "")}
changes = collections.defaultdict(list)  # (proc, client) -> [(t, old, new)]
for p in PROCS:
    for c in clients:
        prev = None
        pts = sorted(set([te for te, _ in pol_events[p]] + [te for te, _ in (ovr_p[p] or ovr)]))
        for te in pts:
            now = tiers(c, state(p, te), ovr_on(te, p))
            if prev is not None and now != prev:
                changes[(p, c)].append((te, prev, now))
            prev = now
bad = collections.Counter(); examples = collections.defaultdict(list)
extras = collections.Counter()
lat = collections.defaultdict(list)
rl_re = re.compile(r'"([a-z]+)-(\w+)";r=(-?\d+);t=(\d+)')
for (p, c), chs in sorted(changes.items()):
    for (te, old, new) in chs:
        rs = sorted((r for r in resps if r["proc"] == p and r["client"] == c and r["status"] in (200, 429) and r["send"] >= te), key=lambda r: r["send"])
        first_new = next((r for r in rs if new <= parse_policy(r["policy"])), None)
        if first_new:
            lat[(p, c)].append(round(rel(first_new["send"]) - rel(te), 2))
            after_new = [r for r in rs if r["send"] > first_new["recv"]]
            nxt = [te2 for (te2, _, _) in chs if te2 > te]
            if nxt: after_new = [r for r in after_new if r["send"] < nxt[0]]
            for r in after_new:
                got = parse_policy(r["policy"])
                if not new <= got:
                    bad[(p, c, "old after new")] += 1
                    examples[(p, c, "old after new")].append((round(rel(r["send"]), 2), r["policy"]))
        else:
            bad[(p, c, "never new")] += 1
for r in resps:
    if r["status"] not in (200, 429): continue
    c = r["client"]
    got = parse_policy(r["policy"])
    # own policy at send or at receive (a change in between may show either)
    exp = [tiers(c, state(r["proc"], r["send"]), ovr_on(r["send"], r["proc"])), tiers(c, state(r["proc"], r["recv"]), ovr_on(r["recv"], r["proc"]))]
    # allow the state before the last change for up to 3 s (the watcher's debounce, the override's pull)
    exp.append(tiers(c, state(r["proc"], r["send"] - 3 * NS), ovr_on(r["send"] - 3 * NS, r["proc"])))
    if not any(e <= got for e in exp):
        bad[(r["proc"], c, "neither")] += 1
        examples[(r["proc"], c, "neither")].append((round(rel(r["send"]), 2), r["policy"]))
    else:
        e = next(e for e in exp if e <= got)
        if got - e:
            extras[(r["proc"], c, tuple(sorted(got - e)))] += 1
    m = rl_re.search(r["rl"] or "")
    if m:
        rr = int(m.group(3)); bw = {"1m": 60, "10s": 10, "1h": 3600}.get(m.group(2))
        q = next((qq for (w, qq) in got if w == bw), None)
        if q is not None and rr > q:
            bad[(r["proc"], c, "r above q")] += 1
        if r["status"] == 429 and rr != 0:
            bad[(r["proc"], c, "429 with r>0")] += 1
            examples[(r["proc"], c, "429 with r>0")].append((round(rel(r["send"]), 2), r["rl"]))
print("latency from a change to the first answer showing it, s:", {f"{p}/{c}": v for (p, c), v in sorted(lat.items())})
print("tiers beyond the process's own (fleet tiers):", {f"{p}/{c} {list(x)}": n for (p, c, x), n in sorted(extras.items())})
print("disagreements:", dict(bad) if bad else "none")
for k, v in examples.items():
    print("  ", k, v[:5])
sc = collections.Counter((r["client"], r["status"]) for r in resps)
print("answers by client and status:", dict(sorted(sc.items())))
