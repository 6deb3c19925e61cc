#!/usr/bin/env python3
"""h83: the instances' log lines between two times (HH:MM:SS), compact."""
import json,sys
a,b=sys.argv[1],sys.argv[2]
for n in sys.argv[3:] or ['1','2','3']:
    print('== inst'+n)
    for l in open(f'/tmp/s23/h83/results/inst{n}.log'):
        try: d=json.loads(l)
        except: print('RAW',l[:200].rstrip()); continue
        t=d['time'][11:23]
        if t<a or t>b: continue
        extra={k:(str(v)[:100]) for k,v in d.items() if k not in('time','level','msg')}
        print(t,d['level'],d['msg'][:120],extra)
