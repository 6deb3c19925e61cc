#!/usr/bin/env python3
"""reflow.py FILE LINE [WIDTH]: reflow the // comment block containing LINE (1-based)."""
import sys, textwrap, re
p, ln = sys.argv[1], int(sys.argv[2]); width = int(sys.argv[3]) if len(sys.argv) > 3 else 76
L = open(p).read().split('\n')
i = ln - 1
m = re.match(r'^(\s*)//', L[i]); assert m, L[i]
ind = m.group(1)
pre = ind + '// '
s = i
while s > 0 and L[s-1].startswith(ind + '//'): s -= 1
e = i
while e + 1 < len(L) and L[e+1].startswith(ind + '//'): e += 1
paras, cur = [], []
for l in L[s:e+1]:
    t = l[len(ind)+2:].strip()
    if t == '':
        paras.append(cur); cur = []
    else:
        cur.append(t)
paras.append(cur)
out = []
for k, para in enumerate(paras):
    if k: out.append(ind + '//')
    tw = len(ind.expandtabs(int(sys.argv[4]) if len(sys.argv) > 4 else 8))
    out += [ind + '// ' + x for x in textwrap.wrap(' '.join(para), width - tw - 3, break_long_words=False, break_on_hyphens=False)]
L[s:e+1] = out
open(p, 'w').write('\n'.join(L))
