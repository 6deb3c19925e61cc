#!/bin/bash
# timed, alternating old / 5b / 5d, three rounds
cd /tmp/s31/h157
for r in 1 2 3; do
  for b in oldcache new5bcache new5dcache; do
    echo "== round $r $b"
    ./$b.test -test.run '^$' -test.bench 'BenchmarkTakeDirtyFixedClock|BenchmarkNewKeyAtMaxKeys$' -test.benchtime 500ms -test.benchmem -test.cpu 1 2>&1 | grep -E '^Benchmark'
  done
done
