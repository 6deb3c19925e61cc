#!/usr/bin/env python3
"""h83: how far behind the fleet's true count (the request log) each instance's view of a key is.

For each poll (1 s) of GET /admin/keys/<key> on each instance, G = the hour tier's global
(store snapshot) counts of the frames since 13:00, L = its own unflushed (local) counts.
lag = issued(t) - G, issued(t) from the log (200s, cost units, answered by t).
Prints, per key, one line per 5 s: lag of i0/i1/i2 (x: no answer), and the spread of G.
"""
import csv, json, sys, bisect, collections, datetime
res = '/tmp/s23/h83/results'
key_of = {'opt-client': 'opt', 'pess-client': 'pess', 'share-client': 'share', 'mobile-app/alice': 'alice', 'calm-client': 'calm'}
ends = collections.defaultdict(list)
for r in csv.DictReader(open(f'{res}/requests.csv')):
    if r['status'] == '200':
        ends[r['stream']].append((int(r['end_ms']), int(r['cost'])))
cum = {}
for s, l in ends.items():
    l.sort(); ts = [x for x, _ in l]; c = []; a = 0
    for _, k in l: a += k; c.append(a)
    cum[s] = (ts, c)
def issued(s, t):
    ts, c = cum[s]; i = bisect.bisect_right(ts, t); return c[i-1] if i else 0
polls = collections.defaultdict(dict)  # (stream, t) -> inst -> (G, L, ver)
for l in open(f'{res}/poll.jsonl'):
    d = json.loads(l)
    p = d['path']
    if not p.startswith('/admin/keys/'): continue
    s = key_of[p[len('/admin/keys/'):]]
    b = d['body']
    if d['code'] != 200 or not isinstance(b, dict): continue
    h = [x for x in b['tiers'] if x['window_seconds'] == 3600][0]
    G = h['global']['current'] + (h['global']['previous'] if h['frame_start'] >= '2026-11-27T14:00' else 0)
    L = h['local']['current'] + (h['local']['previous'] if h['frame_start'] >= '2026-11-27T14:00' else 0)
    polls[(s, d['t'])][d['inst']] = (G, L, b['snapshot']['version'])
which = sys.argv[1:] or ['opt', 'share', 'alice']
fmt = lambda t: datetime.datetime.fromtimestamp(t/1000, datetime.UTC).strftime('%H:%M:%S')
for s in which:
    print(f'\n== {s}: time  issued  lag i0/i1/i2 (issued - store snapshot)  unflushed i0/i1/i2  G spread')
    last = 0
    for (ss, t) in sorted(k for k in polls if k[0] == s):
        if t - last < 5000: continue
        last = t
        v = polls[(s, t)]; iss = issued(s, t)
        lag = '/'.join(str(iss - v[i][0]) if i in v else 'x' for i in range(3))
        loc = '/'.join(str(v[i][1]) if i in v else 'x' for i in range(3))
        Gs = [v[i][0] for i in v]
        print(f'{fmt(t)} {iss:>6} {lag:>16} {loc:>14} {max(Gs)-min(Gs):>5}')
