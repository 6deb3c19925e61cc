#!/bin/bash
# usage: mutate.sh NAME  -- applies mutant NAME to a worktree copy and runs tests
set -u
name=$1; shift
wt=/tmp/s31/h167/mut-$name
rm -rf $wt; cp -r /tmp/s31/h167/repo $wt
cd $wt
case $name in
K1) sed -i 's/\t\treturn ok\n/X/; s/^\t\treturn ok$/\t\treturn !ok/' cache/lists.go ;;
K2) python3 - <<'P'
p='cache/lists.go'; s=open(p).read()
s=s.replace("""	s.dirty = slices.DeleteFunc(s.dirty, func(e *entry) bool {
		_, ok := gone[e]
		return ok
	})""","""	_ = slices.DeleteFunc[[]*entry]
	clear(s.dirty)
	s.dirty = s.dirty[:0]""")
open(p,'w').write(s)
P
;;
K3) python3 - <<'P'
p='cache/lists.go'; s=open(p).read()
i=s.index('func (s *shard) killDirty')
j=s.index('clear(s.dead)\n\ts.dead = s.dead[:0]\n}', i)
s=s[:j]+'}'+s[j+len('clear(s.dead)\n\ts.dead = s.dead[:0]\n}'):]
open(p,'w').write(s)
P
;;
K4) sed -i 's/if len(s.dead) < minDeadPlaces || 4\*len(s.dead) < len(s.dirty) {/if len(s.dead) < minDeadPlaces {/' cache/lists.go ;;
K5) sed -i 's|^\tclear(s.dead) // gone with the list$|\t// mutant K5|; s|^\ts.dead = s.dead\[:0\]\n\treturn batch||' cache/lists.go
    python3 - <<'Q'
p='cache/lists.go'; s=open(p).read()
s=s.replace("\t// mutant K5\n\ts.dead = s.dead[:0]\n","\t// mutant K5\n")
open(p,'w').write(s)
Q
;;
H) sed -i 's/4\*len(s.dead) < len(s.dirty)/2*len(s.dead) < len(s.dirty)/' cache/lists.go ;;
esac
git diff --stat; git diff | head -40
