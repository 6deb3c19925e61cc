#!/usr/bin/env python3
"""chunks.py FILE: list top-level chunks (name, start, end) of a gofmt'd Go file, after the import block."""
import re, sys
def chunks(path):
    L = open(path).read().split('\n')
    i = 0
    # skip package + imports
    while not L[i].startswith('import'):
        i += 1
    if L[i].rstrip().endswith('('):
        while L[i] != ')':
            i += 1
    i += 1
    out = []
    while i < len(L):
        if L[i].strip() == '':
            i += 1; continue
        s = i
        while L[i].startswith('//'):
            i += 1
        if L[i].strip() == '':  # free comment
            out.append(('#comment@%d' % (s+1), s, i-1)); continue
        m = re.match(r'^(func|type|const|var)\s+(\([^)]*\)\s+)?([A-Za-z_0-9]+)?', L[i])
        kind = m.group(1)
        if kind in ('const', 'var') and L[i].rstrip().endswith('('):
            # name = first name in block
            j = i + 1
            while L[j].strip() == '' or L[j].strip().startswith('//'): j += 1
            name = kind + ':' + L[j].split()[0]
            e = i
            while L[e] != ')': e += 1
        else:
            name = m.group(3)
            if kind == 'func' and m.group(2):
                name = m.group(2).strip() + name
            e = i
            line = L[i]
            if not (line.rstrip().endswith('{') or line.rstrip().endswith('(')):
                e = i
            else:
                while L[e] not in ('}', ')'): e += 1
        out.append((name, s, e))
        i = e + 1
    return L, out
if __name__ == '__main__':
    L, out = chunks(sys.argv[1])
    for n, s, e in out:
        print(f'{s+1:5d}-{e+1:5d} {n}')
