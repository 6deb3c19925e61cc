#!/usr/bin/env python3
"""Queries the h58 Prometheus (127.0.0.1:19595).
q.py alerts                         firing/pending alerts now
q.py hist START END                 ALERTS series transitions (unix or -Ns relative to now)
q.py panels START END OUT.json      every dashboard target over the window, summarised
q.py q EXPR [START END]             one query (instant, or range summarised)
"""
import json, sys, time, urllib.parse, urllib.request, re
P = 'http://127.0.0.1:19595'
DASH = ['/tmp/s20/h58/repo/dashboards/oauth-ratelimit-overview.json', '/tmp/s20/h58/repo/dashboards/oauth-ratelimit-sync.json']

def api(path, **params):
    u = P + path + '?' + urllib.parse.urlencode(params)
    return json.load(urllib.request.urlopen(u, timeout=30))

def t(s):
    s = str(s)
    return time.time() + float(s[:-1]) if s.endswith('s') and s.startswith('-') else float(s)

def fmt(ts): return time.strftime('%H:%M:%S', time.gmtime(ts))

def lbl(m, drop=('__name__', 'job', 'severity', 'alertstate')):
    return '{' + ','.join(f'{k}={v}' for k, v in sorted(m.items()) if k not in drop) + '}'

def alerts():
    for a in api('/api/v1/alerts')['data']['alerts']:
        print(a['state'], a['labels']['alertname'], lbl(a['labels'], ('alertname', 'job', 'severity')), 'active', a['activeAt'][11:19], 'value', a['value'])
        print('   ', a['annotations'].get('summary'), '|', a['annotations'].get('description'))

def rng(expr, s, e, step=2):
    return api('/api/v1/query_range', query=expr, start=s, end=e, step=step)

def hist(s, e):
    r = rng('ALERTS', s, e, 1)['data']['result']
    for ser in sorted(r, key=lambda x: (x['metric']['alertname'], lbl(x['metric']))):
        m = ser['metric']
        vals = [float(v[0]) for v in ser['values']]
        # contiguous runs
        runs = []
        for v in vals:
            if runs and v - runs[-1][1] <= 2.5: runs[-1][1] = v
            else: runs.append([v, v])
        print(m['alertname'], m.get('alertstate'), lbl(m, ('__name__', 'alertname', 'alertstate', 'job', 'severity')), ' '.join(f'{fmt(a)}-{fmt(b)}' for a, b in runs))

def subst(expr, window):
    expr = expr.replace('$__rate_interval', '5s').replace('${window}', str(window)).replace('$window', str(window))
    expr = re.sub(r'=~"\$\w+"', '=~".*"', expr)
    return expr

def summar(res):
    out = []
    for ser in res:
        vs = [float(v[1]) for v in ser['values'] if v[1] not in ('NaN',)]
        nan = sum(1 for v in ser['values'] if v[1] == 'NaN')
        out.append((lbl(ser['metric'], ('__name__', 'job')), len(ser['values']), nan, min(vs) if vs else None, max(vs) if vs else None, ser['values'][-1][1]))
    return out

def panels(s, e, outp):
    full = {}
    for f in DASH:
        d = json.load(open(f))
        def walk(ps):
            for p in ps:
                for tg in p.get('targets', []):
                    yield p, tg
                yield from walk(p.get('panels', []))
        for p, tg in walk(d['panels']):
            windows = [60] if '$window' in tg['expr'] or '${window}' in tg['expr'] else [None]
            for w in windows:
                ex = subst(tg['expr'], w)
                r = rng(ex, s, e)
                key = f"{f.split('/')[-1][:-5]} #{p['id']} {p['title']} [{tg['refId']}]"
                full[key] = {'expr': ex, 'result': r['data']['result'] if r['status'] == 'success' else r}
                print('==', key)
                rs = r['data']['result']
                if not rs: print('   (empty)')
                for row in summar(rs):
                    print('   %s n=%d nan=%d min=%s max=%s last=%s' % row)
    json.dump(full, open(outp, 'w'))

def q(expr, s=None, e=None):
    if s is None:
        for ser in api('/api/v1/query', query=expr)['data']['result']:
            print(lbl(ser['metric'], ('job',)), ser['value'][1])
    else:
        r = rng(expr, t(s), t(e))['data']['result']
        for ser in r:
            print(lbl(ser['metric'], ('job',)), ' '.join(f"{fmt(float(a))}={float(b):.3g}" for a, b in ser['values']))

cmd = sys.argv[1]
if cmd == 'alerts': alerts()
elif cmd == 'hist': hist(t(sys.argv[2]), t(sys.argv[3]))
elif cmd == 'panels': panels(t(sys.argv[2]), t(sys.argv[3]), sys.argv[4])
elif cmd == 'q': q(*sys.argv[2:])
