#!/usr/bin/env python3
"""h83: /readyz transitions per instance, from the 1 s poll (code, ready, store state)."""
import json, datetime
prev = {}
for l in open('/tmp/s23/h83/results/poll.jsonl'):
    d = json.loads(l)
    if d['path'] != '/readyz': continue
    b = d['body']
    st = (d['code'], b.get('ready'), b.get('store', {}).get('state')) if isinstance(b, dict) else (d['code'], None, str(b)[:40])
    i = d['inst']
    if prev.get(i) != st:
        print(datetime.datetime.fromtimestamp(d['t']/1000, datetime.UTC).strftime('%H:%M:%S'), f'i{i}', st)
        prev[i] = st
