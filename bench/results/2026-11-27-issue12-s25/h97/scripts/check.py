#!/usr/bin/env python3
# check.py RUNDIR: per key, tokens issued (200s in load.csv, + manual ones in ops.log),
# removed by the operator's actions (ops.log), and the store's day count at the end
# (dump-end.txt): stored must equal issued - removed.
import re, sys, collections
d = sys.argv[1] if len(sys.argv) > 1 else '.'
issued = collections.Counter()
for line in open(d + '/load.csv'):
    f = line.strip().split(',')
    if len(f) >= 6 and f[5] == '200':
        issued[f[4]] += 1
removed = collections.Counter()
cur = None
for line in open(d + '/ops.log'):
    if 'manual: 1 token hot3' in line:
        issued['hot3|'] += 1
    m = re.match(r'\S+ (delete|rollback) (\S+): was', line)
    if m:
        cur = m.group(2)
    m = re.match(r'\s+removed day=(-?\d+)', line)
    if m and cur:
        removed[cur] += int(m.group(1)); cur = None
    m = re.match(r'\s+removed (\S+) day=(-?\d+)', line)
    if m:
        removed[m.group(1)] += int(m.group(2))
stored = collections.Counter()
for line in open(d + '/dump-end.txt'):
    m = re.match(r'\s+(\S+) v=\d+ epoch=\d+ day=(\d+)', line)
    if m:
        stored[m.group(1)] = int(m.group(2))
tot = collections.Counter()
bad = 0
for k in sorted(set(issued) | set(removed) | set(stored)):
    want = issued[k] - removed[k]
    tot['issued'] += issued[k]; tot['removed'] += removed[k]; tot['stored'] += stored[k]
    if stored[k] != want:
        bad += 1
        print('MISMATCH %-10s issued=%d removed=%d want=%d stored=%d (%+d)' % (k, issued[k], removed[k], want, stored[k], stored[k] - want))
    elif k.startswith('hot') or k in ('app|u000', 'app|u001', 'app|u005'):
        print('ok       %-10s issued=%d removed=%d stored=%d' % (k, issued[k], removed[k], stored[k]))
print('keys=%d issued=%d removed=%d stored=%d mismatched keys=%d' % (len(set(issued) | set(stored)), tot['issued'], tot['removed'], tot['stored'], bad))
