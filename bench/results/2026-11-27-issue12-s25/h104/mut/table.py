import sys
sys.path.insert(0, '/tmp/s25/h104/mut')
from mutants import M
from notes import N
def load(p):
    d = {}
    try:
        for l in open(p):
            f = l.rstrip('\n').split('\t')
            d[f[0]] = f
    except FileNotFoundError:
        pass
    return d
before = load('/tmp/s25/h104/results/mutants.tsv')
after = load('/tmp/s25/h104/results/mutants-after.tsv')
def short(s, n=70):
    s = s.replace('\n', '⏎').replace('\t', '').replace('|', '\\|')
    return s if len(s) <= n else s[:n-1] + '…'
print('| id | file:line | change (old → new) | on 79b9586 | killed by / why | after the commits |')
print('|---|---|---|---|---|---|')
for mid, f, old, new in M:
    b = before.get(mid)
    if not b: continue
    res, by = b[2], b[3]
    a = after.get(mid)
    aft = ''
    if res == 'SURVIVED':
        kind, why = N.get(mid, ('?', ''))
        by = f'**{kind}**: {why}'
        aft = (a[2] + (' by ' + a[3].split(',')[0] if a[2]=='KILLED' else '')) if a else 'not rerun'
    elif res == 'COMPILE':
        by = 'did not compile: ' + by
    else:
        by = by.split(',')[0]
    print(f'| {mid} | {b[1]} | `{short(old)}` → `{short(new)}` | {res} | {short(by, 200)} | {short(aft, 80)} |')
