#!/bin/bash
# usage: mutants.sh NAME ; makes worktree /tmp/s32/h174/mut/NAME from step6b HEAD + scratch tests, applies the mutant
set -e
name=$1
repo=/tmp/s32/h174/repo
wt=/tmp/s32/h174/mut/$name
rm -rf $wt; git -C $repo worktree prune
git -C $repo worktree add -q --detach $wt HEAD
cp $repo/cache/h174_*_test.go $wt/cache/ 2>/dev/null || true
cd $wt/cache
case $name in
ident-first)
  perl -0pi -e 's/(\tl := &t.hot\[i\]\n)(\tif n > hotKeyLen \{\n\t\tsetLongLoc\(l, t.keys.put\(k\)\) \/\/ copied into the arena)/$1\tl.ident().Store(identOf(n, len(k.ClientID), h))\n$2/; s/\tl.ident\(\).Store\(identOf\(n, len\(k.ClientID\), h\)\) \/\/ last: publishes the bytes\n//' slots.go ;;
rebuild-ident-first)
  perl -0pi -e 's/(\t\t\td := &nt.hot\[j\]\n)/$1\t\t\td.ident().Store(id)\n/; s/\t\t\td.ident\(\).Store\(id\) \/\/ last: publishes the copy\n//' slots.go ;;
notag)
  perl -pi -e 's/if id&\^identMoved == want && t.holds/if (id&^identMoved)&0xffff == want&0xffff && t.holds/' slots.go
  perl -pi -e 's/l.ident\(\).Load\(\) == identShort\(n\+m, n, h\)/l.ident().Load()&0xffff == identShort(n+m, n, h)&0xffff/; s/l.ident\(\).Load\(\) == identOf\(n\+m, n, h\)/l.ident().Load()&0xffff == identOf(n+m, n, h)&0xffff/; s/l.ident\(\).Load\(\) != identOf\(n\+m, n, h\)/l.ident().Load()&0xffff != identOf(n+m, n, h)&0xffff/' lookup.go ;;
nosplit)
  perl -pi -e 's/if id&\^identMoved == want && t.holds/if id&^(identMoved|0xff00) == want&^0xff00 && t.holds/' slots.go
  perl -pi -e 's/l.ident\(\).Load\(\) == identShort\(n\+m, n, h\)/l.ident().Load()&^0xff00 == identShort(n+m, n, h)&^0xff00/; s/l.ident\(\).Load\(\) == identOf\(n\+m, n, h\)/l.ident().Load()&^0xff00 == identOf(n+m, n, h)&^0xff00/; s/l.ident\(\).Load\(\) != identOf\(n\+m, n, h\)/l.ident().Load()&^0xff00 != identOf(n+m, n, h)&^0xff00/' lookup.go ;;
nowiden)
  perl -pi -e 's/^\t\tt.widen = true$/\t\t_ = t \/\/ mutant nowiden/' lookup.go ;;
nosecondcopy)
  perl -0pi -e 's/if src.room2 \{ \/\/ nt is wide as t is/if false \&\& src.room2 {/' slots.go ;;
noseqlock)
  perl -pi -e 's/if q&1 != 0 \|\| p.seq.Load\(\) != q \{/if false \&\& (q\&1 != 0 || p.seq.Load() != q) {/' slots.go ;;
esac
cd $wt && git diff --stat && git diff > /tmp/s32/h174/results/mutant-$name.diff
