#!/bin/bash
# Mutants of the fix: each applied to a copy of syncer/flush.go, the named tests run, then restored.
cd /tmp/s34/h191/repo
run() { # name, perl substitution, test pattern
  cp syncer/flush.go /tmp/s34/h191/flush.go.orig
  perl -0pi -e "$2" syncer/flush.go
  if cmp -s syncer/flush.go /tmp/s34/h191/flush.go.orig; then echo "== $1: substitution did not apply"; return; fi
  echo "== $1"
  go test -count=1 -run "$3" ./syncer/ 2>&1 | grep -v '^ok\|^FAIL$' | head -20
  cp /tmp/s34/h191/flush.go.orig syncer/flush.go
}
T='TestLostAdd|TestResen|Late|Gone|Unreadable|TestReset'
run "M1 no creation (old behaviour)" 's/case j\.w\.Add && d\.Snapshot\.Version == 0:/case false \&\& j.w.Add \&\& d.Snapshot.Version == 0:/' "$T"
run "M2 no swap to the form that can land" 's/if j\.alt != nil && !canLand\(&j\.w, d, s\.writer\) && canLand\(j\.alt, d, s\.writer\) \{/if false \&\& j.alt != nil {/' "$T"
run "M3 unreadable: no swap to the Add form" 's/if u\.alt != nil && !u\.w\.Add \{/if false \&\& u.alt != nil {/' "$T"
run "M4 unreadable: a creation aborted as a CAS of another version" 's/&& u\.alt == nil && d\.Unreadable\.Version/\&\& d.Unreadable.Version/' "$T"
run "M5 a creation resent keeps its first expiry" 's/if b\.Expire\.After\(j\.w\.Expire\) \{/if false \&\& b.Expire.After(j.w.Expire) {/' "$T"
run "M6 a creation resent keeps its first version" 's/j\.w\.NewVersion = max\(j\.w\.NewVersion, b\.NewVersion\)/j.w.NewVersion = max(j.w.NewVersion, 0)/' "$T"
T2="$T|TestLostCreation|Overtaken"
run "M7 no Add form for a creation whose document exists" 's/case isCreation\(&j\.w\) && d\.Snapshot\.Version != 0:/case false \&\& isCreation(\&j.w) \&\& d.Snapshot.Version != 0:/' "$T2"
run "M8 only a creation of two forms takes a version and expiry of now" 's/if !j\.w\.Add && j\.w\.Version == 0 \{\n\t\t\/\/ A creation, sent again/if j.alt != nil \&\& !j.w.Add \&\& j.w.Version == 0 {\n\t\t\/\/ A creation, sent again/' "$T2"
