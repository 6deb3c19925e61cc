#!/bin/bash
# New keys at MaxKeys while no flush runs: N1..N2 iterations all in the
# detach regime (detached grows from 20000+N1 to 20000+N2 < MaxKeys 200000),
# then the brief's figures (which mix the detach and the drop regimes).
cd /tmp/s31/h161/repo
for r in 1 2 3; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkNewKeyAtMaxKeys$' 20000 100000 /tmp/s31/h161/oldcache.test /tmp/s31/h161/headcache.test /tmp/s31/h161/newcache.test
done
