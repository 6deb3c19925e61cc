#!/usr/bin/env python3
"""h79: analyze one run: per-frame admitted counts, a replay of the sliding-window
estimate from the client's log, header transitions per instance, the store's
documents and the metrics against the log. Usage: analyze.py RUNDIR"""
import sys, json, re, collections, glob, os
R = sys.argv[1]
steps = []
for line in open(f"{R}/steps.log"):
    p = line.split(None, 2)
    if len(p) >= 3 and p[1].isdigit():
        steps.append((int(p[1]) / 1e9, p[2].strip()))
T0 = int(re.search(r"T0=(\d+)", open(f"{R}/steps.log").read()).group(1))
reqs = []
with open(f"{R}/requests.psv") as f:
    next(f)
    for line in f:
        c = line.rstrip("\n").split("|")
        reqs.append(dict(send=int(c[0]) / 1e9, recv=int(c[1]) / 1e9, stream=c[2], inst="ABC"[int(c[3])],
                         client=c[4], user=c[5], status=int(c[6]), policy=c[7], rl=c[8], xl=c[9], xr=c[10],
                         xreset=c[11], ra=c[12], warn=c[13], err=c[14]))
print(f"T0 {T0}; {len(reqs)} requests; statuses {collections.Counter(r['status'] for r in reqs)}")
errs = [r for r in reqs if r['status'] not in (200, 429)]
if errs:
    print("NON-200/429:", len(errs), errs[:3])
print("\nsteps (offset from T0):")
for t, s in steps:
    print(f"  {t - T0:8.3f}  {s}")
streams = sorted({r['stream'] for r in reqs})

# Expected fleet limits per stream: list of (from_offset, {window_s: limit}, mode) -- the
# highest limit any instance holds (rolling: the fleet holds the higher one; README).
# global dry-run 405..465 (from the POST at C, to the DELETE at A; other instances within a sync).
def so(prefix):
    for t, name in steps:
        if name.startswith(prefix):
            return int(round(t - T0))
    raise KeyError(prefix)
if os.environ.get("PROFILE") == "run2":
    EXP = {
     'lower':  [(0, {60: 200}), (so('step1 C'), {60: 40})],
     'addwin': [(0, {60: 90}), (so('step1 A') + 2, {60: 90, 10: 10})],
     'rmwin':  [(0, {60: 90, 10: 10}), (so('step1 C') + 2, {60: 90})],
     'glob':   [(0, {60: 30}), (so('step2 A'), None), (so('step3'), {60: 30})],
     'app-agg': [(0, {60: 60}), (so('step1 C') + 2, {})],
     'app-u1': [(0, {}), (so('step1 C'), {60: 20})], 'app-u2': [(0, {}), (so('step1 C'), {60: 20})], 'app-u3': [(0, {}), (so('step1 C'), {60: 20})],
    }
    GLOBAL_DRY = (10**9, 10**9)
else:
    EXP = {
     'raise':  [(0, {60: 30}), (75, {60: 60})],
     'lower':  [(0, {60: 200}), (so('step1 C'), {60: 40})],   # 75..95 rolling: B/C still 200
     'addwin': [(0, {60: 90}), (135, {60: 90, 10: 10})],
     'rmwin':  [(0, {60: 90, 10: 10}), (135, {60: 90})],
     'newc':   [(0, {60: 200}), (135, {60: 20}), (so('step4 A'), {60: 200})],
     'ovr':    [(0, {60: 100}), (so('step3')+2, {60: 20}), (so('step4b'), {60: 100})],
     'dry':    [(0, None), (so('step4 C'), {60: 30}), (so('step6'), None)],     # None: dry-run (255..275 rolling: mixed)
     'app-agg': [(0, {60: 60}), (135, {})],
     'app-u1': [(0, {}), (135, {60: 20})], 'app-u2': [(0, {}), (135, {60: 20})], 'app-u3': [(0, {}), (135, {60: 20})],
    }
    GLOBAL_DRY = (so('step7 '), so('step7b') + 2)
def exp_at(stream, off):
    cur = None
    for frm, lim in EXP[stream]:
        if off >= frm:
            cur = lim
    if stream != 'dry' and GLOBAL_DRY[0] <= off < GLOBAL_DRY[1]:
        return None
    return cur
def admitted(stream):
    if stream == 'app-agg':
        return sorted(r['send'] for r in reqs if r['client'] == 'app' and r['status'] == 200)
    return sorted(r['send'] for r in reqs if r['stream'] == stream and r['status'] == 200)

print("\n== per fixed frame: admitted vs the limit in force (bound: max(ceil(1.033 L), L+2), README/BENCHMARKS 3 processes)")
viol = []
for s in list(EXP):
    ts = admitted(s)
    sizes = sorted({w for _, lim in EXP[s] if lim for w in lim})
    for w in sizes:
        frames = collections.Counter(int((t - T0) // w) for t in ts)
        rows = []
        for fi in range(0, int(max(r['send'] for r in reqs) - T0) // w + 1):
            a, b = fi * w, fi * w + w
            lims = [exp_at(s, o) for o in range(a, b)]
            if any(l is None for l in lims):
                tag, L = 'dry', None
            else:
                ls = [l.get(w) for l in lims]
                if all(x is None for x in ls):
                    continue
                L = max(x for x in ls if x is not None)
                tag = ''
            n = frames.get(fi, 0)
            bound = None if L is None else max(-(-L * 1033 // 1000), L + 2)
            bad = bound is not None and n > bound
            if bad:
                viol.append((s, w, a, n, L))
            rows.append(f"{a}:{n}/{L if L is not None else '-'}{'!' if bad else ''}")
        print(f"  {s:8s} {w:3d}s  " + " ".join(rows))
print("frame violations:", viol or "none")

print("\n== replay of the sliding-window estimate (from the log, every instance): worst estimate after an admission / limit, per phase")
def est(ts_sorted, t, w, idx_end):
    # counts of admissions before index idx_end in frame of t and the previous
    f = (t // w) * w
    cur = prev = 0
    for x in ts_sorted[:idx_end][::-1]:
        if x >= f: cur += 1
        elif x >= f - w: prev += 1
        else: break
    return prev * (1 - (t - f) / w) + cur
for s in list(EXP):
    ts = admitted(s)
    sizes = sorted({w for _, lim in EXP[s] if lim for w in lim})
    out = []
    for w in sizes:
        worst = {}
        for i, t in enumerate(ts):
            off = t - T0
            lim = exp_at(s, int(off))
            if not lim or w not in lim:
                continue
            e = est(ts, t, w, i) + 1
            ph = max(frm for frm, _ in EXP[s] if off >= frm)
            k = (ph,)
            if e / lim[w] > worst.get(k, (0,))[0]:
                worst[k] = (e / lim[w], round(off, 1), lim[w])
        out.append(f"{w}s: " + ", ".join(f"from {k[0]}: {v[0]:.3f} (at {v[1]}, L {v[2]})" for k, v in sorted(worst.items())))
    print(f"  {s:8s} " + " | ".join(out))

print("\n== statuses per stream per 15 s (200/429), offsets from T0")
for s in streams:
    c = collections.defaultdict(lambda: [0, 0])
    for r in reqs:
        if r['stream'] == s:
            c[int((r['send'] - T0) // 15) * 15][0 if r['status'] == 200 else 1] += 1
    print(f"  {s:7s} " + " ".join(f"{k}:{v[0]}/{v[1]}" for k, v in sorted(c.items())))

print("\n== RateLimit-Policy transitions per stream and instance (offset first seen .. last seen)")
for s in streams:
    for inst in "ABC":
        seq = []
        for r in sorted((r for r in reqs if r['stream'] == s and r['inst'] == inst), key=lambda r: r['send']):
            p = r['policy'] or f"<none:{r['status']}>"
            if seq and seq[-1][0] == p:
                seq[-1][2] = r['send'] - T0; seq[-1][3] += 1
            else:
                seq.append([p, r['send'] - T0, r['send'] - T0, 1])
        print(f"  {s:7s} {inst}: " + " ; ".join(f"[{a:.1f}..{b:.1f} x{n}] {p}" for p, a, b, n in seq))

print("\n== header consistency: X-RateLimit-Limit equals the q of the RateLimit tier named in RateLimit; 429 has Retry-After")
bad = 0
for r in reqs:
    if r['status'] not in (200, 429) or not r['rl']:
        continue
    name = r['rl'].split(';')[0]
    q = None
    for part in r['policy'].split(', '):
        if part.split(';')[0] == name:
            q = re.search(r"q=(\d+)", part).group(1)
    if q != r['xl'] or (r['status'] == 429 and not r['ra']):
        bad += 1
        if bad <= 5: print("  ", r)
print("  inconsistent:", bad)

def load_docs(fn):
    docs = {}
    if os.path.exists(fn):
        for line in open(fn):
            d = json.loads(line); docs[d['_id']] = d
    return docs
print("\n== the store (after every process stopped) against the log: the hour frame, and each minute frame it still holds")
docs = load_docs(f"{R}/store-after-stop.jsonl")
hour = str(T0 // 3600 * 3600)
CL = sorted({r['client'] for r in reqs})
keys = {f"{c}|": None for c in CL}
keys.update({"app|u1": None, "app|u2": None, "app|u3": None})
for k in keys:
    c, u = k.split('|')
    ts = [r['send'] for r in reqs if r['client'] == c and (u == '' or r['user'] == u) and r['status'] == 200]
    d = docs.get(k)
    if not d:
        print(f"  {k:8s} NO DOCUMENT; log admitted {len(ts)}"); continue
    rc = d['requestCounters']
    h = rc.get('3600', {}).get(hour)
    mins = {int(f): n for f, n in rc.get('60', {}).items()}
    mlog = {f: sum(1 for t in ts if f <= t < f + 60) for f in mins}
    tens = {int(f): n for f, n in rc.get('10', {}).items()}
    tlog = {f: sum(1 for t in ts if f <= t < f + 10) for f in tens}
    ok = "OK" if h == len(ts) else "MISMATCH"
    print(f"  {k:8s} hour store {h} log {len(ts)} {ok}; minutes store/log " +
          " ".join(f"{f - T0}:{mins[f]}/{mlog[f]}" for f in sorted(mins)) +
          ("; 10s " + " ".join(f"{f - T0}:{tens[f]}/{tlog[f]}" for f in sorted(tens)) if tens else ""))

print("\n== metrics at the end (sum over A, B, C) against the log")
def metrics(fn):
    m = {}
    for line in open(fn):
        if line.startswith('#') or not line.strip(): continue
        k, v = line.rsplit(' ', 1); m[k] = float(v)
    return m
ms = {n: metrics(f"{R}/metrics/end-{n}.txt") for n in "ABC"}
def msum(prefix):
    out = collections.Counter()
    for n in "ABC":
        for k, v in ms[n].items():
            if k.startswith(prefix): out[k] += v
    return out
iss = msum("oauth_ratelimit_tokens_issued_total")
dec = msum("oauth_ratelimit_decisions_total")
for c in CL + ['other']:
    i = sum(v for k, v in iss.items() if f'client="{c}"' in k)
    d = {re.search(r'decision="(\w+)"', k).group(1): v for k, v in dec.items() if f'client="{c}"' in k}
    lc = collections.Counter(r['status'] for r in reqs if r['client'] == c)
    print(f"  {c:7s} issued {i:.0f} decisions {d} | log 200 {lc[200]} 429 {lc[429]}")
for n in "ABC":
    print(f"  {n}: reloads", {k: v for k, v in ms[n].items() if 'policy_reload' in k or 'policy_last_reload' in k})
