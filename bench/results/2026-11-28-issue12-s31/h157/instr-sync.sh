#!/bin/bash
cd /tmp/s31/h157/repo
B=/tmp/s31/h157
for r in 1 2 3; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkTakeDirtyFixedClock/keys=1000$' 20 60 $B/oldcache.test $B/new5bcache.test $B/new5dcache.test
  GOGC=off bench/instructions.sh 'BenchmarkNewKeyAtMaxKeys$' 100000 300000 $B/oldcache.test $B/new5bcache.test $B/new5dcache.test
done
