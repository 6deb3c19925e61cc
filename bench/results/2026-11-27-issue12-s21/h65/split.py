import sys
sys.path.insert(0, '/tmp/s21/h65/tools')
from chunks import chunks
import os
os.chdir('/tmp/s21/h65/repo/cache')

def take(path, names):
    """remove chunks named from path; return dict name->text (in given order)."""
    L, cs = chunks(path)
    byname = {n: (s, e) for n, s, e in cs}
    got = {}
    rm = set()
    for n in names:
        s, e = byname[n]
        got[n] = '\n'.join(L[s:e+1])
        rm.update(range(s, e+1))
    out = [l for i, l in enumerate(L) if i not in rm]
    # collapse runs of blank lines
    res = []
    for l in out:
        if l == '' and res and res[-1] == '':
            continue
        res.append(l)
    open(path, 'w').write('\n'.join(res))
    return got

HDR = 'package cache\n\nimport (\n%s)\n\n'
def write(path, imports, header, parts):
    imp = ''.join('\t"%s"\n' % i if '/' not in i else '\n\t"%s"\n' % i for i in imports)
    body = '\n\n'.join(parts)
    open(path, 'w').write(HDR % imp + (header + '\n\n' if header else '') + body + '\n')

E = 'entry.go'
counter = ['counter', '(c *counter)roll', '(c *counter)counts', 'frameStart', '(c *counter)slot', '(c *counter)frame']
keyb = ['(e *entry)keyString', '(e *entry)inlineKey', '(e *entry)long', '(e *entry)keySplit', '(e *entry)key', '(e *entry)hasKey',
        'shortParts', 'wordParts', 'sameWords', 'sameLong', 'sameSmall', 'word', 'word32', 'byteAt', 'sameBytes']
frames = ['(e *entry)rollAll', '(e *entry)rollEach', '(e *entry)rollTo', '(e *entry)rollOut', '(e *entry)adopt', '(e *entry)counter',
          '(e *entry)track', '(e *entry)countsInOrder', '(e *entry)retire', 'addFrame', 'usesSize',
          '(e *entry)install', '(e *entry)epoch', '(e *entry)setEpoch', '(e *entry)dropLocal', '(e *entry)localFrames',
          '(e *entry)clearLocal', '(e *entry)addLocal']
decide = ['Admission', 'const:Enforce', 'Reservation', 'Decision', '(c *Cache)Reserve', '(c *Cache)ReserveTo',
          '(c *Cache)decideLocked', '(c *Cache)fast', 'smallReserved', '(c *Cache)decide', '(e *entry)reserveRest',
          '(e *entry)reservedWeight', '(e *entry)weighReserved', 'const:settleWindow', '(e *entry)settle', 'nearLimit', 'ceilDiv',
          '(c *Cache)Commit', '(c *Cache)commitLocked', '(c *Cache)Release', '(c *Cache)queue']
share = ['const:assumedWriters', '(e *entry)readNow', '(e *entry)flushed', '(e *entry)setWriters', '(e *entry)shareRoom',
         'shareLeft', 'shareRoomAt', '(e *entry)reservedShare']
g = take(E, counter + keyb + frames + decide + share + ['Requests'])

write('counter.go', ['math', 'time', 'github.com/oauth-ratelimit/oauth-ratelimit/window'], '', [g[n] for n in counter])
write('keybytes.go', ['unsafe'],
      "// This file holds a key's bytes in its entry and compares them with a\n// request's key (newEntry copies them in; lookup compares the keys of short\n// parts itself).", [g[n] for n in keyb])
write('frames.go', ['fmt', 'math', 'slices', 'time', 'github.com/oauth-ratelimit/oauth-ratelimit/window'],
      "// This file moves a key's counts between frames and window sizes: its\n// counters roll with the clock (rollTo) and follow the policy's sizes\n// (track, retire, adopt); snapshots from the store replace the global counts\n// (install); commits and confirmed flushes add to and subtract from the\n// local ones (addLocal), and resets drop them (dropLocal).",
      [g[n] for n in frames])
write('decide.go', ['fmt', 'math', 'time', 'github.com/oauth-ratelimit/oauth-ratelimit/window'],
      "// This file is the request path: Reserve decides and reserves, Commit\n// counts what was reserved, Release drops it.", [g[n] for n in decide])
# the share: split the const's doc comment
c = g['const:assumedWriters']
i = c.index('// Who counts a key')
share_doc = c[:i].rstrip('\n').rstrip('/').rstrip('\n')
const_part = c[i:]
write('share.go', ['math', 'time', 'github.com/oauth-ratelimit/oauth-ratelimit/window'], share_doc,
      [g[n] for n in share if n not in ('const:assumedWriters', '(e *entry)setWriters')])
w = open('writers.go').read().rstrip('\n')
open('writers.go', 'w').write(w + '\n\n' + const_part + '\n\n' + g['(e *entry)setWriters'] + '\n')
s = open('sync.go').read().rstrip('\n')
open('sync.go', 'w').write(s + '\n\n' + g['Requests'] + '\n')

# cache.go
C = 'cache.go'
lookup = ['(s *shard)publish', '(s *shard)homeGroup', '(c *Cache)shardOf', '(c *Cache)find', '(c *Cache)lookup', '(c *Cache)lookupWords',
          '(c *Cache)findOrInsert', '(c *Cache)insert', 'twoSizes', '(s *shard)forEach']
evict = ['(c *Cache)evictForCap', 'emptyIdleSec', '(c *Cache)Sweep', '(c *Cache)idle', '(c *Cache)Run']
fresh = ['maxFreshPerShard', '(c *Cache)TakeFresh']
g = take(C, lookup + evict + fresh)
write('lookup.go', ['unsafe', 'github.com/oauth-ratelimit/oauth-ratelimit/window'],
      "// This file finds a key's entry: lookup, on every decision, without a lock;\n// insert, for a key new to this instance, under its shard's lock.", [g[n] for n in lookup])
write('evict.go', ['context', 'math/rand/v2', 'runtime', 'slices', 'time'],
      "// This file removes keys: evictForCap when a shard is at MaxKeys and a new\n// key comes, Sweep (run by Run) for keys gone idle. A key with unflushed\n// counts is evicted from the table but held, detached, until a flush\n// settles them.", [g[n] for n in evict])
st = open('stale.go').read().rstrip('\n')
open('stale.go', 'w').write(st + '\n\n' + g['maxFreshPerShard'] + '\n\n' + g['(c *Cache)TakeFresh'] + '\n')
