#!/usr/bin/env python3
"""h99 soak: the store's counts against the tokens the load's log says were
issued (200), for the fleet on FerretDB.

usage: storecheck.py store.tsv requests-fleet.csv since_ms
store.tsv: dumpstore's F lines (client, user, size, start, count).
Per user key with a document: the sum of its 60-s frames against the log's
200s for that key (a user is active for at most about 20 s, so all its
frames are still in the document). Per client key (steady-*, gen-*, mobile's
aggregate): each 60-s frame in the document against the log's 200s whose
t0 and t1 both fall in it (sure) and whose t0 or t1 does (at most).
Only requests sent after since_ms count (the fleet's move to FerretDB
directly); keys with requests before it are left out.
"""
import collections, sys

store = collections.defaultdict(dict)
for ln in open(sys.argv[1]):
    p = ln.rstrip('\n').split('\t')
    if p[0] != 'F':
        continue
    store[(p[1], p[2])][(int(p[3]), int(p[4]))] = int(float(p[5]))
since = int(sys.argv[3])
issued = collections.Counter()
before = set()
frames = collections.defaultdict(lambda: [0, 0])
last = 0
for ln in open(sys.argv[2]):
    p = ln.rstrip('\n').split(',')
    if len(p) != 7:
        continue
    t0, t1, c, u, st = int(p[0]), int(p[1]), p[3], p[4], int(p[6])
    last = max(last, t1)
    if t0 < since:
        before.add((c, u))
        if c == 'mobile':
            before.add(('mobile', ''))
        continue
    if st != 200:
        continue
    keys = [(c, u)]
    if c == 'mobile':
        keys.append(('mobile', ''))  # the aggregate key counts every user token
    for k in keys:
        issued[k] += 1
        s0, s1 = (t0 // 1000) // 60 * 60, (t1 // 1000) // 60 * 60
        for s in {s0, s1}:
            frames[(k, s)][1] += 1
            if s0 == s1:
                frames[(k, s)][0] += 1

users = [k for k in store if k[1] and k not in before]
ok = short = over = 0
diffs = []
for k in sorted(users):
    got = sum(v for (size, _), v in store[k].items() if size == 60)
    want = issued[k]
    if got == want:
        ok += 1
    else:
        diffs.append((got - want, k, got, want))
        if got < want: short += 1
        else: over += 1
print(f"user keys with a document (and no request before since): {len(users)}; store == log: {ok}; store short: {short}; store over: {over}")
for d in sorted(diffs)[:15]:
    print("   diff", d)
print(f"  tokens in those keys: store {sum(sum(v for (s, _), v in store[k].items() if s == 60) for k in users)}, log {sum(issued[k] for k in users)}")
missing = [k for k in issued if k[1] and k not in store and k not in before]
print(f"user keys issued tokens since, with no document: {len(missing)} (expired: their last token more than 2 windows + MaxSkew ago, or never written)")

print("\nclient keys, 60-s frames: store vs log [sure, at most]")
for k in sorted(store):
    if k[1] or k in before and k != ('mobile', ''):
        pass
    if k[1]:
        continue
    for (size, start), v in sorted(store[k].items()):
        if size != 60 or start * 1000 < since:
            continue
        sure, most = frames.get((k, start), [0, 0])
        flag = '' if sure <= v <= most else '   <-- outside'
        print(f"  {k[0]:10s} {start} ({'complete' if (start + 60) * 1000 <= last else 'partial'}): store {v}, log [{sure}, {most}]{flag}")
