#!/usr/bin/env python3
# snap.py LABEL: per instance, per key: snapshot version, 1m tier global/local/estimate, day global+local; and sync metrics.
import json, sys, urllib.request, time
label = sys.argv[1] if len(sys.argv) > 1 else ''
keys = sys.argv[2].split(',') if len(sys.argv) > 2 else ['hot1', 'hot2', 'hot3', 'app/u000', 'app/u001', 'app/u005']
t = time.strftime('%H:%M:%S', time.gmtime())
def get(u):
    try:
        with urllib.request.urlopen(u, timeout=5) as r:
            return r.read().decode()
    except Exception as e:
        return 'ERR %s' % e
for i in (1, 2, 3):
    out = []
    for k in keys:
        s = get('http://127.0.0.1:2230%d/admin/keys/%s' % (i, k))
        try:
            d = json.loads(s)
        except Exception:
            out.append('%s:%s' % (k, s[:40])); continue
        tm = [x for x in d['tiers'] if x['window_seconds'] == 60][0]
        td = [x for x in d['tiers'] if x['window_seconds'] == 86400][0]
        out.append('%s v=%d est=%d(g%d+%d l%d+%d) day=%d+%d' % (k, d['snapshot']['version'], tm['estimate'], tm['global']['previous'], tm['global']['current'], tm['local']['previous'], tm['local']['current'], td['global']['current'], td['local']['current']))
    m = {}
    for line in get('http://127.0.0.1:2230%d/metrics' % i).splitlines():
        for name in ('oauth_ratelimit_sync_conflicts_total', 'oauth_ratelimit_sync_increment_writes_total', 'oauth_ratelimit_sync_keys_written_total',
                     'oauth_ratelimit_sync_unsettled_writes', 'oauth_ratelimit_sync_deferred_writes_total', 'oauth_ratelimit_cache_reset_dropped_counts_total'):
            if line.startswith(name + ' '):
                m[name.replace('oauth_ratelimit_', '')] = line.split()[1]
        if line.startswith('oauth_ratelimit_sync_store_errors_total'):
            m[line.split('{')[1].split('}')[0]] = line.split()[1]
    print('%s %s i%d | %s | %s' % (label, t, i, ' | '.join(out), ' '.join('%s=%s' % kv for kv in sorted(m.items()))))
