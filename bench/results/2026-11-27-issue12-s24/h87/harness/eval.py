#!/usr/bin/env python3
"""h87: evaluates every dashboard target and alert expression through the
Prometheus HTTP API over the run and saves the raw answers; computes the
ground truth from the load's per-request log.

eval.py raw START END            every target (query_range, step 20s) and alert expr -> raw/
eval.py truth T WINDOW           ground truth over (T-WINDOW, T] from requests.log
"""
import json, os, re, sys, urllib.parse, urllib.request, collections

P = 'http://127.0.0.1:22090'
R = '/tmp/s24/h87/results'
REPO = os.environ.get('REPO', '/tmp/s24/h87/repo')
DASH = [REPO + '/dashboards/oauth-ratelimit-overview.json', REPO + '/dashboards/oauth-ratelimit-sync.json']
RATE = os.environ.get('RATE', '60s')  # $__rate_interval of the defaults: 6h range, datasource scrape interval unset (15s)
RAWDIR = os.environ.get('RAW', 'raw')
STEP = int(os.environ.get('STEP', '20'))


def api(path, **params):
    u = P + path + '?' + urllib.parse.urlencode(params)
    try:
        return json.load(urllib.request.urlopen(u, timeout=60))
    except urllib.error.HTTPError as e:
        return json.load(e)


def subst(expr, window=60):
    expr = expr.replace('$__rate_interval', RATE).replace('${window}', str(window)).replace('$window', str(window))
    expr = re.sub(r'=~"\$\w+"', '=~".+"', expr)  # "All": allValue .+
    return expr


def targets():
    for f in DASH:
        d = json.load(open(f))
        name = os.path.basename(f)[:-5].replace('oauth-ratelimit-', '')

        def walk(ps):
            for p in ps:
                yield p
                yield from walk(p.get('panels', []))
        for p in walk(d['panels']):
            for tg in p.get('targets', []):
                yield name, p, tg


def alert_rules():
    import yaml
    for g in yaml.safe_load(open(REPO + '/dashboards/alerts.yaml'))['groups']:
        for r in g['rules']:
            yield r


def raw(s, e):
    os.makedirs(R + '/' + RAWDIR, exist_ok=True)
    idx = []
    for name, p, tg in targets():
        ex = subst(tg['expr'])
        r = api('/api/v1/query_range', query=ex, start=s, end=e, step=STEP)
        fn = f"{RAWDIR}/{name}-{p['id']:02d}-{tg['refId']}.json"
        json.dump({'panel': p['title'], 'legend': tg.get('legendFormat'), 'expr': ex, 'answer': r}, open(R + '/' + fn, 'w'))
        n = len(r.get('data', {}).get('result', []))
        idx.append(f"{fn}\t{r['status']}\t{n} series\t{p['title']}")
    try:
        rules = list(alert_rules())
    except ImportError:
        rules = []
    for rule in rules:
        r = api('/api/v1/query_range', query=rule['expr'], start=s, end=e, step=5)
        fn = f"{RAWDIR}/alert-{rule['alert']}.json"
        json.dump({'alert': rule['alert'], 'expr': rule['expr'], 'for': rule.get('for'), 'answer': r}, open(R + '/' + fn, 'w'))
        idx.append(f"{fn}\t{r['status']}\t{len(r.get('data', {}).get('result', []))} series")
    r = api('/api/v1/query_range', query='ALERTS', start=s, end=e, step=5)
    json.dump(r, open(R + '/' + RAWDIR + '/ALERTS.json', 'w'))
    json.dump(api('/api/v1/rules'), open(R + '/' + RAWDIR + '/rules.json', 'w'))
    open(R + '/' + RAWDIR + '/INDEX.txt', 'w').write('\n'.join(idx) + '\n')
    print('\n'.join(idx))


def load_log():
    rows = []
    for line in open(R + '/requests.log'):
        f = line.split()
        rows.append((int(f[0]) / 1000, int(f[1]) / 1000, f[2], f[3], f[4], f[5], f[6]))
    return rows


def truth(t, w):
    rows = [r for r in load_log() if t - w < r[1] <= t]
    c = collections.Counter()
    for sent, done, target, spec, client, user, st in rows:
        c[(spec, st)] += 1
        c[('client', client, st)] += 1
        c[('target', target, st)] += 1
    return c


if __name__ == '__main__':
    if sys.argv[1] == 'raw':
        raw(float(sys.argv[2]), float(sys.argv[3]))
    elif sys.argv[1] == 'truth':
        for k, v in sorted(truth(float(sys.argv[2]), float(sys.argv[3])).items()):
            print(k, v)
