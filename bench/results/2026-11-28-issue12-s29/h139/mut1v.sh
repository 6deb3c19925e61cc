#!/bin/bash
# usage: mut1.sh DIR FILE OLD NEW TESTREGEX  -- applies a one-line perl substitution, runs, restores
cd "$1" && cp "$2" /tmp/s29/h139/results/mut1.bak && python3 - "$2" "$3" "$4" <<'PY'
import sys
p,o,n=sys.argv[1:4]; s=open(p).read(); o=o.encode().decode('unicode_escape'); n=n.encode().decode('unicode_escape')
assert s.count(o)==1, s.count(o); open(p,'w').write(s.replace(o,n))
PY
[ $? = 0 ] || { echo MUTANT NOT APPLIED; exit 1; }
go test -count=1 -p 1 -run "$5" ./cache/ 2>&1 | grep -E "^(--- FAIL|ok|FAIL)|sumpaths_test" | head -12; true; cp /tmp/s29/h139/results/mut1.bak "$2"; git -C "$1" diff --stat -- "$2"
