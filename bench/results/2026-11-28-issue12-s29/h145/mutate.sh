#!/bin/bash
# mutate.sh N OLD NEW: replace OLD by NEW in cache/narrow.go (or open.go with FILE env), run the narrow/wired tests, restore
cd /tmp/s29/h145/mut/m
F=${FILE:-cache/narrow.go}
python3 -c "
import sys
p='$F'; s=open(p).read(); o=sys.argv[1]; n=sys.argv[2]
assert s.count(o)==1, 'not unique'
open(p,'w').write(s.replace(o,n))" "$2" "$3" || exit 1
echo "== mutant $1: $F: '$2' -> '$3'"
go test -count=1 -p 1 -run 'TestNarrow|TestEveryPathAtMaxLimit|TestFastCommitsCarryPast16Bits|TestFastPathsSameAsGeneral|Conserve|TestFlushProtocol' ./cache/ 2>&1 | grep -E "^(--- FAIL|ok|FAIL)|want|differ" | head -8
git checkout -q cache/
