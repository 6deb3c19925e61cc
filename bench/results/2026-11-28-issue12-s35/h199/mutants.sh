#!/bin/bash
# run from the clone at cf8bd01; each mutant: a python replace, the tests, then git checkout
cd /tmp/s35/h199/repo
run() { # name file old new
  python3 - "$2" "$3" "$4" <<'PY'
import sys
p,old,new=sys.argv[1:4]; s=open(p).read()
assert old in s, (p, old)
open(p,'w').write(s.replace(old,new,1))
PY
  echo "=== $1"
  go test -count=1 -run 'TestReaderFollows|TestPullStaleRead|TestHotReadStale|TestLostPlainAdd|TestLostAdd|TestLostCreation|TestStoreGoesBack|TestHeldVersion|Unreadable|TestReset' ./syncer/ 2>&1 | grep -E '^\s+\S+_test.go:|^(ok|FAIL|---)' | head -12
  git checkout -q -- cache syncer
}
run "M1 Apply ignores installed" cache/sync.go 's.Version < le.version && chosen && !le.isCold(installed)' 's.Version < le.version && chosen'
run "M2 hot read as chosen" syncer/hot.go 's.install(docs, now, false)' 's.install(docs, now, true)'
run "M3 choice does not clear" cache/sync.go 'e.setCold(installed, false) // see Apply' '// e.setCold(installed, false)'
run "M4 install does not set" cache/frames.go '	e.setCold(installed, true)
' ''
run "M5 pull skips version 0" syncer/pull.go '		if chosen {' '		if chosen && docs[i].Snapshot.Version != 0 {'
run "M6 Apply refuses version 0" cache/sync.go 'if s.Version < le.version && chosen' 'if s.Version < le.version && s.Version != 0 && chosen'
