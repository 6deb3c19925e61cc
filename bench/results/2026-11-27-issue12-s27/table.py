import re,sys
files=sys.argv[1:]
runs=[]
for f in files:
    txt=open(f).read()
    sec=txt.split('summary over 5 rounds, cpu-ns/op')[1].split('\n\n')[0].splitlines()[2:]
    rows={}
    for l in sec:
        w=l.split()[0]; rest=l[len(w):]
        proj=float(rest.split()[0])
        cells=re.findall(r'([\d.]+) \[([\d.]+)–([\d.]+)\]',rest)
        rows[w]=(proj,cells)
    runs.append(rows)
names=['timenow','fixed','1m1h','1m1h-fixed','go-limiter','x-time-rate','httprate','ulule','floor','project/floor']
idx={n:i for i,n in enumerate(names)}
print('| workload | project CPU ns (3 runs) | go-limiter ÷ project | httprate ÷ project | project ÷ floor |')
print('|---|--:|---|---|---|')
for w in runs[0]:
    projs=[r[w][0] for r in runs]
    out=[f'{min(projs):.0f}–{max(projs):.0f}']
    for n in ['go-limiter','httprate','project/floor']:
        cs=[r[w][1][idx[n]] for r in runs]
        meds=' / '.join(c[0] for c in cs)
        lo=min(float(c[1]) for c in cs); hi=max(float(c[2]) for c in cs)
        out.append(f'{meds} ({lo:.2f}–{hi:.2f})')
    short=w.replace('keys=','').replace('/dist=',' ').replace('/mode=',', ')
    print(f'| {short} | '+' | '.join(out)+' |')
print()
for n in ['x-time-rate','ulule','timenow','1m1h']:
    vals=[float(r[w][1][idx[n]][0]) for r in runs for w in r]
    print(n, 'run medians', min(vals), '–', max(vals))
for w in ['keys=1/dist=uniform/mode=serial','keys=10000/dist=uniform/mode=serial']:
  for n in ['timenow','1m1h']:
    print(w,n,[r[w][1][idx[n]][0] for r in runs])
# count medians where project ahead of all four peers
ahead=0;tot=0;behind=[]
for r in runs:
  for w in r:
    tot+=1
    if all(float(r[w][1][idx[n]][0])>1.0 for n in ['go-limiter','x-time-rate','httprate','ulule']): ahead+=1
    else: behind.append((w,[r[w][1][idx[n]][0] for n in ['go-limiter','x-time-rate','httprate','ulule']]))
print('ahead of all four in',ahead,'of',tot); print(behind)
pf=[float(r[w][1][idx['project/floor']][0]) for r in runs for w in r]
print('project/floor run medians',min(pf),max(pf))
pfr=[float(r[w][1][idx['project/floor']][2]) for r in runs for w in r]
print('max single round project/floor', max(pfr), [ (w) for r in runs for w in r if float(r[w][1][idx['project/floor']][2])>2])
