#!/bin/bash
# mutants of cache/steps.go against TestStepsHeldBoundedByTheExcess
cd /tmp/s33/h179/repo
run() { name=$1; from=$2; to=$3
  cp cache/steps.go /tmp/s33/h179/steps.go.orig
  python3 - "$from" "$to" <<'PY'
import sys
p='cache/steps.go'; s=open(p).read(); a,b=sys.argv[1],sys.argv[2]
assert a in s, a
open(p,'w').write(s.replace(a,b,1))
PY
  echo "== $name"; go test -count=1 -run 'TestStepsHeldBoundedByTheExcess' ./cache/ 2>&1 | grep -E 'steps_growth_test|^ok|^FAIL' | head -4
  cp /tmp/s33/h179/steps.go.orig cache/steps.go
}
run "G1 dropBehindSteps drops nothing" 'return behind(f.Frame, ul) })' 'return false && behind(f.Frame, ul) })'
run "G2 rollOutSteps keeps nothing" 'o.orphan = addFrame(o.orphan, f, 0)' '_, _ = o, f'
run "G3 lowOf without the detector (u - 1)" 'return min(u-excess, low) - 1' '_, _ = excess, low; return u - 1'
run "G4 dropBehindSteps by the clock as it reads (u)" 'ul := e.lowOf(u)' 'ul := u'
