#!/usr/bin/env python3
"""h87: the alerts Prometheus raised (raw/ALERTS.json: pending/firing runs)
against what the log and the scenario say.

HighDenialRate's condition from the log: over (t-300s, t], a client's 429s
over its decisions (200 + 429) > 0.2 and its 429s / 300 > 0.1.

alerts_truth.py T0
"""
import bisect, collections, json, sys, time

R = '/tmp/s24/h87/results'
T0 = float(sys.argv[1])
fmt = lambda t: time.strftime('%H:%M:%S', time.gmtime(t))

print('## ALERTS series (pending / firing runs, 5s steps)')
a = json.load(open(R + '/raw/ALERTS.json'))['data']['result']
for s in sorted(a, key=lambda s: (s['metric']['alertname'], s['metric'].get('client', ''), s['metric'].get('instance', ''), s['metric']['alertstate'])):
    m = s['metric']
    ts = [float(v[0]) for v in s['values']]
    runs = []
    for t in ts:
        if runs and t - runs[-1][1] <= 5.5:
            runs[-1][1] = t
        else:
            runs.append([t, t])
    who = m.get('client') or m.get('instance') or ''
    print(f"{m['alertname']} {who} {m['alertstate']}: " + ', '.join(f'{fmt(x)}-{fmt(y)} (T0+{x - T0:.0f}s..+{y - T0:.0f}s)' for x, y in runs))

rows = []
for line in open(R + '/requests.log'):
    f = line.split()
    rows.append((int(f[1]) / 1000, f[3], f[4], f[6]))
rows.sort()
times = [r[0] for r in rows]
end = rows[-1][0]
print('\n## HighDenialRate condition from the log (5m windows, 5s steps)')
cond = collections.defaultdict(list)
t = T0 + 5
while t <= end + 300:
    w = rows[bisect.bisect_right(times, t - 300):bisect.bisect_right(times, t)]
    den, dec = collections.Counter(), collections.Counter()
    for _, spec, client, st in w:
        if spec == 'bad':
            continue
        if st in ('200', '429'):
            dec[client] += 1
        if st == '429':
            den[client] += 1
    for c in dec:
        if den[c] / dec[c] > 0.2 and den[c] / 300 > 0.1:
            cond[c].append((t, den[c] / dec[c]))
    t += 5
for c, pts in cond.items():
    runs = []
    for t, v in pts:
        if runs and t - runs[-1][1] <= 5.5:
            runs[-1][1] = t
        else:
            runs.append([t, t])
    print(f'{c}: condition true ' + ', '.join(f'{fmt(x)}-{fmt(y)}' for x, y in runs) + f'; so firing from {fmt(runs[0][0] + 600)} (for: 10m)')
    for probe in (T0 + 300, T0 + 600, T0 + 900, T0 + 1020):
        near = min(pts, key=lambda p: abs(p[0] - probe))
        print(f'   ratio at {fmt(near[0])}: {near[1]:.3f}')
