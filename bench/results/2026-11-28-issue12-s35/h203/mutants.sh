#!/bin/bash
# each mutant: a python replace on the clone at 9024b2d, the tests, then git checkout
cd /tmp/s35/h203/repo
run() { # name file old new
  python3 - "$2" "$3" "$4" <<'PY'
import sys
p,old,new=sys.argv[1:4]; s=open(p).read()
assert old in s, (p, old)
open(p,'w').write(s.replace(old,new,1))
PY
  echo "=== $1"
  go test -count=1 -run 'TestReaderFollows|TestNewKeyRead|TestPullStaleRead|TestHotReadStale|TestLostPlainAdd|TestLostAdd|TestLostCreation|TestStoreGoesBack|TestHeldVersion|Unreadable|TestReset|Gone|Deleted' ./syncer/ 2>&1 | grep -E '^\s+\S+_test.go:|^(ok|FAIL|---)' | head -8
  go test -count=1 -run 'Apply|Reset|Pull|Fresh|Stats' ./cache/ 2>&1 | grep -E '^\s+\S+_test.go:|^(ok|FAIL|---)' | head -6
  git checkout -q -- cache syncer
}
run "N1 lower path does not count ResetDropped" cache/sync.go '		c.resetDropped.Add(o.install(s, now))
		return true
	}
	if s.Version == 0 {' '		o.install(s, now)
		return true
	}
	if s.Version == 0 {'
run "N2 lower path keeps the held version (frames only)" cache/sync.go '		c.resetDropped.Add(o.install(s, now))
		return true
	}
	if s.Version == 0 {' '		o.installFrames(s.Frames, now)
		return true
	}
	if s.Version == 0 {'
run "N3 Reset installs only a version not below the held one's" cache/sync.go '	dropped = e.install(s, now)
	// Drops' '	if s.Version >= e.version {
		dropped = e.install(s, now)
	}
	// Drops'
run "N4 lower path at version equal too" cache/sync.go 'if s.Version < le.version && chosen' 'if s.Version <= le.version && chosen'
