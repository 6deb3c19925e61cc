#!/usr/bin/env python3
"""h83: per fixed minute, per stream, tokens admitted (cost units) in all and per instance."""
import csv, sys, collections, datetime
res = '/tmp/s23/h83/results'
rows = list(csv.DictReader(open(f'{res}/requests.csv')))
ev = [l.rstrip('\n') for l in open(f'{res}/events.log')]
def hm(ms): return datetime.datetime.fromtimestamp(ms/1000, datetime.UTC).strftime('%H:%M')
fleet = collections.defaultdict(int); per = collections.defaultdict(int); st = collections.defaultdict(collections.Counter)
for r in rows:
    # a request is filed in the minute it was sent (start); a decision near :00 may fall either side
    m = hm(int(r['start_ms'])); s = r['stream']
    st[(m, s)][r['status']] += 1
    if r['status'] == '200':
        c = int(r['cost']); fleet[(m, s)] += c; per[(m, s, int(r['inst']))] += c
mins = sorted({m for m, _ in fleet} | {m for m, _ in st})
streams = ['opt', 'pess', 'share', 'alice', 'calm']
print('events:'); [print('  ' + e) for e in ev]
print('\nminute  ' + '  '.join(f'{s:>22}' for s in streams))
print('        ' + '  '.join(f'{"fleet (i0/i1/i2) n!200":>22}' for s in streams))
for m in mins:
    cells = []
    for s in streams:
        bad = sum(v for k, v in st[(m, s)].items() if k not in ('200', '429'))
        cells.append(f'{fleet[(m,s)]:>4} ({per[(m,s,0)]:>3}/{per[(m,s,1)]:>3}/{per[(m,s,2)]:>3}) {bad:>3}')
    print(f'{m}   ' + '  '.join(f'{c:>22}' for c in cells))
print('\nlimits: opt/pess/share 120 a minute (cost 1), alice 40 (cost 2 a token), calm 120 (sent 30/min).')
print('outage parts: opt whole 120 each; pess floor(120/3)=40; share ceil(120/3)=40; alice (share) ceil(40/3)=14; calm 40.')
