import sys, os
sys.path.insert(0, '/tmp/s26/h112/mut')
from mutants import M
repo = sys.argv[1] if len(sys.argv) > 1 else '/tmp/s26/h112/repo'
ids=set()
for m in M:
    mid, f, old, new = m[:4]
    assert mid not in ids, mid; ids.add(mid)
    src = open(os.path.join(repo, 'cache', f)).read()
    n = src.count(old)
    if n != 1: print(mid, f, 'count', n)
print(len(M), 'mutants')
