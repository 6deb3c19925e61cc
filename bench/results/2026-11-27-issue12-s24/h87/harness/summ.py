#!/usr/bin/env python3
"""h87: per raw answer, per series: min / median / max over each phase (and NaN count)."""
import json, glob, statistics, sys, os
T0 = float(sys.argv[1]); pat = sys.argv[2] if len(sys.argv) > 2 else '*'
PH = [('warm', T0+60, T0+240), ('b-restart', T0+235, T0+300), ('steady2', T0+300, T0+420), ('cut', T0+420, T0+480), ('after-cut', T0+480, T0+600), ('c-stopped', T0+600, T0+1020), ('tail', T0+1020, T0+1300)]
for fn in sorted(glob.glob('/tmp/s24/h87/results/' + os.environ.get('RAW', 'raw') + '/' + pat + '.json')):
    d = json.load(open(fn))
    if 'panel' not in d: continue
    print('==', os.path.basename(fn), d['panel'], '[', d['legend'], ']')
    res = d['answer'].get('data', {}).get('result', [])
    if not res: print('   (empty)')
    for s in res:
        m = {k: v for k, v in s['metric'].items() if k not in ('job',)}
        parts = []
        for n, a, b in PH:
            vs = [float(v) for t, v in s['values'] if a <= float(t) < b]
            if not vs: continue
            nan = sum(1 for v in vs if v != v)
            vv = [v for v in vs if v == v]
            if vv: parts.append(f'{n}:{min(vv):.3g}/{statistics.median(vv):.3g}/{max(vv):.3g}' + (f' nan{nan}' if nan else ''))
            else: parts.append(f'{n}:nan{nan}')
        print('  ', m, ' '.join(parts))
