# keys over their limit, from a run's expected counts (tokens issued)
import json, sys, collections
w = json.load(open(sys.argv[1]))
rules = {c['id']: c['rules'] for c in w['clients']}
def lim(c, isuser):
    s = rules[c] == 'small'
    return (4 if s else 9) if isuser else (12 if s else 40)
over = collections.Counter(); n = 0; tot = 0; totlim = 0
for l in open(sys.argv[2]):
    r = json.loads(l)
    if rules.get(r['client']) in ('trusted', 'dryrun', None): continue
    n += 1; L = lim(r['client'], r['is_user'])
    if r['count'] > L: over[r['count'] - L] += 1
print('%s: %d keys, %d over their limit; by how much (cost units): %s' % (sys.argv[2], n, sum(over.values()), dict(sorted(over.items()))))
