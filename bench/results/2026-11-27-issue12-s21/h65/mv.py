#!/usr/bin/env python3
"""mv.py SRC DST NAME [NAME...]: cut top-level decls (func/type NAME, with doc comment) from SRC, append to DST."""
import sys, re
src, dst, names = sys.argv[1], sys.argv[2], sys.argv[3:]
lines = open(src).read().split('\n')
out = []
for name in names:
    pat = re.compile(r'^(func|type) (\([^)]*\) )?' + re.escape(name) + r'\b')
    idx = [i for i, l in enumerate(lines) if pat.match(l)]
    assert len(idx) == 1, (name, idx)
    s = idx[0]
    while s > 0 and lines[s-1].startswith('//'):
        s -= 1
    e = idx[0]
    if not (lines[e].rstrip().endswith('}') and lines[e].count('{') == lines[e].count('}')):
        while lines[e] != '}' and lines[e] != ')':
            e += 1
    block = lines[s:e+1]
    del lines[s:e+1]
    # drop a blank line left behind
    if s < len(lines) and lines[s] == '' and s > 0 and lines[s-1] == '':
        del lines[s]
    out.append('\n'.join(block))
open(src, 'w').write('\n'.join(lines))
d = open(dst).read().rstrip('\n')
open(dst, 'w').write(d + '\n\n' + '\n\n'.join(out) + '\n')
