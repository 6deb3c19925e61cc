#!/usr/bin/env python3
"""h99 soak: the per-minute samples, tabulated per process, with each
series' least-squares slope per 10 minutes over the second half of the
process's life (a resource that keeps growing there is the suspect)."""
import collections, sys

cols = None
procs = collections.OrderedDict()
store = []
for ln in open(sys.argv[1]):
    p = ln.rstrip('\n').split('\t')
    if cols is None:
        cols = p
        continue
    if p[1] == 'store':
        store.append((p[0], dict(kv.split('=') for kv in p[2:])))
        continue
    if 'error' in ln:
        continue
    procs.setdefault(p[1], []).append(p)

names = {'rss_kb': 'rss MB', 'heap_alloc_bytes': 'heap MB', 'heap_objects': 'objects k', 'go_goroutines': 'gor', 'fds': 'fds',
         'series': 'series', 'metrics_bytes': 'scrape KB', 'cache_keys': 'keys', 'cache_detached_keys': 'detached', 'refresh_subjects': 'bindings'}
idx = {c: i for i, c in enumerate(cols)}
def val(row, c):
    v = float(row[idx[c]] or 'nan')
    if c == 'rss_kb': return v / 1024
    if c == 'heap_alloc_bytes': return v / 1e6
    if c == 'heap_objects': return v / 1000
    if c == 'metrics_bytes': return v / 1024
    return v

def slope(xs, ys):
    n = len(xs)
    if n < 3: return float('nan')
    mx, my = sum(xs)/n, sum(ys)/n
    d = sum((x-mx)**2 for x in xs)
    return sum((x-mx)*(y-my) for x, y in zip(xs, ys)) / d if d else float('nan')

every = int(sys.argv[2]) if len(sys.argv) > 2 else 5
for pid, rows in procs.items():
    print(f"\n== {pid}: {len(rows)} samples, {rows[0][0]} to {rows[-1][0]}")
    hdr = ['time'] + [names[c] for c in names]
    print('  '.join(f"{h:>9s}" for h in hdr))
    for i, r in enumerate(rows):
        if i % every == 0 or i == len(rows) - 1:
            print('  '.join([f"{r[0]:>9s}"] + [f"{val(r, c):9.1f}" for c in names]))
    half = rows[len(rows)//2:]
    xs = list(range(len(half)))
    print('  '.join([f"{'slope/10m':>9s}"] + [f"{10*slope(xs, [val(r, c) for r in half]):+9.1f}" for c in names]) + "   (second half)")
print("\n== store documents")
keys = list(store[0][1].keys()) if store else []
print('  '.join(f"{k.replace('counters_', ''):>10s}" for k in ['time'] + keys))
for i, (t, d) in enumerate(store):
    if i % every == 0 or i == len(store) - 1:
        print('  '.join([f"{t:>10s}"] + [f"{d[k]:>10s}" for k in keys]))
