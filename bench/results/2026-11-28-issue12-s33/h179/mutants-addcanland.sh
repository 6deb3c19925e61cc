#!/bin/bash
# mutants of syncer/flush.go's addCanLand against the syncer's unit tests (the simulation skipped)
cd /tmp/s33/h179/repo
run() { name=$1; from=$2; to=$3
  cp syncer/flush.go /tmp/s33/h179/flush.go.orig
  python3 - "$from" "$to" <<'PY'
import sys
p='syncer/flush.go'; s=open(p).read(); a,b=sys.argv[1],sys.argv[2]
assert a in s, a
open(p,'w').write(s.replace(a,b,1))
PY
  echo "== $name"; go test -count=1 -run 'TestLost|TestResen|Add|Reset' ./syncer/ 2>&1 | grep -E '_test.go:|^ok|^FAIL|^--- FAIL' | head -6
  cp /tmp/s33/h179/flush.go.orig syncer/flush.go
}
A='return d.Snapshot.Version != 0 && d.Snapshot.Epoch == w.Epoch && d.LastWrites[writer] < w.Seq'
run "A1 addCanLand always true" "$A" 'return true'
run "A2 without the epoch" "$A" 'return d.Snapshot.Version != 0 && d.LastWrites[writer] < w.Seq'
run "A3 without the document's presence" "$A" 'return d.Snapshot.Epoch == w.Epoch && d.LastWrites[writer] < w.Seq'
run "A4 addCanLand always false (the fix undone)" "$A" 'return false'
