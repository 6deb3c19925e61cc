# table.py: results/mutants.tsv + verdicts -> results/TABLE.md (every mutant: file:line, change, result, killed by, verdict)
import sys, os
sys.path.insert(0, '/tmp/s26/h112/mut')
from mutants import M
from verdicts import V
rows = {}
for l in open('/tmp/s26/h112/results/mutants.tsv'):
    p = l.rstrip('\n').split('\t')
    rows[p[0]] = p
after = {}
for fn in ('mutants-after.tsv', 'mutants-after2.tsv'):
    for l in open('/tmp/s26/h112/results/' + fn):
        p = l.rstrip('\n').split('\t')
        after[p[0]] = (p[2] + (' ' + p[3].split(',')[0] if p[3] else '')).strip()
def short(s):
    s = s.replace('\t', '').replace('\n', '⏎ ')
    s = (s[:70] + '…') if len(s) > 71 else s
    return s.replace('|', '\\|')
out = ['| id | file:line | change (old → new) | result | killed by (first failing test) | verdict | with the new tests |', '|---|---|---|---|---|---|---|']
for m in M:
    mid = m[0]
    r = rows.get(mid)
    if not r: continue
    res = r[2]; by = r[3] if len(r) > 3 else ''
    by = by.split(',')[0] if by else ''
    v = V.get(mid, '')
    if res.endswith('KILLED') and not v: v = 'killed'
    out.append(f"| {mid} | {r[1]} | `{short(m[2])}` → `{short(m[3])}` | {res} | {by} | {v} | {after.get(mid, '')} |".replace('||', '| |'))
open('/tmp/s26/h112/results/TABLE.md', 'w').write('\n'.join(out) + '\n')
