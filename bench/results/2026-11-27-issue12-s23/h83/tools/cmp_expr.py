#!/usr/bin/env python3
"""h83: the StoreUnreachable condition (without its `for`), old and new, over the drill's scrapes."""
import json, urllib.request, urllib.parse, datetime, sys
P = 'http://127.0.0.1:37190/api/v1/query_range?'
A = '''((avg_over_time(oauth_ratelimit_store_up[5m]) < 0.6 and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 4m))
 or (max_over_time(oauth_ratelimit_store_up[2m]) == 0 and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 2m)))'''
B = '(' + A + ') and on (job, instance) present_over_time(oauth_ratelimit_store_up[2m])'
start, end = sys.argv[1], sys.argv[2]
t = lambda x: datetime.datetime.fromtimestamp(float(x), datetime.UTC).strftime('%H:%M:%S')
for name, e in (('old', A), ('new', B)):
    r = json.load(urllib.request.urlopen(P + urllib.parse.urlencode({'query': e, 'start': start, 'end': end, 'step': 5})))['data']['result']
    print(f'## {name}')
    for s in r:
        ts = [float(x) for x, _ in s['values']]
        runs = []; a = ts[0]; p = ts[0]
        for x in ts[1:]:
            if x - p > 5.01: runs.append((a, p)); a = x
            p = x
        runs.append((a, p))
        print('  ', s['metric']['instance'], ' '.join(f'{t(a)}-{t(b)}' for a, b in runs))
