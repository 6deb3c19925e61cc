# compares the store's documents (TestDumpStore) with the tokens issued
import sys, json
exp = {}
for l in open(sys.argv[1]):
    r = json.loads(l)
    exp[(r['client'], r['user'] if r['is_user'] else None)] = r['count']
got = {}
for l in open(sys.argv[2]):
    r = json.loads(l)
    got[(r['client'], r['user'] if r['user'] != '' else None)] = r['count']
bad = [(k, exp.get(k, 0), got.get(k, 0)) for k in set(exp) | set(got) if exp.get(k, 0) != got.get(k, 0)]
print('store documents', len(got), 'keys issued to', sum(1 for v in exp.values() if v), 'differing', len(bad))
for k, e, g in bad[:30]:
    print('  ', k, 'issued', e, 'store', g)
