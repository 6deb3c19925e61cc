#!/usr/bin/env python3
"""h83: transitions of the alerts and of the outage gauges, from the local Prometheus (5 s scrapes/evals)."""
import json, sys, urllib.request, urllib.parse, datetime
P = 'http://127.0.0.1:37190/api/v1/'
start, end = sys.argv[1], sys.argv[2]   # unix seconds
def q(expr, step=5):
    u = P + 'query_range?' + urllib.parse.urlencode({'query': expr, 'start': start, 'end': end, 'step': step})
    return json.load(urllib.request.urlopen(u))['data']['result']
def t(x): return datetime.datetime.fromtimestamp(float(x), datetime.UTC).strftime('%H:%M:%S')
def transitions(expr, label):
    print(f'\n## {expr}')
    for s in q(expr):
        name = ' '.join(f'{k}={v}' for k, v in sorted(s['metric'].items()) if k in label)
        prev = None; out = []; lastts = None
        for ts, v in s['values']:
            if lastts is not None and float(ts) - lastts > 5.01:
                out.append(f'{t(lastts+5)}:absent'); prev = None
            if v != prev: out.append(f'{t(ts)}:{v}'); prev = v
            lastts = float(ts)
        out.append(f'(last {t(lastts)})')
        print(f'  {name}: ' + ' '.join(out))
transitions('ALERTS', ('alertname', 'alertstate', 'instance'))
for m in ['oauth_ratelimit_store_up', 'oauth_ratelimit_store_outage', 'oauth_ratelimit_live_instances', 'up']:
    transitions(m, ('instance',))
transitions('sum by (instance) (increase(oauth_ratelimit_sync_flushes_total{result="error"}[1m]))', ('instance',))
transitions('round(sum by (instance) (rate(oauth_ratelimit_sync_flush_duration_seconds_sum[1m])) / sum by (instance) (rate(oauth_ratelimit_sync_flush_duration_seconds_count[1m])), 0.1)', ('instance',))
transitions('round(oauth_ratelimit_sync_snapshot_age_seconds)', ('instance',))
