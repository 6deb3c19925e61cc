#!/usr/bin/env python3
"""h87: compares the panels' answers (raw/*.json, from eval.py raw) with the
ground truth of requests.log, per phase of the run: for each step t of the
phase, truth = what the log counts over (t-60s, t] (the panels' 60s
$__rate_interval), as a rate per second or a count; the table gives the
medians over the phase of Prometheus' value and of the truth, and their
ratio.

compare.py T0
"""
import bisect, collections, json, os, statistics, sys

R = '/tmp/s24/h87/results'
T0 = float(sys.argv[1])
W = 60.0
INST = {'127.0.0.1:22001': '127.0.0.1:22011', '127.0.0.1:22002': '127.0.0.1:22012', '127.0.0.1:22003': '127.0.0.1:22013'}

rows = []
for line in open(R + '/requests.log'):
    f = line.split()
    rows.append((int(f[1]) / 1000, f[2], f[3], f[4], f[5], f[6]))
rows.sort()
times = [r[0] for r in rows]


def window(t, w=W):
    return rows[bisect.bisect_right(times, t - w):bisect.bisect_right(times, t)]


def count(t, pred, key, w=W, per_s=True):
    c = collections.Counter()
    for r in window(t, w):
        if pred(r):
            c[key(r)] += 1
    if per_s:
        return {k: v / w for k, v in c.items()}
    return dict(c)


DEC = lambda r: r[2] != 'bad' and r[5] in ('200', '429')
CC = ('under', 'over', 'dry', 'gw')

# Ground truth per target: (raw file, label key of a Prometheus series, truth(t) -> {key: value})
G = {
    'overview-02-A': (lambda m: 'all', lambda t: {'all': sum(count(t, DEC, lambda r: 1).values())}),
    'overview-03-A': (lambda m: 'all', lambda t: (lambda c: {'all': c.get('429', 0) / max(1e-9, sum(c.values()))})(count(t, DEC, lambda r: r[5]))),
    'overview-05-A': (lambda m: 'all', lambda t: {'all': sum(count(t, lambda r: r[5] == '200' and r[2] != 'bad', lambda r: 1).values())}),
    'overview-08-A': (lambda m: m.get('client', '-'), lambda t: count(t, lambda r: r[5] == '429', lambda r: r[3])),
    'overview-10-A': (lambda m: m.get('client', '-'), lambda t: (lambda d, a: {k: d.get(k, 0) / a[k] for k in a})(count(t, lambda r: r[5] == '429', lambda r: r[3]), count(t, DEC, lambda r: r[3]))),
    'overview-13-A': (lambda m: m.get('client', '-'), lambda t: count(t, lambda r: r[5] == '200' and r[2] in CC, lambda r: r[3], per_s=False)),
    'overview-14-A': (lambda m: m.get('client', '-'), lambda t: count(t, lambda r: r[5] == '200' and r[2] in CC, lambda r: r[3])),
    'overview-21-A': (lambda m: m.get('reason', '-'), lambda t: count(t, lambda r: r[2] == 'bad' and r[5] == '400', lambda r: 'duplicate_parameter')),
    'sync-12-B': (lambda m: 'all', lambda t: {'all': sum(count(t, DEC, lambda r: 1).values())}),
    'overview-11-A': (lambda m: (m.get('grant_type', '-'), m.get('decision', '-')), lambda t: count(t, lambda r: r[5] == '429', lambda r: ('password' if r[2] in ('alice', 'bob') else 'client_credentials', 'denied'))),
}

PHASES = [
    ('warm-up', T0 + 60, T0 + 120),
    ('steady, 3 instances', T0 + 120, T0 + 240),
    ('b restarted (+240s)', T0 + 240, T0 + 300),
    ('after b restart', T0 + 300, T0 + 420),
    ('store cut (+420..+450s)', T0 + 425, T0 + 455),
    ('after cut', T0 + 480, T0 + 600),
    ('c stopped (+600s), 2 left', T0 + 680, T0 + 1020),
    ('idle after the load (+1080s..)', T0 + 1080, T0 + 1400),
]


def series(fn):
    d = json.load(open(f'{R}/' + os.environ.get('RAW', 'raw') + f'/{fn}.json'))
    return d, d['answer']['data']['result']


def main():
    out = []
    for fn, (keyf, tf) in G.items():
        d, res = series(fn)
        byk = collections.defaultdict(dict)
        for s in res:
            k = keyf(s['metric'])
            for ts, v in s['values']:
                byk[k][float(ts)] = float(v)
        out.append(f"\n## {fn}: {d['panel']} [{d['legend']}]\n`{d['expr']}`\n")
        out.append('| phase | series | Prometheus (median) | truth (median) | ratio |')
        out.append('|---|---|---|---|---|')
        for name, s, e in PHASES:
            keys = set()
            steps = sorted({ts for k in byk for ts in byk[k] if s <= ts <= e})
            truths = {ts: tf(ts) for ts in steps}
            for ts in steps:
                keys |= set(truths[ts])
            keys |= {k for k in byk if any(s <= ts <= e for ts in byk[k])}
            for k in sorted(keys, key=str):
                pv = [byk[k].get(ts, float('nan')) for ts in steps]
                tv = [truths[ts].get(k, 0.0) for ts in steps]
                pm = statistics.median(pv) if pv else float('nan')
                tm = statistics.median(tv) if tv else float('nan')
                ratio = pm / tm if tm else float('nan')
                out.append(f'| {name} | {k} | {pm:.3f} | {tm:.3f} | {ratio:.2f} |')
    print('\n'.join(out))


main()
