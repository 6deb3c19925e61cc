#!/usr/bin/env python3
# minutes.py RUNDIR: tokens issued per fixed minute (UTC) per key: hot1, hot2 (480 sent a minute,
# limit 300), hot3 (240, limit 300), app|u000..u004 (60 sent, limit 30; max and sum), by send time.
import sys, collections, time
d = sys.argv[1] if len(sys.argv) > 1 else '.'
c = collections.Counter(); sent = collections.Counter()
for line in open(d + '/load.csv'):
    f = line.strip().split(',')
    if len(f) < 6: continue
    m = int(f[1]) // 60000
    sent[(m, f[4])] += 1
    if f[5] == '200': c[(m, f[4])] += 1
ms = sorted({m for m, _ in sent})
print('minute  hot1 hot2 hot3 (limit 300; 480 480 240 sent)  u000-u004 each (limit 30; 60 sent)')
for m in ms:
    us = [c[(m, 'app|u%03d' % i)] for i in range(5)]
    print('%s  %4d %4d %4d   %s  (sent %d)' % (time.strftime('%H:%M', time.gmtime(m * 60)), c[(m, 'hot1|')], c[(m, 'hot2|')], c[(m, 'hot3|')], ' '.join('%3d' % u for u in us), sent[(m, 'hot1|')]))
