#!/usr/bin/env python3
# every dashboard target, evaluated now on the h58 Prometheus: which return NaN or +-Inf
import json, sys, urllib.parse, urllib.request, re
sys.path.insert(0, '/tmp/s20/h58/harness')
P='http://127.0.0.1:19595'
for f in sys.argv[1:]:
    d=json.load(open(f))
    def walk(ps):
        for p in ps:
            for tg in p.get('targets',[]): yield p,tg
            yield from walk(p.get('panels',[]))
    for p,tg in walk(d['panels']):
        e=tg['expr'].replace('$__rate_interval','5s').replace('${window}','60').replace('$window','60')
        e=re.sub(r'=~"\$\w+"','=~".*"',e)
        r=json.load(urllib.request.urlopen(P+'/api/v1/query?'+urllib.parse.urlencode({'query':e})))
        bad=[(s['metric'],s['value'][1]) for s in r['data']['result'] if s['value'][1] in ('NaN','+Inf','-Inf')]
        print(f.split('/')[-1], p['id'], p['title'], tg['refId'], 'BAD' if bad else 'ok', bad[:3])
