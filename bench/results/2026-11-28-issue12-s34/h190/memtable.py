import sys,re
# usage: memtable.py file...  prints keys x contender table per file
for f in sys.argv[1:]:
    rows={}; order=[]; n=None
    for line in open(f):
        m=re.search(r'memory per key: .*?, (\d+) keys held',line)
        if m: n=int(m.group(1)); rows.setdefault(n,{}); continue
        m=re.match(r'\s+(\S+)\s+([\d.]+) B/key',line)
        if m and n is not None:
            rows[n][m.group(1)]=float(m.group(2))
            if m.group(1) not in order: order.append(m.group(1))
    print(f); print('keys', *order, sep='\t')
    for k in sorted(rows): print(k, *[rows[k].get(c,'') for c in order], sep='\t')
