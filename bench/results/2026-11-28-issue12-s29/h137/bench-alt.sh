#!/bin/sh
# Alternated before/after runs of the cache's and the syncer's sync benchmarks.
# old = 9c7422b (+ cache/syncbench_test.go copied in), new = the clone's HEAD.
H=/tmp/s29/h137
for r in 1 2 3 4 5 6; do
  for v in old new; do
    echo "=== round $r $v cache"
    (cd $H/repo/cache && $H/cache-$v.test -test.run '^$' -test.bench 'TakeDirtyFixedClock|AppendPullHotFixedClock' -test.benchmem -test.benchtime 1s)
    echo "=== round $r $v syncer"
    (cd $H/repo/syncer && $H/syncer-$v.test -test.run '^$' -test.bench 'BenchmarkFlushOnce|BenchmarkPullOnce' -test.benchmem -test.benchtime 1s)
  done
done
